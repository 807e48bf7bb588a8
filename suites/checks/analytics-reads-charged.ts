// x_analytics_reads_charged: on pay-as-you-go, a fresh analytics read of the `x` channel is paid from the wallet (402 and nothing taken when the wallet cannot pay); a fresh read of a channel the price list does not list takes nothing.
import fc from 'fast-check';
import { settingsArb, textSafe } from '../arbitraries/posts.ts';
import { record } from '../discover.ts';
import { afterSending, firstPostId, targetNow } from '../resources.ts';
import { cents, emptyWallet, newTransactions, readWallet, sumCents, summaryOf, priceRows } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';

export const xAnalyticsReadsCharged = register({
  name: 'x_analytics_reads_charged',
  area: 'analytics',
  kind: 'property',
  description:
    'On pay-as-you-go, with a post published on the x channel: GET /analytics/<x channel>?fresh=true with an emptied wallet answers 402 {wallet: true} and records nothing; after a top-up (listed as one TOPUP) it answers 200 and records a SPEND that the balance shows; a fresh read of a channel whose provider has no row in GET /wallet/prices records nothing.',
  rule: 'Section 4.4: "fresh=true reads the network again ... on pay-as-you-go, reads for the channel whose provider is x are charged and 402 follows when credits do not cover them"; section 8: "channels not listed are free".',
  needs: { keys: ['payg'], control: 'emptying and topping up the wallet' },
  async run(ctx) {
    const control = ctx.control!;
    const wsId = ctx.target.workspaceIds.payg;
    if (!wsId) ctx.notVerified('control does not say which workspace the payg key belongs to');
    const d = await ctx.discover();
    const channels = textSafe(d.workspaces.payg?.channels ?? []);
    const x = channels.find((c) => c.identifier === 'x');
    if (!x) ctx.notVerified('the payg workspace has no x channel');
    const unlisted: typeof channels = [];
    for (const c of channels.filter((c) => c.identifier !== 'x')) {
      if ((await priceRows(ctx, 'payg', c.identifier)).length === 0) unlisted.push(c);
    }
    const read = (id: string) => ctx.api.call({ operationId: 'getChannelAnalytics', path: { integration: id }, query: { date: '7', fresh: 'true' }, auth: { kind: 'payg' } });
    await ctx.property(
      'fresh x reads are paid',
      fc.nat({ max: Math.max(0, unlisted.length - 1) }),
      async (pick) => {
        // Something to read: a post published now on each channel read.
        const now = await targetNow(ctx);
        for (const ch of [x!, ...unlisted.slice(pick, pick + 1)]) {
          const p = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'now', date: new Date(now).toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: `read me on ${ch.identifier}`, image: [] }], settings: fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 })[0] }] } });
          ensure(p.status === 200, { operation: 'createPosts', received: got(p), documented: `200 for a valid post sent now on ${ch.identifier}`, exchanges: [p] });
          const sent = await afterSending(ctx, 'payg', firstPostId(p), new Date(now).toISOString());
          if (sent?.state !== 'PUBLISHED') ctx.notVerified(`the post sent now on ${ch.identifier} was ${sent ? `still ${sent.state}` : 'not listed'} after the publish wait (--publish-wait), so there was nothing published to read`);
        }
        await emptyWallet(ctx, 'payg', 'empty the wallet for x_analytics_reads_charged');
        const empty = await readWallet(ctx, 'payg');
        const refused = await read(x!.id);
        const untouched = newTransactions(empty, await readWallet(ctx, 'payg'));
        // Read unvalidated: `wallet: true` is the schema's constant, and a refusal without it is this check's failure.
        ensure(refused.status === 402 && record(refused.responseBody)?.wallet === true && untouched.length === 0, {
          operation: 'getChannelAnalytics',
          received: `${got(refused)} with an empty wallet; ${untouched.length} transaction(s) recorded`,
          documented: '402 with wallet: true and nothing taken: "reads for the channel whose provider is x are charged and 402 follows when credits do not cover them"',
          exchanges: [refused],
        });
        const used = async () => summaryOf(await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the wallet\'s automatic top-up use'))?.autoTopUp?.usedThisMonth;
        const usedBefore = await used();
        await control.topUp(wsId!, 100);
        const before = await readWallet(ctx, 'payg');
        const usedAfter = await used();
        ensure(typeof usedBefore === 'number' && usedAfter === usedBefore, { operation: 'getWallet', received: `autoTopUp.usedThisMonth ${usedBefore} before a top-up made in the app, ${usedAfter} after`, documented: 'unchanged: usedThisMonth counts automatic top-ups (WalletSummary autoTopUp), not one made by hand', exchanges: [] });
        // Control's top-up stands for the app's: the ledger lists it as one TOPUP of what was added.
        const topUps = newTransactions(empty, before);
        ensure(topUps.length === 1 && topUps[0]!.type === 'TOPUP' && cents(topUps[0]!.credits) === 10_000 && cents(before.balance) - cents(empty.balance) === 10_000, {
          operation: 'listWalletTransactions',
          received: `after a top-up of 100 credits: ${topUps.map((t) => `${t.type} ${t.credits}`).join(', ') || 'no transaction'}, balance ${empty.balance} -> ${before.balance}`,
          documented: 'one TOPUP of +100 and the balance 100 higher (section 2.8: type TOPUP, "credits is signed: positive adds to the balance")',
          exchanges: [],
        });
        const paid = await read(x!.id);
        const after = await readWallet(ctx, 'payg');
        const spend = sumCents(newTransactions(before, after), 'SPEND');
        ensure(paid.status === 200 && spend < 0 && cents(after.balance) - cents(before.balance) === spend, {
          operation: 'getChannelAnalytics',
          received: `${got(paid)}; SPEND ${spend / 100}, balance ${before.balance} -> ${after.balance}`,
          documented: 'a fresh read of the x channel paid from the wallet: "on pay-as-you-go, reads for the channel whose provider is x are charged"',
          exchanges: [paid],
        });
        // A paid plan does not use the wallet: its fresh read of x is answered.
        const paidX = ctx.has('paid') ? (await ctx.discover()).workspaces.paid?.channels.find((c) => c.identifier === 'x') : undefined;
        if (paidX) {
          const r = await ctx.api.call({ operationId: 'getChannelAnalytics', path: { integration: paidX.id }, query: { date: '7', fresh: 'true' }, auth: { kind: 'paid' } });
          ensure(r.status === 200, { operation: 'getChannelAnalytics', received: got(r), documented: '200 on a paid plan, which does not use the wallet (section 1), where fresh=true "is ignored"', exchanges: [r] });
        }
        const other = unlisted[pick];
        if (!other) return ctx.partial('every channel of the payg workspace but x has a row in the price list, so no free channel was read');
        const start = await readWallet(ctx, 'payg');
        const freeRead = await read(other.id);
        const taken = newTransactions(start, await readWallet(ctx, 'payg'));
        ensure(freeRead.status === 200 && taken.length === 0, {
          operation: 'getChannelAnalytics',
          received: `${got(freeRead)}; ${taken.map((t) => `${t.type} ${t.credits}`).join(', ') || 'no transaction'} for a fresh read of ${other.identifier}`,
          documented: `200 and nothing taken: ${other.identifier} has no row in GET /wallet/prices ("channels not listed are free")`,
          exchanges: [freeRead],
        });
      },
      { reset: true, runs: Math.min(ctx.runs, 2), show: (i: number) => [`POST /posts now on ${x!.id}${unlisted[i] ? ` and on ${unlisted[i]!.id}` : ''}`, 'state wallet.adjusted (emptied)', `GET /analytics/${x!.id}?date=7&fresh=true`, 'state wallet.toppedUp {"credits": 100}', `GET /analytics/${x!.id}?date=7&fresh=true`, ...(unlisted[i] ? [`GET /analytics/${unlisted[i]!.id}?date=7&fresh=true`] : [])] },
    );
  },
});
