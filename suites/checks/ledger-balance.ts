// ledger_balance_equals_transactions: the wallet balance is the sum of its signed transaction credits.
import { register, ensure } from './registry.ts';
import { cents, readWallet, sumCents } from '../wallet-helpers.ts';
import { createPosts } from '../resources.ts';

export const ledgerBalance = register({
  name: 'ledger_balance_equals_transactions',
  area: 'wallet',
  kind: 'property',
  description: 'For every workspace on the wallet, the balance equals the sum of all transaction credits, before and after charging activity.',
  rule: 'Section 2.8: "`credits` is signed: positive adds to the balance, negative spends."',
  needs: { anyKey: ['free', 'payg'] },
  async run(ctx) {
    for (const kind of ['free', 'payg'] as const) {
      if (!ctx.has(kind)) continue;
      if (kind === 'payg') await createPosts(ctx, kind, 'schedule', { items: [1, 3] }).catch(() => undefined);
      const w = await readWallet(ctx, kind);
      ensure(cents(w.balance) === sumCents(w.tx), {
        operation: 'getWallet',
        received: `balance ${w.balance} with ${w.tx.length} transactions summing to ${sumCents(w.tx) / 100}`,
        documented: 'balance = sum of the signed `credits` of the transactions (section 2.8)',
        exchanges: ctx.target.history.exchanges.slice(-3),
      });
    }
  },
});
