// auto_top_up_allowance_renews_monthly: automatic top-up's monthly limit, used up in one month, is available again in a later one (control: a new workspace, its wallet, the clock).
import fc from 'fast-check';
import { futureDate } from '../arbitraries/posts.ts';
import { documented } from '../documented.ts';
import type { Exchange } from '../history.ts';
import { targetNow } from '../resources.ts';
import { estimateOf, summaryOf } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';

const DAY_S = 24 * 60 * 60;
/** How far the clock moves: 40 days is past the end of the month of any instant, in any time zone, and past any month counted from the last top-up. */
const LATER_DAYS = 40;
/** The automatic top-up's amount, in the currency's smallest unit: 10.00 in a currency of two decimals, far above one post's price. */
const AMOUNT = 1000;

export const autoTopUpRenews = register({
  name: 'auto_top_up_allowance_renews_monthly',
  area: 'wallet',
  kind: 'property',
  description:
    "In a new pay-as-you-go workspace (control) with automatic top-up on and its balance emptied, a priced post is paid for by an automatic top-up; with `monthlyLimit` then set to the `usedThisMonth` that left and the balance emptied again, the estimate says short (the month's allowance is used up). 40 days later, in another month however months are counted, `usedThisMonth` is 0, the estimate says not short and covered by automatic top-up, the same post is accepted (not 402) and an AUTO_TOPUP is listed; with the limit then set half a top-up above what this month used and the balance emptied, a post takes usedThisMonth no further than monthlyLimit.",
  rule: 'Section 2.8: WalletSummary `autoTopUp`: "`monthlyLimit` integer|null (smallest currency unit); `usedThisMonth` integer (smallest currency unit)" (a limit per month, and what this month has used of it); section 3: "on pay-as-you-go the wallet (with auto top-up) covers the price ... otherwise ... 402"; WalletEstimate: `short` ("scheduling now would be refused with 402"), `autoTopUpCovers`. When a month begins is not said, so the clock moves 40 days, past any reading of it.',
  needs: { control: 'a new workspace, emptying its wallet, automatic top-up settings and moving the clock by days' },
  async run(ctx) {
    const control = ctx.control!;
    await ctx.property(
      "a month's automatic top-up allowance, used up, is there again the month after",
      fc.integer({ min: 1, max: 3 }),
      async (items) => {
        const ws = await control.createWorkspace({ name: 'verify auto top-up month', plan: 'free', topUpCredits: 5 });
        const auth = { header: ws.apiKey };
        const wallet = async (purpose: string) => {
          const e = await ctx.api.read({ operationId: 'getWallet', auth }, purpose);
          return { e, summary: summaryOf(e) ?? ctx.notVerified(`the new pay-as-you-go workspace's GET /wallet is not a WalletSummary: ${got(e)}`) };
        };
        const empty = async () => {
          const { summary } = await wallet('the balance to empty');
          if (summary.balance > 0) await control.adjust(ws.id, -summary.balance, 'verify: empty for auto_top_up_allowance_renews_monthly');
          // A claw-back freezes the wallet; the app's administrator unfreezes it.
          await control.unfreeze(ws.id);
        };
        // The x channel: charged per post (as the estimate says), and a text post there needs only who_can_reply_post (section 2.9).
        const listed = await ctx.api.read({ operationId: 'listIntegrations', auth }, "the new workspace's channels");
        const channel = documented(listed, 'listIntegrations', 200).find((c) => c.identifier === 'x' && !c.disabled);
        if (!channel) return ctx.notVerified('the new workspace has no enabled x channel');
        const price = await ctx.api.call({ operationId: 'estimateWalletCharge', auth, body: { provider: 'x', contents: ['price check'] } });
        if (estimateOf(price)?.charged !== true) return ctx.notVerified(`the estimate does not say x is charged in the new workspace (${got(price)})`);
        const contents = Array.from({ length: items }, (_, i) => `auto top-up month, item ${i + 1}`);
        const estimate = () => ctx.api.call({ operationId: 'estimateWalletCharge', auth, body: { provider: channel.identifier, contents } });
        const schedule = async () => {
          const now = await targetNow(ctx);
          return ctx.api.call({ operationId: 'createPosts', auth, body: { type: 'schedule', date: futureDate(now, 3, 7), shortLink: false, tags: [], posts: [{ integration: { id: channel.id }, value: contents.map((content) => ({ content, image: [] })), settings: { __type: 'x', who_can_reply_post: 'everyone' } }] } });
        };
        const autoTopUps = async () => {
          const e = await ctx.api.read({ operationId: 'listWalletTransactions', auth, query: { type: 'AUTO_TOPUP', size: 100 } }, 'the automatic top-ups');
          const list = documented(e, 'listWalletTransactions', 200);
          return 'nextPage' in list ? list.total : ctx.notVerified('the new workspace lists no wallet transactions');
        };

        // This month: the balance emptied, automatic top-up on with no monthly limit, only a shortfall can fire it.
        await empty();
        await control.setAutoTopUp(ws.id, { enabled: true, amount: AMOUNT, belowCredits: 0 });
        const first = await schedule();
        ensure(first.status === 200, { operation: 'createPosts', received: got(first), documented: '200: the wallet with automatic top-up (on, no monthly limit) covers the price (section 3)', exchanges: [first] });
        const used = (await wallet('the allowance used this month')).summary.autoTopUp?.usedThisMonth;
        if (typeof used !== 'number' || used <= 0) return ctx.notVerified(`usedThisMonth is ${JSON.stringify(used)} after an automatic top-up paid for a post, so no monthly limit can be set at what was used`);
        // The month's allowance used up: the limit set at what this month has used, and the balance emptied again.
        await control.setAutoTopUp(ws.id, { enabled: true, amount: AMOUNT, belowCredits: 0, monthlyLimit: used });
        await empty();
        const short = await estimate();
        if (estimateOf(short)?.short !== true) return ctx.notVerified(`with monthlyLimit ${used} equal to usedThisMonth and the balance emptied the estimate still says not short (${got(short)}): the month's allowance could not be used up`);

        // Another month: 40 days on.
        await control.advance(LATER_DAYS * DAY_S);
        const later = await wallet('the wallet in a later month');
        const auto = later.summary.autoTopUp;
        ensure(auto?.usedThisMonth === 0 && auto.monthlyLimit === used, {
          operation: 'getWallet',
          received: `${LATER_DAYS} days after the last automatic top-up: autoTopUp ${JSON.stringify(auto)}`,
          documented: `usedThisMonth 0 (no automatic top-up this month) and monthlyLimit ${used} as set: "usedThisMonth integer" is what this month used (section 2.8)`,
          exchanges: [short, later.e],
        });
        const est = await estimate();
        ensure(estimateOf(est)?.short === false && estimateOf(est)?.autoTopUpCovers === true, {
          operation: 'estimateWalletCharge',
          received: got(est),
          documented: `short: false, autoTopUpCovers: true: the balance is empty, and this month has its whole allowance of ${used} for an automatic top-up of ${AMOUNT} (section 2.8; section 3 "the wallet (with auto top-up) covers the price")`,
          exchanges: [short, est],
        });
        const topUpsBefore = await autoTopUps();
        const again = await schedule();
        const topUpsAfter = await autoTopUps();
        const seen: Exchange[] = [short, est, again];
        ensure(again.status === 200 && topUpsAfter > topUpsBefore, {
          operation: 'createPosts',
          received: `${got(again)}; AUTO_TOPUP transactions ${topUpsBefore} -> ${topUpsAfter}`,
          documented: `200 and an AUTO_TOPUP: in a month after the one whose allowance (monthlyLimit ${used}) was used up, the wallet with automatic top-up covers the price (section 3), not 402`,
          exchanges: seen,
        });

        // Half a top-up of this month's allowance left: a shortfall may not take usedThisMonth past monthlyLimit.
        const usedNow = (await wallet('the allowance used this month')).summary.autoTopUp?.usedThisMonth;
        if (typeof usedNow !== 'number') return ctx.notVerified(`usedThisMonth is ${JSON.stringify(usedNow)} after an automatic top-up`);
        const limit = usedNow + AMOUNT / 2;
        await control.setAutoTopUp(ws.id, { enabled: true, amount: AMOUNT, belowCredits: 0, monthlyLimit: limit });
        await empty();
        const partial = await schedule();
        const last = await wallet('the wallet after a shortfall with half a top-up of allowance left');
        const after = last.summary.autoTopUp;
        ensure(typeof after?.usedThisMonth === 'number' && after.usedThisMonth <= limit, {
          operation: 'createPosts',
          received: `${got(partial)}; autoTopUp ${JSON.stringify(after)}`,
          documented: `usedThisMonth at most monthlyLimit ${limit}: ${usedNow} used and one top-up of ${AMOUNT} would pass the limit (section 2.8: monthlyLimit, usedThisMonth)`,
          exchanges: [partial, last.e],
        });
      },
      {
        reset: true,
        runs: 2,
        examples: [1],
        show: (items: number) => [
          'state workspace.created {"plan": "free", "topUpCredits": 5}; state wallet.adjusted (emptied); state wallet.autoTopUp {"enabled": true, "amount": 1000, "belowCredits": 0}',
          `POST /posts schedule on x, ${items} item(s): paid by an automatic top-up; GET /wallet usedThisMonth = U`,
          'state wallet.autoTopUp {"monthlyLimit": U}; state wallet.adjusted (emptied) again; POST /wallet/estimate: short',
          `state clock.moved +${LATER_DAYS} days; GET /wallet; POST /wallet/estimate; POST /posts schedule the same post`,
          'state wallet.autoTopUp {"monthlyLimit": usedThisMonth + 500}; state wallet.adjusted (emptied); POST /posts schedule the same post; GET /wallet',
        ],
      },
    );
  },
});
