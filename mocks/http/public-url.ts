// Fetches a public URL safely on Node, hop by hop, each hop checked by public-address.ts and pinned to the checked address.
import { lookup as dnsLookup } from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { checkPublicUrl, FetchPublicError, type FetchPublicOptions, type FetchPublicResult, type HostLookup } from './public-address.ts';

export * from './public-address.ts';

/** Node's name resolution: every address a name resolves to. */
export const defaultLookup: HostLookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * A lookup for net/tls that only ever answers the addresses checked a moment ago: the connection goes where the
 * check said, even if the name's DNS answer changes in between (DNS rebinding).
 */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, entries);
    else cb(null, entries[0]!.address, entries[0]!.family);
  }) as unknown as LookupFunction;
}

/**
 * GET a public URL with bounded time and size. Redirects are followed by hand so that every Location is checked
 * like the first URL. Uses node:http(s) with a pinned lookup (nock intercepts these in tests; DNS is injected).
 */
export async function fetchPublic(input: string, options: FetchPublicOptions): Promise<FetchPublicResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = Date.now() + options.timeoutMs;
  let current = input;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const check = await checkPublicUrl(current, { ...options, lookup: options.lookup ?? defaultLookup });
    if (!check.ok) return check;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { ok: false, reason: 'The URL did not answer in time' };
    let res: http.IncomingMessage;
    try {
      res = await get(check.url, check.addresses, remaining);
    } catch (err) {
      return { ok: false, reason: err instanceof FetchPublicError ? err.message : 'The URL could not be fetched' };
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      try {
        current = new URL(res.headers.location, check.url).toString();
      } catch {
        return { ok: false, reason: 'The URL redirected to an invalid location' };
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      return { ok: false, reason: `The URL answered ${status}` };
    }
    const declared = res.headers['content-length'] !== undefined ? Number(res.headers['content-length']) : null;
    if (declared !== null && Number.isFinite(declared) && declared > options.maxBytes) {
      res.destroy();
      return { ok: false, reason: `The file is larger than ${options.maxBytes} bytes` };
    }
    return {
      ok: true,
      url: check.url,
      status,
      contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
      contentLength: declared !== null && Number.isFinite(declared) ? declared : null,
      body: bounded(res, options.maxBytes, deadline - Date.now()),
    };
  }
  return { ok: false, reason: `The URL redirected more than ${maxRedirects} times` };
}

function get(url: URL, addresses: string[], timeoutMs: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, { method: 'GET', lookup: pinnedLookup(addresses), headers: { 'user-agent': 'spw-mock/1.0' } }, resolve);
    const late = new FetchPublicError('timeout', 'The URL did not answer in time');
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(late);
    }, timeoutMs);
    req.once('response', () => clearTimeout(timer));
    req.on('error', (err) => {
      clearTimeout(timer);
      // Some transports report a destroyed request as a hang-up rather than with the reason it was given.
      reject(timedOut ? late : new FetchPublicError('network', `The URL could not be fetched: ${err.message}`));
    });
    req.end();
  });
}

/** The response body, failing as soon as it passes maxBytes or the deadline. */
function bounded(res: http.IncomingMessage, maxBytes: number, timeoutMs: number): Readable {
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > maxBytes) cb(new FetchPublicError('too_large', `The file is larger than ${maxBytes} bytes`));
      else cb(null, chunk);
    },
  });
  const timer = setTimeout(() => out.destroy(new FetchPublicError('timeout', 'The URL did not send the file in time')), Math.max(0, timeoutMs));
  const stop = () => {
    clearTimeout(timer);
    res.destroy();
  };
  out.once('close', stop);
  out.once('error', stop);
  res.once('error', (err) => out.destroy(new FetchPublicError('network', `The download failed: ${err.message}`)));
  res.pipe(out);
  return out;
}
