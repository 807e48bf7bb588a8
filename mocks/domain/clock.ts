// The mock's clock: real time by default, frozen, set or advanced by the control API. The domain never reads Date.now().

/**
 * The last instant the mock's clock may show: the end of the year 9999. From 1970 (0) to here every time prints as an
 * ISO 8601 date of four-digit years, which is what scenario and state files hold and read back.
 */
export const LATEST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** `ms` brought within 1970..9999: a workspace's time is the world's plus its lead, and neither may leave that range. */
export function clampToClockRange(ms: number): number {
  return Math.min(LATEST_TIME, Math.max(0, ms));
}

/** Whether an instant (ms) is one the clock may be set to. */
export function inClockRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= 0 && ms <= LATEST_TIME;
}

export interface Clock {
  /** Milliseconds since the epoch, as the mock sees it. */
  now(): number;
}

export interface MockClockOptions {
  /** Where real time comes from; the server edge passes Date.now, tests pass nothing and freeze. */
  realNow?: () => number;
  /** Start frozen at this instant (ms). */
  frozenAt?: number;
}

export class MockClock implements Clock {
  #realNow: () => number;
  #offset = 0;
  #frozenAt: number | null;

  constructor(options: MockClockOptions = {}) {
    this.#realNow = options.realNow ?? (() => options.frozenAt ?? 0);
    this.#frozenAt = options.frozenAt === undefined ? (options.realNow ? null : 0) : Math.floor(options.frozenAt);
  }

  /** Now; a running clock set near the end of 9999 stops there rather than run past what a state file can hold. */
  now(): number {
    return this.#frozenAt ?? Math.min(LATEST_TIME, this.#realNow() + this.#offset);
  }

  get frozen(): boolean {
    return this.#frozenAt !== null;
  }

  /** Stop time where it is now. */
  freeze(): void {
    this.#frozenAt = this.now();
  }

  /** Let time run again from where it stands. */
  unfreeze(): void {
    if (this.#frozenAt === null) return;
    this.#offset = this.#frozenAt - this.#realNow();
    this.#frozenAt = null;
  }

  /**
   * Jump to an instant; time keeps its frozen or running mode. Whole milliseconds only: every time the API shows is an
   * integer of them, and a fraction (a file's mtimeMs, a computed wait) would leak into stored times.
   */
  set(instant: number): void {
    const ms = Math.floor(instant);
    if (this.#frozenAt !== null) this.#frozenAt = ms;
    else this.#offset = ms - this.#realNow();
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }
}
