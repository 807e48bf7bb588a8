// Bounds on everything a client can make the mock keep. The reference sets none of these numbers: each is a mock decision, changeable through PUT /_mock/limits.
import type { components } from '../../spec/generated/control.d.ts';
import { invalid } from './errors.ts';

/** One number per store, named and described where the control API documents them (`Caps` in spec/control.yaml). */
export type Caps = components['schemas']['Caps'];

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
  journal: 1_000,
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
