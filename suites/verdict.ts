// The run's one verdict, and the exit status it gives: whether the contract was asserted, and if not, why. One function
// for a run and for a merge of shards, so that `verify`, `report merge`, the JSON and the HTML say the same thing.
import type { CheckResult, RunReport } from './run-report.ts';

/** The share of the selected property checks that must reach a verdict (whole or in part) unless told otherwise. */
export const DEFAULT_MIN_VERIFIED = 50;

export interface VerdictOptions {
  /** `--min-coverage`: a gate. The run fails under it, and on any check not verified whole. */
  minCoverage?: number;
  /** `--min-verified`: the percent of property checks that must reach a verdict; default DEFAULT_MIN_VERIFIED. */
  minVerified?: number;
}

export interface RunVerdict {
  ok: boolean;
  /** Each reason the run fails, one sentence each, in the order the exit-code table gives them. */
  reasons: string[];
}

const properties = (results: readonly CheckResult[]) => results.filter((r) => r.kind === 'property');

/**
 * The verdict, from the results alone (docs/suites.md, "Exit status"):
 * - an operation in the run's scope answered every call as a server that lacks it (501, a router's 404);
 * - any check failed: the target departs from the contract;
 * - no property check verified anything: nothing was asserted, whatever else the run did;
 * - fewer than `minVerified` percent of the property checks verified (whole or in part): only a sliver was asserted;
 * - the target's rate limit cut a check short: what the run verified depends on what the target had spent before it;
- a gated run (a states hook, or `--min-coverage`): every property check must be verified whole, since the gate
 *   could set up every precondition; and coverage must reach the minimum.
 */
export function runVerdict(report: Pick<RunReport, 'results' | 'coverage' | 'hook' | 'notImplemented'>, options: VerdictOptions = {}): RunVerdict {
  const reasons: string[] = [];
  const unbuilt = (report.notImplemented ?? []).filter((n) => n.inScope);
  if (unbuilt.length > 0) reasons.push(`${unbuilt.length} operation(s) not implemented: ${unbuilt.map((n) => `${n.operationId} (${n.answered})`).join(', ')}; scope the run to what is built with --areas or --operations.`);
  const failed = report.results.filter((r) => r.status === 'failed');
  if (failed.length > 0) reasons.push(`${failed.length} check(s) found departures from the contract: ${failed.map((r) => r.name).join(', ')}.`);
  const props = properties(report.results);
  const verified = props.filter((r) => r.status !== 'not verified');
  const notVerified = props.filter((r) => r.status === 'not verified');
  const inPart = props.filter((r) => r.status === 'passed in part');
  if (props.length > 0 && verified.length === 0) {
    const why = [...new Set(notVerified.map((r) => r.notes[0]).filter(Boolean))].slice(0, 3);
    reasons.push(`Nothing was verified: none of the ${props.length} check(s) could run against this target${why.length ? ` (${why.join('; ')})` : ''}.`);
  } else {
    const min = options.minVerified ?? DEFAULT_MIN_VERIFIED;
    const share = props.length === 0 ? 100 : (verified.length / props.length) * 100;
    if (share < min) {
      reasons.push(`Only ${verified.length} of ${props.length} check(s) reached a verdict (${Math.floor(share)}%, under --min-verified ${min}%): give the keys and the states hook the "Not verified" list names, or scope the run to what is built (--areas, --operations).`);
    }
  }
  const cut = report.results.filter((r) => r.cutShort);
  if (cut.length > 0) {
    reasons.push(`The target's rate limit cut ${cut.length} check(s) short (${cut.map((r) => r.name).join(', ')}): they verified less than they would have, so this run is no assurance. Win them back with a states hook (a world reset, or limits.set), a higher limit in test mode, or --posts-per-hour <the limit> so the run plans within it.`);
  }
  const gated = Boolean(report.hook) || options.minCoverage !== undefined;
  if (gated && notVerified.length + inPart.length > 0) {
    const by = report.hook ? 'a states hook' : '--min-coverage';
    const parts = [notVerified.length ? `${notVerified.length} not verified` : '', inPart.length ? `${inPart.length} verified only in part` : ''].filter(Boolean).join(' and ');
    reasons.push(`A run gated by ${by} must verify every check whole: ${parts} (${[...notVerified, ...inPart].map((r) => r.name).join(', ')}).`);
  }
  if (options.minCoverage !== undefined && report.coverage.percent < options.minCoverage) {
    const c = report.coverage;
    reasons.push(`Response coverage ${c.percent}% is under --min-coverage ${options.minCoverage}%: ${c.reachedOnly} outcome(s) reached but not asserted, ${c.neverReached} never reached (the table above names them).`);
  }
  return { ok: reasons.length === 0, reasons };
}
