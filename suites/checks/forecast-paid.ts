// forecast_skips_paid_posts: a priced post paid when it is scheduled adds nothing to the wallet's forecast of paid usage, even when it goes out within the window.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import type { ChannelInfo } from '../discover.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { chargedChannel, cents, newTransactions, readWallet, sumCents, summaryOf, priceRows } from '../wallet-helpers.ts';
import { asserted, ensure, got, register, show } from './registry.ts';

export const forecastSkipsPaidPosts = register({
  name: 'forecast_skips_paid_posts',
  area: 'wallet',
  kind: 'property',
  description:
    'On pay-as-you-go, a priced post (1 to 3 items, no inter) scheduled to go out within the forecast window is charged at once, and with a post on a channel the price list does not list due then too, GET /wallet\'s forecast.neededCredits is the same before and after: what they will use is already paid, or free. A wallet whose forecast is null (no forecast) passes on that alone.',
  rule: 'Section 2.8: forecast "Forecast of paid usage in the next hours: next occurrences of repeating posts and posts queued before charging moved to scheduling time"; section 8: "paid from wallet credits when it is scheduled".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const summary = async (why: string) => summaryOf(await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, why));
    const first = await summary('the wallet\'s forecast window');
    // forecast is "object|null" (section 2.8): a server that forecasts nothing has nothing this rule can contradict.
    if (first?.forecast === null) return asserted(ctx.target.history.exchanges.at(-1));
    const hours = first?.forecast?.windowHours;
    if (hours === undefined || !Number.isInteger(hours) || hours < 1) return ctx.notVerified(`GET /wallet gives no forecast window (forecast ${show(first?.forecast)})`);
    let free: ChannelInfo | undefined;
    for (const c of textSafe((await ctx.discover()).workspaces.payg?.channels ?? [])) {
      if ((await priceRows(ctx, 'payg', c.identifier)).length === 0) {
        free = c;
        break;
      }
    }
    if (!free) ctx.partial('every channel of the payg workspace has a row in the price list, so no free post was forecast');
    await ctx.property(
      'a post paid at scheduling is not forecast',
      fc.record({ contents: fc.array(contentArb(ch.maxLength), { minLength: 1, maxLength: 3 }), minutes: fc.integer({ min: 5, max: hours * 60 - 5 }) }),
      async ({ contents, minutes }) => {
        const before = await summary('the forecast before scheduling');
        const ledger = await readWallet(ctx, 'payg');
        const now = await targetNow(ctx);
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 0, minutes), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
        if (res.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200 for a valid scheduled post', exchanges: [res] });
        cleanupCreated(ctx, res, 'payg');
        // And a post on a channel the price list does not list, due in the window too: free, so no paid usage either.
        if (free) {
          const other = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 0, minutes), shortLink: false, tags: [], posts: [{ integration: { id: free.id }, value: [{ content: 'free to send', image: [] }], settings: fc.sample(settingsArb(free.identifier), { seed: ctx.seed, numRuns: 1 })[0] }] } });
          ensure(other.status === 200, { operation: 'createPosts', received: got(other), documented: `200 for a valid scheduled post on ${free.identifier}`, exchanges: [other] });
        }
        const spent = -sumCents(newTransactions(ledger, await readWallet(ctx, 'payg')), 'SPEND');
        const after = await summary('the forecast after scheduling');
        const [was, is] = [before?.forecast?.neededCredits, after?.forecast?.neededCredits];
        ensure(spent > 0 && was !== undefined && is !== undefined && cents(is) === cents(was), {
          operation: 'getWallet',
          received: `forecast.neededCredits ${before?.forecast?.neededCredits} before, ${after?.forecast?.neededCredits} after scheduling a post paid ${spent / 100} at once, due in ${minutes} minutes`,
          documented: 'the same neededCredits: the post was paid when it was scheduled, so it is no paid usage to come ("posts queued before charging moved to scheduling time" are what the forecast counts)',
          exchanges: [res],
        });
      },
      { reset: true, runs: Math.min(ctx.runs, 3), show: (c: { contents: string[]; minutes: number }) => ['GET /wallet', `POST /posts schedule ${c.contents.length} item(s) on ${ch.id} in ${c.minutes} minutes`, 'GET /wallet'] },
    );
  },
});
