// Runs the selected checks against a target: an exploration sweep, each property check, response checks over every recorded answer.
import fc from 'fast-check';
import { getValidator } from '../spec/validator.ts';
import { ApiClient } from './client.ts';
import { curlOf, scriptOf } from './curl.ts';
import { discover, type Discovery } from './discover.ts';
import { Coverage, type CoverageReport } from './coverage.ts';
import type { Exchange } from './history.ts';
import { refreshKeys, KEY_KINDS, KEY_MEANING, type KeyKind, type Target } from './target.ts';
import { allChecks, assertions, asserted, CheckFailed, NotVerified, show, type Check, type CheckContext, type Failure } from './checks/registry.ts';
import { inspectExchange, responseChecks as selectedResponseChecks } from './response-checks.ts';

export type Status = 'passed' | 'failed' | 'not verified';

export interface CheckResult {
  name: string;
  area: string;
  kind: Check['kind'];
  description: string;
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

export async function runChecks(target: Target, options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const api = new ApiClient(target);
  const selected = selectChecks(options.checks);
  const responseChecks = selectedResponseChecks(selected);
  const propertyChecks = selected.filter((c) => c.kind === 'property');
  const validator = getValidator();
  const requestsBefore = target.history.count;
  // Which workspace sent an answer, from its credential: outcomes such as NotOnWallet mean something only per plan.
  const kindOf = (e: Exchange) => {
    const sent = e.requestHeaders.authorization;
    return sent === undefined ? undefined : KEY_KINDS.find((k) => target.keys[k] === sent);
  };
  const coverage = new Coverage(kindOf, undefined, target.fetchableImageUrl ? ['mediaUrl'] : []);

  // Response checks run over every answer; each distinct problem is reported once with its first reproduction.
  const responseFindings = new Map<string, Map<string, Aggregated>>();
  const responseSeen = new Map<string, number>();
  for (const c of responseChecks) {
    responseFindings.set(c.name, new Map());
    responseSeen.set(c.name, 0);
  }
  let checkedUpTo = target.history.count;
  const inspectNew = () => {
    const fresh = target.history.since(checkedUpTo);
    for (const e of fresh) {
      if (!e.operationId) continue;
      const op = validator.byId(e.operationId);
      coverage.reach(e);
      const run = { seen: coverage.seen(e), asserted: (ids: string[]) => coverage.assert(e, ids) };
      for (const verdict of inspectExchange(responseChecks, e, op, run)) {
        const c = verdict.check;
        // The suites keep every part of what they record, so no verdict here is "not verified".
        if (verdict.status === 'not verified') continue;
        responseSeen.set(c.name, responseSeen.get(c.name)! + 1);
        if (verdict.status === 'passed') continue;
        const f = verdict.failure;
        const key = `${f.operation ?? e.operationId}|${f.documented}|${f.received.slice(0, 80)}`;
        const findings = responseFindings.get(c.name)!;
        const seen = findings.get(key);
        if (seen) seen.count++;
        else findings.set(key, { failure: { check: c.name, seed: options.seed, reproduce: curlOf(e), ...f }, count: 1 });
      }
    }
    checkedUpTo = target.history.count;
    target.history.compact(checkedUpTo);
  };

  let discovery: Discovery | undefined;
  // A control reset gives the same starting world every time, so what was learnt of it right after one reset holds after
  // the next (same keys): about forty requests a check saved, a fifth of a run.
  let fresh = false;
  let seeded: { keys: string; discovery: Discovery } | undefined;
  const keysNow = () => JSON.stringify(target.keys);
  const getDiscovery = async () => {
    if (discovery) return discovery;
    if (fresh && seeded?.keys === keysNow()) return (discovery = seeded.discovery);
    discovery = await discover(target, api);
    if (fresh) seeded = { keys: keysNow(), discovery };
    return discovery;
  };

  const results: CheckResult[] = [];

  if (target.control) {
    await target.control.reset();
    await refreshKeys(target);
  }

  for (const check of propertyChecks) {
    options.onStart?.(check);
    const t0 = Date.now();
    const mark = target.history.count;
    target.history.current = check.name;
    const result: CheckResult = { name: check.name, area: check.area, kind: check.kind, description: check.description, status: 'passed', notes: [], failures: [], assertions: 0, requests: 0, ms: 0 };
    assertions.sink = (exchanges) => {
      result.assertions++;
      for (const e of exchanges) coverage.assert(e);
    };
    const cleanups: Array<() => Promise<unknown>> = [];
    const seed = hashSeed(options.seed, check.name);
    const ctx: CheckContext = {
      check,
      target,
      api,
      control: target.control,
      seed,
      runs: options.runs,
      discover: getDiscovery,
      has: (kind) => Boolean(target.keys[kind]),
      key(kind: KeyKind) {
        const k = target.keys[kind];
        if (!k) throw new NotVerified(`needs the key of ${KEY_MEANING[kind]} (--key-${kind} or --control)`);
        return k;
      },
      requireControl(why: string) {
        if (!target.control) throw new NotVerified(`needs control (${why}); pass --control <origin>/_mock or a control adapter`);
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
        result.failures.push({ check: check.name, seed: options.seed, reproduce: seen.length === 1 ? curlOf(seen[0]!) : seen.length > 1 ? scriptOf(seen.slice(-25)) : undefined, ...f });
        return false;
      },
      failWith(err, extra = {}) {
        const exchanges = err.exchanges;
        result.failures.push({
          check: check.name,
          seed: options.seed,
          operation: err.operation,
          received: err.received,
          documented: err.documented,
          reproduce: exchanges.length === 1 ? curlOf(exchanges[0]!) : exchanges.length > 1 ? scriptOf(exchanges.slice(-25)) : undefined,
          ...extra,
        });
      },
      partial(why) {
        if (!result.notes.includes(why)) result.notes.push(why);
      },
      cleanup(fn) {
        if (!target.control) cleanups.push(fn);
      },
      async fresh() {
        if (!target.control) return;
        await target.control.reset();
        await refreshKeys(target);
        discovery = undefined;
        fresh = true;
      },
      async property(label, arb, body, popts = {}) {
        const reset = Boolean(popts.reset && target.control);
        const run = async (value: any) => {
          if (reset) await ctx.fresh();
          await body(value);
        };
        const details = await fc.check(fc.asyncProperty(arb, run), { seed: hashSeed(seed, label), numRuns: popts.runs ?? options.runs, examples: (popts.examples ?? []).map((e) => [e] as [any]) });
        if (!details.failed) return true;
        const value = details.counterexample?.[0];
        // Replay the shrunk case once, recording exactly the requests that reproduce it.
        const replayMark = target.history.count;
        let error: unknown = details.errorInstance;
        try {
          await run(value);
        } catch (e) {
          error = e;
        }
        const replay = target.history.since(replayMark);
        const sequence = popts.show ? popts.show(value) : [show(value, 1000)];
        const note = `seed ${options.seed}, check ${check.name}, property "${label}"; replay: npm run verify -- --seed ${options.seed} --checks ${check.name}`;
        if (error instanceof CheckFailed) {
          result.failures.push({
            check: check.name,
            seed: options.seed,
            operation: error.operation,
            received: error.received,
            documented: error.documented,
            sequence,
            reproduce: replay.length > 0 ? scriptOf(replay.slice(-40), note) : undefined,
          });
        } else if (error instanceof NotVerified) {
          ctx.partial(error.message);
          return true;
        } else {
          result.failures.push({
            check: check.name,
            seed: options.seed,
            received: `an error in the check: ${String((error as Error)?.message ?? error)}`,
            documented: label,
            sequence,
            reproduce: replay.length > 0 ? scriptOf(replay.slice(-40), note) : undefined,
          });
        }
        return false;
      },
    };
    try {
      if (check.needs?.control && !target.control) ctx.requireControl(check.needs.control);
      for (const k of check.needs?.keys ?? []) ctx.key(k);
      if (check.needs?.anyKey && !check.needs.anyKey.some((k) => target.keys[k])) {
        throw new NotVerified(`needs a key of ${check.needs.anyKey.map((k) => KEY_MEANING[k]).join(' or ')}`);
      }
      if (target.control) await ctx.fresh();
      await check.run!(ctx);
    } catch (err) {
      if (err instanceof NotVerified) {
        result.status = 'not verified';
        result.notes.unshift(err.message);
      } else if (err instanceof CheckFailed) {
        ctx.failWith(err);
      } else {
        result.failures.push({ check: check.name, seed: options.seed, received: `an error while checking: ${(err as Error)?.stack ?? err}`, documented: 'the check runs to its end' });
      }
    } finally {
      for (const fn of cleanups.reverse()) {
        try {
          await fn();
        } catch {
          /* best effort on a target we do not control */
        }
      }
      target.history.current = undefined;
      assertions.sink = undefined;
    }
    if (result.failures.length > 0) result.status = 'failed';
    // A check that asserted nothing saw nothing it could judge: that is not a pass.
    else if (result.status === 'passed' && result.assertions === 0) {
      result.status = 'not verified';
      result.notes.unshift('made no assertion on this run');
    }
    result.requests = target.history.count - mark;
    result.ms = Date.now() - t0;
    inspectNew();
    results.push(result);
    options.onResult?.(result);
  }
  inspectNew();

  for (const c of responseChecks) {
    const findings = [...responseFindings.get(c.name)!.values()];
    const seen = responseSeen.get(c.name)!;
    const result: CheckResult = {
      name: c.name,
      area: c.area,
      kind: c.kind,
      description: c.description,
      status: findings.length > 0 ? 'failed' : seen > 0 ? 'passed' : 'not verified',
      notes: seen > 0 ? [`${seen} answers inspected`] : ['no answer of a public operation was recorded (select a property check too)'],
      failures: findings.map((f) => (f.count > 1 ? { ...f.failure, received: `${f.failure.received} (and ${f.count - 1} more like it)` } : f.failure)),
      assertions: seen,
      requests: 0,
      ms: 0,
    };
    results.push(result);
    options.onResult?.(result);
  }

  const durationMs = Date.now() - started;
  const requests = target.history.count - requestsBefore;
  return {
    target: target.label,
    seed: options.seed,
    runs: options.runs,
    startedAt,
    durationMs,
    requests,
    requestsPerSecond: requests / Math.max(durationMs / 1000, 0.001),
    results,
    coverage: coverage.report(),
    ok: results.every((r) => r.status !== 'failed'),
  };
}

export type { Exchange };
