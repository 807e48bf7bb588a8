// Channel analytics' one-hour cache as X-Cached-At shows it: kept within the hour, re-read after it, and fresh=true re-reads except on a paid plan.
import { unpriced } from '../discover.ts';
import type { Exchange } from '../history.ts';
import { textSafe } from '../arbitraries/posts.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, type CheckContext } from './registry.ts';

const cachedAt = (e: Exchange) => Date.parse(e.responseHeaders['x-cached-at'] ?? '');

export const analyticsCache = register({
  name: 'analytics_cache',
  area: 'analytics',
  kind: 'property',
  description: 'GET /analytics/<channel> read twice ten minutes apart gives the same X-Cached-At; with fresh=true a newer one on pay-as-you-go and the same on a paid plan; after the hour, a newer one. A window over a year (date=400) is answered 200: `date` is days back, with no bound.',
  rule: 'Section 4.4: "query `date` (string, required, days back, for example 7, 30, 90)"; "header X-Cached-At (date-time, when the numbers were read from the network) | One-hour cache. fresh=true reads the network again; it is ignored on a paid plan"; section 8: "Analytics cache: one hour".',
  needs: { anyKey: ['paid', 'payg'], control: 'moving the clock within and past the hour' },
  async run(ctx) {
    for (const kind of (['payg', 'paid'] as KeyKind[]).filter((k) => ctx.has(k))) await checkPlan(ctx, kind);
  },
});

async function checkPlan(ctx: CheckContext, kind: KeyKind): Promise<void> {
  const control = ctx.control!;
  const d = await ctx.discover();
  // Not a provider on the price list (x): its fresh reads are charged on pay-as-you-go, which is not what this check is about.
  const ch = unpriced(d, textSafe(d.workspaces[kind]?.channels ?? []))[0];
  if (!ch) return ctx.partial(`the ${kind} workspace has no channel but x to read analytics of`);
  const read = (fresh?: boolean) =>
    ctx.api.read({ operationId: 'getChannelAnalytics', path: { integration: ch.id }, query: { date: '7', ...(fresh ? { fresh: 'true' } : {}) }, auth: { kind } }, `the analytics of ${ch.id} (${kind})`);
  // Days back with no bound in the reference: a server may answer fewer points than asked, not refuse the window.
  const long = await ctx.api.call({ operationId: 'getChannelAnalytics', path: { integration: ch.id }, query: { date: '400' }, auth: { kind } });
  ensure(long.status === 200, { operation: 'getChannelAnalytics', received: `date=400 (${kind}): ${got(long)}`, documented: '200 with the series: `date` is "days back, for example 7, 30, 90" (section 4.4), with no bound given', exchanges: [long] });
  const first = await read();
  const t1 = cachedAt(first);
  await control.advance(600);
  const again = await read();
  ensure(cachedAt(again) === t1, { operation: 'getChannelAnalytics', received: `X-Cached-At ${first.responseHeaders['x-cached-at']}, then ${again.responseHeaders['x-cached-at']} ten minutes later`, documented: 'the same X-Cached-At within the hour ("One-hour cache")', exchanges: [first, again] });
  await control.advance(60);
  const fresh = await read(true);
  const renewed = cachedAt(fresh) > t1;
  ensure(kind === 'paid' ? !renewed : renewed, {
    operation: 'getChannelAnalytics',
    received: `fresh=true on the ${kind} plan: X-Cached-At ${fresh.responseHeaders['x-cached-at']} (cached at ${first.responseHeaders['x-cached-at']})`,
    documented: kind === 'paid' ? 'fresh=true "is ignored on a paid plan": the cached X-Cached-At' : '"fresh=true reads the network again": a newer X-Cached-At',
    exchanges: [first, fresh],
  });
  const before = cachedAt(fresh);
  await control.advance(3600 + 60);
  const later = await read();
  ensure(cachedAt(later) > before, { operation: 'getChannelAnalytics', received: `X-Cached-At ${later.responseHeaders['x-cached-at']} an hour and a minute after ${fresh.responseHeaders['x-cached-at']}`, documented: 'read again once the hour is up ("One-hour cache")', exchanges: [fresh, later] });
}
