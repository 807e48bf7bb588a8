// Simulated network latency on the public API (`--latency`): fixed, a range, or per operation, seeded so a run repeats.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface LatencyRange {
  min: number;
  max: number;
}

export interface LatencyPlan {
  default: LatencyRange | null;
  operations: Record<string, LatencyRange>;
}

/** The longest delay taken: a minute is past any loading state worth watching, and past most clients' timeouts. */
export const MAX_LATENCY_MS = 60_000;

export const LATENCY_SYNTAX = "'off', '200', '100-800', or 'createPosts=1500,listPosts=50-200,100' (operationId=ms or min-max, and an optional default)";

/** A malformed `--latency` value; the message names the part that is wrong. */
export class LatencySyntaxError extends Error {}

function range(text: string, whole: string): LatencyRange {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new LatencySyntaxError(`${whole}: '${text}' is not milliseconds or min-max; expected ${LATENCY_SYNTAX}`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new LatencySyntaxError(`${whole}: '${text}' has its maximum below its minimum`);
  if (max > MAX_LATENCY_MS) throw new LatencySyntaxError(`${whole}: '${text}' is over ${MAX_LATENCY_MS} ms`);
  return { min, max };
}

/**
 * Parse the `--latency` syntax. `operations` lists the operationIds a per-operation entry may name (a typo would
 * otherwise never apply); omit it to accept any name.
 */
export function parseLatency(text: string, operations?: readonly string[]): LatencyPlan | null {
  const whole = text.trim();
  if (whole === '' || whole.toLowerCase() === 'off') return null;
  const plan: LatencyPlan = { default: null, operations: {} };
  for (const part of whole.split(',')) {
    const item = part.trim();
    if (item === '') throw new LatencySyntaxError(`${whole}: an empty item; expected ${LATENCY_SYNTAX}`);
    const eq = item.indexOf('=');
    if (eq < 0) {
      if (plan.default) throw new LatencySyntaxError(`${whole}: two defaults ('${item}'); give one value without an operation`);
      plan.default = range(item, whole);
      continue;
    }
    const name = item.slice(0, eq).trim();
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new LatencySyntaxError(`${whole}: '${name}' is not an operationId`);
    if (operations && !operations.includes(name)) throw new LatencySyntaxError(`${whole}: no public operation is called '${name}' (e.g. ${operations.slice(0, 3).join(', ')})`);
    if (Object.hasOwn(plan.operations, name)) throw new LatencySyntaxError(`${whole}: '${name}' is given twice`);
    plan.operations[name] = range(item.slice(eq + 1), whole);
  }
  return plan;
}

/** The plan written back in the flag's syntax (what GET /_mock/latency answers). */
export function formatLatency(plan: LatencyPlan | null): string {
  if (!plan) return 'off';
  const r = (x: LatencyRange) => (x.min === x.max ? `${x.min}` : `${x.min}-${x.max}`);
  const items = Object.entries(plan.operations).map(([op, x]) => `${op}=${r(x)}`);
  if (plan.default) items.push(r(plan.default));
  return items.join(',');
}

/** String hash (FNV-1a), so each operation gets its own stream from one seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * Draws each request's delay. Every operation has its own seeded stream, so the n-th `listPosts` waits the same
 * whatever other requests ran between: a frontend firing requests in parallel still sees a run repeat.
 */
export class Latency {
  #plan: LatencyPlan | null;
  #seed: number;
  #streams = new Map<string, ReturnType<typeof xoroshiro128plus>>();

  constructor(plan: LatencyPlan | null, seed: number) {
    this.#plan = plan;
    this.#seed = seed;
  }

  get plan(): LatencyPlan | null {
    return this.#plan;
  }

  get seed(): number {
    return this.#seed;
  }

  /** A new plan or seed; every stream starts again. */
  set(plan: LatencyPlan | null, seed = this.#seed): void {
    this.#plan = plan;
    this.#seed = seed;
    this.#streams.clear();
  }

  /** Milliseconds to hold `operationId`'s answer; 0 when latency is off for it. */
  draw(operationId: string): number {
    const r = this.#plan ? (this.#plan.operations[operationId] ?? this.#plan.default) : null;
    if (!r || r.max === 0) return 0;
    if (r.min === r.max) return r.min;
    let rng = this.#streams.get(operationId);
    if (!rng) {
      rng = xoroshiro128plus(this.#seed ^ hash(operationId));
      this.#streams.set(operationId, rng);
    }
    // 32 random bits mapped onto the range; the bias is below one part in 2^32 / 60,001.
    return r.min + Math.floor(((rng.next() >>> 0) / 0x1_0000_0000) * (r.max - r.min + 1));
  }
}

/** Wait `ms`, or less when the client goes away (nobody is left to see the answer). Uses the global timers, so tests can fake them. */
export function hold(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
