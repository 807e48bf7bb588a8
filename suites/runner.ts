// Runs the selected checks against a target: an exploration sweep, each property check, response checks over every recorded answer.
import fc from 'fast-check';
import { getValidator } from '../spec/validator.ts';
import { ApiClient } from './client.ts';
import { reproduction, scriptOf, type ScriptContext } from './curl.ts';
import { numberFailures, redact } from './findings.ts';
import { discover, type Discovery } from './discover.ts';
import { Coverage } from './coverage.ts';
import type { Exchange } from './history.ts';
import { keyWorkspace, refreshKeys, KEY_KINDS, KEY_MEANING, SECRET_ENV, type KeyKind, type Target } from './target.ts';
import { allChecks, getCheck, assertions, asserted, CheckFailed, NotVerified, show, type Check, type CheckContext, type Failure, type PropertyOptions } from './checks/registry.ts';
import { inspectExchange, responseChecks as selectedResponseChecks } from './response-checks.ts';
import { sectionsOf } from './sections.ts';
import { shardOf, type Shard } from './shards.ts';
import { FRESH_START, knownCheck, operationsOf, ownStates, statesOfCheck, statesOfOutcome } from './states-map.ts';
import { CONCURRENT, inScope } from './context.ts';
import { ControlError, SCOPED_STATES, type ScopableState } from './control.ts';
import { History } from './history.ts';
import { unitName, unitOf } from './units.ts';
import { costOf } from './unit-costs.ts';
import { runVerdict } from './verdict.ts';
import { Implemented, withoutUnbuilt } from './implemented.ts';
import { RateLimited } from './polite.ts';
import { unitsOverBudget } from './post-budget.ts';

export type { CheckResult, PartResult, RunReport, Status } from './run-report.ts';
import type { CheckResult, PartResult, PostsByKind, RunReport } from './run-report.ts';

export interface RunOptions {
  seed: number;
  runs: number;
  /** Check names, areas or `check/part`s; all when empty. */
  checks?: string[];
  /** Run only this shard's property checks (the response checks inspect this shard's answers). */
  shard?: Shard;
  /** Each property check's duration in a previous run, to balance the shards. */
  durations?: Record<string, number>;
  /** The percent of property checks that must reach a verdict (suites/verdict.ts); default 50. */
  minVerified?: number;
  /** The operations the run judges (`--areas`, `--operations`, suites/implemented.ts); all when absent. */
  scope?: ReadonlySet<string>;
  /** The flags that gave the scope, as a replay line repeats them (`--areas posts,wallet`); else the scope's operations. */
  scopeFlags?: string;
  /** Checks run at once (in lanes of their own, when the hook can copy and reset workspaces). Default 1. */
  concurrency?: number;
  /** The target's POST /posts limit per workspace per hour: checks that would not fit in it are left out, named. */
  postsPerHour?: number;
  /** How long a check waits for a publication a server makes after it answers (`ctx.eventually`); default 10 s. */
  publishWaitMs?: number;
  onStart?(check: Check): void;
  onResult?(result: CheckResult): void;
}

/** How long a check waits, by default, for what a server publishes after it answers (`--publish-wait`). */
export const DEFAULT_PUBLISH_WAIT_MS = 10_000;

function wantedOf(selection: string[]): Set<string> {
  return new Set(selection.map((s) => s.trim()).filter(Boolean));
}

/** Checks named, in the named areas or with a part named (`check/part`), in registry order; unknown names are an error. */
export function selectChecks(selection: string[] | undefined): Check[] {
  const all = allChecks();
  if (!selection || selection.length === 0) return all;
  const wanted = wantedOf(selection);
  const known = new Set([...all.map((c) => c.name), ...all.map((c) => c.area)]);
  const unknown = [...wanted].filter((w) => !known.has(w) && unitOf(w).part === undefined);
  if (unknown.length > 0) throw new Error(`Unknown check or area: ${unknown.join(', ')}. Known: ${[...known].sort().join(', ')}`);
  for (const w of [...wanted].filter((w) => !known.has(w))) {
    const { check: name, part = '' } = unitOf(w);
    const check = all.find((c) => c.name === name);
    if (!check) throw new Error(`Unknown check in ${w}: ${name}. Known: ${all.map((c) => c.name).sort().join(', ')}`);
    const parts = check.parts?.() ?? [];
    if (!parts.includes(part)) throw new Error(parts.length > 0 ? `Unknown part ${w}: ${name}'s parts are ${parts.join(', ')}` : `Unknown part ${w}: ${name} has no parts, select it whole`);
  }
  const parted = partsSelected(selection);
  return all.filter((c) => wanted.has(c.name) || wanted.has(c.area) || parted.has(c.name));
}

/** The parts a selection names (`check/part`), per check, in the check's order; a check also selected whole runs every part. */
export function partsSelected(selection: string[] | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!selection) return out;
  const wanted = wantedOf(selection);
  for (const c of allChecks()) {
    if (wanted.has(c.name) || wanted.has(c.area)) continue;
    const chosen = (c.parts?.() ?? []).filter((p) => wanted.has(unitName(c.name, p)));
    if (chosen.length > 0) out.set(c.name, chosen);
  }
  return out;
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

/**
 * What a failure's script reads of the run: the target's root and hook, the keys and workspace ids by the kind of
 * workspace they stand for (a script reads them afresh), and what was sent before the failing sequence.
 */
function scriptContext(target: Target, lanes: () => Lane[], before: () => Exchange[]): ScriptContext {
  const tokenEnv = target.flagSet.statesToken ? SECRET_ENV.statesToken : target.flagSet.controlToken ? SECRET_ENV.controlToken : undefined;
  const byKind = (pick: (l: { keys?: Partial<Record<KeyKind, string>>; workspaceIds?: Partial<Record<KeyKind, string>> }) => Partial<Record<KeyKind, string>> | undefined) => () => {
    const out = new Map<string, KeyKind>();
    for (const source of [target, ...lanes()]) for (const [kind, v] of Object.entries(pick(source) ?? {})) if (v) out.set(v, kind as KeyKind);
    return out;
  };
  return {
    base: target.baseUrl,
    ...(target.control ? { hook: { url: target.control.url, ...(tokenEnv ? { tokenEnv } : {}) } } : {}),
    before,
    keys: byKind((l) => l.keys),
    workspaces: byKind((l) => l.workspaceIds),
  };
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
  readonly implemented: Implemented;
  private readonly script: ScriptContext;

  constructor(target: Target, checks: Check[], coverage: Coverage, seed: number, lanes: Lane[], authenticated: (e: Exchange) => boolean) {
    this.implemented = new Implemented(getValidator(), authenticated);
    this.script = scriptContext(target, () => lanes, () => []);
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
      this.implemented.see(e);
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
    else findings.set(key, { failure: { check: c.name, seed: this.seed, reproduce: reproduction([e], this.script), exchange: exchangeOf([e]), ...(e.by ? { foundBy: e.by } : {}), ...f }, count: 1 });
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

  /** Read through the asking check's client, so its requests are the check's. */
  async get(api: ApiClient): Promise<Discovery> {
    if (this.discovery) return this.discovery;
    const keys = JSON.stringify(api.target.keys);
    if (this.fresh && this.seeded?.keys === keys) return (this.discovery = this.seeded.discovery);
    this.discovery = await discover(api.target, api);
    if (this.fresh) this.seeded = { keys: JSON.stringify(api.target.keys), discovery: this.discovery };
    return this.discovery;
  }

  /** The world was just reset to its start: forget what was read of the one before. */
  afterReset(): void {
    this.discovery = undefined;
    this.fresh = true;
  }
}

/**
 * Where a check works. With a hook that copies and resets workspaces, each lane is a copy of the seeded workspaces,
 * put back before every check, and checks in different lanes run at the same time without seeing each other. Without
 * one there is a single lane, the target's own workspaces, and a world reset before every check.
 */
interface Lane {
  /** The lane's keys and workspace ids; undefined for the target's own (read live: a world reset may change them). */
  keys?: Partial<Record<KeyKind, string>>;
  workspaceIds?: Partial<Record<KeyKind, string>>;
  discovery: DiscoveryCache;
  /** The client discovery reads through: the lane's own, so that what a check sends does not depend on its lane. */
  reader?: ApiClient;
  busy: boolean;
  /** The world-wide states this lane's checks set for the lane's workspaces alone (the hook offers them scoped). */
  scoped?: ReadonlySet<ScopableState>;
}

/** What every property check of a run shares. */
interface Run {
  target: Target;
  options: RunOptions;
  coverage: Coverage;
  /** Lanes of their own (workspace copies), or the one shared lane. */
  isolated: boolean;
  /** Units left out for the post budget (`--posts-per-hour`), with the posts each was expected to send. */
  overBudget: ReadonlyMap<string, PostsByKind>;
}

/** What one run of a property check (the whole check, or one of its parts) came to. */
interface Outcome {
  part?: string;
  failures: Failure[];
  notes: string[];
  /** Parts left out for an option the run was not given (`ctx.notAsked`). */
  notAsked: string[];
  /** The public operations the unit called, optional reads left out. */
  operations: string[];
  /** Hook states used, in the order first used. */
  states: string[];
  assertions: number;
  requests: number;
  /** Why it could not be verified, when it stopped on that (NotVerified). */
  notVerified?: string;
  /** The target's rate limit stopped it before its end (a 429 that did not clear). */
  cutShort?: boolean;
  /** POST /posts it sent, by the kind of workspace. */
  posts: PostsByKind;
  start: number;
  end: number;
}

/** What one property check (or one part of it) builds up while it runs. */
interface Running {
  check: Check;
  part?: string;
  result: Outcome;
  /** The check's own seed, from the run's and its name (and a part's from the check's and the part's name). */
  seed: number;
  cleanups: Array<() => Promise<unknown>>;
  /** The check's view of the target: its lane's keys, its own history, transport and hook client. */
  target: Target;
  api: ApiClient;
  lane: Lane;
}

/**
 * A check's view of the target: the lane's keys and ids, and a history and transport of its own. `hookless`: the check
 * runs as on a run without a hook (the hook lacks a state it would use, and it can do without).
 */
function checkView(base: Target, lane: Lane, name: string, hookless = false): Target {
  const history = new History(base.history, name);
  const fetch = base.record(history);
  // A kind the lane has no copy of (a key given by flag, its workspace unknown to the hook) keeps the target's key.
  const keys = lane.keys ? { ...base.keys, ...lane.keys } : base.keys;
  const control = hookless ? undefined : base.control?.using(fetch);
  const scoped = lane.scoped && lane.workspaceIds ? control?.scopedTo(Object.values(lane.workspaceIds) as string[], lane.scoped) : control;
  return { ...base, history, fetch, control: scoped, keys, workspaceIds: lane.workspaceIds ?? base.workspaceIds };
}

function failureOf(check: Check, seed: number, err: CheckFailed, extra: Partial<Failure> = {}): Failure {
  return { check: check.name, seed, operation: err.operation, received: err.received, documented: err.documented, reproduce: reproduction(err.exchanges), exchange: exchangeOf(err.exchanges), ...extra };
}

/** The context a property check drives the target through. */
function checkContext(run: Run, running: Running): CheckContext {
  const { options } = run;
  const { check, result, target } = running;
  const ctx: CheckContext = {
    check,
    part: running.part,
    target,
    api: running.api,
    control: target.control,
    seed: running.seed,
    runs: options.runs,
    discover: () => running.lane.discovery.get((running.lane.reader ??= new ApiClient(checkView(run.target, running.lane, 'discovery')))),
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
      result.failures.push({ check: check.name, seed: options.seed, reproduce: reproduction(seen), exchange: exchangeOf(seen), ...f });
      return false;
    },
    failWith(err, extra = {}) {
      result.failures.push(failureOf(check, options.seed, err, extra));
    },
    partial(why) {
      if (!result.notes.includes(why)) result.notes.push(why);
    },
    notAsked(why) {
      if (!result.notAsked.includes(why)) result.notAsked.push(why);
    },
    inScope: (operationId) => !options.scope || options.scope.has(operationId),
    cleanup(fn) {
      if (!target.control) running.cleanups.push(fn);
    },
    async fresh() {
      if (!target.control) return;
      if (run.isolated) {
        // The lane's copies back to how they were made; the rest of the world (other lanes) as it is. In one call when
        // the hook offers it: across a network, each call is a round trip before the check can start.
        const ids = Object.values(running.lane.workspaceIds ?? {}) as string[];
        if ((await target.control.offered()).has('workspaces.reset')) await target.control.state('workspaces.reset', { workspaces: ids });
        else for (const id of ids) await target.control.state('workspace.reset', { workspace: id });
      } else {
        await target.control.reset();
        await refreshKeys(run.target);
        // A reset may give other keys: the check's view reads the new ones.
        target.keys = run.target.keys;
        target.workspaceIds = run.target.workspaceIds;
      }
      running.lane.discovery.afterReset();
    },
    property: (label, arb, body, popts = {}) => runProperty(run, running, ctx, label, arb, body, popts),
    async eventually(read, settled) {
      const deadline = Date.now() + (options.publishWaitMs ?? run.target.publishWaitMs ?? DEFAULT_PUBLISH_WAIT_MS);
      for (let pause = 10; ; pause = Math.min(pause * 2, 1000)) {
        const value = await read();
        if (settled(value) || Date.now() >= deadline) return value;
        await new Promise((r) => setTimeout(r, Math.min(pause, deadline - Date.now())));
      }
    },
  };
  return ctx;
}

/** One fast-check property of a check; a failure is recorded with its seed, shrunk value and a replay script. */
async function runProperty<T>(run: Run, running: Running, ctx: CheckContext, label: string, arb: fc.Arbitrary<T>, body: (value: T) => Promise<void>, popts: PropertyOptions<T>): Promise<boolean> {
  const { options } = run;
  const { target } = running;
  const reset = Boolean(popts.reset && target.control);
  // The first departure a case met: a limit that stops the cases after it (or the shrinking) must not hide it.
  let departure: CheckFailed | undefined;
  const once = async (value: T) => {
    if (reset) await ctx.fresh();
    try {
      await body(value);
    } catch (err) {
      if (err instanceof CheckFailed) departure ??= err;
      throw err;
    }
  };
  const examples = (popts.examples ?? []).map((e): [T] => [e]);
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
  if (error instanceof RateLimited) running.result.cutShort = true;
  if (error instanceof NotVerified && !departure) {
    ctx.partial(error.message);
    return true;
  }
  const unshrunk = error instanceof NotVerified && departure !== undefined;
  if (unshrunk) {
    // The shrunk case could not be sent again (a limit closed the workspace): the departure as first met, unshrunk,
    // with the requests it rests on.
    ctx.partial((error as Error).message);
    error = departure;
  }
  const check = running.check;
  // A part replays alone: the same part seed and the same fresh start as in the whole run.
  const selection = unitName(check.name, running.part);
  const note = `seed ${options.seed}, check ${selection}, property "${label}"; replay: ${replayLine(run.target, options, selection)}`;
  const replay = target.history.since(replayMark);
  const found = {
    check: check.name,
    seed: options.seed,
    sequence: popts.show ? popts.show(value) : [show(value, 1000)],
    reproduce: unshrunk ? reproduction(departure!.exchanges) : replay.length > 0 ? scriptOf(replay.slice(-40), note) : undefined,
  };
  if (error instanceof CheckFailed) {
    running.result.failures.push({ check: found.check, seed: found.seed, property: label, operation: error.operation, received: error.received, documented: error.documented, sequence: found.sequence, reproduce: found.reproduce, exchange: exchangeOf(error.exchanges.length ? error.exchanges : replay.filter((e) => e.operationId)) });
  } else {
    running.result.failures.push({ check: found.check, seed: found.seed, property: label, received: `an error in the check: ${String((error as Error)?.message ?? error)}`, documented: label, sequence: found.sequence, reproduce: found.reproduce });
  }
  return false;
}

/**
 * The command that runs this check (or part) again against the same target with the same seed: every flag the run was
 * aimed with, secrets as the variables `verify` reads. From a checkout through npm, elsewhere through the installed
 * package's `spw`.
 */
export function replayLine(target: Target, options: Pick<RunOptions, 'seed' | 'runs' | 'scope' | 'scopeFlags'>, selection: string): string {
  const fromCheckout = /[\\/]cli[\\/](start\.mjs|bin\.ts)$/.test(process.argv[1] ?? '') || Boolean(process.env.VITEST);
  // The runs and the scope change what a unit sends (how many cases a property tries, what a sweep covers).
  const scope = options.scopeFlags ?? (options.scope ? `--operations ${[...options.scope].sort().join(',')}` : '');
  return `${fromCheckout ? 'npm run verify --' : 'npx spw verify'} ${target.flags}${scope ? ` ${scope}` : ''} --seed ${options.seed} --runs ${options.runs} --checks ${selection}`;
}

/** Not verified, before anything is sent, when the target lacks what the check declares it needs. */
async function requireNeeds(check: Check, ctx: CheckContext, target: Target): Promise<void> {
  if (check.needs?.control && !target.control) {
    const states = ownStates(check.name);
    throw new NotVerified(`needs provider states ${states.join(', ') || '(none recorded)'}: ${check.needs.control}; pass --states <hook> (--control <origin>/_mock for this mock)`);
  }
  if (check.needs?.control && target.control) {
    const missing = await missingStates(check, target);
    if (missing.length > 0) throw new NotVerified(`the states hook does not offer ${missing.join(', ')} (see spw verify --list-states)`);
  }
  for (const k of check.needs?.keys ?? []) ctx.key(k);
  if (check.needs?.anyKey && !check.needs.anyKey.some((k) => target.keys[k])) {
    throw new NotVerified(`needs a key of ${check.needs.anyKey.map((k) => KEY_MEANING[k]).join(' or ')}`);
  }
}

/** The states a check uses that the hook does not offer; a fresh start is the runner's to give, whichever the hook has. */
async function missingStates(check: Check, target: Target): Promise<string[]> {
  if (!target.control) return [];
  const offered = await target.control.offered();
  return statesOfCheck(check.name).filter((s) => !FRESH_START.has(s) && !offered.has(s));
}

/** How a check that threw ends: not verified, failed as it said, or failed by an error of its own. */
function recordThrown(err: unknown, running: Running, ctx: CheckContext, seed: number): void {
  const { result, check } = running;
  if (err instanceof NotVerified) {
    result.notVerified = err.message;
    if (err instanceof RateLimited) result.cutShort = true;
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

/** One run of a check, or of one part of it, in a lane: its own view, seed and scope, from a fresh start. */
async function runUnit(run: Run, check: Check, part: string | undefined, lane: Lane): Promise<Outcome> {
  const { options } = run;
  const name = unitName(check.name, part);
  // A state a check uses only to go further is optional: a hook that lacks it leaves the check as it runs with no hook
  // (a partial hook never gives fewer verdicts than none). A check that cannot run at all without it says so.
  const missing = check.needs?.control ? [] : await missingStates(check, run.target);
  const target = checkView(run.target, lane, name, missing.length > 0);
  const result: Outcome = { part, failures: [], notes: [], notAsked: [], operations: [], states: [], assertions: 0, requests: 0, posts: {}, start: Date.now(), end: 0 };
  const planned = run.overBudget.get(name);
  if (planned !== undefined) {
    const where = Object.entries(planned).map(([k, n]) => `${n} POST /posts with the --key-${k} workspace`).join(' and ');
    result.notVerified = `left out for the post budget: it sends about ${where}, more than the --posts-per-hour ${options.postsPerHour} budget ${run.target.control ? 'allows a check' : 'has left once the checks sending fewer are planned'}`;
    result.end = Date.now();
    return result;
  }
  const states = new Set<string>();
  if (target.control) target.control.onState = (state) => states.add(state);
  const sink = (exchanges: readonly Exchange[]) => {
    result.assertions++;
    for (const e of exchanges) run.coverage.assert(e);
  };
  // Alone (no scope to tell checks apart), the module-level sink counts for this check.
  if (!CONCURRENT) assertions.sink = sink;
  const seed = hashSeed(options.seed, check.name);
  const running: Running = { check, part, result, seed: part === undefined ? seed : hashSeed(seed, part), cleanups: [], target, api: new ApiClient(target), lane };
  const ctx = checkContext(run, running);
  if (missing.length > 0) ctx.partial(`the states hook does not offer ${missing.join(', ')}, so it ran as with no hook`);
  const script = scriptContext(run.target, () => [lane], () => [...(lane.reader?.target.history.exchanges ?? []), ...target.history.exchanges]);
  await inScope({ name, sink: sink as (e: readonly unknown[]) => void, script }, async () => {
    try {
      await requireNeeds(check, ctx, target);
      if (target.control) await ctx.fresh();
      await check.run!(ctx);
    } catch (err) {
      recordThrown(err, running, ctx, options.seed);
    } finally {
      await undo(running.cleanups);
      if (!CONCURRENT) assertions.sink = undefined;
    }
  });
  if (part !== undefined) for (const f of result.failures) f.part = part;
  for (const f of result.failures) f.replay ??= replayLine(run.target, options, name);
  result.states = [...states];
  result.operations = [...new Set(target.history.exchanges.filter((e) => e.operationId && !e.optional).map((e) => e.operationId!))].sort();
  result.requests = target.history.count;
  for (const e of target.history.exchanges) {
    if (e.operationId !== 'createPosts') continue;
    const kind = KEY_KINDS.find((k) => target.keys[k] === e.requestHeaders.authorization);
    if (kind) result.posts[kind] = (result.posts[kind] ?? 0) + 1;
  }
  result.end = Date.now();
  return result;
}

function partStatus(o: Outcome): CheckResult['status'] {
  return o.failures.length > 0 ? 'failed' : o.notVerified !== undefined || o.assertions === 0 ? 'not verified' : o.notes.length > 0 ? 'passed in part' : 'passed';
}

/**
 * A check's one verdict from its outcomes (one, or one per part in the check's order of parts): failed on any failure;
 * not verified when every part stopped not verified, or nothing was asserted; passed in part when a part stopped not
 * verified or a check named what it could not verify (`ctx.partial`); otherwise passed.
 */
function verdictOf(check: Check, outcomes: Outcome[]): CheckResult {
  const parted = outcomes.some((o) => o.part !== undefined);
  const stopped = outcomes.filter((o) => o.notVerified !== undefined);
  const all = stopped.length === outcomes.length;
  const reasons = [...new Set(stopped.map((o) => o.notVerified!))];
  const notes: string[] = [];
  // Every part stopped for one reason (a key the run lacks): the check's reason, said once.
  if (all && reasons.length === 1) notes.push(reasons[0]!);
  for (const o of outcomes) {
    if (o.notVerified !== undefined && !(all && reasons.length === 1)) notes.push(parted ? `${o.part}: ${o.notVerified}` : o.notVerified);
    notes.push(...o.notes);
  }
  const assertions = outcomes.reduce((n, o) => n + o.assertions, 0);
  const failures = outcomes.flatMap((o) => o.failures);
  const result: CheckResult = {
    name: check.name,
    area: check.area,
    kind: check.kind,
    description: check.description,
    sections: sectionsOf(check.rule),
    states: [...new Set(outcomes.flatMap((o) => o.states))],
    status: failures.length > 0 ? 'failed' : all ? 'not verified' : notes.length > 0 ? 'passed in part' : 'passed',
    notes: [...new Set(notes)],
    ...(outcomes.some((o) => o.notAsked.length > 0) ? { notAsked: [...new Set(outcomes.flatMap((o) => o.notAsked))] } : {}),
    failures,
    assertions,
    requests: outcomes.reduce((n, o) => n + o.requests, 0),
    ms: outcomes.reduce((n, o) => n + (o.end - o.start), 0),
    ...(parted ? { parts: outcomes.map((o): PartResult => ({ name: o.part!, status: partStatus(o), operations: o.operations, assertions: o.assertions, requests: o.requests, posts: o.posts, ms: o.end - o.start })) } : {}),
    operations: [...new Set(outcomes.flatMap((o) => o.operations))].sort(),
    posts: addPosts(outcomes.map((o) => o.posts)),
    ...(outcomes.some((o) => o.cutShort) ? { cutShort: true } : {}),
  };
  // A check that asserted nothing saw nothing it could judge: that is not a pass.
  if ((result.status === 'passed' || result.status === 'passed in part') && assertions === 0) {
    result.status = 'not verified';
    result.notes.unshift('made no assertion on this run');
  }
  return result;
}

/** The posts of several units together, by kind. */
function addPosts(all: readonly PostsByKind[]): PostsByKind {
  const out: PostsByKind = {};
  for (const p of all) for (const [k, n] of Object.entries(p) as Array<[KeyKind, number]>) out[k] = (out[k] ?? 0) + n;
  return out;
}

/** What the target's rate limits cost the run, for the summary and the verdict. */
function limitsOf(target: Target, results: readonly CheckResult[], postsPerHour: number | undefined, overBudget: ReadonlyMap<string, PostsByKind>): RunReport['limited'] {
  // A lane's copy has no flag of its own: it is named as the secret the report shows in its place.
  const closed = [...target.limits.posts].filter(([, b]) => b.closed).map(([key, b]) => ({ workspace: keyWorkspace(target, key) ?? target.secrets.get(key) ?? 'a workspace of this run', accepted: b.accepted }));
  const cutShort = results.filter((r) => r.cutShort).map((r) => r.name);
  const leftOut = [...overBudget].map(([name, posts]) => ({ name, posts }));
  return {
    answers: target.limits.limited,
    waitedMs: Math.round(target.limits.waitedMs),
    ...(closed.length ? { closed } : {}),
    ...(cutShort.length ? { cutShort } : {}),
    ...(postsPerHour !== undefined ? { budget: { postsPerHour, leftOut } } : {}),
  };
}


/** The limits a states hook sets back (the figures, not the caps object). */
function pick(limits: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(['postsPerHour', 'freeStorageBytes', 'freeLibraryBytes', 'allowLoopbackWebhooks'].filter((k) => k in limits).map((k) => [k, limits[k]]));
}

/** States whose use makes a check run alone: they change what every other check sees (the clock, global limits). */
const WORLD_STATES = new Set(['clock.moved', 'limits.set', 'world.reset']);

/**
 * Whether a check must run alone: it moves the clock or sets limits (from the states map) and its lane cannot have them
 * for its own workspaces (`scoped`: the hook's `workspace.clockMoved`, `workspace.limitsSet`), or it is not in the map
 * at all (a check the map has not seen yet is taken as the worst case).
 */
export function runsAlone(check: Check, scoped: ReadonlySet<string> = new Set()): boolean {
  const states = statesOfCheck(check.name);
  return states.length === 0 ? Boolean(check.needs?.control) || !knownCheck(check.name) : states.some((s) => WORLD_STATES.has(s) && !scoped.has(s));
}

/**
 * The world-wide states a run's lanes can have for their own workspaces: those the hook offers scoped, when every key
 * the run holds belongs to a workspace the lanes copy (a key given by flag, its workspace unknown, would keep the
 * world's time while its lane's moved).
 */
async function scopableStates(target: Target, isolated: boolean): Promise<ReadonlySet<ScopableState>> {
  if (!isolated || !target.control) return new Set();
  const everyKeyCopied = (Object.keys(target.keys) as KeyKind[]).every((k) => !target.keys[k] || target.workspaceIds[k] !== undefined);
  if (!everyKeyCopied) return new Set();
  const offered = await target.control.offered();
  return new Set((Object.keys(SCOPED_STATES) as ScopableState[]).filter((s) => offered.has(SCOPED_STATES[s])));
}

/** The lanes of a run: copies of the seeded workspaces when the hook can make and reset them, else the target's own. */
async function makeLanes(target: Target, count: number): Promise<{ lanes: Lane[]; isolated: boolean }> {
  const control = target.control;
  const offered = control ? await control.offered() : new Set<string>();
  const isolated = Boolean(control) && offered.has('workspace.created') && offered.has('workspace.reset') && Object.keys(target.workspaceIds).length > 0;
  if (!isolated) return { lanes: [{ discovery: new DiscoveryCache(), busy: false }], isolated };
  const lanes: Lane[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const keys: Partial<Record<KeyKind, string>> = {};
      const workspaceIds: Partial<Record<KeyKind, string>> = {};
      for (const [kind, id] of Object.entries(target.workspaceIds) as Array<[KeyKind, string]>) {
        const copy = await control!.state<{ id: string; apiKey: string }>('workspace.created', { like: id, name: `verify lane ${i + 1} ${kind}` });
        keys[kind] = copy.apiKey;
        workspaceIds[kind] = copy.id;
        target.secrets.set(copy.apiKey, `<the key of lane ${i + 1}'s copy of ${KEY_MEANING[kind]}>`);
      }
      lanes.push({ keys, workspaceIds, discovery: new DiscoveryCache(), busy: false });
    }
  } catch (err) {
    // A workspace the hook cannot copy (the mock's, loaded from a scenario): the target's own workspaces, one check at
    // a time, as without lanes.
    if (!(err instanceof ControlError)) throw err;
    return { lanes: [{ discovery: new DiscoveryCache(), busy: false }], isolated: false };
  }
  return { lanes, isolated };
}

export async function runChecks(target: Target, options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const selected = selectChecks(options.checks);
  const requestsBefore = target.history.count;
  // Without a way to tell concurrent checks' assertions apart (a browser), one at a time.
  const concurrency = CONCURRENT ? Math.max(1, options.concurrency ?? 1) : 1;

  if (target.control) {
    await target.control.reset();
    await refreshKeys(target);
  }
  const { lanes, isolated } = await makeLanes(target, concurrency);
  const scoped = await scopableStates(target, isolated);
  for (const lane of lanes) lane.scoped = scoped;
  // Which workspace sent an answer, from its credential: outcomes such as NotOnWallet mean something only per plan.
  const kindOfKey = new Map<string, KeyKind>();
  for (const lane of lanes) for (const [kind, key] of Object.entries(lane.keys ?? {})) kindOfKey.set(key!, kind as KeyKind);
  const kindOf = (e: Exchange) => {
    const sent = e.requestHeaders.authorization;
    return sent === undefined ? undefined : (kindOfKey.get(sent) ?? KEY_KINDS.find((k) => target.keys[k] === sent));
  };
  const coverage = new Coverage(kindOf, undefined, target.fetchableImageUrl ? ['mediaUrl'] : [], { hook: Boolean(target.control), statesFor: statesOfOutcome, scope: options.scope });
  const responseChecks = selectedResponseChecks(selected);
  const inspection = new ResponseInspection(target, responseChecks, coverage, options.seed, lanes, (e) => kindOf(e) !== undefined);
  const run: Run = { target, options, coverage, isolated, overBudget: new Map() };
  const results: CheckResult[] = [];
  // Limits a check that runs alone may change, put back after it (a world reset would take the lanes with it).
  const limits = isolated && (await target.control!.offered()).has('limits') ? await target.control!.limits() : undefined;

  const properties = selected.filter((c) => c.kind === 'property');
  const queue = options.shard ? shardOf(properties, options.shard, options.durations) : properties;
  const order = new Map(queue.map((c, i) => [c.name, i]));
  // A check runs as its parts (those selected, or all), else whole: one unit each, its outcomes gathered into one result.
  const only = partsSelected(options.checks);
  const gathered = new Map<string, { parts: Array<string | undefined>; outcomes: Map<string | undefined, Outcome>; outside: string[] }>();
  const outOfScope: Array<{ name: string; needs: string[] }> = [];
  // A unit needs what it called in the recorded run (suites/states-map.json); one that needs an operation outside the
  // scope is left out, named with what it needs. A unit the map has not seen runs.
  const outside = (unit: string) => (options.scope && !getCheck(unitOf(unit).check)?.sweeps ? (operationsOf(unit)?.filter((op) => !options.scope!.has(op)) ?? []) : []);
  for (const c of [...queue]) {
    const parts = only.get(c.name) ?? c.parts?.() ?? [];
    const units: Array<string | undefined> = parts.length > 0 ? [...parts] : [undefined];
    const inScope = units.filter((p) => outside(unitName(c.name, p)).length === 0);
    if (inScope.length === 0) {
      outOfScope.push({ name: c.name, needs: [...new Set(units.flatMap((p) => outside(unitName(c.name, p))))].sort() });
      queue.splice(queue.indexOf(c), 1);
      continue;
    }
    const left = units.filter((p) => !inScope.includes(p)).map((p) => `${p}: out of scope, needs ${outside(unitName(c.name, p)).join(', ')}`);
    gathered.set(c.name, { parts: inScope, outcomes: new Map(), outside: left });
  }
  if (options.postsPerHour !== undefined) {
    const all = queue.flatMap((c) => gathered.get(c.name)!.parts.map((p) => unitName(c.name, p)));
    run.overBudget = unitsOverBudget(all, options.postsPerHour, options.runs, Boolean(target.control));
  }
  const running = new Set<Promise<void>>();
  const start = (check: Check, part: string | undefined, lane: Lane): Promise<void> => {
    const gathering = gathered.get(check.name)!;
    lane.busy = true;
    const task = (async () => {
      const outcome = await runUnit(run, check, part, lane);
      // Best effort: a limit the hook cannot take back (one a fault of the mock reads out of range) stays as it is.
      if (isolated && limits && !scoped.has('limits.set') && outcome.states.includes('limits.set')) await target.control!.setLimits(pick(limits)).catch(() => undefined);
      lane.busy = false;
      gathering.outcomes.set(part, outcome);
      if (gathering.outcomes.size === gathering.parts.length) {
        const judged = verdictOf(check, gathering.parts.map((p) => gathering.outcomes.get(p)!));
        const result = gathering.outside.length > 0 ? { ...judged, notAsked: [...(judged.notAsked ?? []), ...gathering.outside] } : judged;
        results.push(result);
        options.onResult?.(result);
      }
      inspection.inspectNew();
    })();
    const tracked = task.finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
  };
  // Each unit in a free lane; the checks that must run alone come after the others, part by part, so the lanes are
  // drained once rather than before each of them. With more than one lane, the units that share them go longest first
  // (by the requests each sent in the recorded run, suites/unit-costs.json: across a network a run is bound by round
  // trips), so that no long check starts last and runs on alone; with one, in registry order. The order never changes
  // what a unit sends: each starts fresh, with its own seed.
  const units = (checks: Check[]) => checks.flatMap((check) => gathered.get(check.name)!.parts.map((part) => ({ check, part })));
  const shared = units(isolated ? queue.filter((c) => !runsAlone(c, scoped)) : []);
  if (lanes.length > 1) {
    const cost = (u: { check: Check; part?: string }) => costOf(unitName(u.check.name, u.part)) ?? 0;
    const index = new Map(shared.map((u, i) => [u, i]));
    shared.sort((a, b) => cost(b) - cost(a) || index.get(a)! - index.get(b)!);
  }
  const schedule = [...shared.map((u) => ({ ...u, solo: false })), ...units(isolated ? queue.filter((c) => runsAlone(c, scoped)) : queue).map((u) => ({ ...u, solo: true }))];
  const begun = new Set<string>();
  for (const { check, part, solo } of schedule) {
    while (running.size > 0 && (solo || running.size >= lanes.length)) await Promise.race(running);
    if (!begun.has(check.name)) {
      begun.add(check.name);
      options.onStart?.(check);
    }
    const task = start(check, part, lanes.find((l) => !l.busy)!);
    if (solo) await task;
  }
  await Promise.all(running);
  // The report reads in registry order, whatever order the checks finished in.
  results.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  inspection.inspectNew();
  for (const c of responseChecks) {
    const result = inspection.result(c);
    for (const f of result.failures) {
      // A response check judges what a property check sent: it replays with the unit whose request showed the failure
      // (discovery's reads, with the first property check, which makes them again).
      if (f.foundBy === 'discovery' || f.foundBy === undefined) f.foundBy = queue[0]?.name;
      f.replay = replayLine(target, options, [c.name, ...(f.foundBy ? [f.foundBy] : [])].join(','));
    }
    results.push(result);
    options.onResult?.(result);
  }

  const durationMs = Date.now() - started;
  const requests = target.history.count - requestsBefore;
  const coverageReport = coverage.report();
  // An operation the target does not have is one finding, not one per check that met it.
  const notImplemented = inspection.implemented.report(options.scope);
  const missing = new Set(notImplemented.map((n) => n.operationId));
  const folded = results.map((r) => withoutUnbuilt(r, missing));
  // Every report names each departure by one id, and holds no secret (the keys, the hook's token).
  redact({ results: folded }, target.secrets);
  numberFailures({ results: folded });
  const verdict = runVerdict({ results: folded, coverage: coverageReport, hook: target.control?.url, notImplemented }, { minVerified: options.minVerified });
  return {
    target: target.label,
    flags: target.flagSet,
    seed: options.seed,
    runs: options.runs,
    startedAt: new Date(started).toISOString(),
    durationMs,
    requests,
    requestsPerSecond: requests / Math.max(durationMs / 1000, 0.001),
    hook: target.control?.url,
    lanes: isolated ? lanes.length : 1,
    ...(options.shard ? { shard: options.shard } : {}),
    limited: limitsOf(target, folded, options.postsPerHour, run.overBudget),
    results: folded,
    coverage: coverageReport,
    ...(notImplemented.length > 0 ? { notImplemented } : {}),
    ...(options.scope ? { scope: [...options.scope].sort() } : {}),
    ...(outOfScope.length > 0 ? { outOfScope } : {}),
    ok: verdict.ok,
    reasons: verdict.reasons,
  };
}

export type { Exchange };
