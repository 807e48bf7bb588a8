// A Map of records that also keeps them sorted by a time that never changes once stored: range reads cost
// O(log n + k) instead of a scan of everything, so a calendar of a million posts reads a week as fast as one of 1,000
// (scripts/bench-growth.ts measures it). Records are replaced, never re-timed in place, by the code that stores them.
//
// The sorted order lives in chunks of at most 2 × `load` records (the layout of Python's sortedcontainers): storing
// or deleting one record moves at most a chunk's worth, where one sorted array moved half of everything. At 400,000
// posts a splice into one array took half a millisecond per stored post, and the array's regrowth stalled for
// seconds; a B-tree library would need a tie-breaking sequence kept beside each record to hold equal times in
// storing order, which the chunks give for free.

/** The first position in `sorted` whose time is >= `t` (or > `t` with `after`). */
function bound<T>(sorted: readonly T[], time: (v: T) => number, t: number, after: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = time(sorted[mid]!);
    if (m < t || (after && m === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first chunk whose last time is >= `t` (or > `t` with `after`); `lasts.length` if none. */
function chunkFor(lasts: readonly number[], t: number, after: boolean): number {
  return bound(lasts, (x) => x, t, after);
}

/** Records per chunk before one splits in two: small enough that a splice is a short copy, large enough that the chunk list stays short. */
const DEFAULT_LOAD = 512;

export class TimeIndexedMap<V> extends Map<string, V> {
  /** Non-empty chunks, each sorted, every record of one no later than any of the next. */
  readonly #chunks: V[][] = [];
  /** The time of each chunk's last record, for the binary search over chunks. */
  readonly #lasts: number[] = [];
  readonly #time: (v: V) => number;
  readonly #size: (v: V) => number;
  readonly #load: number;
  #bytes = 0;

  /**
   * `size` measures a record for `bytes` (it must give the same number for the same record each time it is asked).
   * `load` sets the chunk size (tests make it tiny so that splits and merges happen in a few records).
   */
  constructor(time: (v: V) => number, size: (v: V) => number = () => 0, load = DEFAULT_LOAD) {
    super();
    this.#time = time;
    this.#size = size;
    this.#load = Math.max(1, Math.floor(load));
  }

  /** The sum of `size` over the stored records, kept as they are stored and deleted (every path that stores goes through here). */
  get bytes(): number {
    return this.#bytes;
  }

  override set(key: string, value: V): this {
    const old = super.get(key);
    if (old !== undefined) {
      this.#unlink(old);
      this.#bytes -= this.#size(old);
    }
    this.#insert(value);
    this.#bytes += this.#size(value);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    const old = super.get(key);
    if (old === undefined) return false;
    this.#unlink(old);
    this.#bytes -= this.#size(old);
    return super.delete(key);
  }

  override clear(): void {
    this.#chunks.length = 0;
    this.#lasts.length = 0;
    this.#bytes = 0;
    super.clear();
  }

  /** Every record whose time is in [start, end], by time, then storing order. */
  between(start: number, end: number): V[] {
    const out: V[] = [];
    if (end < start) return out;
    for (let c = chunkFor(this.#lasts, start, false); c < this.#chunks.length; c++) {
      const chunk = this.#chunks[c]!;
      const from = out.length === 0 ? bound(chunk, this.#time, start, false) : 0;
      for (let i = from; i < chunk.length; i++) {
        const v = chunk[i]!;
        if (this.#time(v) > end) return out;
        out.push(v);
      }
    }
    return out;
  }

  /** After every record of the same time: equal times keep their storing order. */
  #insert(value: V): void {
    const t = this.#time(value);
    if (this.#chunks.length === 0) {
      this.#chunks.push([value]);
      this.#lasts.push(t);
      return;
    }
    const c = Math.min(chunkFor(this.#lasts, t, true), this.#chunks.length - 1);
    const chunk = this.#chunks[c]!;
    chunk.splice(bound(chunk, this.#time, t, true), 0, value);
    this.#lasts[c] = this.#time(chunk[chunk.length - 1]!);
    if (chunk.length > 2 * this.#load) {
      const tail = chunk.splice(this.#load);
      this.#chunks.splice(c + 1, 0, tail);
      this.#lasts.splice(c, 1, this.#time(chunk[chunk.length - 1]!), this.#time(tail[tail.length - 1]!));
    }
  }

  #unlink(value: V): void {
    const t = this.#time(value);
    for (let c = chunkFor(this.#lasts, t, false); c < this.#chunks.length; c++) {
      const chunk = this.#chunks[c]!;
      for (let i = bound(chunk, this.#time, t, false); i < chunk.length; i++) {
        const v = chunk[i]!;
        if (this.#time(v) !== t) break;
        if (v !== value) continue;
        chunk.splice(i, 1);
        if (chunk.length === 0) {
          this.#chunks.splice(c, 1);
          this.#lasts.splice(c, 1);
        } else {
          this.#lasts[c] = this.#time(chunk[chunk.length - 1]!);
        }
        return;
      }
      if (this.#lasts[c] !== t) break;
    }
    throw new Error('TimeIndexedMap: a stored record changed its time in place');
  }
}
