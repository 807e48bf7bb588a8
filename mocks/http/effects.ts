// Effects live at the edge, where a test can intercept them (nock) or a fault can break them.
import type { OutboundWebhook } from '../domain/publishing.ts';

export interface WebhookResult {
  status: number | null;
  error: string | null;
}

export interface Effects {
  /** Send one webhook request: once, no retry, no signature (reference section 6). */
  deliverWebhook(hook: OutboundWebhook): Promise<WebhookResult>;
}

export function defaultEffects(): Effects {
  return {
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
