// The check registry: small named checks (Schemathesis vocabulary plus this API's own), what they need, and how they report.
import fc from 'fast-check';
import type { CompiledOperation } from '../../spec/validator.ts';
import type { ApiClient } from '../client.ts';
import type { Control } from '../control.ts';
import type { Exchange } from '../history.ts';
import type { KeyKind, Target } from '../target.ts';
import type { Discovery } from '../discover.ts';
import type { Seen } from '../coverage.ts';
import { show } from '../show.ts';
import { currentScope } from '../context.ts';

// Defined below the client, which throws and quotes with them too; checks keep importing them from here.
export { NotVerified } from '../not-verified.ts';
export { CheckFailed } from '../check-failed.ts';
import { CheckFailed } from '../check-failed.ts';
export { show };

export interface Failure {
  check: string;
  /** The part of the check that found it (`check.parts`); `--checks <check>/<part>` replays that part alone. */
  part?: string;
  operation?: string;
  /** What came back. */
  received: string;
  /** What the contract says, quoting the reference where it is precise. */
  documented: string;
  seed?: number;
  /** The shrunk counterexample or command sequence, one readable line each. */
  sequence?: string[];
  /** A curl line, or a short bash script for a sequence. */
  reproduce?: string;
  /** The command that runs the check (or part) again against the same target, seed and flags, secrets as variables. */
  replay?: string;
  /** The exchange the verdict rests on (the last one that reproduces it): its request line and its answer, bounded. */
  exchange?: { request: string; status: number; answer: string };
  /** Its id in every report of the run (F1, F2...: suites/findings.ts), which `spw replay` takes. */
  id?: string;
  /** What kind of departure it is, apart from one run's values (suites/findings.ts `kindOf`). */
  kind?: string;
  /** The property that found it, for a failure of a fast-check property. */
  property?: string;
  /** A response check's failure: the unit whose request showed it, which `spw replay` runs again with the check. */
  foundBy?: string;
}

export interface Check {
  name: string;
  /** Report area: generic, auth, posts, media, wallet, brief, skills, plans, limits, webhooks, oauth, analytics, channels. */
  area: string;
  /** One sentence: what it asserts. */
  description: string;
  /** The reference rule it rests on (quoted in failures). */
  rule: string;
  kind: 'response' | 'property';
  /** Key kinds it cannot run without (any one of `anyOf` is enough). */
  needs?: { keys?: KeyKind[]; anyKey?: KeyKind[]; control?: string };
  /** Response checks: inspect one recorded exchange of a public operation. */
  inspect?(e: Exchange, op: CompiledOperation, run: InspectContext): Omit<Failure, 'check'> | undefined;
  /** Property checks: drive the target. */
  run?(ctx: CheckContext): Promise<void>;
  /**
   * A sweep over operations (hostile input, use after free, isolation): it covers what the run's scope holds and
   * leaves the rest (`ctx.inScope`), so a scoped run keeps it rather than leaving it out for what it would touch.
   */
  sweeps?: boolean;
  /**
   * Property checks made of independent parts (one per operation, per provider...): the runner runs `run` once per
   * part (`ctx.part`), each from a fresh start with a seed of its own, in whichever lane is free, and reports one
   * verdict for the check. Known without the target, so that a part is named the same in every run.
   */
  parts?(): readonly string[];
}

/** What a response check knows besides the answer, and how it marks the outcomes whose meaning it asserted (suites/coverage.ts). */
export interface InspectContext {
  seen: Seen;
  asserted(outcomes: string[]): void;
}

export interface PropertyOptions<T = unknown> {
  runs?: number;
  /** With control, reset the world before each run so shrinking replays from the same start. */
  reset?: boolean;
  /** Render a generated value as the API calls it stands for. */
  show?(value: T): string[];
  /** Boundary cases run every time, before the generated ones (fast-check `examples`). */
  examples?: T[];
}

export interface CheckContext {
  check: Check;
  /** The part this run of a check with parts is for; undefined for a check without. */
  part?: string;
  target: Target;
  api: ApiClient;
  control?: Control;
  seed: number;
  runs: number;
  /** Channels, groups and the like, read once from the target. */
  discover(): Promise<Discovery>;
  /** The key of a workspace kind, or not verified. */
  key(kind: KeyKind): string;
  has(kind: KeyKind): boolean;
  requireControl(why: string): Control;
  notVerified(why: string): never;
  /** Record a failure and carry on (checks that sweep many operations). Counts as an assertion. */
  fail(f: Omit<Failure, 'check' | 'seed'>): void;
  /** An assertion about `exchanges` that records a failure (reproduced by them) and carries on when it does not hold. */
  expect(ok: unknown, exchanges: Array<Exchange | undefined>, f: Omit<Failure, 'check' | 'seed'>): boolean;
  failWith(err: CheckFailed, extra?: Partial<Failure>): void;
  /** Note a part that could not be verified without failing the check: the check is then "passed in part". */
  partial(why: string): void;
  /** Note a part left out because the run was not given what it needs (`--media-url`): named, not held against it. */
  notAsked(why: string): void;
  /** Whether the run judges this operation (`--areas`, `--operations`); every operation when it is not scoped. */
  inScope(operationId: string): boolean;
  /** Register an undo for something created on a target the suites do not control. */
  cleanup(fn: () => Promise<unknown>): void;
  /** With control: reset the world and re-read keys. Without: nothing. */
  fresh(): Promise<void>;
  /**
   * Reads again, with growing pauses, until `settled` holds or the run's publish wait is over (`--publish-wait`), and
   * gives the last read. Section 3 has a post sent now "published immediately" and its webhook "sent on success": a
   * server that sends from a queue does both a moment after it answers, so a check waits for them and then judges
   * what it saw. Against a server that is done when it answers, the first read is the only one.
   */
  eventually<T>(read: () => Promise<T>, settled: (value: T) => boolean): Promise<T>;
  /** A fast-check property with shrinking; a failure carries seed, shrunk value and a replay script. */
  property<T>(label: string, arb: fc.Arbitrary<T>, body: (value: T) => Promise<void>, options?: PropertyOptions<NoInfer<T>>): Promise<boolean>;
}

const registry = new Map<string, Check>();

export function register(check: Check): Check {
  if (registry.has(check.name)) throw new Error(`check ${check.name} registered twice`);
  registry.set(check.name, check);
  return check;
}

export function allChecks(): Check[] {
  return [...registry.values()];
}

export function getCheck(name: string): Check | undefined {
  return registry.get(name);
}

/**
 * Where assertions are counted when no check scope is known (suites/context.ts): the runner points `sink` at the
 * running check. Module-level because `ensure` is called from helpers that have no context; without a scope, checks
 * run one at a time, so there is one running check.
 */
export const assertions: { sink?: (exchanges: readonly Exchange[]) => void } = {};

/**
 * Count one assertion about the meaning of these answers (the outcome each stands for is then "asserted" in the
 * coverage), whether it held or not. `ensure` and `ctx.expect` call it; call it directly after an assertion made otherwise.
 */
export function asserted(...exchanges: Array<Exchange | undefined>): void {
  const seen = exchanges.filter((e): e is Exchange => e !== undefined);
  const scope = currentScope();
  if (scope) scope.sink(seen);
  else assertions.sink?.(seen);
}

/** Throw a CheckFailed unless `ok`; counts as an assertion about `f.exchanges`. */
export function ensure(ok: unknown, f: ConstructorParameters<typeof CheckFailed>[0]): asserts ok {
  asserted(...(f.exchanges ?? []));
  if (!ok) throw new CheckFailed(f);
}

/** "status 200 {body}" for an exchange. */
export function got(e: Exchange | undefined): string {
  if (!e) return 'no answer';
  return `${e.status} ${show(e.responseBody, 300)}`;
}
