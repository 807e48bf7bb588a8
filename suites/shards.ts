// CI shards: `--shard i/n` runs a stable 1/n of the property checks (balanced by the durations of a previous report
// when one is given), and `spw report merge` joins the shards' JSON reports into one verdict and one coverage table.
// Response checks inspect every answer, so each shard runs them over its own answers and the merge joins them too.
import { numberFailures } from './findings.ts';
import type { Check } from './checks/registry.ts';
import { coverageOf, sharedCatalogue, type CoverageReport, type OperationCoverage } from './coverage.ts';
import type { CheckResult, NotImplemented, RunReport, Shard } from './run-report.ts';
import { checkCost } from './unit-costs.ts';

export type { Shard };

/** `i/n` with 1 <= i <= n; a usage error otherwise. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new Error(`--shard ${text}: expected i/n with 1 <= i <= n, e.g. 2/4`);
  return { index, count };
}

/**
 * The property checks of shard `index` of `count`: longest first onto the least loaded shard (durations from a previous
 * report, else the requests each sent in the recorded run, suites/unit-costs.json), ties by name, so every shard
 * computes the same split with no coordination.
 */
export function shardOf(checks: Check[], shard: Shard, durations?: Record<string, number>): Check[] {
  const weight = (c: Check) => (durations ? durations[c.name] : checkCost(c.name, c.parts?.() ?? [])) || 1;
  const ordered = [...checks].sort((a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name));
  const load = Array.from({ length: shard.count }, () => 0);
  const mine = new Set<string>();
  for (const c of ordered) {
    let best = 0;
    for (let i = 1; i < shard.count; i++) if (load[i]! < load[best]!) best = i;
    load[best]! += weight(c);
    if (best === shard.index - 1) mine.add(c.name);
  }
  // Back in registry order: the run reads the same as an unsharded one, only shorter.
  return checks.filter((c) => mine.has(c.name));
}

/**
 * Each property check's duration in a previous JSON report (`--shard-timings`): the time its lanes were busy with it,
 * so the sum of its parts' times for a check whose parts ran side by side (its wall time would understate its share).
 */
export function durationsOf(report: Pick<RunReport, 'results'>): Record<string, number> {
  return Object.fromEntries(report.results.filter((r) => r.kind === 'property').map((r) => [r.name, Math.max(1, r.parts ? r.parts.reduce((n, p) => n + p.ms, 0) : r.ms)]));
}

function mergeResult(a: CheckResult, b: CheckResult): CheckResult {
  const failures = [...a.failures];
  for (const f of b.failures) if (!failures.some((g) => g.received === f.received && g.documented === f.documented && g.operation === f.operation)) failures.push(f);
  // The best verdict either shard reached: a response check inspects both shards' answers.
  const status = failures.length > 0 ? 'failed' : ([a.status, b.status].includes('passed') ? 'passed' : [a.status, b.status].includes('passed in part') ? 'passed in part' : 'not verified');
  return {
    ...a,
    status,
    failures,
    notes: status === 'passed' && a.kind === 'response' ? [`${a.assertions + b.assertions} answers inspected`] : [...new Set([...a.notes, ...b.notes])],
    states: [...new Set([...a.states, ...b.states])],
    assertions: a.assertions + b.assertions,
    requests: a.requests + b.requests,
    ms: a.ms + b.ms,
  };
}

function mergeCoverage(reports: CoverageReport[]): CoverageReport {
  const byOp = new Map<string, OperationCoverage[]>();
  for (const r of reports) for (const o of r.operations) byOp.set(o.operationId, [...(byOp.get(o.operationId) ?? []), o]);
  const operations: OperationCoverage[] = [];
  for (const [operationId, rows] of byOp) {
    const asserted = new Set(rows.flatMap((o) => o.asserted));
    const reached = new Set(rows.flatMap((o) => o.reachedOnly).filter((id) => !asserted.has(id)));
    const all = new Set(rows.flatMap((o) => [...o.asserted, ...o.reachedOnly, ...o.neverReached]));
    const never = [...all].filter((id) => !asserted.has(id) && !reached.has(id));
    const unprovokable = new Map<string, OperationCoverage['unprovokable'][number]>();
    for (const u of rows.flatMap((o) => o.unprovokable)) {
      const seen = unprovokable.get(u.id);
      unprovokable.set(u.id, seen ? { ...seen, reached: seen.reached || u.reached } : u);
    }
    const wouldReachWith: Record<string, string[]> = {};
    for (const o of rows) for (const [id, states] of Object.entries(o.wouldReachWith)) if (never.includes(id)) wouldReachWith[id] = states;
    const reachedBy: Record<string, string[]> = {};
    for (const o of rows) for (const [id, by] of Object.entries(o.reachedBy)) reachedBy[id] = [...new Set([...(reachedBy[id] ?? []), ...by])].sort();
    // In the catalogue's order, as an unsharded run lists them.
    const order = sharedCatalogue().outcomes.filter((o) => o.operationId === operationId).map((o) => o.id);
    const sort = (ids: Iterable<string>) => [...ids].sort((x, y) => order.indexOf(x) - order.indexOf(y));
    operations.push({ operationId, asserted: sort(asserted), reachedOnly: sort(reached), neverReached: sort(never), unprovokable: [...unprovokable.values()], wouldReachWith, reachedBy });
  }
  return coverageOf(operations);
}

/** One verdict from the reports of every shard of one run; an incomplete or mixed set is an error, never a partial pass. */
export function mergeReports(reports: RunReport[]): RunReport {
  if (reports.length === 0) throw new Error('report merge: no report given');
  const first = reports[0]!;
  for (const r of reports) {
    if (r.seed !== first.seed || r.runs !== first.runs || r.target !== first.target) {
      throw new Error(`report merge: the reports are of different runs (target ${r.target} seed ${r.seed} runs ${r.runs}, against target ${first.target} seed ${first.seed} runs ${first.runs})`);
    }
  }
  const shards = reports.map((r) => r.shard);
  if (shards.some((s) => s)) {
    const count = shards[0]?.count;
    const have = new Set(shards.map((s) => (s && s.count === count ? s.index : -1)));
    const missing = Array.from({ length: count ?? 0 }, (_, i) => i + 1).filter((i) => !have.has(i));
    if (!count || shards.some((s) => !s || s.count !== count) || missing.length > 0 || have.size !== reports.length) {
      throw new Error(`report merge: the shards do not make one whole run (${shards.map((s) => (s ? `${s.index}/${s.count}` : 'unsharded')).join(', ')}${missing.length ? `; missing ${missing.map((i) => `${i}/${count}`).join(', ')}` : ''}): coverage is only complete when every shard is merged`);
    }
  }
  const results = new Map<string, CheckResult>();
  for (const r of reports) for (const c of r.results) results.set(c.name, results.has(c.name) ? mergeResult(results.get(c.name)!, c) : c);
  const merged = [...results.values()];
  const durationMs = Math.max(...reports.map((r) => r.durationMs));
  const requests = reports.reduce((n, r) => n + r.requests, 0);
  const hook = first.hook;
  // Ids are the merged report's: the shards numbered their own departures each from F1.
  numberFailures({ results: merged });
  const coverage = mergeCoverage(reports.map((r) => r.coverage));
  const notImplemented = mergeNotImplemented(reports, coverage);
  const outOfScope = [...new Map(reports.flatMap((r) => r.outOfScope ?? []).map((o) => [o.name, o])).values()];
  return {
    target: first.target,
    ...(first.flags ? { flags: first.flags } : {}),
    seed: first.seed,
    runs: first.runs,
    startedAt: reports.map((r) => r.startedAt).sort()[0]!,
    durationMs,
    requests,
    requestsPerSecond: requests / Math.max(durationMs / 1000, 0.001),
    hook,
    limited: mergeLimits(reports.map((r) => r.limited)),
    results: merged,
    coverage,
    ...(notImplemented.length > 0 ? { notImplemented } : {}),
    ...(first.scope ? { scope: first.scope } : {}),
    ...(outOfScope.length > 0 ? { outOfScope } : {}),
    ok: reports.every((r) => r.ok) && merged.every((c) => c.status !== 'failed' && !(hook && c.status === 'not verified')),
  };
}

/**
 * The operations not implemented over the whole run: what any shard found, its calls and blocked checks together,
 * unless another shard reached one of the operation's documented outcomes (then it is there, in part at least, and
 * the checks' own findings on it stand). Without this a sharded run of a half-built server merged into a pass.
 */
function mergeNotImplemented(reports: RunReport[], coverage: CoverageReport): NotImplemented[] {
  const reached = new Set(coverage.operations.filter((o) => o.asserted.length + o.reachedOnly.length > 0).map((o) => o.operationId));
  const byOperation = new Map<string, NotImplemented>();
  for (const n of reports.flatMap((r) => r.notImplemented ?? [])) {
    if (reached.has(n.operationId)) continue;
    const seen = byOperation.get(n.operationId);
    byOperation.set(
      n.operationId,
      seen ? { ...seen, calls: seen.calls + n.calls, blocked: [...new Set([...seen.blocked, ...n.blocked])].sort(), inScope: seen.inScope || n.inScope } : { ...n, blocked: [...n.blocked] },
    );
  }
  return [...byOperation.values()];
}

/** The shards' rate limits as one run's: the 429s and waits added up, each closed workspace and cut check once. */
function mergeLimits(all: ReadonlyArray<RunReport['limited'] | undefined>): RunReport['limited'] {
  const closed = new Map<string, number>();
  for (const l of all) for (const c of l?.closed ?? []) closed.set(c.workspace, Math.max(closed.get(c.workspace) ?? 0, c.accepted));
  const cutShort = [...new Set(all.flatMap((l) => l?.cutShort ?? []))];
  const budget = all.find((l) => l?.budget)?.budget;
  return {
    answers: all.reduce((n, l) => n + (l?.answers ?? 0), 0),
    waitedMs: all.reduce((n, l) => n + (l?.waitedMs ?? 0), 0),
    ...(closed.size ? { closed: [...closed].map(([workspace, accepted]) => ({ workspace, accepted })) } : {}),
    ...(cutShort.length ? { cutShort } : {}),
    ...(budget ? { budget: { postsPerHour: budget.postsPerHour, leftOut: [...new Map(all.flatMap((l) => l?.budget?.leftOut ?? []).map((o) => [o.name, o])).values()] } } : {}),
  };
}
