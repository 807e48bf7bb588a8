// Polite to real servers: at most --max-rps requests a second, and a 429 answered by waiting (Retry-After, or a
// growing back-off) and asking again, never reported as the departure of the check that met it. A check that expects
// the 429 (the hourly post limit) marks its request so the answer reaches it as sent.
import { NotVerified } from './not-verified.ts';

/** Set on a RequestInit (as a symbol, so it is never sent) when the check itself is asking for a 429. */
export const EXPECT_429 = Symbol('spw.expect429');

export interface PoliteOptions {
  /** Requests per second at most, over the whole run; undefined or 0: no cap. */
  maxRps?: number;
  /** The longest single wait a 429 may ask for before the check is not verified instead (ms). */
  maxWaitMs?: number;
  /** How many times one request is asked again after a 429. */
  retries?: number;
  /** For tests: the clock and the sleep. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** What the run's 429s and rate cap cost, for the summary. */
export interface PoliteStats {
  limited: number;
  waitedMs: number;
}

/** A 429 whose wait was longer than the run allows, or that did not clear: the check could not see its answer. */
export class RateLimited extends NotVerified {}

/** Seconds (or an HTTP date) in Retry-After, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  // An HTTP date names its day ("Wed, 21 Oct 2026 07:28:00 GMT"); a bare number that is not seconds is no date.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function politeFetch(inner: typeof fetch, options: PoliteOptions = {}): { fetch: typeof fetch; stats: PoliteStats } {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxWait = options.maxWaitMs ?? 60_000;
  const retries = options.retries ?? 5;
  const stats: PoliteStats = { limited: 0, waitedMs: 0 };
  const gap = options.maxRps && options.maxRps > 0 ? 1000 / options.maxRps : 0;
  // The instant the next request may start: each request books the slot after the last one (a queue, fair by order).
  let nextSlot = 0;
  const pace = async () => {
    if (gap === 0) return;
    const t = now();
    const slot = Math.max(t, nextSlot);
    nextSlot = slot + gap;
    if (slot > t) await sleep(slot - t);
  };
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const expects = Boolean(init && (init as Record<symbol, unknown>)[EXPECT_429]);
    // A Request's body can be read once: keep a copy to ask again with, made before the first send uses it up. The
    // first send is the caller's own object (a transport may look at what it is).
    let spare = input instanceof Request && input.body ? input.clone() : undefined;
    const next = (attempt: number): RequestInfo | URL => {
      if (attempt === 0 || !spare) return input;
      const copy = spare;
      spare = spare.clone();
      return copy;
    };
    for (let attempt = 0; ; attempt++) {
      await pace();
      const response = await inner(next(attempt), init);
      if (response.status !== 429 || expects) return response;
      stats.limited++;
      const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
      const wait = asked ?? Math.min(maxWait, 1000 * 2 ** attempt);
      const what = `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${input instanceof Request ? input.url : String(input)}`;
      if (wait > maxWait) {
        await response.body?.cancel();
        throw new RateLimited(`the target answered 429 to ${what} and asked to wait ${Math.round(wait / 1000)} s, longer than the ${maxWait / 1000} s a run waits (Retry-After honoured, not a departure)`);
      }
      if (attempt >= retries) {
        await response.body?.cancel();
        throw new RateLimited(`the target answered 429 to ${what} ${attempt + 1} times in a row (each wait honoured, not a departure)`);
      }
      await response.body?.cancel();
      stats.waitedMs += wait;
      await sleep(wait);
    }
  };
  return { fetch: wrapped as typeof fetch, stats };
}
