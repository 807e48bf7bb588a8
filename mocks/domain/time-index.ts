// A Map of records that also keeps them sorted by a time that never changes once stored: range reads cost
// O(log n + k) instead of a scan of everything, so a calendar of 100,000 posts reads a week as fast as one of 1,000.
// (scripts/bench-growth.ts measures it.) Records are replaced, never re-timed in place, by the code that stores them.

/** The first position in `sorted` whose time is >= `t` (or > `t` with `after`). */
function bound<T>(sorted: T[], time: (v: T) => number, t: number, after: boolean): number {
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

export class TimeIndexedMap<V> extends Map<string, V> {
  readonly #sorted: V[] = [];
  readonly #time: (v: V) => number;
  readonly #size: (v: V) => number;
  #bytes = 0;

  /** `size` measures a record for `bytes` (it must give the same number for the same record each time it is asked). */
  constructor(time: (v: V) => number, size: (v: V) => number = () => 0) {
    super();
    this.#time = time;
    this.#size = size;
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
    // After every record of the same time: equal times keep their storing order.
    this.#sorted.splice(bound(this.#sorted, this.#time, this.#time(value), true), 0, value);
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
    this.#sorted.length = 0;
    this.#bytes = 0;
    super.clear();
  }

  /** Every record whose time is in [start, end], by time, then storing order. */
  between(start: number, end: number): V[] {
    if (end < start) return [];
    return this.#sorted.slice(bound(this.#sorted, this.#time, start, false), bound(this.#sorted, this.#time, end, true));
  }

  #unlink(value: V): void {
    const t = this.#time(value);
    for (let i = bound(this.#sorted, this.#time, t, false); i < this.#sorted.length && this.#time(this.#sorted[i]!) === t; i++) {
      if (this.#sorted[i] === value) {
        this.#sorted.splice(i, 1);
        return;
      }
    }
    throw new Error('TimeIndexedMap: a stored record changed its time in place');
  }
}
