// Wallet operations of the public API (reference 4.5): summary, price list, transactions and the free estimate.

import type { Ctx } from '../pipeline.ts';
import { NOT_ON_WALLET, listTransactions } from '../../domain/wallet.ts';
import { priceListView } from '../../domain/wallet-pricing.ts';
import { estimate } from '../../domain/wallet-estimate.ts';
import { walletSummary } from '../../domain/wallet-summary.ts';
import type { PublicHandlers } from '../typed.ts';
import { walletLink } from '../wallet-link.ts';

/** The caller's workspace's wallet page, absolute: the mock plays the app host at its own origin. */
export function topUpUrl(ctx: Ctx): string {
  return `${ctx.origin}${walletLink(ctx.state, ctx.ws)}`;
}

export const handlers = {
  getWallet: (ctx) => ({ body: walletSummary(ctx.world, ctx.ws, ctx.env, topUpUrl(ctx)) }),

  getWalletPrices: (ctx) => ({ body: priceListView(ctx.world, topUpUrl(ctx), ctx.query.provider) }),

  listWalletTransactions: (ctx) => {
    if (ctx.ws.plan === 'paid') return { body: { ...NOT_ON_WALLET, total: 0, items: [] } };
    return { body: listTransactions(ctx.ws, { page: ctx.query.page, size: ctx.query.size, type: ctx.query.type }) };
  },

  estimateWalletCharge: (ctx) => ({
    body: estimate(
      ctx.world,
      ctx.ws,
      { provider: ctx.body.provider, contents: ctx.body.contents, group: ctx.body.group, inter: ctx.body.inter },
      ctx.env,
      topUpUrl(ctx),
    ),
  }),
} satisfies Partial<PublicHandlers>;
