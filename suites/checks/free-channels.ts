// unlisted_channels_free: on a free workspace that never topped up, posts on a channel the price list does not list are scheduled or sent, and nothing is taken.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import type { ChannelInfo } from '../discover.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { cents, estimateOf, newTransactions, readWallet, priceRows } from '../wallet-helpers.ts';
import { ensure, got, register, show } from './registry.ts';

export const unlistedChannelsFree = register({
  name: 'unlisted_channels_free',
  area: 'wallet',
  kind: 'property',
  description:
    'On the free workspace that never topped up, a post (1 to 3 items) scheduled or sent now on a channel whose provider has no row in GET /wallet/prices is accepted, records no transaction and leaves the balance; its estimate says charged false, dueCredits 0, not short.',
  rule: 'Section 8: "The price list is read from GET /wallet/prices; channels not listed are free"; section 1: "The public API itself is part of the free plan"; section 2.8: estimate "charged boolean (false when the provider is not charged per post)".',
  needs: { keys: ['free'] },
  async run(ctx) {
    const d = await ctx.discover();
    const free: ChannelInfo[] = [];
    for (const c of textSafe(d.workspaces.free?.channels ?? [])) {
      if ((await priceRows(ctx, 'free', c.identifier)).length === 0) free.push(c);
    }
    if (free.length === 0) ctx.notVerified('every channel of the free workspace has a row in the price list');
    await ctx.property(
      'unlisted channels cost nothing, even before a top-up',
      fc.record({ channel: fc.constantFrom(...free), type: fc.constantFrom<'schedule' | 'now'>('schedule', 'now'), contents: fc.array(contentArb(200), { minLength: 1, maxLength: 3 }) }),
      async ({ channel, type, contents }) => {
        const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'free' }, body: { provider: channel.identifier, contents } });
        const e = estimateOf(est);
        ensure(e?.charged === false && cents(e.dueCredits) === 0 && !e.short, {
          operation: 'estimateWalletCharge',
          received: `${est.status} ${show(est.responseBody, 300)}`,
          documented: `charged false, dueCredits 0, short false: ${channel.identifier} is not in the price list ("channels not listed are free")`,
          exchanges: [est],
        });
        const before = await readWallet(ctx, 'free');
        const now = await targetNow(ctx);
        const date = type === 'now' ? new Date(now).toISOString() : futureDate(now, 2, 9);
        const [settings] = fc.sample(settingsArb(channel.identifier), { seed: ctx.seed, numRuns: 1 });
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'free' }, body: { type, date, shortLink: false, tags: [], posts: [{ integration: { id: channel.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: `200: a ${type} post on ${channel.identifier}, a channel not in the price list, needs no credits, and the public API is part of the free plan`, exchanges: [est, res] });
        cleanupCreated(ctx, res, 'free');
        const after = await readWallet(ctx, 'free');
        const added = newTransactions(before, after);
        ensure(added.length === 0 && cents(after.balance) === cents(before.balance), {
          operation: 'createPosts',
          received: `${added.map((t) => `${t.type} ${t.credits}`).join(', ') || 'no transaction'}; balance ${before.balance} -> ${after.balance}`,
          documented: 'no transaction and the same balance: "channels not listed are free"',
          exchanges: [res],
        });
      },
      { runs: Math.min(ctx.runs, 4), show: (c: { channel: { id: string; identifier: string }; type: string; contents: string[] }) => [`POST /wallet/estimate {provider: ${c.channel.identifier}}`, `POST /posts ${c.type} ${c.contents.length} item(s) on ${c.channel.id} with the free key`, 'GET /wallet, /wallet/transactions before and after'] },
    );
  },
});
