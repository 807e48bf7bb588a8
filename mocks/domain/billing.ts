// Billing: prices post items and settles what a workspace pays, so an estimate and the charge that follows are one computation.
// Posts call planSettlement before changing anything (it throws the 402) and applySettlement after; the estimate
// endpoint calls quoteSettlement, the same computation without the throw.
import { walletRefusal } from './errors.ts';
import { ensureRoom } from './caps.ts';
import { formatCredits, sumCents, type Cents } from './money.ts';
import { notify } from './notifications.ts';
import { autoTopUpUsedThisMonth, currencyToCents, formatCurrency, record } from './wallet.ts';
import { postActionKey, priceFor, priceItem, unitPrice } from './wallet-pricing.ts';
import type { Env, Workspace, World } from './world.ts';

/** A post item (one entry of `value`) that should be paid for while it is queued. */
export interface BillableItem {
  postId: string;
  group: string;
  /** Provider identifier of the item's channel (`x`, ...). */
  provider: string;
  content: string;
  /** How many occurrences the price covers (repeating posts are charged per occurrence); default 1. */
  occurrences?: number;
}

export type ReleaseReason = 'deleted' | 'moved back to drafts' | 'edited' | 'not published';

export interface ChargeLine {
  /** The post item paid for; absent for single actions (analytics reads, storage). */
  postId?: string;
  group?: string;
  provider?: string;
  actionKey: string;
  /** Positive: what is taken. */
  cents: Cents;
  quantity: number;
  /** Recorded on the ledger entry: the post id for post items, a channel or media id for single actions. */
  reference?: string;
  description?: string;
}

export interface RefundLine {
  postId: string;
  group?: string;
  actionKey: string;
  /** Positive: what is given back. */
  cents: Cents;
  quantity?: number;
  reason: ReleaseReason;
}

/** What settling would do: each line is a charge or a refund, in hundredths. */
export interface Settlement {
  workspaceId: string;
  charges: ChargeLine[];
  refunds: RefundLine[];
  /** Net credits taken now (charges minus refunds); negative gives credits back. */
  dueCents: Cents;
  /** Auto top-up needed to cover it, in hundredths (0 when none). */
  autoTopUpCents: Cents;
  /** How many automatic top-ups of the configured amount make up autoTopUpCents. */
  autoTopUps?: number;
  /** The balance the plan was made against (applySettlement refuses a plan the wallet no longer covers). */
  balanceCents?: Cents;
}

/** Scheduling refusal, as the production service words it (field notes). */
export const SCHEDULE_REFUSAL =
  'Not enough credits in your wallet to schedule this. Top up (or turn on automatic top-up), then schedule it again.';
export const ACTION_REFUSAL = 'Not enough credits in your wallet for this. Top up (or turn on automatic top-up), then try again.';
export const FROZEN_REFUSAL = 'Your wallet is frozen, so paid actions are paused. Contact support to unfreeze it.';
export const TOP_UP_FIRST = 'This needs wallet credits: top up your wallet first to use pay-as-you-go.';

/** The outcome of pricing a settlement against the wallet, refused or not. */
export interface Quote {
  settlement: Settlement;
  /** Whether applying it now would be accepted. */
  covered: boolean;
  /** Whether automatic top-up is what makes it covered. */
  autoTopUpCovers: boolean;
  /** Why it is refused, when it is. */
  refusal: string | null;
}

function emptySettlement(ws: Workspace): Settlement {
  return { workspaceId: ws.id, charges: [], refunds: [], dueCents: 0, autoTopUpCents: 0, autoTopUps: 0, balanceCents: ws.wallet.balance };
}

/** Whether a post item has been sent, so what it paid is spent for good. */
function isSent(ws: Workspace, postId: string): boolean {
  return ws.posts.rows.get(postId)?.state === 'PUBLISHED';
}

/**
 * Price a settlement and check it against the wallet, changing nothing. planSettlement and the estimate both use it.
 * Rules: each priced item is charged separately; an already-paid item whose priced action (and occurrences) is
 * unchanged costs nothing more; one whose action changed is refunded ('edited') and charged anew; released items
 * are refunded what they paid unless already sent.
 */
export function quoteSettlement(
  world: World,
  ws: Workspace,
  pay: BillableItem[],
  release: Array<{ postId: string; reason: ReleaseReason }>,
  env: Env,
  refusalMessage = SCHEDULE_REFUSAL,
): Quote {
  const settlement = emptySettlement(ws);
  if (ws.plan === 'paid') return { settlement, covered: true, autoTopUpCovers: false, refusal: null };
  const paid = ws.wallet.paid;
  const handled = new Set<string>();

  for (const { postId, reason } of release) {
    if (handled.has(postId)) continue;
    handled.add(postId);
    const rec = paid.get(postId);
    if (!rec || rec.cents <= 0 || isSent(ws, postId)) continue;
    settlement.refunds.push({ postId, group: rec.group, actionKey: rec.actionKey, cents: rec.cents, quantity: rec.quantity, reason });
  }
  for (const item of pay) {
    // An item both released and paid in one call is released: the caller decided it is no longer queued.
    if (handled.has(item.postId)) continue;
    handled.add(item.postId);
    const quantity = item.occurrences ?? 1;
    const actionKey = postActionKey(world, item.provider, item.content);
    const rec = paid.get(item.postId);
    if (rec && rec.actionKey === actionKey && rec.quantity === quantity) continue; // unchanged keeps its charge
    if (rec && rec.cents > 0) {
      settlement.refunds.push({ postId: item.postId, group: rec.group, actionKey: rec.actionKey, cents: rec.cents, quantity: rec.quantity, reason: 'edited' });
    }
    if (actionKey === null) continue;
    const cents = unitPrice(world, actionKey) * quantity;
    if (cents <= 0) continue;
    settlement.charges.push({ postId: item.postId, group: item.group, provider: item.provider, actionKey, cents, quantity, reference: item.postId });
  }
  return cover(world, ws, settlement, env, refusalMessage);
}

/** Check a priced settlement against the balance, pay-as-you-go and automatic top-up. */
function cover(world: World, ws: Workspace, settlement: Settlement, env: Env, refusalMessage: string): Quote {
  settlement.dueCents = sumCents(settlement.charges.map((c) => c.cents)) - sumCents(settlement.refunds.map((r) => r.cents));
  settlement.balanceCents = ws.wallet.balance;
  const after = ws.wallet.balance - settlement.dueCents;
  if (settlement.dueCents <= 0) return { settlement, covered: true, autoTopUpCovers: false, refusal: null };
  // Taking credits needs pay-as-you-go: a free wallet never topped up has nothing to spend, a frozen one is paused.
  if (ws.wallet.frozen) return { settlement, covered: false, autoTopUpCovers: false, refusal: FROZEN_REFUSAL };
  if (!isPayAsYouGo(ws)) {
    return { settlement, covered: false, autoTopUpCovers: false, refusal: after < 0 ? refusalMessage : TOP_UP_FIRST };
  }
  const auto = planAutoTopUp(world, ws, after, env);
  if (after < 0 && auto.count === 0) return { settlement, covered: false, autoTopUpCovers: false, refusal: refusalMessage };
  settlement.autoTopUps = auto.count;
  settlement.autoTopUpCents = auto.cents;
  return { settlement, covered: true, autoTopUpCovers: after < 0, refusal: null };
}

/**
 * Automatic top-ups for a balance about to become `after`: they fire when it would fall below the threshold or below
 * zero (what the action needs), only while the top-ups left under the monthly limit cover the whole shortfall, never
 * past the limit. Enough top-ups of `amount` to cover the shortfall, or one when only the threshold is crossed.
 */
export function planAutoTopUp(world: World, ws: Workspace, after: Cents, env: Env): { count: number; cents: Cents; amount: number } {
  const none = { count: 0, cents: 0, amount: 0 };
  const s = ws.wallet.autoTopUp;
  if (!s.enabled || !isPayAsYouGo(ws) || s.amount === null || s.amount <= 0) return none;
  const needs = after < 0;
  const below = s.belowCents !== null && after < s.belowCents;
  if (!needs && !below) return none;
  const each = currencyToCents(world.config, s.amount);
  if (each <= 0) return none;
  const count = needs ? Math.ceil(-after / each) : 1;
  const left = s.monthlyLimit === null ? Infinity : s.monthlyLimit - autoTopUpUsedThisMonth(ws, env.clock.now());
  if (count * s.amount > left) return none;
  return { count, cents: count * each, amount: s.amount };
}

/**
 * Price what should be paid and what should be given back, without changing anything.
 * `pay`: items that must be paid now (already-paid items whose priced action is unchanged cost nothing more).
 * `release`: post ids that no longer need paying (their unsent charges are refunded with the reason).
 * Throws a wallet_refusal DomainError when credits plus allowed auto top-up do not cover the net due.
 */
export function planSettlement(
  world: World,
  ws: Workspace,
  pay: BillableItem[],
  release: Array<{ postId: string; reason: ReleaseReason }>,
  env: Env,
): Settlement {
  const quote = quoteSettlement(world, ws, pay, release, env);
  if (!quote.covered) throw walletRefusal(quote.refusal ?? SCHEDULE_REFUSAL);
  ensureLedgerRoom(world, ws, quote.settlement);
  return quote.settlement;
}

/**
 * A settlement that charges needs room on the ledger for every entry it writes. One that only gives back always goes
 * through: a refund undoes a charge already on the ledger, so refunds can at most double the cap.
 */
function ensureLedgerRoom(world: World, ws: Workspace, settlement: Settlement): void {
  if (settlement.charges.length === 0) return;
  const topUps = settlement.autoTopUps ?? (settlement.autoTopUpCents > 0 ? 1 : 0);
  const entries = settlement.charges.length + settlement.refunds.length + topUps;
  ensureRoom(world.config.caps, 'ledgerEntries', ws.wallet.ledger.length, entries, 'wallet ledger entries per workspace');
}

const REFUND_TEXT: Record<ReleaseReason, string> = {
  deleted: 'deleted',
  'moved back to drafts': 'moved back to drafts',
  edited: 'edited',
  'not published': 'not published',
};

/**
 * Apply a settlement planned a moment ago in the same request: ledger entries, paid records, balance.
 * Order on the ledger: refunds, then automatic top-ups, then spends, so the balance never dips below zero on the way.
 * A plan the wallet no longer covers (the balance moved since) is refused before anything changes.
 */
export function applySettlement(world: World, ws: Workspace, settlement: Settlement, env: Env): void {
  if (settlement.charges.length === 0 && settlement.refunds.length === 0 && settlement.autoTopUpCents === 0) return;
  const balanceBefore = ws.wallet.balance;
  if (settlement.dueCents > 0) {
    if (ws.wallet.frozen) throw walletRefusal(FROZEN_REFUSAL);
    const stale = settlement.balanceCents !== undefined && settlement.balanceCents !== balanceBefore;
    if (stale || balanceBefore + settlement.autoTopUpCents - settlement.dueCents < 0) {
      // Re-plan against the wallet as it stands; this throws when it is no longer covered.
      const again = cover(world, ws, { ...settlement, autoTopUpCents: 0, autoTopUps: 0 }, env, SCHEDULE_REFUSAL);
      if (!again.covered) throw walletRefusal(again.refusal ?? SCHEDULE_REFUSAL);
      settlement = again.settlement;
    }
  }

  for (const r of settlement.refunds) {
    const rec = ws.wallet.paid.get(r.postId);
    record(ws, env, {
      type: 'REFUND',
      cents: r.cents,
      description: `Refund: ${actionName(world, r.actionKey)}, ${REFUND_TEXT[r.reason]}`,
      quantity: r.quantity ?? rec?.quantity ?? 1,
      actionKey: r.actionKey,
      reference: r.postId,
    });
    if (rec) {
      rec.cents -= r.cents;
      if (rec.cents <= 0) ws.wallet.paid.delete(r.postId);
    }
  }
  const count = settlement.autoTopUps ?? (settlement.autoTopUpCents > 0 ? 1 : 0);
  if (settlement.autoTopUpCents > 0 && count > 0) {
    const amount = ws.wallet.autoTopUp.amount ?? 0;
    const each = settlement.autoTopUpCents / count;
    for (let i = 0; i < count; i++) {
      record(ws, env, { type: 'AUTO_TOPUP', cents: each, description: `Automatic top-up of ${formatCurrency(world.config, amount)}`, currencyAmount: amount });
    }
    notify(ws, env, `Automatic top-up: ${formatCredits(settlement.autoTopUpCents)} added to your wallet.`, world.config.walletPath);
  }
  for (const c of settlement.charges) {
    record(ws, env, {
      type: 'SPEND',
      cents: -c.cents,
      description: c.description ?? actionName(world, c.actionKey),
      quantity: c.quantity,
      actionKey: c.actionKey,
      reference: c.reference ?? c.postId ?? null,
    });
    if (c.postId !== undefined) {
      ws.wallet.paid.set(c.postId, {
        postId: c.postId,
        group: c.group ?? '',
        provider: c.provider ?? '',
        actionKey: c.actionKey,
        cents: c.cents,
        quantity: c.quantity,
      });
    }
  }
  notifyLowBalance(world, ws, env, balanceBefore);
}

function actionName(world: World, actionKey: string): string {
  return priceItem(world, actionKey)?.name ?? actionKey;
}

/** "Low balance" when a settlement takes the balance from at or above the threshold to below it. */
function notifyLowBalance(world: World, ws: Workspace, env: Env, before: Cents): void {
  const threshold = ws.wallet.autoTopUp.belowCents ?? world.config.lowBalanceCredits * 100;
  const after = ws.wallet.balance;
  if (before >= threshold && after < threshold) {
    notify(ws, env, `Your wallet balance is low: ${formatCredits(after)} left.`, world.config.walletPath);
  }
}

/** What a post item has paid and not had back (0 when nothing). */
export function paidFor(ws: Workspace, postId: string): Cents {
  return ws.wallet.paid.get(postId)?.cents ?? 0;
}

/** A single priced action outside posting: a fresh analytics read on `x` (`x.post_read`), storage (`storage.gb`). */
export interface ActionCharge {
  actionKey: string;
  quantity: number;
  /** What the charge is for (a channel id, a media id), recorded on the ledger entry. */
  reference?: string;
  description?: string;
}

/**
 * Price single actions like planSettlement prices posts: nothing changes; throws the wallet_refusal when not covered.
 * Free-plan workspaces are charged; paid plans never are (the settlement comes back empty). The price of a quantity
 * is rounded up to the hundredth once (0.3 GB of storage at 50 credits is 15.00).
 */
export function planActions(world: World, ws: Workspace, actions: ActionCharge[], env: Env): Settlement {
  const settlement = emptySettlement(ws);
  if (ws.plan === 'paid') return settlement;
  for (const a of actions) {
    const cents = priceFor(world, a.actionKey, a.quantity);
    if (cents <= 0) continue;
    settlement.charges.push({
      actionKey: a.actionKey,
      cents,
      quantity: a.quantity,
      ...(a.reference !== undefined ? { reference: a.reference } : {}),
      ...(a.description !== undefined ? { description: a.description } : {}),
    });
  }
  const quote = cover(world, ws, settlement, env, ACTION_REFUSAL);
  if (!quote.covered) throw walletRefusal(quote.refusal ?? ACTION_REFUSAL);
  ensureLedgerRoom(world, ws, quote.settlement);
  return quote.settlement;
}

/** Whether the workspace is on pay-as-you-go: free plan, topped up at least once, not frozen. */
export function isPayAsYouGo(ws: Workspace): boolean {
  return ws.plan === 'free' && ws.wallet.toppedUp && !ws.wallet.frozen;
}
