// What a run of the suites reports: each check's verdict and the run's coverage. Apart from the runner so that what
// reads reports (shards, the states map, the report writers) does not depend on what runs checks.
import type { Check, Failure } from './checks/registry.ts';
import type { CoverageReport } from './coverage.ts';
import type { KeyKind, TargetFlags } from './target.ts';

/** One shard of a run: `--shard index/count`. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * `passed in part`: passed on everything it exercised, but some part of what it covers could not be verified (a part
 * stopped not verified, a precondition the target would not give). Counted apart from `passed`, and a gated run fails
 * on it as on `not verified` (suites/verdict.ts).
 */
export type Status = 'passed' | 'passed in part' | 'failed' | 'not verified';

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
  /**
   * Parts left out because the run was not given what they need (`--media-url`): named, and not counted against the
   * verdict, as coverage does not count the outcomes they would reach.
   */
  notAsked?: string[];
  failures: Failure[];
  /** Assertions made: `ensure`, `ctx.expect`, `ctx.fail`, `asserted` (property checks); answers inspected (response checks). */
  assertions: number;
  requests: number;
  /**
   * The time it took: for a check with parts, its parts' times together (a concurrent run starts the costliest units
   * first, so a check's parts may run side by side or far apart, and the span from first to last says little).
   */
  ms: number;
  /** A check with parts (`Check.parts`): each part's own verdict and cost, in the check's order of parts. */
  parts?: PartResult[];
  /** The public operations it called, optional reads left out: what it needs of a target. */
  operations?: string[];
  /** The target's rate limit stopped it (or a part) before its end: what it verified is less than it would have. */
  cutShort?: boolean;
  /** POST /posts it sent (any answer), by the workspace kind: what a post budget plans by (`--posts-per-hour`). */
  posts?: PostsByKind;
}

export interface RateLimits {
  answers: number;
  waitedMs: number;
  /** Workspaces whose POST /posts met a limit that did not clear, and how many posts they had accepted before it. */
  closed?: Array<{ workspace: string; accepted: number }>;
  /** Checks the limit stopped before their end. */
  cutShort?: string[];
  /** `--posts-per-hour`: the budget each workspace had, and the checks left out because they did not fit in it. */
  budget?: { postsPerHour: number; leftOut: Array<{ name: string; posts: PostsByKind }> };
}

/** POST /posts sent with each kind's key (a kind that sent none is left out). */
export type PostsByKind = Partial<Record<KeyKind, number>>;

export interface PartResult {
  name: string;
  status: Status;
  posts?: PostsByKind;
  operations?: string[];
  assertions: number;
  requests: number;
  ms: number;
}

/** One operation the target does not have: one finding, whatever number of checks it blocked. */
export interface NotImplemented {
  operationId: string;
  /** What every call got: `501`, `404 (not the operation's Error)`. */
  answered: string;
  calls: number;
  /** The checks whose findings on it were folded into this one. */
  blocked: string[];
  /** Inside the run's scope (a departure), or outside it (named only). */
  inScope: boolean;
}

export interface RunReport {
  target: string;
  /** The flags the run was aimed with, no secret among them: what `spw replay` aims at the target with again. */
  flags?: TargetFlags;
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
  /** How many checks could run at once: the lanes of workspace copies, or 1 without a hook that makes them. */
  lanes?: number;
  /**
   * The 429s the run met and the time it spent waiting them out; the workspaces whose post limit closed them for the
   * run, with the posts accepted before; the checks the limit cut short; and, with `--posts-per-hour`, the plan.
   */
  limited: RateLimits;
  results: CheckResult[];
  /** Which documented outcomes were reached and asserted (suites/coverage.ts). */
  coverage: CoverageReport;
  /** Operations that answered every call as a server that does not have them (suites/implemented.ts). */
  notImplemented?: NotImplemented[];
  /** The operations the run was scoped to (`--areas`, `--operations`); absent when it covers the whole API. */
  scope?: string[];
  /** Checks left out because they need operations outside the scope, with those operations. */
  outOfScope?: Array<{ name: string; needs: string[] }>;
  /** The findings by cause, in the order and with the counts every report gives (suites/findings.ts). */
  findings?: FindingsSummary;
  ok: boolean;
  /** Why the run fails (suites/verdict.ts), empty when it passes. */
  reasons?: string[];
}

/** The units every report counts its findings in (suites/findings.ts). */
export interface Counts {
  departures: number;
  /** The checks the departures are in. */
  checks: number;
  notImplemented: number;
  notVerified: number;
}

/** The JSON report's `findings`: the groups by cause in the reports' order, each entry pointing at its result. */
export interface FindingsSummary {
  /** The count line every report prints. */
  line: string;
  counts: Counts;
  departures: Array<{ id: string; check: string; part?: string; operation?: string; sections: string[]; kind?: string }>;
  notImplemented: Array<{ operationId: string; answered: string; inScope: boolean; blocked: string[] }>;
  notVerified: Array<{ check: string; needs: string }>;
}
