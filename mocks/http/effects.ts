// Effects live at the edge, where a test can intercept them (nock) or a fault can break them.
import type { OutboundWebhook } from '../domain/publishing.ts';
import { defaultLookup, fetchPublic, type FetchPublicOptions, type FetchPublicResult, type HostLookup } from './public-url.ts';
import { FileStore } from './file-store.ts';

export interface WebhookResult {
  status: number | null;
  error: string | null;
}

export interface Effects {
  /** Send one webhook request: once, no retry, no signature (reference section 6). */
  deliverWebhook(hook: OutboundWebhook): Promise<WebhookResult>;
  /** Resolve a host name to its addresses (webhook URL checks); tests replace it so no test touches DNS. */
  lookupHost: HostLookup;
  /** Uploaded bytes (a temporary folder per mock, emptied on reset). */
  files: FileStore;
  /** GET a public URL for upload-from-url: every hop checked, bounded in time and size (nock-able: node:https). */
  fetchUrl(url: string, options: FetchPublicOptions): Promise<FetchPublicResult>;
}

export function defaultEffects(): Effects {
  return {
    lookupHost: defaultLookup,
    files: new FileStore(),
    fetchUrl: fetchPublic,
    async deliverWebhook(hook) {
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
    },
  };
}
