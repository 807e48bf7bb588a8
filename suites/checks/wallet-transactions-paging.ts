// GET /wallet/transactions read page by page and by type: the pages partition the ledger, and the filter keeps exactly the types asked for.
import fc from 'fast-check';
import { documented } from '../documented.ts';
import type { Exchange } from '../history.ts';
import { readWallet, transactionsSize, transactionTypes } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';

export const walletTransactionsPaging = register({
  name: 'wallet_transactions_paging',
  area: 'wallet',
  kind: 'property',
  description: 'Paged with any size, the transactions come back once each, size at a time, with total, page and size as asked and nextPage the next page until the last (null); `type` keeps exactly those types.',
  rule: 'Section 4.5: GET /wallet/transactions "query page (integer, min 0), size (integer 1 to 100, default 20), type (comma separated list ...)"; WalletTransactions: "total, page, size integers; nextPage integer|null; items".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const wsId = ctx.target.workspaceIds.payg;
    // With control, a ledger longer than a few pages (grants are not top-ups: nothing else changes).
    if (ctx.control && wsId) for (let i = 0; i < 12; i++) await ctx.control.grant(wsId, 1, `verify: paging ${i + 1}`);
    const all = await readWallet(ctx, 'payg');
    const n = all.tx.length;
    if (n < 2) ctx.notVerified(`the pay-as-you-go ledger has ${n} transaction(s); paging needs two or more`);
    const byType = new Map(all.tx.map((t) => [t.id, t.type]));
    const { minimum, maximum } = transactionsSize();

    await ctx.property(
      'pages and filters',
      fc.record({ size: fc.integer({ min: minimum, max: Math.max(minimum, Math.min(maximum, n - 1)) }), types: fc.option(fc.subarray(transactionTypes(), { minLength: 1 }), { nil: undefined }) }),
      async ({ size, types }) => {
        const wanted = types ? all.tx.filter((t) => types.includes(t.type)) : all.tx;
        const seen: string[] = [];
        const pages: Exchange[] = [];
        const expectedPages = Math.max(1, Math.ceil(wanted.length / size));
        for (let page = 0; page < expectedPages + 1; page++) {
          const e = await ctx.api.read({ operationId: 'listWalletTransactions', auth: { kind: 'payg' }, query: { page, size, ...(types ? { type: types.join(',') } : {}) } }, `page ${page} of the transactions`);
          pages.push(e);
          // The NotOnWallet answer has none of the page's fields, so the comparisons below fail on it.
          const listed = documented(e, 'listWalletTransactions', 200);
          const body = 'nextPage' in listed ? listed : undefined;
          const items = body?.items ?? [];
          const last = (page + 1) * size >= wanted.length;
          const expectedItems = Math.max(0, Math.min(size, wanted.length - page * size));
          ensure(body?.total === wanted.length && body?.page === page && body?.size === size && items.length === expectedItems && body?.nextPage === (last ? null : page + 1), {
            operation: 'listWalletTransactions',
            received: `total ${body?.total}, page ${body?.page}, size ${body?.size}, ${items.length} items, nextPage ${body?.nextPage}`,
            documented: `total ${wanted.length}, page ${page}, size ${size}, ${expectedItems} items, nextPage ${last ? null : page + 1} (${wanted.length} transaction(s)${types ? ` of type ${types.join(',')}` : ''}, ${size} a page)`,
            exchanges: [e],
          });
          const foreign = items.filter((t) => types && !types.includes(t.type));
          ensure(foreign.length === 0, { operation: 'listWalletTransactions', received: `type ${types?.join(',')} answered ${got(e)}`, documented: 'only transactions of the types asked for', exchanges: [e] });
          seen.push(...items.map((t) => t.id));
          if (last) break;
        }
        const wantedIds = new Set(wanted.map((t) => t.id));
        const twice = seen.filter((id, i) => seen.indexOf(id) !== i);
        const missing = [...wantedIds].filter((id) => !seen.includes(id));
        ensure(twice.length === 0 && missing.length === 0 && seen.every((id) => wantedIds.has(id)), {
          operation: 'listWalletTransactions',
          received: `${twice.length} listed twice, ${missing.length} never listed (${missing.slice(0, 3).map((id) => `${id} ${byType.get(id)}`).join(', ')})`,
          documented: 'the pages together list every transaction once',
          exchanges: pages,
        });
      },
      // Boundary cases every run (fast-check counts them in the runs): one a page, and a filter on one type the ledger holds.
      { examples: [{ size: 1, types: undefined }, { size: 2, types: [all.tx[0]!.type] }] },
    );
  },
});
