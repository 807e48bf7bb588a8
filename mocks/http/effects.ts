// Effects live at the edge, where a test can intercept them (nock, MSW) or a fault can break them. Each runtime supplies
// its own (node-effects.ts on the server, the MSW build its browser ones); webhook delivery is fetch everywhere.
import type { OutboundWebhook } from '../domain/publishing.ts';
import type { FileStore } from './files.ts';
import type { FetchPublicOptions, FetchPublicResult, HostLookup, UNRESOLVED } from './public-address.ts';

export interface WebhookResult {
  status: number | null;
  error: string | null;
}

export interface Effects {
  /** Send one webhook request: once, no retry, no signature (reference section 6). */
  deliverWebhook(hook: OutboundWebhook): Promise<WebhookResult>;
  /** Resolve a host name to its addresses (webhook URL checks); tests replace it so no test touches DNS. */
  lookupHost: HostLookup | typeof UNRESOLVED;
  /** Uploaded bytes, emptied on reset. */
  files: FileStore;
  /** GET a public URL for upload-from-url: every hop checked, bounded in time and size. */
  fetchUrl(url: string, options: FetchPublicOptions): Promise<FetchPublicResult>;
}

export async function deliverWebhook(hook: OutboundWebhook): Promise<WebhookResult> {
  try {
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(hook.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return { status: res.status, error: null };
  } catch (err) {
    return { status: null, error: err instanceof Error ? err.message : String(err) };
  }
}
