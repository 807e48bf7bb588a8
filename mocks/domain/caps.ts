// Bounds on everything a client can make the mock keep. The reference sets none of these numbers: each is a mock decision, changeable through PUT /_mock/limits.
import type { components } from '../../spec/generated/control.d.ts';
import { invalid } from './errors.ts';

/** One number per store, named and described where the control API documents them (`Caps` in spec/control.yaml). */
export type Caps = components['schemas']['Caps'];

const MiB = 1024 * 1024;

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
  // Budgets in bytes, each far above what a real frontend keeps (a post's record is about 1 KB, a brief document a few
  // KB, a media record 300 bytes) and low enough that one key cannot take the process's memory: see postBytes' note.
  /** 64 MiB: some 60,000 ordinary posts; one key's posts, brief, media and webhooks together stay under 120 MiB. */
  postBytes: 64 * MiB,
  /** 32 MiB of documents and revisions: a save forgets its own document's oldest revisions before it is refused. */
  briefBytes: 32 * MiB,
  /** 16 MiB: more than 20,000 (the media cap) records with ordinary names; the files are on disk, not in this. */
  mediaBytes: 16 * MiB,
  /** 1 MiB: 100 webhooks (the cap) of some 10 KB each; a real one is a name, a URL and a few channel ids. */
  webhookBytes: 1 * MiB,
  /** 4 MiB over the mock: 1,000 pages (the cap) with a `state` of 4 KB each, more than any OAuth client sends. */
  pendingConsentBytes: 4 * MiB,
  /** 16 MiB over the mock: 1,000 deliveries (the cap) of a 16 KB post each. */
  deliveryBytes: 16 * MiB,
  /** 32 MiB over the mock: 1,000 entries (the cap) even with `--journal-bodies` keeping 16 KiB of each body. */
  journalBytes: 32 * MiB,
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

// ---------------------------------------------------------------------------------------------------------------
// Budgets in bytes. A record cap alone lets one request's worth of text (up to the 5 MiB body limit) be kept
// thousands of times; each store a client can write also has a budget on the bytes it holds. A stored record is
// measured once, as the UTF-8 length of its JSON (what a scenario export would write for it), and every store
// keeps a running total, adjusted as records come and go: no write rescans the store.

/** The caps that are budgets in bytes, and what each one holds (for the refusal's wording). */
export type ByteCap = 'postBytes' | 'briefBytes' | 'mediaBytes' | 'webhookBytes' | 'pendingConsentBytes' | 'deliveryBytes' | 'journalBytes';

/** UTF-8 length of a string, without encoding it. A lone surrogate counts as the 3 bytes of U+FFFD it encodes to. */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: 2 code units, 4 bytes
      i++;
    } else n += 2;
  }
  return n;
}

/** The bytes of a value's JSON. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? '');
}

/** Each stored record's size, measured once (a record changed in place keeps the size it was counted with). */
const measured = new WeakMap<object, number>();

/** A record's size in bytes, measured the first time it is asked for. */
export function recordBytes(record: object): number {
  let n = measured.get(record);
  if (n === undefined) {
    n = jsonBytes(record);
    measured.set(record, n);
  }
  return n;
}

/** The running total of each store (the store's own object is the key, so a store replaced by a reset starts over). */
const totals = new WeakMap<object, number>();

/**
 * The bytes `store` holds. The first call counts `records()` once; from then on the total is kept by `adjustBytes`,
 * which every change to the store must call (a change before the first call needs none: the count sees it).
 */
export function heldBytes(store: object, records: () => Iterable<object>): number {
  let n = totals.get(store);
  if (n === undefined) {
    n = 0;
    for (const r of records()) n += recordBytes(r);
    totals.set(store, n);
  }
  return n;
}

/** Records of `bytes` came into (positive) or left (negative) `store`. */
export function adjustBytes(store: object, bytes: number): void {
  const n = totals.get(store);
  if (n !== undefined) totals.set(store, n + bytes);
}

const mib = (bytes: number) => (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? ` (${bytes / (1024 * 1024)} MiB)` : '');

/** The refusal at a budget: the number, what to do, and that it is the mock's bound, not the API's. */
export function atBudget(cap: ByteCap, limit: number, what: string) {
  return invalid(
    `This mock keeps at most ${limit} bytes${mib(limit)} of ${what} (measured as JSON); delete some, reset the mock, or raise caps.${cap} with PUT /_mock/limits (a bound of the mock, not of the API)`,
  );
}

/** Refuse before anything changes when `adding` bytes more would pass the budget (a change that frees bytes always passes). */
export function ensureBytes(caps: Caps, cap: ByteCap, held: number, adding: number, what: string): void {
  if (adding > 0 && held + adding > caps[cap]) throw atBudget(cap, caps[cap], what);
}
