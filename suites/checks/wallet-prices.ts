// price_list_provider_filter and estimate_items_at_list_price: GET /wallet/prices with `provider` gives exactly that provider's rows of the whole list, and an estimate prices each item at its action's listed price.
import fc from 'fast-check';
import { contentArb } from '../arbitraries/posts.ts';
import type { KeyKind } from '../target.ts';
import { chargedChannel, cents, estimateOf, priceRows, type PriceRow } from '../wallet-helpers.ts';
import { ensure, got, register, show } from './registry.ts';

const sameRows = (a: PriceRow[], b: PriceRow[]) => JSON.stringify([...a].sort((x, y) => x.key.localeCompare(y.key))) === JSON.stringify([...b].sort((x, y) => x.key.localeCompare(y.key)));

export const priceListProviderFilter = register({
  name: 'price_list_provider_filter',
  area: 'wallet',
  kind: 'property',
  description:
    "GET /wallet/prices?provider=<p> holds exactly the rows of the whole list whose provider is p (same keys and credits), for every provider the list names and for each channel provider it does not name (then no row at all). Whether a section left empty is kept is not said, so only rows are compared.",
  rule: 'Section 4.5: GET /wallet/prices "query provider (string, optional; only that provider\'s rows)"; section 2.8: "Channels not listed are free".',
  needs: { anyKey: ['payg', 'free', 'paid'] },
  async run(ctx) {
    const kind: KeyKind = ctx.has('payg') ? 'payg' : ctx.has('free') ? 'free' : 'paid';
    const all = await priceRows(ctx, kind);
    const listed = [...new Set(all.map((r) => r.provider))];
    const unlisted = [...new Set(((await ctx.discover()).workspaces[kind]?.channels ?? []).map((c) => c.identifier))].filter((p) => !listed.includes(p));
    if (listed.length === 0) ctx.partial('the price list names no provider, so only unlisted providers were filtered');
    const providers = [...listed, ...unlisted];
    if (providers.length === 0) return ctx.notVerified('neither the price list nor the workspace\'s channels name a provider');
    await ctx.property(
      "only that provider's rows",
      fc.constantFrom(...providers),
      async (provider) => {
        const rows = await priceRows(ctx, kind, provider);
        const expected = all.filter((r) => r.provider === provider);
        ensure(sameRows(rows, expected), {
          operation: 'getWalletPrices',
          received: `rows ${show(rows, 300)} for provider=${provider}`,
          documented: `exactly the whole list's rows of ${provider}: ${show(expected, 300)}`,
        });
      },
      { examples: providers.map((p) => p), show: (p: string) => [`GET /wallet/prices`, `GET /wallet/prices?provider=${p}`] },
    );
  },
});

export const estimateItemsAtListPrice = register({
  name: 'estimate_items_at_list_price',
  area: 'wallet',
  kind: 'property',
  description:
    "On pay-as-you-go, an estimate (no group) of 1 to 5 items on a charged channel, some holding links: every item's actionKey is a row of GET /wallet/prices for that provider, and its credits are that row's credits, the price of one unit.",
  rule: 'Section 2.8: WalletEstimate "items array of {actionKey: string, credits: number}"; WalletPrices item "key (for example a provider-dot-action key)", "credits number (price of one unit)", "Prices change, so clients read them from this list".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const rows = new Map((await priceRows(ctx, 'payg')).filter((r) => r.provider === ch.identifier).map((r) => [r.key, r.credits]));
    const withLink = contentArb(Math.max(20, (ch.maxLength ?? 280) - 40)).map((c) => `${c} https://example.com/spring`);
    await ctx.property(
      "each item at its action's listed price",
      fc.array(fc.oneof(contentArb(ch.maxLength), withLink), { minLength: 1, maxLength: 5 }),
      async (contents) => {
        const e = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
        const est = estimateOf(e);
        ensure(est, { operation: 'estimateWalletCharge', received: got(e), documented: '200 WalletEstimate', exchanges: [e] });
        const wrong = est.items.filter((i) => !rows.has(i.actionKey) || cents(i.credits) !== cents(rows.get(i.actionKey)!));
        ensure(wrong.length === 0, {
          operation: 'estimateWalletCharge',
          received: `items ${show(wrong, 300)} for ${contents.length} item(s) on ${ch.identifier}`,
          documented: `each item's actionKey a row of the ${ch.identifier} price list (${show(Object.fromEntries(rows), 200)}) and its credits that row's credits`,
          exchanges: [e],
        });
      },
      { show: (c: string[]) => [`GET /wallet/prices`, `POST /wallet/estimate {provider: ${ch.identifier}, contents: ${c.length} item(s)}`] },
    );
  },
});
