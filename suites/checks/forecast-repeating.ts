// forecast_counts_repeating_posts: a repeating priced post whose next occurrence falls in the forecast window adds that occurrence's price to the forecast; one that goes out after the window adds nothing.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb } from '../arbitraries/posts.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { chargedChannel, cents, estimateOf, summaryOf } from '../wallet-helpers.ts';
import { asserted, ensure, got, register, show } from './registry.ts';

const DAY_MINUTES = 24 * 60;

/**
 * The repeat, in days, that puts exactly one next occurrence of a post going out `minutes` from now inside a window of
 * `windowHours`: the next one inside it, the one after that outside. Undefined when the window is too short for any.
 */
export function repeatInside(windowHours: number, minutes: number): number | undefined {
  const span = windowHours * 60 - minutes;
  const inter = Math.floor(span / (2 * DAY_MINUTES)) + 1;
  return inter * DAY_MINUTES < span ? inter : undefined;
}

interface Case {
  contents: string[];
  minutes: number;
}

export const forecastCountsRepeatingPosts = register({
  name: 'forecast_counts_repeating_posts',
  area: 'wallet',
  kind: 'property',
  description:
    "On pay-as-you-go, a priced post (1 to 3 items) scheduled to go out within the forecast window and to repeat so that exactly one next occurrence falls inside the window raises GET /wallet's forecast.neededCredits by the estimate's priceCredits for those items with that inter (the price of one occurrence); the same post scheduled to go out after the window, or saved as a draft inside it, leaves the forecast as it was. A wallet whose forecast is null (no forecast) passes on that alone.",
  rule: 'Section 2.8: forecast "Forecast of paid usage in the next hours: next occurrences of repeating posts and posts queued before charging moved to scheduling time"; section 4.5, estimate body: "inter ... (repeat every n days; the price is then per occurrence)"; section 8: "paid from wallet credits when it is scheduled", "Drafts are free until scheduled".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const forecast = async (why: string) => {
      const read = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, why);
      const f = summaryOf(read)?.forecast;
      return f ?? ctx.notVerified(`GET /wallet gives no forecast (${got(read)})`);
    };
    const first = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, "the wallet's forecast window");
    // forecast is "object|null" (section 2.8): a server that forecasts nothing has nothing this rule can contradict.
    if (summaryOf(first)?.forecast === null) return asserted(first);
    const hours = (await forecast("the wallet's forecast window")).windowHours;
    if (!Number.isInteger(hours) || repeatInside(hours, 60) === undefined) return ctx.notVerified(`the forecast window (${hours} hours) is too short for a daily repeat to fall inside it`);
    const schedule = (date: string, inter: number, contents: string[]) =>
      ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date, inter, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });

    await ctx.property(
      'a repeating post adds its next occurrence to the forecast when that falls in the window',
      fc.record({ contents: fc.array(contentArb(ch.maxLength), { minLength: 1, maxLength: 3 }), minutes: fc.integer({ min: 5, max: 60 }) }),
      async ({ contents, minutes }) => {
        const inter = repeatInside(hours, minutes)!;
        const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents, inter } });
        const price = estimateOf(est);
        ensure(price, { operation: 'estimateWalletCharge', received: got(est), documented: '200 WalletEstimate', exchanges: [est] });
        const now = await targetNow(ctx);

        // After the window: its first occurrence is paid at scheduling and its next one is later still.
        const before = await forecast('the forecast before scheduling');
        const late = await schedule(futureDate(now, 0, hours * 60 + minutes), inter, contents);
        if (late.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(late.status === 200, { operation: 'createPosts', received: got(late), documented: '200 for a valid scheduled repeating post', exchanges: [late] });
        cleanupCreated(ctx, late, 'payg');
        const unchanged = await forecast('the forecast after scheduling past the window');
        ensure(cents(unchanged.neededCredits) === cents(before.neededCredits) && unchanged.windowHours === hours, {
          operation: 'getWallet',
          received: `forecast ${show(before)} before, ${show(unchanged)} after scheduling a post every ${inter} day(s) that first goes out ${hours * 60 + minutes} minutes from now`,
          documented: `the same neededCredits: that post's first occurrence was paid at scheduling and its next falls after the ${hours}-hour window`,
          exchanges: [late],
        });

        // A draft is free until scheduled: the same repeating post saved as a draft inside the window adds nothing.
        const draft = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'draft', date: futureDate(now, 0, minutes), inter, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
        ensure(draft.status === 200, { operation: 'createPosts', received: got(draft), documented: '200 for a valid repeating draft', exchanges: [draft] });
        cleanupCreated(ctx, draft, 'payg');
        const withDraft = await forecast('the forecast after saving a draft inside the window');
        ensure(cents(withDraft.neededCredits) === cents(unchanged.neededCredits), {
          operation: 'getWallet',
          received: `forecast.neededCredits ${unchanged.neededCredits} before, ${withDraft.neededCredits} after saving a draft every ${inter} day(s) dated ${minutes} minutes from now`,
          documented: 'the same neededCredits: a draft is not scheduled, so none of its occurrences is paid usage to come ("Drafts are free until scheduled")',
          exchanges: [draft],
        });

        // Inside the window: the next occurrence, inter days after the first, is paid usage within it.
        const soon = await schedule(futureDate(now, 0, minutes), inter, contents);
        if (soon.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(soon.status === 200, { operation: 'createPosts', received: got(soon), documented: '200 for a valid scheduled repeating post', exchanges: [soon] });
        cleanupCreated(ctx, soon, 'payg');
        const after = await forecast('the forecast after scheduling inside the window');
        ensure(cents(after.neededCredits) - cents(unchanged.neededCredits) === cents(price.priceCredits), {
          operation: 'getWallet',
          received: `forecast.neededCredits ${unchanged.neededCredits} before, ${after.neededCredits} after scheduling a post every ${inter} day(s) going out in ${minutes} minutes`,
          documented: `${price.priceCredits} more: the estimate's price per occurrence, for the one next occurrence inside the ${hours}-hour window ("next occurrences of repeating posts")`,
          exchanges: [est, soon],
        });
      },
      {
        reset: true,
        runs: Math.min(ctx.runs, 3),
        show: (c: Case) => [`POST /wallet/estimate {provider: ${ch.identifier}, ${c.contents.length} item(s), inter}`, `GET /wallet; POST /posts schedule on ${ch.id} after the window, repeating; GET /wallet`, `POST /posts schedule in ${c.minutes} minutes, repeating; GET /wallet`],
      },
    );
  },
});
