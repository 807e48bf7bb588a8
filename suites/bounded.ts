// What verify and replay read of a target's answers, bounded: a target is a server the user may not own (a broken
// staging server, a hostile one), and a release gate pointed at it must end with a verdict, never an out-of-memory
// kill or a wait without end. Every request of a run goes through this one layer (suites/target.ts puts it under the
// polite and recording layers), so each bound holds for the checks, the hook and the response checks alike:
//   - an answer's body is read as a stream and given up past `maxBytes` of what it decodes to (a gzip bomb is bounded
//     by its decoded size, a 600 MB answer is never held: at most `maxBytes` of it is);
//   - a request has `timeoutMs` for its whole answer, head and body (a slow drip ends too);
//   - a JSON answer holding a list longer than `maxListItems` is not walked;
//   - a redirect is never followed: it is the answer, recorded as sent (a 3xx the contract does not document is a
//     finding of its own), and a key never goes where the target points;
//   - an answer head over Node's limit (16 KiB; `node --max-http-header-size`) is refused by Node before it is held.
// A bound hit is a departure on the operation asked ("answer larger than 16 MiB"), and the run goes on. Once an
// operation has let a request time out, it is not waited on again: the next requests to it fail at once with the same
// finding, so a target that never answers costs one timeout per operation, not one per generated case.
import { CheckFailed } from './check-failed.ts';

export interface AnswerBounds {
  /** Bytes of an answer's body (decoded from any content-encoding) read at most. */
  maxBytes: number;
  /** Milliseconds a request has for its whole answer. */
  timeoutMs: number;
  /** Items a list in a JSON answer may hold. */
  maxListItems: number;
}

/**
 * The defaults: far above any answer the contract describes (its largest, a page of posts or the media library, is
 * well under 1 MiB), far below what endangers the run. curl bounds nothing by default; Schemathesis times requests out.
 */
export const DEFAULT_BOUNDS: AnswerBounds = { maxBytes: 16 * 1024 * 1024, timeoutMs: 30_000, maxListItems: 10_000 };

/** The largest values a flag (or a report) may raise them to: still an answer a run can hold. */
export const BOUND_LIMITS: AnswerBounds = { maxBytes: 1024 * 1024 * 1024, timeoutMs: 3_600_000, maxListItems: 10_000_000 };

export type BoundKind = 'size' | 'time' | 'list' | 'headers';

/** A bound hit: a departure on the operation asked. */
export class BoundHit extends CheckFailed {
  readonly bound: BoundKind;
  constructor(bound: BoundKind, received: string, documented: string) {
    super({ received, documented });
    this.bound = bound;
  }
}

/** A size as people write it: `16MiB`, `512k`, `2G`, or bytes. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase()[0]!;
  const n = Math.round(Number(m[1]) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A size as people read it. */
export function showSize(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GiB`;
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const seconds = (ms: number) => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

export function tooLarge(bounds: AnswerBounds): BoundHit {
  return new BoundHit('size', `an answer larger than ${showSize(bounds.maxBytes)} (read no further)`, `an answer a client can hold: at most ${showSize(bounds.maxBytes)} decoded (--max-answer-size raises it)`);
}

export function tooSlow(bounds: AnswerBounds, again = false): BoundHit {
  return new BoundHit(
    'time',
    `no whole answer in ${seconds(bounds.timeoutMs)}${again ? ' (an earlier request to this operation got none either; not waited for again)' : ''}`,
    `an answer within ${seconds(bounds.timeoutMs)} (--request-timeout raises it)`,
  );
}

function headersTooLarge(): BoundHit {
  return new BoundHit('headers', 'answer headers larger than Node reads (16 KiB unless node --max-http-header-size)', 'an answer whose head a client can read');
}

/** The length of the longest list in a JSON value, walking at most until one is over `max`. */
export function longestList(value: unknown, max: number): number {
  let longest = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      longest = Math.max(longest, v.length);
      if (longest > max) return longest;
      for (const x of v) if (x !== null && typeof x === 'object') stack.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const x of Object.values(v)) if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  return longest;
}

export function tooLong(bounds: AnswerBounds, items: number): BoundHit {
  return new BoundHit('list', `a list of ${items > bounds.maxListItems ? `more than ${bounds.maxListItems}` : items} items (not walked)`, `lists a client can walk: at most ${bounds.maxListItems} items (--max-list-items raises it)`);
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `inner` with the bounds: the answer's body comes back as a stream that errors with a BoundHit past `maxBytes` or
 * past the deadline; a request that gets no head in time, or a head Node refuses, throws one. `key(input, init)`
 * names the operation a timeout is remembered by.
 */
export function boundedFetch(inner: typeof fetch, bounds: AnswerBounds, key: (method: string, url: string) => string = (m, u) => `${m} ${u}`): typeof fetch {
  const timedOut = new Set<string>();
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    const op = key(method, url);
    if (timedOut.has(op)) throw tooSlow(bounds, true);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), bounds.timeoutMs);
    // An answer whose body nobody reads must not keep the process alive until its deadline.
    timer.unref?.();
    const signals = [deadline.signal, ...(init?.signal ? [init.signal] : input instanceof Request ? [input.signal] : [])];
    const signal = AbortSignal.any(signals);
    const late = () => {
      timedOut.add(op);
      return tooSlow(bounds);
    };
    let response: Response;
    try {
      // A Request carries its own signal and redirect mode: it is made again with the bounded ones.
      response =
        input instanceof Request
          ? await inner(new Request(input, { signal, redirect: 'manual', ...(input.body ? { duplex: 'half' } : {}) } as RequestInit))
          : await inner(input, { ...init, signal, redirect: 'manual' });
    } catch (err) {
      clearTimeout(timer);
      if (deadline.signal.aborted) throw late();
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW') throw headersTooLarge();
      throw err;
    }
    // A declared length says it at once, unless it counts encoded bytes (the bound is on what they decode to).
    const declared = response.headers.has('content-encoding') ? NaN : Number(response.headers.get('content-length'));
    if (response.body && Number.isFinite(declared) && declared > bounds.maxBytes) {
      clearTimeout(timer);
      await response.body.cancel().catch(() => {});
      throw tooLarge(bounds);
    }
    if (!response.body || NO_BODY.has(response.status)) {
      clearTimeout(timer);
      return response;
    }
    const reader = response.body.getReader();
    let read = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            clearTimeout(timer);
            controller.close();
            return;
          }
          read += value.byteLength;
          if (read > bounds.maxBytes) {
            clearTimeout(timer);
            await reader.cancel().catch(() => {});
            controller.error(tooLarge(bounds));
            return;
          }
          controller.enqueue(value);
        } catch (err) {
          clearTimeout(timer);
          controller.error(deadline.signal.aborted ? late() : err);
        }
      },
      async cancel(reason) {
        clearTimeout(timer);
        await reader.cancel(reason).catch(() => {});
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return wrapped as typeof fetch;
}

/** A body read as text, its bound errors thrown as they are (a stream's error may arrive wrapped in a TypeError). */
export async function boundedText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof BoundHit) throw cause;
    throw err;
  }
}

/** The bounds the flags give (`--max-answer-size`, `--request-timeout` in seconds, `--max-list-items`); throws on a bad value. */
export function boundsOf(opts: { maxAnswerSize?: string | number; requestTimeout?: string | number; maxListItems?: string | number }): Partial<AnswerBounds> {
  const out: Partial<AnswerBounds> = {};
  if (opts.maxAnswerSize !== undefined) {
    const n = parseSize(String(opts.maxAnswerSize));
    if (n === undefined || n > BOUND_LIMITS.maxBytes) throw new Error(`--max-answer-size ${opts.maxAnswerSize}: expected a size such as 16MiB, 512k or bytes, at most ${showSize(BOUND_LIMITS.maxBytes)}`);
    out.maxBytes = n;
  }
  if (opts.requestTimeout !== undefined) {
    const s = Number(opts.requestTimeout);
    if (String(opts.requestTimeout).trim() === '' || !(s > 0) || s * 1000 > BOUND_LIMITS.timeoutMs) throw new Error(`--request-timeout ${opts.requestTimeout}: expected seconds above 0, at most ${BOUND_LIMITS.timeoutMs / 1000}`);
    out.timeoutMs = Math.round(s * 1000);
  }
  if (opts.maxListItems !== undefined) {
    const n = Number(opts.maxListItems);
    if (String(opts.maxListItems).trim() === '' || !Number.isInteger(n) || n < 1 || n > BOUND_LIMITS.maxListItems) throw new Error(`--max-list-items ${opts.maxListItems}: expected a whole number from 1 to ${BOUND_LIMITS.maxListItems}`);
    out.maxListItems = n;
  }
  return out;
}
