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
  /** 64 MiB: some 55,000 ordinary posts (about 1.2 KB each, counted as costBytes measures); one key's posts, brief, media and webhooks together stay under 120 MiB. */
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
// measured once, as the larger of its heap cost and the UTF-8 length of its JSON (what a scenario export would write
// for it), and every store keeps a running total, adjusted as records come and go: no write rescans the store.

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

/**
 * The bytes of a value's JSON, as `JSON.stringify` writes it in UTF-8. Plain data (objects and arrays of strings,
 * numbers, booleans and null: every record a store keeps, every journal entry) is counted as it would be written,
 * without writing it: serialising a record only to measure it, then walking the text once more for its UTF-8 length,
 * was most of what keeping a post cost. Anything else (a `toJSON`, a class instance, a bigint, nesting past 64 levels,
 * a cycle) is serialised to be counted, so the figure is always the serialisation's, and what throws there still does.
 */
export function jsonBytes(value: unknown): number {
  const n = countJson(value, 0);
  return n >= 0 ? n : utf8Length(JSON.stringify(value) ?? '');
}

/** Nesting past which a value is serialised rather than counted (which also ends a cycle where serialising would). */
const COUNT_DEPTH = 64;

/** The JSON bytes of a value, or -1 when it is not plain data (the caller serialises it then). */
function countJson(value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
      return jsonStringBytes(value);
    case 'number':
      return numberBytes(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      return -1; // undefined, a function or a symbol as the value itself, or a bigint: serialised
  }
  if (value === null) return 4;
  if (depth >= COUNT_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return -1;
  if (Array.isArray(value)) {
    let n = value.length === 0 ? 2 : value.length + 1; // the brackets and the commas between items
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // In an array, what JSON cannot hold (undefined, a hole, a function, a symbol) is written null.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') n += 4;
      else {
        const m = countJson(item, depth + 1);
        if (m < 0) return -1;
        n += m;
      }
    }
    return n;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return -1;
  let n = 1;
  let fields = 0;
  for (const key in value) {
    // An inherited field is not written; one on the prototype means someone changed Object.prototype: serialised then.
    if (!Object.hasOwn(value, key)) return -1;
    const item: unknown = (value as Record<string, unknown>)[key];
    // In an object, a field JSON cannot hold is left out.
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    const m = countJson(item, depth + 1);
    if (m < 0) return -1;
    n += jsonStringBytes(key) + 1 + m + 1; // "key": value, (the last comma is the closing brace)
    fields++;
  }
  return fields === 0 ? 2 : n;
}

/** A number as JSON writes it: a whole one (a time, a count) by its digits, without making the string. */
export function numberBytes(value: number): number {
  if (!Number.isFinite(value)) return 4; // NaN and the infinities are written null
  const size = Math.abs(value);
  if (!Number.isInteger(value) || size >= 1e21) return String(value).length;
  let digits = 1;
  for (let power = 10; power <= size; power *= 10) digits++;
  return value < 0 ? digits + 1 : digits;
}

/** A string's bytes in JSON, quotes included, as JSON.stringify escapes it (lone surrogates as \uXXXX). */
export function jsonStringBytes(text: string): number {
  let n = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x80) n += c === 0x22 || c === 0x5c ? 2 : 1;
    else if (c < 0x20) n += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += c >= 0xd800 && c <= 0xdfff ? 6 : 3;
  }
  return n;
}

// What a value costs on V8's heap (64-bit, no pointer compression: Node's build), an estimate at or above what V8 takes
// for every shape JSON.parse makes, measured per shape (`node --expose-gc`, heapUsed after parsing 200,000 of each):
// `{}` 64 bytes, `[]` 40, `[{}]` 120, `{"a":1,"b":2,"c":3}` 56, a short string 32, an object of one unique key 184.
// JSON counts `[{},{},…]` at 3 bytes an item, a twentieth of its 64 on the heap: a budget counted in JSON alone let
// one key hold some 40 times its budget. Each figure includes the 8-byte slot its parent holds it in.
const HEAP = {
  slot: 8,
  /** A string's header; its characters take 1 byte each (2 when one is past U+00FF), rounded up to 8. */
  string: 16,
  /** A number that is not a small integer is a boxed double. */
  heapNumber: 16,
  /** An object's map, properties and elements pointers; V8 gives an empty or small literal 4 in-object slots. */
  object: 24,
  objectSlots: 4,
  /** An array's header, and its backing store's header when it has items. */
  array: 32,
  backing: 16,
  /** A key beyond a record's first DISTINCT_KEYS_FREE distinct ones: its own hidden class, descriptors and name. */
  newKey: 128,
} as const;
/** Keys a record's shape has up to this many distinct of share hidden classes with every record like it: free. */
const DISTINCT_KEYS_FREE = 64;

const round8 = (n: number) => (n + 7) & ~7;

/** A string's characters on the heap. */
function stringHeap(text: string): number {
  let wide = false;
  for (let i = 0; i < text.length && !wide; i++) wide = text.charCodeAt(i) > 0xff;
  return HEAP.slot + HEAP.string + round8(wide ? text.length * 2 : text.length);
}

/**
 * Where a record sits in a state file, in levels of two spaces: a post row at 4 (workspaces[i].posts[j]), a brief
 * revision at 6 (workspaces[i].brief.history[j].revisions[k]), the deepest a store's record sits.
 */
const STATE_FILE_LEVEL = 6;

/**
 * What `value` costs the process, in bytes: an estimate at or above V8's heap for plain data (see HEAP), and what a
 * state file adds to its JSON by writing it two spaces a level (`JSON.stringify(doc, null, 2)`, at STATE_FILE_LEVEL):
 * a line and its indentation for each item and field, and a closing line for each non-empty container, so that deep
 * nesting (64 levels of `[[…]]`) costs its text too. Iterative, so no nesting a store can hold makes it recurse.
 */
export function costBytes(value: unknown): { heap: number; indentation: number } {
  let heap = 0;
  let indentation = 0;
  const keys = new Set<string>();
  const stack: Array<[unknown, number]> = [[value, STATE_FILE_LEVEL]];
  while (stack.length > 0) {
    const [v, level] = stack.pop()!;
    switch (typeof v) {
      case 'string':
        heap += stringHeap(v);
        continue;
      case 'number':
        heap += HEAP.slot + (Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? 0 : HEAP.heapNumber);
        continue;
      case 'object':
        break;
      default:
        heap += HEAP.slot;
        continue;
    }
    if (v === null) {
      heap += HEAP.slot;
      continue;
    }
    const line = 1 + 2 * (level + 1);
    if (Array.isArray(v)) {
      heap += HEAP.slot + HEAP.array + (v.length > 0 ? HEAP.backing : 0);
      if (v.length > 0) indentation += v.length * line + 1 + 2 * level;
      for (let i = 0; i < v.length; i++) stack.push([v[i], level + 1]);
      continue;
    }
    let fields = 0;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      fields++;
      stack.push([(v as Record<string, unknown>)[key], level + 1]);
      if (keys.has(key)) continue;
      if (keys.size < DISTINCT_KEYS_FREE) keys.add(key);
      else heap += HEAP.newKey + stringHeap(key);
    }
    heap += HEAP.slot + HEAP.object + HEAP.slot * Math.max(0, HEAP.objectSlots - fields);
    if (fields > 0) indentation += fields * (line + 1) + 1 + 2 * level; // each field's line, and the space after its colon
  }
  return { heap, indentation };
}

/** The heap part of costBytes: an estimate at or above what V8 takes for `value`. */
export function heapBytes(value: unknown): number {
  return costBytes(value).heap;
}

/** Each stored record's size, measured once (a record changed in place keeps the size it was counted with). */
const measured = new WeakMap<object, number>();

/**
 * A record's size in bytes, measured the first time it is asked for: what it costs the process, on the heap or
 * written out in a state file, whichever is more (an export writes it without the indentation: less).
 */
export function recordBytes(record: object): number {
  let n = measured.get(record);
  if (n === undefined) {
    const { heap, indentation } = costBytes(record);
    n = Math.max(heap, jsonBytes(record) + indentation);
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
    `This mock keeps at most ${limit} bytes${mib(limit)} of ${what} (measured on the heap or as JSON, whichever is more); delete some, reset the mock, or raise caps.${cap} with PUT /_mock/limits (a bound of the mock, not of the API)`,
  );
}

/** Refuse before anything changes when `adding` bytes more would pass the budget (a change that frees bytes always passes). */
export function ensureBytes(caps: Caps, cap: ByteCap, held: number, adding: number, what: string): void {
  if (adding > 0 && held + adding > caps[cap]) throw atBudget(cap, caps[cap], what);
}

/** The idle mock's own heap (documents, validators, the seeded world), with room for its first requests' code. */
export const BASE_HEAP_BYTES = 96 * MiB;
/** The stores without a byte budget (ledger, notifications, the hourly counters) and what V8 keeps of its own. */
export const UNBUDGETED_HEAP_BYTES = 16 * MiB;

/**
 * The old space the mock needs at most with `workspaces` workspaces filled to every budget: its own base, and twice
 * what the budgets hold (the records, and a state file's text its keeper holds, which is at most as much). The command
 * line starts the mock with this heap limit (cli/heap.ts), so that under any load V8 collects within the documented
 * ceiling rather than growing to its own default, which depends on the machine.
 */
export function heapLimitBytes(caps: Pick<Caps, ByteCap>, workspaces = 3): number {
  const perWorkspace = caps.postBytes + caps.mediaBytes + caps.briefBytes + caps.webhookBytes;
  const shared = caps.pendingConsentBytes + caps.deliveryBytes + caps.journalBytes;
  return BASE_HEAP_BYTES + 2 * (workspaces * perWorkspace + shared) + UNBUDGETED_HEAP_BYTES;
}
