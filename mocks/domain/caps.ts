// Bounds on everything a client can make the mock keep. The reference sets none of these numbers: each is a mock decision, changeable through PUT /_mock/limits.
import { invalid } from './errors.ts';

export interface Caps {
  /** Posts (every thread item and comment counts) per workspace; a create past it answers 400. */
  posts: number;
  /** Media files per workspace; an upload past it answers 400. */
  media: number;
  /** Wallet ledger entries per workspace; a charge past it answers 400 (refunds always go through). */
  ledgerEntries: number;
  /** Upload tickets open (unspent, unexpired) per workspace; a new ticket past it answers 400. */
  openTickets: number;
  /** Brief documents per workspace, over every category; a new one past it answers 400. */
  briefDocuments: number;
  /** Revisions kept per brief document: the oldest are forgotten. */
  briefRevisions: number;
  /** Notifications kept per workspace: the oldest are forgotten. */
  notifications: number;
  /** Webhooks per paid workspace (a free one has the reference's 30); a new one past it answers 400. */
  webhooks: number;
  /** Workspaces, seeded ones included; the control API's create past it answers 400. */
  workspaces: number;
  /** Consent pages shown and not answered, over the whole mock (no key is needed to open one): the oldest are forgotten. */
  pendingConsents: number;
  /** Authorization codes kept, spent ones included, over the whole mock: the oldest are forgotten. */
  authorizationCodes: number;
  /** OAuth access tokens over the whole mock; an exchange past it answers 400 invalid_request. */
  accessTokens: number;
  /** Webhook deliveries kept for GET /_mock/deliveries: the oldest are forgotten. */
  deliveries: number;
}

export const defaultCaps: Caps = {
  posts: 100_000,
  media: 20_000,
  ledgerEntries: 200_000,
  openTickets: 1_000,
  briefDocuments: 1_000,
  briefRevisions: 100,
  notifications: 1_000,
  webhooks: 100,
  workspaces: 100,
  pendingConsents: 1_000,
  authorizationCodes: 1_000,
  accessTokens: 10_000,
  deliveries: 1_000,
};

/** The refusal at a cap: it names the number, what to do, and that it is the mock's bound, not the API's. */
export function atCap(cap: keyof Caps, limit: number, what: string) {
  return invalid(`This mock keeps at most ${limit} ${what}; delete some, reset the mock, or raise caps.${cap} with PUT /_mock/limits (a bound of the mock, not of the API)`);
}

/** Refuse before anything changes when `adding` more would pass the cap. */
export function ensureRoom(caps: Caps, cap: keyof Caps, count: number, adding: number, what: string): void {
  if (adding > 0 && count + adding > caps[cap]) throw atCap(cap, caps[cap], what);
}

/** Forget the oldest entries of an insertion-ordered map until it holds at most `max` (Maps iterate oldest first). */
export function forgetOldest<K, V>(map: Map<K, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}

/** Drop the oldest entries of an array kept oldest first, so it holds at most `max`. */
export function keepNewest<T>(list: T[], max: number): void {
  if (list.length > max) list.splice(0, list.length - max);
}
