// Terminal output: a line per check as it finishes, then each failure in full and a summary table per area.
import type { Check } from '../checks/registry.ts';
import type { CheckResult, RunReport } from '../runner.ts';
import type { CoverageReport } from '../coverage.ts';
import { unitName } from '../units.ts';
import { countLine, countsOf, grouped } from '../findings.ts';
import type { PoliteStats } from '../polite.ts';
import { visible, visibleDeep } from '../../spec/visible.ts';

const tty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code: string, s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const green = (s: string) => paint('32', s);
export const red = (s: string) => paint('31', s);
export const yellow = (s: string) => paint('33', s);
export const dim = (s: string) => paint('2', s);

/** A check that passed on everything it exercised but names parts it could not verify: a verdict of its own. */
export const verifiedInPart = (r: CheckResult) => r.status === 'passed in part';

/** The counts every report gives (the terminal's closing line, JUnit's attributes), from one place. */
export function tally(results: readonly CheckResult[]) {
  const count = (status: CheckResult['status']) => results.filter((r) => r.status === status).length;
  const assertions = results.filter((r) => r.kind === 'property').reduce((n, r) => n + r.assertions, 0);
  return { total: results.length, passed: count('passed'), failed: count('failed'), notVerified: count('not verified'), inPart: results.filter(verifiedInPart).length, assertions };
}

const MARK: Record<CheckResult['status'], string> = { passed: green('✓'), 'passed in part': yellow('◐'), failed: red('✗'), 'not verified': yellow('○') };

/** What the live line counts from: how many checks the run has, and the requests sent so far. */
export interface Progress {
  total: number;
  requests(): number;
  /**
   * Each property check's recorded cost (suites/unit-costs.json): a concurrent run starts the costliest first, so the
   * checks done say little of the time left; the share of the cost done says it.
   */
  costs?: Record<string, number>;
  /** What the run waits for now (a 429's wait, a slow answer), for the line a long wait would otherwise leave silent. */
  waiting?(): string | undefined;
}

/** On a log that is not a terminal, a line at least this often while checks run (CI kills jobs that stay silent). */
export const HEARTBEAT_MS = 10_000;

/** What a run waits for: a 429's wait, else the oldest answer outstanding for more than two seconds. */
export function waitingFor(limits: Pick<PoliteStats, 'waiting' | 'inflight'>, now = performance.now()): string | undefined {
  if (limits.waiting) return `waiting ${Math.max(0, Math.ceil((limits.waiting.until - now) / 1000))} s more after ${limits.waiting.what}`;
  let oldest: { what: string; since: number } | undefined;
  for (const r of limits.inflight.values()) if (!oldest || r.since < oldest.since) oldest = r;
  return oldest && now - oldest.since > 2000 ? `waiting ${Math.floor((now - oldest.since) / 1000)} s for an answer to ${oldest.what}` : undefined;
}

/**
 * The live line on a terminal: checks done and running, failures, requests a second, and the time left at this pace
 * (by the share of the recorded cost done, `doneCost`, when the run has costs; else by the checks done).
 */
export function progressLine(p: Progress, done: number, failed: number, running: string, elapsedMs: number, doneCost = 0): string {
  const rate = p.requests() / Math.max(elapsedMs / 1000, 0.001);
  const totalCost = Object.values(p.costs ?? {}).reduce((a, b) => a + b, 0);
  const share = totalCost > 0 && doneCost > 0 ? doneCost / totalCost : done / p.total;
  const left = done === 0 || share === 0 ? '' : ` · ~${Math.ceil((elapsedMs * (1 - Math.min(share, 1))) / share / 1000)} s left`;
  return `  [${done}/${p.total}] ${running} · ${failed} failed · ${rate.toFixed(0)} requests/s${left}`;
}

/**
 * A line per check as it ends; on a terminal, a live line that rewrites itself every second with what runs and what it
 * waits for; on a log, that line at least every HEARTBEAT_MS while nothing else is written, so that a long wait (a
 * rate limit, a slow server) is never silence. `stop()` ends the timer.
 */
export function terminalReporter(out: NodeJS.WritableStream, quiet: boolean, progress?: Progress, live = tty, heartbeatMs = HEARTBEAT_MS) {
  const started = Date.now();
  let done = 0;
  let doneCost = 0;
  let failed = 0;
  let lastLine = Date.now();
  const running = new Set<string>();
  const status = () => {
    const names = [...running];
    const what = names.length === 0 ? 'between checks' : `running ${names.slice(0, 2).join(', ')}${names.length > 2 ? ` and ${names.length - 2} more` : ''}`;
    // A URL in the wait is the target's to shape (ids it answered): visible text only.
    const asked = progress?.waiting?.();
    const waiting = asked && visible(asked);
    return progress ? `${progressLine(progress, done, failed, what, Date.now() - started, doneCost)}${waiting ? ` · ${waiting}` : ''}` : `  … ${what}`;
  };
  const timer = quiet || !progress ? undefined : setInterval(() => {
    if (live) out.write(dim(`${status()}\x1b[K\r`));
    else if (Date.now() - lastLine >= heartbeatMs) {
      out.write(`${status()}\n`);
      lastLine = Date.now();
    }
  }, live ? 1000 : Math.min(1000, heartbeatMs));
  timer?.unref?.();
  return {
    stop() {
      if (timer) clearInterval(timer);
    },
    onStart(check: Check) {
      running.add(check.name);
      // On a terminal one line that rewrites itself; a CI log gets the plain line of each result instead.
      if (!quiet && live) out.write(dim(`${status()}\x1b[K\r`));
    },
    onResult(r: CheckResult) {
      running.delete(r.name);
      lastLine = Date.now();
      done++;
      doneCost += progress?.costs?.[r.name] ?? 0;
      if (r.status === 'failed') failed++;
      if (quiet) return;
      const extra = r.status === 'failed' ? red(` ${r.failures.length} failure(s)`) : r.status === 'not verified' ? yellow(` not verified: ${visible(r.notes[0] ?? '')}`) : verifiedInPart(r) ? yellow(' (in part)') : '';
      const cost = dim(`${r.kind === 'property' ? ` ${r.assertions} assertions, ${r.requests} requests, ${(r.ms / 1000).toFixed(1)}s` : ` ${r.assertions} answers inspected`} · ${sectionLabel(r.sections)}`);
      out.write(`  ${MARK[r.status]} ${r.name.padEnd(36)}${cost}${extra}\x1b[K\n`.replace(tty ? '' : '\x1b[K', ''));
    },
  };
}

/** What the target's rate limits cost the run, and what would win it back. */
function printLimits(l: RunReport['limited'] | undefined, out: NodeJS.WritableStream): void {
  if (!l) return;
  if (l.answers) out.write(yellow(`\n  Rate limits: ${l.answers} answer(s) 429 (never a departure), ${(l.waitedMs / 1000).toFixed(1)} s spent waiting\n`));
  for (const c of l.closed ?? []) out.write(yellow(`  the post limit closed ${c.workspace} for this run after ${c.accepted} post(s) accepted\n`));
  if (l.cutShort?.length) out.write(yellow(`  checks it cut short: ${l.cutShort.join(', ')}\n`));
  if (l.budget?.leftOut.length) out.write(yellow(`  --posts-per-hour ${l.budget.postsPerHour}: ${l.budget.leftOut.length} check(s) or part(s) left out for the budget: ${l.budget.leftOut.map((o) => `${o.name} (~${Object.values(o.posts).reduce((a, b) => a + b, 0)} posts)`).join(', ')}\n`));
  if (l.cutShort?.length || l.budget?.leftOut.length) out.write(dim(`  to win them back: a states hook (its world reset, or limits.set), a higher limit on the target in test mode${l.budget ? '' : ', or --posts-per-hour <the limit> to plan within it'}\n`));
}

/** "§4.3 §7" (or "Conventions"): the reference sections a check enforces, as every report names them. */
export function sectionLabel(sections: readonly string[]): string {
  return sections.map((s) => (s === 'Conventions' ? s : `§${s}`)).join(' ');
}

function indent(text: string, by = '      '): string {
  return text.split('\n').map((l) => by + l).join('\n');
}

export function printSummary(whole: RunReport, out: NodeJS.WritableStream): void {
  // What a target answered and a report holds reaches the terminal only as visible text (spec/visible.ts).
  const report = visibleDeep(whole);
  // Findings by cause: departures (each with its id and reference), then operations not implemented, then checks not
  // verified; each group by operation, counted with the words every report uses (suites/findings.ts).
  const groups = grouped(report);
  const counts = countsOf(report);
  out.write(`\n${counts.departures || counts.notImplemented ? red(`Findings: ${countLine(counts)}`) : counts.notVerified ? yellow(`Findings: ${countLine(counts)}`) : green(`Findings: ${countLine(counts)}`)}\n`);
  if (groups.departures.length > 0) {
    out.write(`\n${red(`Departures: ${counts.departures} in ${counts.checks} check${counts.checks === 1 ? '' : 's'}`)} (spw replay <report.json> <id> runs one again)\n`);
    for (const { id, failure: f, result } of groups.departures) {
      out.write(`\n  ${id}) ${red(unitName(f.check, f.part))}${f.operation ? ` · ${f.operation}` : ''} · reference ${sectionLabel(result?.sections ?? [])}\n`);
      out.write(`     received:   ${f.received}\n`);
      out.write(`     documented: ${f.documented}\n`);
      if (f.sequence?.length) out.write(`     sequence (seed ${f.seed}):\n${indent(f.sequence.slice(0, 20).join('\n'), '       ')}\n`);
      if (f.reproduce) out.write(`     reproduce:\n${indent(f.reproduce, '       ')}\n`);
      if (f.replay) out.write(`     replay:     ${f.replay}\n`);
    }
  }
  if (groups.notImplemented.length > 0) {
    out.write(`\n${red(`Not implemented: ${counts.notImplemented} operation${counts.notImplemented === 1 ? '' : 's'}`)}: every call answered as a server without the operation; one finding each\n`);
    for (const n of groups.notImplemented) out.write(`  ${n.inScope ? red('✗') : dim('·')} ${n.operationId.padEnd(28)} ${n.answered} to ${n.calls} call(s)${n.inScope ? '' : dim(' (outside the scope: named only)')}${n.blocked.length ? dim(`; blocked ${n.blocked.join(', ')}`) : ''}\n`);
  }
  if (groups.notVerified.length > 0) {
    out.write(`\n${yellow(`Not verified: ${counts.notVerified} check${counts.notVerified === 1 ? '' : 's'}${report.hook ? ' (with a states hook, this fails the run)' : ''}`)}\n`);
    const byName = new Map(report.results.map((r) => [r.name, r]));
    for (const n of groups.notVerified) {
      const notes = byName.get(n.name)!.notes;
      out.write(`  ${n.name}: ${notes.slice(0, 8).join('; ')}${notes.length > 8 ? ` (+${notes.length - 8} more)` : ''}\n`);
    }
  }
  if (report.outOfScope?.length) {
    out.write(`\n${dim(`Out of scope (${report.outOfScope.length}): checks that need operations outside --areas/--operations`)}\n`);
    for (const o of report.outOfScope) out.write(dim(`  ${o.name}: needs ${o.needs.join(', ')}\n`));
  }
  const listNotes = (heading: string, results: CheckResult[]) => {
    if (results.length === 0) return;
    out.write(`\n${yellow(heading)}\n`);
    for (const r of results) out.write(`  ${r.name}: ${r.notes.slice(0, 8).join('; ')}${r.notes.length > 8 ? ` (+${r.notes.length - 8} more)` : ''}\n`);
  };
  listNotes(report.hook ? 'Verified in part (passed on the rest; with a states hook, this fails the run)' : 'Verified in part (passed on the rest)', report.results.filter(verifiedInPart));
  const notAsked = report.results.filter((r) => r.notAsked?.length);
  if (notAsked.length > 0) {
    out.write(`\n${dim('Not asked (the run was not given what these parts need; not held against the verdict)')}\n`);
    for (const r of notAsked) out.write(dim(`  ${r.name}: ${r.notAsked!.join('; ')}\n`));
  }
  const areas = new Map<string, { passed: number; inPart: number; failed: number; nv: number; why: string[] }>();
  for (const r of report.results) {
    const a = areas.get(r.area) ?? { passed: 0, inPart: 0, failed: 0, nv: 0, why: [] };
    if (r.status === 'passed') a.passed++;
    else if (r.status === 'passed in part') a.inPart++;
    else if (r.status === 'failed') a.failed++;
    else {
      a.nv++;
      a.why.push(`${r.name}: ${r.notes[0] ?? ''}`);
    }
    areas.set(r.area, a);
  }
  out.write(`\n  ${'area'.padEnd(12)} ${'passed'.padStart(6)} ${'in part'.padStart(7)} ${'failed'.padStart(6)} ${'not verified'.padStart(12)}\n`);
  for (const [area, a] of areas) {
    out.write(`  ${area.padEnd(12)} ${String(a.passed).padStart(6)} ${String(a.inPart).padStart(7)} ${(a.failed ? red(String(a.failed).padStart(6)) : String(a.failed).padStart(6))} ${String(a.nv).padStart(12)}${a.why.length ? dim(`  ${a.why.join('; ').slice(0, 160)}`) : ''}\n`);
  }
  printLimits(report.limited, out);
  const { passed, failed, notVerified, inPart, assertions } = tally(report.results);
  out.write(
    `\n${failed ? red(`${failed} failed`) : green('0 failed')}, ${passed} passed, ${inPart} passed in part, ${notVerified} not verified · ${assertions} assertions · ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)}s (${report.requestsPerSecond.toFixed(0)} requests/s) · seed ${report.seed}\n`,
  );
}

/**
 * The coverage table: one line per operation with something not reached and asserted (an operation whose every outcome was
 * is counted, not listed), then the outcomes no client can provoke and why. `wide` lists every operation.
 */
export function printCoverage(c: CoverageReport, out: NodeJS.WritableStream, wide = false): void {
  const paint = c.neverReached + c.reachedOnly === 0 ? green : yellow;
  out.write(`\n${paint(`Response coverage ${c.percent}%`)}: ${c.asserted} of ${c.counted} documented outcomes reached and asserted, ${c.reachedOnly} reached only, ${c.neverReached} never reached\n`);
  const open = c.operations.filter((o) => wide || o.reachedOnly.length + o.neverReached.length > 0);
  const full = c.operations.filter((o) => o.reachedOnly.length + o.neverReached.length === 0);
  if (open.length > 0) {
    const w = Math.max(9, ...open.map((o) => o.operationId.length));
    out.write(`  ${'operation'.padEnd(w)} ${'asserted'.padStart(8)}  ${'reached only'.padEnd(30)} never reached\n`);
    for (const o of open) {
      const total = o.asserted.length + o.reachedOnly.length + o.neverReached.length;
      out.write(`  ${o.operationId.padEnd(w)} ${`${o.asserted.length}/${total}`.padStart(8)}  ${yellow(o.reachedOnly.join(', ').padEnd(30))} ${red(o.neverReached.join(', '))}\n`);
    }
  }
  if (!wide && full.length > 0) out.write(dim(`  ${full.length} operations with every provokable outcome reached and asserted\n`));
  const withState = c.operations.flatMap((o) => Object.entries(o.wouldReachWith).map(([id, states]) => `${o.operationId} ${id} (${states.join(', ')})`));
  if (withState.length > 0) out.write(yellow(`  never reached, a provider state would reach them (--states): ${withState.join('; ')}\n`));
  const off = c.operations.flatMap((o) => o.unprovokable.map((u) => ({ ...u, operationId: o.operationId })));
  if (off.length > 0) {
    out.write(dim(`  not counted, a client cannot provoke them on this run:\n`));
    const byWhy = new Map<string, string[]>();
    for (const u of off) byWhy.set(u.why, [...(byWhy.get(u.why) ?? []), `${u.operationId} ${u.id}${u.reached ? ' (reached)' : ''}`]);
    for (const [why, which] of byWhy) out.write(dim(`    ${which.join(', ')}: ${why}\n`));
  }
}
