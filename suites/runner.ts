// Runs the selected checks against a target: an exploration sweep, each property check, response checks over every recorded answer.
import fc from 'fast-check';
import { getValidator } from '../spec/validator.ts';
import { ApiClient } from './client.ts';
import { curlOf, scriptOf } from './curl.ts';
import { discover, type Discovery } from './discover.ts';
import { Coverage, type CoverageReport } from './coverage.ts';
import type { Exchange } from './history.ts';
import { refreshKeys, KEY_KINDS, KEY_MEANING, type KeyKind, type Target } from './target.ts';
import { allChecks, assertions, asserted, CheckFailed, NotVerified, show, type Check, type CheckContext, type Failure, type PropertyOptions } from './checks/registry.ts';
import { inspectExchange, responseChecks as selectedResponseChecks } from './response-checks.ts';
import { sectionsOf } from './sections.ts';
import { shardOf, type Shard } from './shards.ts';
import { statesOfCheck, statesOfOutcome } from './states-map.ts';

export type Status = 'passed' | 'failed' | 'not verified';

export interface CheckResult {
  name: string;
  area: string;
  kind: Check['kind'];
  description: string;
  /** The reference sections the check enforces (read from its rule). */
  sections: string[];
  /** The provider states it set up or read through the hook, in the order first used. */
  states: string[];
  status: Status;
  /** Why it was not verified, or the parts it could not verify. */
  notes: string[];
  failures: Failure[];
  /** Assertions made: `ensure`, `ctx.expect`, `ctx.fail`, `asserted` (property checks); answers inspected (response checks). */
  assertions: number;
  requests: number;
  ms: number;
}

export interface RunReport {
  target: string;
  seed: number;
  runs: number;
  startedAt: string;
  durationMs: number;
  requests: number;
  requestsPerSecond: number;
  /** The provider-states hook the run set states up through, if any: with one, "not verified" fails the run. */
  hook?: string;
  /** Which shard of a sharded run this is: its coverage is only whole once merged (`spw report merge`). */
  shard?: Shard;
  /** The 429s the run waited out (Retry-After honoured) and the time it spent waiting. */
  limited: { answers: number; waitedMs: number };
  results: CheckResult[];
  /** Which documented outcomes were reached and asserted (suites/coverage.ts). */
  coverage: CoverageReport;
  ok: boolean;
}

export interface RunOptions {
  seed: number;
  runs: number;
  /** Check names or areas; all when empty. */
  checks?: string[];
  /** Run only this shard's property checks (the response checks inspect this shard's answers). */
  shard?: Shard;
  /** Each property check's duration in a previous run, to balance the shards. */
  durations?: Record<string, number>;
  onStart?(check: Check): void;
  onResult?(result: CheckResult): void;
}

/** Checks named or in the named areas, in registry order; unknown names are an error. */
export function selectChecks(selection: string[] | undefined): Check[] {
  const all = allChecks();
  if (!selection || selection.length === 0) return all;
  const wanted = new Set(selection.map((s) => s.trim()).filter(Boolean));
  const known = new Set([...all.map((c) => c.name), ...all.map((c) => c.area)]);
  const unknown = [...wanted].filter((w) => !known.has(w));
  if (unknown.length > 0) throw new Error(`Unknown check or area: ${unknown.join(', ')}. Known: ${[...known].sort().join(', ')}`);
  return all.filter((c) => wanted.has(c.name) || wanted.has(c.area));
}

function hashSeed(seed: number, name: string): number {
  let h = seed | 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h ^ name.charCodeAt(i), 16777619) + 0x9e3779b9) | 0;
  return h;
}

interface Aggregated {
  failure: Failure;
  count: number;
}

/** The request line and the answer of the exchange a failure rests on, bounded so a report stays readable. */
function exchangeOf(exchanges: readonly Exchange[]): Failure['exchange'] {
  const e = exchanges.at(-1);
  if (!e) return undefined;
  const body = typeof e.responseBody === 'string' ? e.responseBody : JSON.stringify(e.responseBody, null, 2) ?? '';
  return { request: `${e.method} ${e.url}`, status: e.status, answer: body.length > 4000 ? `${body.slice(0, 4000)}… (${body.length} characters)` : body };
}

/** A curl line for one exchange, a script of the last ones for a sequence. */
function reproduceOf(exchanges: Exchange[]): string | undefined {
  if (exchanges.length === 0) return undefined;
  return exchanges.length === 1 ? curlOf(exchanges[0]!) : scriptOf(exchanges.slice(-25));
}

/**
 * Runs the response checks over every answer recorded since the last call, and keeps what they found: each distinct
 * problem once, with its first reproduction and how many more were like it.
 */
class ResponseInspection {
  private readonly findings = new Map<string, Map<string, Aggregated>>();
  private readonly inspected = new Map<string, number>();
  private readonly target: Target;
  private readonly checks: Check[];
  private readonly coverage: Coverage;
  private readonly seed: number;
  private checkedUpTo: number;

  constructor(target: Target, checks: Check[], coverage: Coverage, seed: number) {
    this.target = target;
    this.checks = checks;
    this.coverage = coverage;
    this.seed = seed;
    for (const c of checks) {
      this.findings.set(c.name, new Map());
      this.inspected.set(c.name, 0);
    }
    this.checkedUpTo = target.history.count;
  }

  inspectNew(): void {
    const validator = getValidator();
    for (const e of this.target.history.since(this.checkedUpTo)) {
      if (!e.operationId) continue;
      const op = validator.byId(e.operationId);
      this.coverage.reach(e);
      const run = { seen: this.coverage.seen(e), asserted: (ids: string[]) => this.coverage.assert(e, ids) };
      for (const verdict of inspectExchange(this.checks, e, op, run)) {
        // The suites keep every part of what they record, so no verdict here is "not verified".
        if (verdict.status !== 'not verified') this.note(verdict.check, e, verdict.status === 'failed' ? verdict.failure : undefined);
      }
    }
    this.checkedUpTo = this.target.history.count;
    this.target.history.compact(this.checkedUpTo);
  }

  private note(c: Check, e: Exchange, f: Omit<Failure, 'check'> | undefined): void {
    this.inspected.set(c.name, this.inspected.get(c.name)! + 1);
    if (!f) return;
    const key = `${f.operation ?? e.operationId}|${f.documented}|${f.received.slice(0, 80)}`;
    const findings = this.findings.get(c.name)!;
    const seen = findings.get(key);
    if (seen) seen.count++;
    else findings.set(key, { failure: { check: c.name, seed: this.seed, reproduce: curlOf(e), exchange: exchangeOf([e]), ...f }, count: 1 });
  }

  result(c: Check): CheckResult {
    const findings = [...this.findings.get(c.name)!.values()];
    const seen = this.inspected.get(c.name)!;
    return {
      name: c.name,
      area: c.area,
      kind: c.kind,
      description: c.description,
      sections: sectionsOf(c.rule),
      states: [],
      status: findings.length > 0 ? 'failed' : seen > 0 ? 'passed' : 'not verified',
      notes: seen > 0 ? [`${seen} answers inspected`] : ['no answer of a public operation was recorded (select a property check too)'],
      failures: findings.map((f) => (f.count > 1 ? { ...f.failure, received: `${f.failure.received} (and ${f.count - 1} more like it)` } : f.failure)),
      assertions: seen,
      requests: 0,
      ms: 0,
    };
  }
}

/**
 * What the target looks like (channels, groups...), read once per world. A control reset gives the same starting world
 * every time, so what was learnt of it right after one reset holds after the next (same keys): about forty requests a
 * check saved, a fifth of a run.
 */
class DiscoveryCache {
  private discovery: Discovery | undefined;
  private fresh = false;
  private seeded: { keys: string; discovery: Discovery } | undefined;
  private readonly target: Target;
  private readonly api: ApiClient;

  constructor(target: Target, api: ApiClient) {
    this.target = target;
    this.api = api;
  }

  async get(): Promise<Discovery> {
    if (this.discovery) return this.discovery;
    const keys = JSON.stringify(this.target.keys);
    if (this.fresh && this.seeded?.keys === keys) return (this.discovery = this.seeded.discovery);
    this.discovery = await discover(this.target, this.api);
    if (this.fresh) this.seeded = { keys: JSON.stringify(this.target.keys), discovery: this.discovery };
    return this.discovery;
  }

  /** The world was just reset to its start: forget what was read of the one before. */
  afterReset(): void {
    this.discovery = undefined;
    this.fresh = true;
  }
}

/** What every property check of a run shares. */
interface Run {
  target: Target;
  api: ApiClient;
  options: RunOptions;
  coverage: Coverage;
  discovery: DiscoveryCache;
}

/** What one property check builds up while it runs. */
interface Running {
  check: Check;
  result: CheckResult;
  /** The check's own seed, from the run's and its name. */
  seed: number;
  cleanups: Array<() => Promise<unknown>>;
}

function failureOf(check: Check, seed: number, err: CheckFailed, extra: Partial<Failure> = {}): Failure {
  return { check: check.name, seed, operation: err.operation, received: err.received, documented: err.documented, reproduce: reproduceOf(err.exchanges), exchange: exchangeOf(err.exchanges), ...extra };
}

/** The context a property check drives the target through. */
function checkContext(run: Run, running: Running): CheckContext {
  const { target, options } = run;
  const { check, result } = running;
  const ctx: CheckContext = {
    check,
    target,
    api: run.api,
    control: target.control,
    seed: running.seed,
    runs: options.runs,
    discover: () => run.discovery.get(),
    has: (kind) => Boolean(target.keys[kind]),
    key(kind: KeyKind) {
      const k = target.keys[kind];
      if (!k) throw new NotVerified(`needs the key of ${KEY_MEANING[kind]} (--key-${kind} or --control)`);
      return k;
    },
    requireControl(why: string) {
      if (!target.control) throw new NotVerified(`needs a provider state (${why}); pass --states <hook> (--control <origin>/_mock for this mock)`);
      return target.control;
    },
    notVerified(why: string): never {
      throw new NotVerified(why);
    },
    fail(f) {
      asserted();
      result.failures.push({ check: check.name, seed: options.seed, ...f });
    },
    expect(ok, exchanges, f) {
      asserted(...exchanges);
      if (ok) return true;
      const seen = exchanges.filter((e): e is Exchange => e !== undefined);
      result.failures.push({ check: check.name, seed: options.seed, reproduce: reproduceOf(seen), exchange: exchangeOf(seen), ...f });
      return false;
    },
    failWith(err, extra = {}) {
      result.failures.push(failureOf(check, options.seed, err, extra));
    },
    partial(why) {
      if (!result.notes.includes(why)) result.notes.push(why);
    },
    cleanup(fn) {
      if (!target.control) running.cleanups.push(fn);
    },
    async fresh() {
      if (!target.control) return;
      await target.control.reset();
      await refreshKeys(target);
      run.discovery.afterReset();
    },
    property: (label, arb, body, popts = {}) => runProperty(run, running, ctx, label, arb, body, popts),
  };
  return ctx;
}

/** One fast-check property of a check; a failure is recorded with its seed, shrunk value and a replay script. */
async function runProperty<T>(run: Run, running: Running, ctx: CheckContext, label: string, arb: fc.Arbitrary<T>, body: (value: T) => Promise<void>, popts: PropertyOptions): Promise<boolean> {
  const { target, options } = run;
  const reset = Boolean(popts.reset && target.control);
  const once = async (value: T) => {
    if (reset) await ctx.fresh();
    await body(value);
  };
  const examples = (popts.examples ?? []).map((e) => [e] as [any]);
  const details = await fc.check(fc.asyncProperty(arb, once), { seed: hashSeed(running.seed, label), numRuns: popts.runs ?? options.runs, examples });
  if (!details.failed) return true;
  const value = details.counterexample?.[0] as T;
  // Replay the shrunk case once, recording exactly the requests that reproduce it.
  const replayMark = target.history.count;
  let error: unknown = details.errorInstance;
  try {
    await once(value);
  } catch (e) {
    error = e;
  }
  if (error instanceof NotVerified) {
    ctx.partial(error.message);
    return true;
  }
  const check = running.check;
  const note = `seed ${options.seed}, check ${check.name}, property "${label}"; replay: npm run verify -- --seed ${options.seed} --checks ${check.name}`;
  const replay = target.history.since(replayMark);
  const found = {
    check: check.name,
    seed: options.seed,
    sequence: popts.show ? popts.show(value) : [show(value, 1000)],
    reproduce: replay.length > 0 ? scriptOf(replay.slice(-40), note) : undefined,
  };
  if (error instanceof CheckFailed) {
    running.result.failures.push({ check: found.check, seed: found.seed, operation: error.operation, received: error.received, documented: error.documented, sequence: found.sequence, reproduce: found.reproduce, exchange: exchangeOf(error.exchanges.length ? error.exchanges : replay.filter((e) => e.operationId)) });
  } else {
    running.result.failures.push({ check: found.check, seed: found.seed, received: `an error in the check: ${String((error as Error)?.message ?? error)}`, documented: label, sequence: found.sequence, reproduce: found.reproduce });
  }
  return false;
}

/** Not verified, before anything is sent, when the target lacks what the check declares it needs. */
async function requireNeeds(check: Check, ctx: CheckContext, target: Target): Promise<void> {
  if (check.needs?.control && !target.control) {
    const states = statesOfCheck(check.name).filter((s) => s !== 'world.reset' && s !== 'workspaces');
    throw new NotVerified(`needs provider states ${states.join(', ') || '(none recorded)'}: ${check.needs.control}; pass --states <hook> (--control <origin>/_mock for this mock)`);
  }
  if (target.control) {
    const offered = await target.control.offered();
    const missing = statesOfCheck(check.name).filter((s) => !offered.has(s));
    if (missing.length > 0) throw new NotVerified(`the states hook does not offer ${missing.join(', ')} (see spw verify --list-states)`);
  }
  for (const k of check.needs?.keys ?? []) ctx.key(k);
  if (check.needs?.anyKey && !check.needs.anyKey.some((k) => target.keys[k])) {
    throw new NotVerified(`needs a key of ${check.needs.anyKey.map((k) => KEY_MEANING[k]).join(' or ')}`);
  }
}

/** How a check that threw ends: not verified, failed as it said, or failed by an error of its own. */
function recordThrown(err: unknown, running: Running, ctx: CheckContext, seed: number): void {
  const { result, check } = running;
  if (err instanceof NotVerified) {
    result.status = 'not verified';
    result.notes.unshift(err.message);
  } else if (err instanceof CheckFailed) {
    ctx.failWith(err);
  } else {
    result.failures.push({ check: check.name, seed, received: `an error while checking: ${(err as Error)?.stack ?? err}`, documented: 'the check runs to its end' });
  }
}

async function undo(cleanups: Array<() => Promise<unknown>>): Promise<void> {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch {
      /* best effort on a target we do not control */
    }
  }
}

async function runPropertyCheck(run: Run, check: Check): Promise<CheckResult> {
  const { target, options } = run;
  const t0 = Date.now();
  const mark = target.history.count;
  target.history.current = check.name;
  const result: CheckResult = { name: check.name, area: check.area, kind: check.kind, description: check.description, sections: sectionsOf(check.rule), states: [], status: 'passed', notes: [], failures: [], assertions: 0, requests: 0, ms: 0 };
  const states = new Set<string>();
  if (target.control) target.control.onState = (name) => states.add(name);
  assertions.sink = (exchanges) => {
    result.assertions++;
    for (const e of exchanges) run.coverage.assert(e);
  };
  const running: Running = { check, result, seed: hashSeed(options.seed, check.name), cleanups: [] };
  const ctx = checkContext(run, running);
  try {
    await requireNeeds(check, ctx, target);
    if (target.control) await ctx.fresh();
    await check.run!(ctx);
  } catch (err) {
    recordThrown(err, running, ctx, options.seed);
  } finally {
    await undo(running.cleanups);
    target.history.current = undefined;
    assertions.sink = undefined;
    if (target.control) target.control.onState = undefined;
  }
  result.states = [...states];
  if (result.failures.length > 0) result.status = 'failed';
  // A check that asserted nothing saw nothing it could judge: that is not a pass.
  else if (result.status === 'passed' && result.assertions === 0) {
    result.status = 'not verified';
    result.notes.unshift('made no assertion on this run');
  }
  result.requests = target.history.count - mark;
  result.ms = Date.now() - t0;
  return result;
}

export async function runChecks(target: Target, options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const api = new ApiClient(target);
  const selected = selectChecks(options.checks);
  const requestsBefore = target.history.count;
  // Which workspace sent an answer, from its credential: outcomes such as NotOnWallet mean something only per plan.
  const kindOf = (e: Exchange) => {
    const sent = e.requestHeaders.authorization;
    return sent === undefined ? undefined : KEY_KINDS.find((k) => target.keys[k] === sent);
  };
  const coverage = new Coverage(kindOf, undefined, target.fetchableImageUrl ? ['mediaUrl'] : [], { hook: Boolean(target.control), statesFor: statesOfOutcome });
  const responseChecks = selectedResponseChecks(selected);
  const inspection = new ResponseInspection(target, responseChecks, coverage, options.seed);
  const run: Run = { target, api, options, coverage, discovery: new DiscoveryCache(target, api) };
  const results: CheckResult[] = [];

  if (target.control) {
    await target.control.reset();
    await refreshKeys(target);
  }
  const properties = selected.filter((c) => c.kind === 'property');
  for (const check of options.shard ? shardOf(properties, options.shard, options.durations) : properties) {
    options.onStart?.(check);
    const result = await runPropertyCheck(run, check);
    inspection.inspectNew();
    results.push(result);
    options.onResult?.(result);
  }
  inspection.inspectNew();
  for (const c of responseChecks) {
    const result = inspection.result(c);
    results.push(result);
    options.onResult?.(result);
  }

  const durationMs = Date.now() - started;
  const requests = target.history.count - requestsBefore;
  return {
    target: target.label,
    seed: options.seed,
    runs: options.runs,
    startedAt: new Date(started).toISOString(),
    durationMs,
    requests,
    requestsPerSecond: requests / Math.max(durationMs / 1000, 0.001),
    hook: target.control?.url,
    ...(options.shard ? { shard: options.shard } : {}),
    limited: { answers: target.limits.limited, waitedMs: Math.round(target.limits.waitedMs) },
    results,
    coverage: coverage.report(),
    // With a hook every precondition can be set up, so a check that could not see what it needed is a gap in the gate.
    ok: results.every((r) => r.status !== 'failed' && !(target.control && r.status === 'not verified')),
  };
}

export type { Exchange };
