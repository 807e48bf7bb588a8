// Polite to real servers: at most --max-rps requests a second, and a 429 answered by waiting (Retry-After, or a short
// back-off) and asking again, never reported as the departure of the check that met it. A check that expects the 429
// (the hourly post limit) marks its request so the answer reaches it as sent.
//
// A production server limits posts per workspace per hour and may say nothing of when to come back (section 8 promises
// no header). Backing off for half a minute a request then made a keys-only run look hung for most of an hour: once a
// workspace's POST /posts meets a 429 that does not clear at once, that workspace is limited for the rest of the run,
// and every later post there is "not verified" before it is sent.
import { NotVerified } from './not-verified.ts';

/** Set on a RequestInit (as a symbol, so it is never sent) when the check itself is asking for a 429. */
export const EXPECT_429 = Symbol('spw.expect429');

export interface PoliteOptions {
  /** Requests per second at most, over the whole run; undefined or 0: no cap. */
  maxRps?: number;
  /** The longest single wait a 429 may ask for before the check is not verified instead (ms). */
  maxWaitMs?: number;
  /** How many times one request is asked again after a 429 that says how long to wait. */
  retries?: number;
  /** How many times after a 429 that does not say (1 s, then 2 s...): a burst limiter clears by then, an hourly one not. */
  unknownRetries?: number;
  /** What a credential stands for, in a message ("the paid workspace"); never the credential itself. */
  describeKey?: (authorization: string) => string;
  /** For tests: the clock and the sleep. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** What the run's 429s and rate cap cost, for the summary. */
export interface PoliteStats {
  limited: number;
  waitedMs: number;
  /** Per credential that posted: posts accepted, and whether the target's post limit closed it for the run. */
  posts: Map<string, { accepted: number; closed?: string }>;
  /** What the run is waiting for right now (a 429's wait), for the progress line. */
  waiting?: { what: string; until: number };
  /** Requests sent and not yet answered, by when they were sent (performance.now()), for the progress line. */
  inflight: Map<number, { what: string; since: number }>;
}

/** POST /posts, the operation a workspace's hourly limit counts (section 8). */
const isPost = (method: string, url: string) => method === 'POST' && /\/posts\/?$/.test(new URL(url).pathname);

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
  const unknownRetries = options.unknownRetries ?? 2;
  const describe = options.describeKey ?? (() => 'a workspace');
  const stats: PoliteStats = { limited: 0, waitedMs: 0, posts: new Map(), inflight: new Map() };
  let ids = 0;
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
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    const what = `${method} ${url}`;
    const key = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('authorization') ?? '';
    const posting = isPost(method, url) && !expects;
    const budget = posting ? (stats.posts.get(key) ?? stats.posts.set(key, { accepted: 0 }).get(key)!) : undefined;
    if (budget?.closed) throw new RateLimited(budget.closed);
    /** This workspace posts no more in this run: the limit's wait is unknown, or longer than a run waits. */
    const close = (why: string): never => {
      if (budget) budget.closed = `the target's post limit for ${describe(key)} was reached after ${budget.accepted} post(s) accepted in this run (${why}); later posts there are not sent`;
      throw new RateLimited(budget?.closed ?? `the target answered 429 to ${what} (${why})`);
    };
    for (let attempt = 0; ; attempt++) {
      await pace();
      const id = ids++;
      stats.inflight.set(id, { what, since: now() });
      let response: Response;
      try {
        response = await inner(next(attempt), init);
      } finally {
        stats.inflight.delete(id);
      }
      if (response.status !== 429 || expects) {
        if (budget && response.ok) budget.accepted++;
        return response;
      }
      stats.limited++;
      await response.body?.cancel();
      const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (asked !== undefined && asked > maxWait) close(`429 to ${what} asking to wait ${Math.round(asked / 1000)} s, longer than the ${maxWait / 1000} s a run waits; Retry-After honoured, not a departure`);
      if (asked === undefined && attempt >= unknownRetries) close(`429 to ${what} ${attempt + 1} times with no Retry-After, so the wait is unknown; not a departure`);
      if (attempt >= retries) throw new RateLimited(`the target answered 429 to ${what} ${attempt + 1} times in a row (each wait honoured, not a departure)`);
      const wait = asked ?? 1000 * 2 ** attempt;
      stats.waitedMs += wait;
      stats.waiting = { what: `a 429 on ${what}${asked === undefined ? ' (no Retry-After)' : ''}`, until: now() + wait };
      try {
        await sleep(wait);
      } finally {
        stats.waiting = undefined;
      }
    }
  };
  return { fetch: wrapped as typeof fetch, stats };
}
