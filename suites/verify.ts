// The `verify` command: build a target from flags, run the selected checks, print progress and the summary, write JUnit/JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { durationsOf, parseShard, shardOf } from './shards.ts';
import { dirname } from 'node:path';
import { createTarget, type KeyKind, type Target } from './target.ts';
import { boundsOf } from './bounded.ts';
import { readReport } from './report-schema.ts';
import { visible } from '../spec/visible.ts';
import { partsSelected, runChecks, selectChecks, type RunReport } from './runner.ts';
import { checkCost } from './unit-costs.ts';
import { terminalReporter, printCoverage, printSummary, red, waitingFor } from './report/terminal.ts';
import { toJUnit } from './report/junit.ts';
import { toHtml } from './report/html.ts';
import { sectionLabel } from './report/terminal.ts';
import { sectionsOf } from './sections.ts';
import { listStates } from './states.ts';
import { checksUsing, operationsOf, ownStates } from './states-map.ts';
import { scopeOf } from './implemented.ts';
import { runVerdict, type VerdictOptions } from './verdict.ts';
import { findingsOf } from './findings.ts';

export interface VerifyOptions {
  target?: string;
  basePath?: string;
  keyFree?: string;
  keyPayg?: string;
  keyPaid?: string;
  control?: string;
  controlToken?: string;
  states?: string;
  statesToken?: string;
  appUrl?: string;
  listStates?: boolean;
  seed?: string | number;
  runs?: string | number;
  checks?: string;
  junit?: string;
  json?: string;
  html?: string;
  mediaUrl?: string;
  maxRps?: string | number;
  /** The target's POST /posts limit per workspace per hour: the run plans within it (suites/post-budget.ts). */
  postsPerHour?: string | number;
  /** Seconds a check waits for a publication a server makes after it answers (`ctx.eventually`). */
  publishWait?: string | number;
  /** What is read of an answer at most (suites/bounded.ts). */
  maxAnswerSize?: string | number;
  requestTimeout?: string | number;
  maxListItems?: string | number;
  shard?: string;
  shardTimings?: string;
  concurrency?: string | number;
  inProcess?: boolean;
  fault?: string[];
  variation?: string[];
  list?: boolean;
  quiet?: boolean;
  /** Fail the run (report.ok false) when response coverage is under this percent, or any check is not verified whole. */
  minCoverage?: string | number;
  /** Fail the run when fewer property checks than this percent reach a verdict (suites/verdict.ts). */
  minVerified?: string | number;
  /** Judge only these areas of the API (suites/implemented.ts AREAS), comma separated. */
  areas?: string;
  /** Judge only these operations (operationIds), comma separated. */
  operations?: string;
}


export async function verify(opts: VerifyOptions, out: NodeJS.WritableStream = process.stdout): Promise<RunReport | undefined> {
  const write = (s: string) => out.write(s);
  if (opts.list) {
    for (const c of selectChecks(undefined)) {
      const states = ownStates(c.name);
      write(`${c.name.padEnd(36)} ${c.area.padEnd(10)} ${sectionLabel(sectionsOf(c.rule)).padEnd(18)} ${c.description}\n`);
      if (states.length > 0) write(`${''.padEnd(36)} ${''.padEnd(10)} ${''.padEnd(18)} states: ${states.join(', ')}${c.needs?.control ? ' (needs a hook)' : ' (with a hook)'}\n`);
      const ops = operationsOf(c.name);
      if (c.kind === 'property' && ops) write(`${''.padEnd(36)} ${''.padEnd(10)} ${''.padEnd(18)} operations: ${ops.join(', ') || '(none)'}\n`);
      if (c.parts) write(`${''.padEnd(36)} ${''.padEnd(10)} ${''.padEnd(18)} parts (--checks ${c.name}/<part>): ${c.parts().join(', ')}\n`);
    }
    return undefined;
  }
  if (opts.listStates) {
    write(listStates(checksUsing));
    return undefined;
  }
  const seed = opts.seed !== undefined ? Number(opts.seed) : Math.floor(Math.random() * 2 ** 31);
  const runs = opts.runs !== undefined ? Number(opts.runs) : 10;
  if (!Number.isInteger(seed)) throw new Error('--seed takes an integer');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  const minCoverage = opts.minCoverage !== undefined ? Number(opts.minCoverage) : undefined;
  if (minCoverage !== undefined && !(minCoverage >= 0 && minCoverage <= 100)) throw new Error('--min-coverage takes a percent from 0 to 100');
  const minVerified = numberOr(opts.minVerified);
  if (minVerified !== undefined && !(minVerified >= 0 && minVerified <= 100)) throw new Error('--min-verified takes a percent from 0 to 100');
  let target: Target;
  if (opts.inProcess) {
    const { inProcessTarget } = await import('./in-process.ts');
    target = await inProcessTarget({ faults: opts.fault ?? [], variations: opts.variation ?? [] });
  } else {
    if (!opts.target) throw new Error('--target <base url> is required (or --in-process)');
    const keys: Partial<Record<KeyKind, string>> = {};
    if (opts.keyFree) keys.free = opts.keyFree;
    if (opts.keyPayg) keys.payg = opts.keyPayg;
    if (opts.keyPaid) keys.paid = opts.keyPaid;
    target = await createTarget({ target: opts.target, basePath: opts.basePath, keys, control: opts.control, controlToken: opts.controlToken, states: opts.states, statesToken: opts.statesToken, appUrl: opts.appUrl, fetchableImageUrl: opts.mediaUrl, maxRps: opts.maxRps !== undefined ? Number(opts.maxRps) : undefined, bounds: boundsOf(opts) });
  }
  const checks = opts.checks ? opts.checks.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  const list = (v: string | undefined) => v?.split(',').map((s) => s.trim()).filter(Boolean);
  const scope = scopeOf(list(opts.areas), list(opts.operations));
  const shard = opts.shard ? parseShard(opts.shard) : undefined;
  const durations = opts.shardTimings ? durationsOf(readReport(opts.shardTimings, 'timings')) : undefined;
  write(`Verifying ${target.label}\n  seed ${seed}, ${runs} runs per property, keys: ${(['free', 'payg', 'paid'] as const).map((k) => `${k} ${target.keys[k] ? 'yes' : 'no'}`).join(', ')}, states hook: ${target.control ? target.control.url : 'none (checks that need a provider state are not verified)'}\n\n`);
  const selected = selectChecks(checks);
  const properties = selected.filter((c) => c.kind === 'property');
  const mine = shard ? shardOf(properties, shard, durations) : properties;
  const total = mine.length + (selected.length - properties.length);
  const parted = partsSelected(checks);
  const costs = Object.fromEntries(mine.map((c) => [c.name, checkCost(c.name, parted.get(c.name) ?? c.parts?.() ?? [])]));
  const reporter = terminalReporter(out, Boolean(opts.quiet), { total, requests: () => target.history.count, costs, waiting: () => waitingFor(target.limits) });
  const concurrency = opts.concurrency !== undefined ? Number(opts.concurrency) : 1;
  if (scope) write(`Scope: ${scope.size} operation(s) (${[opts.areas, opts.operations].filter(Boolean).join('; ')}, with what every check reads first: channels, groups, channel settings, prices); checks that need others are left out, and coverage and the verdict count these alone.\n\n`);
  const scopeFlags = [opts.areas ? `--areas ${list(opts.areas)!.join(',')}` : '', opts.operations ? `--operations ${list(opts.operations)!.join(',')}` : ''].filter(Boolean).join(' ');
  const report = await runChecks(target, { seed, runs, checks, shard, durations, concurrency, scope, ...(scopeFlags ? { scopeFlags } : {}), minVerified: numberOr(opts.minVerified), postsPerHour: numberOr(opts.postsPerHour), ...(opts.publishWait !== undefined ? { publishWaitMs: Number(opts.publishWait) * 1000 } : {}), onStart: reporter.onStart, onResult: reporter.onResult }).finally(() => reporter.stop());
  if (concurrency > 1 && (report.lanes ?? 1) < 2) write(`\nChecks ran one at a time: --concurrency needs a states hook that copies and resets workspaces (workspace.created with like, workspace.reset), and ${target.control ? 'this one does not' : 'this run has none'}.\n`);
  if (shard) write(`\nShard ${shard.index}/${shard.count}: this shard's coverage alone; \`spw report merge\` joins the shards' JSON reports into the whole.\n`);
  conclude(report, { minCoverage, minVerified: numberOr(opts.minVerified) }, opts, out);
  await target.close?.();
  return report;
}

export interface MergeOptions {
  json?: string;
  junit?: string;
  html?: string;
  minCoverage?: string | number;
  minVerified?: string | number;
  quiet?: boolean;
}

/** `spw report merge <json...>`: one verdict, one coverage table, and the reports asked for, from the shards' merged report (`mergeReports`). */
export function mergeCommand(report: RunReport, shards: number, opts: MergeOptions, out: NodeJS.WritableStream = process.stdout): RunReport {
  out.write(`Merged ${shards} report(s) of ${visible(report.target)}, seed ${report.seed}\n`);
  conclude(report, { minCoverage: numberOr(opts.minCoverage), minVerified: numberOr(opts.minVerified) }, opts, out);
  return report;
}

const numberOr = (v: string | number | undefined) => (v === undefined ? undefined : Number(v));

/** What a run and a merge end with alike: the coverage table, the summary, the verdict and why, the report files. */
function conclude(report: RunReport, gates: VerdictOptions, opts: { junit?: string; json?: string; html?: string }, out: NodeJS.WritableStream): void {
  const verdict = runVerdict(report, gates);
  report.ok = verdict.ok;
  report.reasons = verdict.reasons;
  report.findings = findingsOf(report);
  printCoverage(report.coverage, out);
  printSummary(report, out);
  for (const reason of verdict.reasons) out.write(`${red(reason)}\n`);
  // CI passes paths such as reports/verify.xml in a fresh checkout: make the folder rather than fail after the whole run.
  for (const [file, text] of [[opts.junit, () => toJUnit(report)], [opts.json, () => JSON.stringify(report, null, 2)], [opts.html, () => toHtml(report)]] as const) {
    if (!file) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text());
  }
}
