// exact_balance_covers: a balance exactly equal to a post's price covers it (scheduled, balance 0); a cent less does not (short, 402, nothing taken).
import fc from 'fast-check';
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import { record } from '../discover.ts';
import { targetNow } from '../resources.ts';
import { chargedChannel, cents, emptyWallet, estimateOf, newTransactions, readWallet } from '../wallet-helpers.ts';
import { ensure, got, register, show } from './registry.ts';

export const exactBalanceCovers = register({
  name: 'exact_balance_covers',
  area: 'wallet',
  kind: 'property',
  description:
    'On pay-as-you-go with automatic top-up off, a wallet emptied and topped up to exactly the estimate\'s dueCredits for a priced post (1 to 3 items): the estimate is not short and says balanceAfterCredits 0 (and autoTopUpCovers false, as in every estimate here), scheduling is accepted and leaves 0; with one hundredth less, the estimate is short and scheduling answers 402 {wallet: true} with nothing taken.',
  rule: 'Section 3: schedule "on pay-as-you-go the wallet (with auto top-up) covers the price ... otherwise nothing is saved and the answer is 402"; section 2.8: estimate "short boolean (scheduling now would be refused with 402)", balanceAfterCredits; balance "credits, 2 decimals".',
  needs: { keys: ['payg'], control: 'emptying and topping up the wallet' },
  async run(ctx) {
    const control = ctx.control!;
    const wsId = ctx.target.workspaceIds.payg;
    if (!wsId) ctx.notVerified('control does not say which workspace the payg key belongs to');
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    await ctx.property(
      'exactly enough covers, a hundredth less does not',
      fc.record({ items: fc.integer({ min: 1, max: 3 }), short: fc.boolean() }),
      async ({ items, short }) => {
        const contents = Array.from({ length: items }, (_, i) => `exactly paid ${i + 1}`);
        const est0 = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
        const first = estimateOf(est0);
        ensure(first && cents(first.dueCredits) > 0, { operation: 'estimateWalletCharge', received: got(est0), documented: `a WalletEstimate with dueCredits > 0 for ${ch.identifier} (it is charged)`, exchanges: [est0] });
        const due = cents(first.dueCredits);
        await emptyWallet(ctx, 'payg', 'empty the wallet for exact_balance_covers');
        const balance = due - (short ? 1 : 0);
        if (balance > 0) await control.topUp(wsId!, balance / 100);
        const before = await readWallet(ctx, 'payg');
        if (cents(before.balance) !== balance) ctx.notVerified(`the wallet could not be set to ${balance / 100} through control (it reads ${before.balance})`);
        const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
        const e = estimateOf(est);
        ensure(e?.short === short && cents(e.balanceAfterCredits) === balance - due && e.autoTopUpCovers === false, {
          operation: 'estimateWalletCharge',
          received: `with a balance of ${balance / 100}: ${show(est.responseBody, 300)}`,
          documented: `short ${short} and balanceAfterCredits ${(balance - due) / 100}: a balance ${short ? 'a hundredth under' : 'exactly equal to'} the ${due / 100} due ${short ? 'does not cover it' : 'covers it'}; autoTopUpCovers false, automatic top-up being off`,
          exchanges: [est],
        });
        const now = await targetNow(ctx);
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 3, 21), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
        const after = await readWallet(ctx, 'payg');
        const taken = newTransactions(before, after);
        ensure(
          short
            ? // Read unvalidated: `wallet: true` is the schema's constant, and a refusal without it is this check's failure.
              res.status === 402 && record(res.responseBody)?.wallet === true && taken.length === 0
            : res.status === 200 && cents(after.balance) === 0,
          {
            operation: 'createPosts',
            received: `${got(res)}; balance ${before.balance} -> ${after.balance}, ${taken.length} new transaction(s)`,
            documented: short ? '402 with wallet: true and nothing taken: a hundredth short does not cover the price' : '200 and a balance of 0: a balance exactly equal to the price covers it',
            exchanges: [est, res],
          },
        );
      },
      { reset: true, runs: Math.min(ctx.runs, 4), examples: [{ items: 1, short: false }, { items: 1, short: true }], show: (c: { items: number; short: boolean }) => [`POST /wallet/estimate ${c.items} item(s) on ${ch.identifier}`, `state wallet.adjusted (emptied); state wallet.toppedUp the due${c.short ? ' less 0.01' : ''}`, 'POST /wallet/estimate again', `POST /posts schedule the ${c.items} item(s)`] },
    );
  },
});
