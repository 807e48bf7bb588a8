// Control API handlers that play the app's wallet screens: top up, grant, adjust, freeze, auto top-up, plan (spec/control.yaml).
import type { Ctx } from '../pipeline.ts';
import { notFound } from '../../domain/errors.ts';
import { isPayAsYouGo } from '../../domain/billing.ts';
import { adjust, controlWalletView, freeze, grant, setAutoTopUp, topUp, unfreeze } from '../../domain/wallet.ts';
import type { Workspace } from '../../domain/world.ts';
import type { ControlHandlers } from '../typed.ts';

function workspace(ctx: Ctx): Workspace {
  const ws = ctx.world.workspaces.get(String(ctx.params.id));
  if (!ws) throw notFound('Workspace not found');
  return ws;
}

function walletReply(ctx: Ctx, ws: Workspace) {
  return { body: controlWalletView(ws, ctx.env.clock.now(), isPayAsYouGo(ws)) };
}

/** The control API's workspace row (spec/control.yaml Workspace). */
export function workspaceRow(ws: Workspace) {
  return { id: ws.id, name: ws.name, plan: ws.plan, payAsYouGo: isPayAsYouGo(ws), frozen: ws.wallet.frozen, apiKey: ws.apiKey };
}

export const handlers = {
  topUpWallet: (ctx) => {
    const ws = workspace(ctx);
    topUp(ws, ctx.world.config, ctx.body.credits, ctx.env);
    return walletReply(ctx, ws);
  },
  grantCredits: (ctx) => {
    const ws = workspace(ctx);
    grant(ws, ctx.world.config, ctx.body.credits, ctx.env, ctx.body.description);
    return walletReply(ctx, ws);
  },
  adjustWallet: (ctx) => {
    const ws = workspace(ctx);
    adjust(ws, ctx.world.config, ctx.body.credits, ctx.env, ctx.body.description);
    return walletReply(ctx, ws);
  },
  freezeWallet: (ctx) => {
    const ws = workspace(ctx);
    freeze(ws);
    return walletReply(ctx, ws);
  },
  unfreezeWallet: (ctx) => {
    const ws = workspace(ctx);
    unfreeze(ws);
    return walletReply(ctx, ws);
  },
  setAutoTopUp: (ctx) => {
    const ws = workspace(ctx);
    setAutoTopUp(ws, ctx.body);
    return walletReply(ctx, ws);
  },
  setPlan: (ctx) => {
    const ws = workspace(ctx);
    ws.plan = ctx.body.plan;
    return { body: workspaceRow(ws) };
  },
} satisfies Partial<ControlHandlers>;
