// Upload-from-url where the mock runs in a page (MSW): the browser's fetch, with the same URL check as the server
// except that a name cannot be resolved here. Redirects are followed by the browser and the last URL checked again.
import { checkPublicUrl, FetchPublicError, UNRESOLVED, type FetchPublicOptions, type FetchPublicResult } from '../http/public-address.ts';

/** The body, read as it arrives and cut off past `maxBytes` or the deadline (a FetchPublicError, as on the server). */
async function* bounded(body: ReadableStream<Uint8Array>, maxBytes: number, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((err) => {
        throw signal.aborted ? new FetchPublicError('timeout', 'The URL did not answer in time') : new FetchPublicError('network', String(err));
      });
      if (done) return;
      total += value.length;
      if (total > maxBytes) throw new FetchPublicError('too_large', `The file is larger than ${maxBytes} bytes`);
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export async function fetchInBrowser(input: string, options: FetchPublicOptions): Promise<FetchPublicResult> {
  const first = await checkPublicUrl(input, { ...options, lookup: UNRESOLVED });
  if (!first.ok) return first;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let res: Response;
  try {
    res = await fetch(first.url, { redirect: 'follow', signal, credentials: 'omit' });
  } catch {
    return { ok: false, reason: signal.aborted ? 'The URL did not answer in time' : 'The URL could not be fetched' };
  }
  const last = await checkPublicUrl(res.url || first.url.href, { ...options, lookup: UNRESOLVED });
  if (!last.ok || !res.body) {
    await res.body?.cancel();
    return last.ok ? { ok: false, reason: 'The URL answered with no body' } : last;
  }
  if (res.status < 200 || res.status > 299) {
    await res.body.cancel();
    return { ok: false, reason: `The URL answered ${res.status}` };
  }
  const length = res.headers.get('content-length');
  const declared = length === null ? null : Number(length);
  if (declared !== null && Number.isFinite(declared) && declared > options.maxBytes) {
    await res.body.cancel();
    return { ok: false, reason: `The file is larger than ${options.maxBytes} bytes` };
  }
  return {
    ok: true,
    url: last.url,
    status: res.status,
    contentType: res.headers.get('content-type'),
    contentLength: declared !== null && Number.isFinite(declared) ? declared : null,
    body: bounded(res.body, options.maxBytes, signal),
  };
}
