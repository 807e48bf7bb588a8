// Billing: prices post items and settles what a workspace pays, so an estimate and the charge that follows are one computation.
// Owner: the wallet work. This seed charges nothing; the signatures are the contract between posts and the wallet.
import type { Cents } from './money.ts';
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

/** What settling would do: each line is a charge (negative) or refund (positive) in hundredths. */
export interface Settlement {
  workspaceId: string;
  charges: Array<{ postId: string; actionKey: string; cents: Cents; quantity: number }>;
  refunds: Array<{ postId: string; actionKey: string; cents: Cents; reason: ReleaseReason }>;
  /** Net credits taken now (charges minus refunds); negative gives credits back. */
  dueCents: Cents;
  /** Auto top-up needed to cover it, in hundredths (0 when none). */
  autoTopUpCents: Cents;
}

/**
 * Price what should be paid and what should be given back, without changing anything.
 * `pay`: items that must be paid now (already-paid items whose priced action is unchanged cost nothing more).
 * `release`: post ids that no longer need paying (their unsent charges are refunded with the reason).
 * Throws a wallet_refusal DomainError when credits plus allowed auto top-up do not cover the net due.
 */
export function planSettlement(
  _world: World,
  ws: Workspace,
  _pay: BillableItem[],
  _release: Array<{ postId: string; reason: ReleaseReason }>,
  _env: Env,
): Settlement {
  return { workspaceId: ws.id, charges: [], refunds: [], dueCents: 0, autoTopUpCents: 0 };
}

/** Apply a settlement planned a moment ago in the same request: ledger entries, paid records, balance. */
export function applySettlement(_world: World, _ws: Workspace, _settlement: Settlement, _env: Env): void {}

/** What a post item has paid and not had back (0 when nothing). */
export function paidFor(_ws: Workspace, _postId: string): Cents {
  return 0;
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
 * Free-plan workspaces are charged; paid plans never are (the settlement comes back empty).
 */
export function planActions(_world: World, ws: Workspace, _actions: ActionCharge[], _env: Env): Settlement {
  return { workspaceId: ws.id, charges: [], refunds: [], dueCents: 0, autoTopUpCents: 0 };
}

/** The price of one unit of an action from the price list, in hundredths (0 when the list does not name it). */
export function priceOf(_world: World, _actionKey: string): Cents {
  return 0;
}

/** Whether the workspace is on pay-as-you-go: free plan, topped up at least once, not frozen. */
export function isPayAsYouGo(ws: Workspace): boolean {
  return ws.plan === 'free' && ws.wallet.toppedUp && !ws.wallet.frozen;
}
