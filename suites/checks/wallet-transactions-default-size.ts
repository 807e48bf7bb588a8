// transactions_default_page_size: GET /wallet/transactions asked for no `size` pages by the default the document states.
import { documented } from '../documented.ts';
import type { Exchange } from '../history.ts';
import { readWallet, transactionsSize } from '../wallet-helpers.ts';
import { ensure, register } from './registry.ts';

export const transactionsDefaultPageSize = register({
  name: 'transactions_default_page_size',
  area: 'wallet',
  kind: 'property',
  description: 'GET /wallet/transactions asked for no `size` answers the default page size the document states (20): `size` 20, the first page min(total, 20) transactions with nextPage 1 exactly when there are more, and page 1 the next ones, none listed twice.',
  rule: 'Section 4.5: GET /wallet/transactions "size (integer 1 to 100, default 20)"; section 8 (Limits): "Wallet transactions `size`: 1 to 100, default 20".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const { default: size } = transactionsSize();
    const wsId = ctx.target.workspaceIds.payg;
    let n = (await readWallet(ctx, 'payg')).tx.length;
    // With control, a ledger longer than one default page (grants are not top-ups: nothing else changes), so that the
    // page is seen to stop at the default rather than at the end of the ledger.
    if (ctx.control && wsId && n <= size) {
      for (let i = n; i <= size; i++) await ctx.control.grant(wsId, 1, `verify: default page ${i + 1}`);
      n = (await readWallet(ctx, 'payg')).tx.length;
    }
    const seen: string[] = [];
    const pages: Exchange[] = [];
    for (const page of n > size ? [0, 1] : [0]) {
      // `page` left out on the first request too: neither parameter is sent, as a client that takes the defaults asks.
      const e = await ctx.api.read({ operationId: 'listWalletTransactions', auth: { kind: 'payg' }, ...(page === 0 ? {} : { query: { page } }) }, `page ${page} of the transactions, no size given`);
      pages.push(e);
      const listed = documented(e, 'listWalletTransactions', 200);
      const body = 'nextPage' in listed ? listed : undefined;
      const items = body?.items ?? [];
      const expected = Math.max(0, Math.min(size, n - page * size));
      const next = (page + 1) * size < n ? page + 1 : null;
      ensure(body?.size === size && body?.total === n && items.length === expected && body?.nextPage === next, {
        operation: 'listWalletTransactions',
        received: `no size asked, page ${page}: size ${body?.size}, total ${body?.total}, ${items.length} items, nextPage ${body?.nextPage}`,
        documented: `the default size ${size}: size ${size}, total ${n}, ${expected} items, nextPage ${next} (${n} transactions)`,
        exchanges: [e],
      });
      seen.push(...items.map((t) => t.id));
    }
    const twice = seen.filter((id, i) => seen.indexOf(id) !== i);
    ensure(twice.length === 0, { operation: 'listWalletTransactions', received: `${twice.length} transaction(s) on both default pages (${twice.slice(0, 3).join(', ')})`, documented: 'each transaction on one page', exchanges: pages });
    if (n <= size) ctx.partial(`the pay-as-you-go ledger holds ${n} transaction(s), no more than one page of ${size}: that a page stops at ${size} was not seen (a states hook that grants credits makes the ledger longer)`);
  },
});
