// Webhooks through control (they are configured in the app, not through the API): register receivers, read what was sent to them.
import type { CheckContext } from './checks/registry.ts';
import type { Delivery } from './control.ts';
import type { KeyKind } from './target.ts';

/**
 * A receiver address nothing listens on: the mock records every request it sends (GET /_mock/deliveries) whether or
 * not the endpoint answers, and "a failed delivery is lost" (section 6) changes nothing about how many were sent.
 */
export const receiverUrl = (name: string) => `https://127.0.0.1:9/verify-webhook/${encodeURIComponent(name)}`;

export interface Receiver {
  id: string;
  name: string;
  integrations: 'all' | string[];
}

/** Register webhooks on the workspace of `kind` (loopback receivers allowed first, as the mock's tests do). */
export async function registerReceivers(ctx: CheckContext, kind: KeyKind, specs: Array<{ name: string; integrations: 'all' | string[] }>): Promise<Receiver[]> {
  const control = ctx.requireControl('webhooks are configured in the app, and their deliveries are read through control');
  const ws = ctx.target.workspaceIds[kind];
  if (!ws) ctx.notVerified(`control does not say which workspace the ${kind} key belongs to`);
  await control.setLimits({ allowLoopbackWebhooks: true });
  const out: Receiver[] = [];
  for (const s of specs) {
    const hook = await control.createWebhook(ws, { name: s.name, url: receiverUrl(s.name), integrations: s.integrations });
    out.push({ id: hook.id, name: s.name, integrations: s.integrations });
  }
  return out;
}

/** Real (not test) deliveries sent to these receivers. */
export async function deliveriesTo(ctx: CheckContext, kind: KeyKind, receivers: Receiver[]): Promise<Delivery[]> {
  const ids = new Set(receivers.map((r) => r.id));
  const all = await ctx.control!.deliveries(ctx.target.workspaceIds[kind]);
  return all.filter((d) => !d.test && ids.has(d.webhookId));
}
