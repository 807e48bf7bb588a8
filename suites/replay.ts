// `spw replay <report.json> [failure id]`: one departure of a recorded run, run again against the target. The check (or
// part) runs again with the run's seed and number of runs, from a fresh start (the hook's reset, keys read afresh, new
// lanes; dates from the target's clock, as every check computes them), and the departure is looked for again: the same
// check, part, operation and kind of finding (suites/findings.ts). Secrets come from the variables `verify` reads,
// never from the report, which holds none.
import type { Failure } from './checks/registry.ts';
import { sameDeparture } from './findings.ts';
import type { RunReport } from './run-report.ts';
import { runChecks } from './runner.ts';
import { createTarget, flagLine, KEY_KINDS, KEY_MEANING, SECRET_ENV, type KeyKind, type Target, type TargetFlags } from './target.ts';
import type { AnswerBounds } from './bounded.ts';
import { apiRoot } from './url.ts';
import { visible } from '../spec/visible.ts';
import { sectionLabel } from './report/terminal.ts';
import { unitName } from './units.ts';

/** 0: the departure did not show again; 1: it did (or the check found another); 2: it could not be replayed. */
export type ReplayStatus = 0 | 1 | 2;

export interface ReplayOptions {
  /** Where secrets are read from when no flag gives them: the variables `verify` reads (VERIFY_KEY_PAID, VERIFY_STATES_TOKEN...). */
  env?: NodeJS.ProcessEnv;
  /** The target to replay against instead of the one the report's flags name (a test's in-process mock). */
  target?: Target;
  /** Where to replay: the flags of `spw replay` (`--target`, `--states`/`--control`, tokens, keys). */
  aim?: ReplayAim;
}

/**
 * What the person replaying names: the target (and its hook, tokens and keys) secrets may go to. A report is a file
 * anyone can hand over; the target it names is shown, and used only when it is the one named here, when
 * `useReportTarget` says so, or when `confirm` (a question on a terminal) answers yes.
 */
export interface ReplayAim {
  target?: string;
  basePath?: string;
  states?: string;
  control?: string;
  statesToken?: string;
  controlToken?: string;
  appUrl?: string;
  keys?: Partial<Record<KeyKind, string>>;
  bounds?: Partial<AnswerBounds>;
  useReportTarget?: boolean;
  /** Asks the person at the terminal; absent where nobody can answer (CI, a pipe). */
  confirm?(question: string): Promise<boolean>;
}

/** The failures of a report, in the order its ids give them. */
export function failuresOf(report: RunReport): Failure[] {
  return report.results.flatMap((r) => r.failures).sort((a, b) => Number(a.id?.slice(1) ?? 0) - Number(b.id?.slice(1) ?? 0));
}

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The flags to aim with: the report's own where the person named its target (or said to use it), else the person's
 * target with only what they gave; the report's hook follows the report's target, never another one. A string says
 * why there is no target to aim at.
 */
async function aimOf(flags: TargetFlags, aim: ReplayAim, write: (s: string) => void): Promise<TargetFlags | string> {
  const reported = flags.target;
  const secretsNamed = [...flags.keys.map((k) => SECRET_ENV[k]), ...(flags.statesToken ? [SECRET_ENV.statesToken] : []), ...(flags.controlToken ? [SECRET_ENV.controlToken] : [])];
  let chosen: string;
  let same: boolean;
  if (aim.target) {
    chosen = apiRoot(aim.target, aim.basePath);
    same = chosen === reported;
  } else {
    if (!reported) return 'the report names no target: give --target <url>';
    if (!aim.useReportTarget) {
      const question = `The report names the target ${reported}${flags.states ? ` and the hook ${flags.states}` : flags.control ? ` and the control API ${flags.control}` : ''}. Send ${secretsNamed.length ? secretsNamed.join(', ') : 'requests'} there? [y/N] `;
      if (!aim.confirm) return `the report names the target ${reported}; replay sends keys and tokens only where you say: give --target <url> (or VERIFY_TARGET), or --use-report-target to use the report's`;
      if (!(await aim.confirm(question))) return `not confirmed: give --target <url> to replay against another target`;
    }
    chosen = reported;
    same = true;
  }
  if (reported && !same) write(`  the report's target: ${reported} (not used: --target names another)`);
  const hookGiven = aim.states !== undefined || aim.control !== undefined;
  const reportHook = flags.states ?? flags.control;
  // The report's hook is another server's unless it sits on the chosen target's origin and that target is the report's.
  const keepHook = !hookGiven && same;
  if (!hookGiven && !same && reportHook) write(`  the report's hook ${reportHook} is not used against another target: give --states <hook> (--control <origin>/_mock for the mock)`);
  return {
    target: chosen,
    ...(aim.target ? (aim.basePath ? { basePath: aim.basePath } : {}) : flags.basePath ? { basePath: flags.basePath } : {}),
    ...(hookGiven ? { ...(aim.states ? { states: aim.states } : {}), ...(aim.control ? { control: aim.control } : {}) } : keepHook ? { ...(flags.states ? { states: flags.states } : {}), ...(flags.control ? { control: flags.control } : {}) } : {}),
    ...(hookGiven ? { statesToken: Boolean(aim.states && aim.statesToken) || (Boolean(aim.states) && Boolean(flags.statesToken)), controlToken: Boolean(aim.control && aim.controlToken) || (Boolean(aim.control) && Boolean(flags.controlToken)) } : keepHook ? { statesToken: flags.statesToken, controlToken: flags.controlToken } : {}),
    ...(aim.appUrl ? { appUrl: aim.appUrl } : keepHook && flags.appUrl && originOf(flags.appUrl) ? { appUrl: flags.appUrl } : {}),
    keys: [...new Set([...flags.keys, ...KEY_KINDS.filter((k) => aim.keys?.[k])])],
    ...(same && flags.mediaUrl ? { mediaUrl: flags.mediaUrl } : {}),
    ...(flags.maxRps ? { maxRps: flags.maxRps } : {}),
    ...(aim.bounds && Object.keys(aim.bounds).length ? { bounds: aim.bounds } : flags.bounds ? { bounds: flags.bounds } : {}),
  };
}

/** The target the flags name, its secrets from the flags given or the environment; a string says why it cannot be made. */
async function targetOf(flags: TargetFlags, env: NodeJS.ProcessEnv, aim: ReplayAim): Promise<Target | string> {
  if (flags.inProcess && !aim.target) {
    const { inProcessTarget } = await import('./in-process.ts');
    return inProcessTarget({ faults: flags.faults ?? [], variations: flags.variations ?? [] });
  }
  const secret = (name: keyof typeof SECRET_ENV, given: string | undefined) => given || env[SECRET_ENV[name]] || undefined;
  const key = (k: KeyKind) => secret(k, aim.keys?.[k]);
  const statesToken = secret('statesToken', aim.statesToken);
  const controlToken = secret('controlToken', aim.controlToken);
  const missing = [
    ...flags.keys.filter((k) => !key(k)).map((k) => `${SECRET_ENV[k]} (the key of ${KEY_MEANING[k]}, given as --key-${k})`),
    ...(flags.statesToken && !statesToken ? [`${SECRET_ENV.statesToken} (the hook's token, given as --states-token)`] : []),
    ...(flags.controlToken && !controlToken ? [`${SECRET_ENV.controlToken} (the control API's token, given as --control-token)`] : []),
  ];
  if (missing.length > 0) return `the run was given secrets the report does not hold; set ${missing.join(', ')}`;
  if (!flags.target) return 'the report names no target';
  try {
    // Any answer will do: what is asked is whether something listens there. Its body is not read.
    const answer = await fetch(flags.target, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await answer.body?.cancel();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return `the target ${flags.target} does not answer (${cause})`;
  }
  const keys = Object.fromEntries(flags.keys.map((k) => [k, key(k)!])) as Partial<Record<KeyKind, string>>;
  try {
    return await createTarget({
      target: flags.target,
      basePath: flags.basePath,
      keys,
      control: flags.control,
      controlToken: flags.controlToken ? controlToken : undefined,
      states: flags.states,
      statesToken: flags.statesToken ? statesToken : undefined,
      appUrl: flags.appUrl,
      fetchableImageUrl: flags.mediaUrl,
      maxRps: flags.maxRps,
      bounds: flags.bounds,
    });
  } catch (err) {
    return `the target could not be set up: ${(err as Error).message}`;
  }
}

function describe(f: Failure, report: RunReport): string {
  const sections = report.results.find((r) => r.name === f.check)?.sections ?? [];
  return `${f.id} ${unitName(f.check, f.part)}${f.operation ? ` · ${f.operation}` : ''} · reference ${sectionLabel(sections)}`;
}

/** Run one failure of `report` again; prints what it does in plain words and answers the exit status. */
export async function replay(report: RunReport, id: string | undefined, out: NodeJS.WritableStream = process.stdout, options: ReplayOptions = {}): Promise<ReplayStatus> {
  // Every line holds a report's or a target's text: written only as visible text (spec/visible.ts).
  const write = (s: string) => out.write(`${visible(s)}\n`);
  const failures = failuresOf(report);
  if (failures.length === 0) {
    write('Cannot replay: the report has no departure (nothing failed on that run).');
    return 2;
  }
  const failure = id === undefined ? failures[0]! : failures.find((f) => f.id?.toLowerCase() === id.toLowerCase());
  if (!failure) {
    write(`Cannot replay: the report has no failure ${id}. Its failures: ${failures.map((f) => `${f.id} (${unitName(f.check, f.part)})`).join(', ')}.`);
    return 2;
  }
  const aim = options.aim ?? {};
  if (!report.flags && !options.target && !aim.target) {
    write('Cannot replay: the report does not say how its run was aimed (it was written before reports kept their flags); give --target <url>, or run its replay: line instead.');
    return 2;
  }
  let flags: TargetFlags | undefined;
  if (!options.target) {
    const aimed = report.flags?.inProcess && !aim.target ? report.flags : await aimOf(report.flags ?? { keys: [] }, aim, write);
    if (typeof aimed === 'string') {
      write(`Cannot replay ${failure.id}: ${aimed}.`);
      return 2;
    }
    flags = aimed;
  }
  const made = options.target ?? (await targetOf(flags!, options.env ?? process.env, aim));
  if (typeof made === 'string') {
    write(`Cannot replay ${failure.id}: ${made}.`);
    return 2;
  }
  const target = made;
  // A response check judges what a property check sent: both run, the property first making the traffic again.
  const units = [unitName(failure.check, failure.part), ...(failure.foundBy ? [failure.foundBy] : [])];
  write(`Replaying ${describe(failure, report)}`);
  write(`  recorded: ${failure.received}`);
  write(`  documented: ${failure.documented}`);
  write(`  against ${target.label}${flags ? ` (${flagLine(flags)})` : ''}`);
  write(
    target.control
      ? `  a fresh start: the world reset through the states hook ${target.control.url}, keys and workspaces read afresh, dates from the target's clock`
      : '  no states hook: the check runs on the workspaces of the keys given, and deletes what it made',
  );
  write(`  running ${units.join(' and ')} with the run's seed ${report.seed} and ${report.runs} run(s) per property`);
  try {
    const again = await runChecks(target, { seed: report.seed, runs: report.runs, checks: units, ...(report.scope ? { scope: new Set(report.scope) } : {}) });
    const result = again.results.find((r) => r.name === failure.check);
    const found = result?.failures ?? [];
    const same = found.find((f) => sameDeparture(f, failure));
    if (same) {
      write(`\nThe departure shows again (exit 1): ${same.received}`);
      if (same.reproduce) write(`  the failure's reproduce script in the report sends the same requests with curl alone`);
      return 1;
    }
    const unbuilt = again.notImplemented?.find((n) => n.operationId === failure.operation);
    if (unbuilt) {
      write(`\nCannot tell (exit 2): ${failure.operation} now answers every call as a server without it (${unbuilt.answered}).`);
      return 2;
    }
    const lost = found.find((f) => /^an error while checking: .*no answer to /s.test(f.received));
    if (lost) {
      write(`\nCannot tell (exit 2): the target stopped answering: ${lost.received.split('\n')[0]}`);
      return 2;
    }
    if (found.length > 0) {
      write(`\nThat departure did not show, but ${failure.check} found another (exit 1):`);
      for (const f of found) write(`  ${f.operation ?? ''} received: ${f.received}\n    documented: ${f.documented}`);
      return 1;
    }
    if (!result || result.status === 'not verified') {
      write(`\nCannot tell (exit 2): ${failure.check} was not verified on this target: ${result?.notes[0] ?? 'it did not run'}.`);
      return 2;
    }
    // A check verified only in part may not have reached what failed: that is no proof the departure is gone.
    if (result.status === 'passed in part') {
      write(`\nCannot tell (exit 2): ${failure.check} passed only in part on this target: ${result.notes[0] ?? 'a part was not verified'}.`);
      return 2;
    }
    write(`\nThe departure did not show (exit 0): ${failure.check} ${result.status} (${result.assertions} assertion(s), ${result.requests} request(s)).`);
    return 0;
  } catch (err) {
    write(`\nCannot replay ${failure.id} (exit 2): ${(err as Error).message}`);
    return 2;
  } finally {
    await target.close?.();
  }
}
