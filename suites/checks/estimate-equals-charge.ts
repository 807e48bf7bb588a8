// estimate_equals_charge: what POST /wallet/estimate says is due is exactly what scheduling the same post then takes.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb } from '../arbitraries/posts.ts';
import { chargedChannel, cents, estimateOf, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const estimateEqualsCharge = register({
  name: 'estimate_equals_charge',
  area: 'wallet',
  kind: 'property',
  description: 'On pay-as-you-go, the estimate itself leaves the balance and the transactions as they were, and scheduling a post (a repeating one too) then charges exactly the estimate\'s dueCredits (SPEND sum and balance change), item by item; a short estimate means 402.',
  rule: 'Section 2.8: "dueCredits (what scheduling takes now ...)", "short boolean (scheduling now would be refused with 402)"; section 4.5, estimate body: "Nothing is charged.", "inter ... the price is then per occurrence"; section 8: "paid from wallet credits when it is scheduled, each thread item separately".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    await ctx.property(
      'estimate then schedule',
      // A repeating post too: "the price is then per occurrence" (section 4.5), and the first occurrence is scheduled now.
      fc.tuple(fc.array(contentArb(ch.maxLength), { minLength: 1, maxLength: 5 }), fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined })),
      async ([contents, inter]) => {
        const ahead = await readWallet(ctx, 'payg');
        const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents, ...(inter ? { inter } : {}) } });
        const e = estimateOf(est);
        ensure(e, { operation: 'estimateWalletCharge', received: got(est), documented: '200 WalletEstimate', exchanges: [est] });
        const before = await readWallet(ctx, 'payg');
        const byEstimate = newTransactions(ahead, before);
        ensure(byEstimate.length === 0 && cents(before.balance) === cents(ahead.balance), {
          operation: 'estimateWalletCharge',
          received: `balance ${ahead.balance} -> ${before.balance} and ${byEstimate.length} new transaction(s) (${byEstimate.map((t) => `${t.type} ${t.credits}`).join(', ')}) across the estimate alone`,
          documented: 'the wallet as it was: "Nothing is charged" (section 4.5, estimate body)',
          exchanges: [est],
        });
        const now = await targetNow(ctx);
        const body = { type: 'schedule', date: futureDate(now, 5, 11), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }], ...(inter ? { inter } : {}) };
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body });
        if (e.short) {
          ensure(res.status === 402, { operation: 'createPosts', received: got(res), documented: 'estimate said short: scheduling now is refused with 402', exchanges: [est, res] });
          return;
        }
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: `200 (the estimate said not short, due ${e.dueCredits})`, exchanges: [est, res] });
        cleanupCreated(ctx, res, 'payg');
        const after = await readWallet(ctx, 'payg');
        const added = newTransactions(before, after);
        const spent = -sumCents(added, 'SPEND');
        ensure(spent === cents(e.dueCredits), {
          operation: 'createPosts',
          received: `SPEND transactions of ${spent / 100} credits for ${contents.length} item(s)${inter ? `, repeating every ${inter} day(s)` : ''}`,
          documented: `the estimate's dueCredits ${e.dueCredits} (items ${JSON.stringify(e.items)})`,
          exchanges: ctx.target.history.exchanges.slice(-8),
        });
        ensure(cents(after.balance) - cents(before.balance) === sumCents(added), {
          operation: 'getWallet',
          received: `balance ${before.balance} -> ${after.balance}`,
          documented: `a change equal to the new transactions (${sumCents(added) / 100})`,
        });
      },
      { reset: true, show: ([c, inter]: [string[], number | undefined]) => [`POST /wallet/estimate {provider: ${ch.identifier}, contents: ${JSON.stringify(c)}${inter ? `, inter: ${inter}` : ''}}`, `POST /posts schedule on ${ch.id} with the same ${c.length} item(s)${inter ? `, repeating every ${inter} day(s)` : ''}`] },
    );
  },
});
