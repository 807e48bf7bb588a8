// Reading a wallet whole: balance and every transaction (paged 100 at a time), and what changed between two readings.
import type { CheckContext } from './checks/registry.ts';
import type { KeyKind } from './target.ts';
import type { ChannelInfo } from './discover.ts';
import { textSafe } from './arbitraries/posts.ts';
import { documented, type DocumentedBody } from './documented.ts';
import type { Exchange } from './exchange.ts';
import { parameterSchema, propertyEnum } from '../spec/load.ts';

/** The transaction types the document lists (`WalletTransaction.type`, reference 2.8 and 4.5): read, never copied. */
export function transactionTypes(): string[] {
  return [...propertyEnum('WalletTransaction', 'type')];
}

/** `GET /wallet/transactions`' `size` as the document states it (reference 4.5 and 8): its bounds and its default. */
export function transactionsSize(): { minimum: number; maximum: number; default: number } {
  const s = parameterSchema('listWalletTransactions', 'size');
  return { minimum: s.minimum, maximum: s.maximum, default: s.default };
}

export interface WalletReading {
  balance: number;
  tx: Array<{ id: string; type: string; credits: number }>;
}

export const cents = (n: number) => Math.round(n * 100);

type OnWallet<T> = Extract<T, { usesWallet: true }>;

/**
 * The WalletEstimate an estimate answered. Another status, or NotOnWallet, reads as nothing: a check comparing its
 * fields then fails, as for a wrong value. A 200 outside the schema leaves the check not verified.
 */
export function estimateOf(e: Exchange): OnWallet<DocumentedBody<'estimateWalletCharge', 200>> | undefined {
  if (e.status !== 200) return undefined;
  const body = documented(e, 'estimateWalletCharge', 200);
  return body.usesWallet ? body : undefined;
}

/** The WalletSummary a GET /wallet answered, read as estimateOf reads an estimate. */
export function summaryOf(e: Exchange): OnWallet<DocumentedBody<'getWallet', 200>> | undefined {
  if (e.status !== 200) return undefined;
  const body = documented(e, 'getWallet', 200);
  return body.usesWallet ? body : undefined;
}

export async function readWallet(ctx: CheckContext, kind: KeyKind): Promise<WalletReading> {
  const w = await ctx.api.read({ operationId: 'getWallet', auth: { kind } }, `the ${kind} wallet's balance`);
  const wallet = documented(w, 'getWallet', 200);
  if (!wallet.usesWallet) return ctx.notVerified(`the ${kind} workspace does not use the wallet`);
  const tx: WalletReading['tx'] = [];
  for (let page = 0; page < 50; page++) {
    const e = await ctx.api.read({ operationId: 'listWalletTransactions', auth: { kind }, query: { page, size: transactionsSize().maximum } }, `the ${kind} wallet's transactions`);
    const list = documented(e, 'listWalletTransactions', 200);
    if (!('nextPage' in list)) return ctx.notVerified(`the ${kind} workspace lists no wallet transactions`);
    tx.push(...list.items.map((t) => ({ id: t.id, type: t.type, credits: t.credits })));
    if (list.items.length === 0 || list.nextPage === null) break;
    page = list.nextPage - 1;
  }
  return { balance: wallet.balance, tx };
}

export function newTransactions(before: WalletReading, after: WalletReading): WalletReading['tx'] {
  const seen = new Set(before.tx.map((t) => t.id));
  return after.tx.filter((t) => !seen.has(t.id));
}

export function sumCents(tx: WalletReading['tx'], type?: string): number {
  return tx.filter((t) => !type || t.type === type).reduce((s, t) => s + cents(t.credits), 0);
}

/** One row of the price list: what a check compares. */
export type PriceRow = { key: string; provider: string; credits: number };

/** The rows of GET /wallet/prices, all or (with `provider`) that provider's; any other answer leaves the check not verified. */
export async function priceRows(ctx: CheckContext, kind: KeyKind, provider?: string): Promise<PriceRow[]> {
  const e = await ctx.api.read({ operationId: 'getWalletPrices', auth: { kind }, ...(provider === undefined ? {} : { query: { provider } }) }, provider === undefined ? 'the price list' : `the price list of ${provider}`);
  return documented(e, 'getWalletPrices', 200).sections.flatMap((s) => s.items.map((i) => ({ key: i.key, provider: i.provider, credits: i.credits })));
}

/** A channel the pay-as-you-go workspace is charged for per post (estimate says `charged`), or not verified. */
export async function chargedChannel(ctx: CheckContext, kind: KeyKind): Promise<ChannelInfo> {
  const d = await ctx.discover();
  const channels = textSafe(d.workspaces[kind]?.channels ?? []);
  for (const ch of channels) {
    const e = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind }, body: { provider: ch.identifier, contents: ['price check'] } });
    if (e.status !== 200) continue;
    const estimate = documented(e, 'estimateWalletCharge', 200);
    if (estimate.usesWallet && estimate.charged) return ch;
  }
  return ctx.notVerified(`no channel of the ${kind} workspace is charged per post (estimate answers charged: false for all)`);
}

/**
 * Empty a wallet through control as the app would (automatic top-up off, a claw-back of the balance, then unfrozen, since
 * a claw-back freezes it), so the next charged action finds no credits rather than a frozen wallet.
 */
export async function emptyWallet(ctx: CheckContext, kind: KeyKind, why: string): Promise<void> {
  const control = ctx.requireControl(why);
  const wsId = ctx.target.workspaceIds[kind];
  if (!wsId) ctx.notVerified(`control does not say which workspace the ${kind} key belongs to`);
  await control.setAutoTopUp(wsId, { enabled: false });
  const { balance } = await readWallet(ctx, kind);
  if (balance > 0) await control.adjust(wsId, -balance, `verify: ${why}`);
  await control.unfreeze(wsId);
}
