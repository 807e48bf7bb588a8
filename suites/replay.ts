// `spw replay <report.json> [failure id]`: one departure of a recorded run, run again against the target. The check (or
// part) runs again with the run's seed and number of runs, from a fresh start (the hook's reset, keys read afresh, new
// lanes; dates from the target's clock, as every check computes them), and the departure is looked for again: the same
// check, part, operation and kind of finding (suites/findings.ts). Secrets come from the variables `verify` reads,
// never from the report, which holds none.
import type { Failure } from './checks/registry.ts';
import { sameDeparture } from './findings.ts';
import type { RunReport } from './run-report.ts';
import { runChecks } from './runner.ts';
import { createTarget, flagLine, KEY_MEANING, SECRET_ENV, type KeyKind, type Target, type TargetFlags } from './target.ts';
import { sectionLabel } from './report/terminal.ts';
import { unitName } from './units.ts';

/** 0: the departure did not show again; 1: it did (or the check found another); 2: it could not be replayed. */
export type ReplayStatus = 0 | 1 | 2;

export interface ReplayOptions {
  /** Where secrets are read from: the variables `verify` reads (VERIFY_KEY_PAID, VERIFY_STATES_TOKEN...). */
  env?: NodeJS.ProcessEnv;
  /** The target to replay against instead of the one the report's flags name (a test's in-process mock). */
  target?: Target;
}

/** The failures of a report, in the order its ids give them. */
export function failuresOf(report: RunReport): Failure[] {
  return report.results.flatMap((r) => r.failures).sort((a, b) => Number(a.id?.slice(1) ?? 0) - Number(b.id?.slice(1) ?? 0));
}

/** The target the report's flags name, its secrets from the environment; a string says why it cannot be made. */
async function targetOf(flags: TargetFlags, env: NodeJS.ProcessEnv): Promise<Target | string> {
  if (flags.inProcess) {
    const { inProcessTarget } = await import('./in-process.ts');
    return inProcessTarget({ faults: flags.faults ?? [], variations: flags.variations ?? [] });
  }
  const missing = [
    ...flags.keys.filter((k) => !env[SECRET_ENV[k]]).map((k) => `${SECRET_ENV[k]} (the key of ${KEY_MEANING[k]}, given as --key-${k})`),
    ...(flags.statesToken && !env[SECRET_ENV.statesToken] ? [`${SECRET_ENV.statesToken} (the hook's token, given as --states-token)`] : []),
    ...(flags.controlToken && !env[SECRET_ENV.controlToken] ? [`${SECRET_ENV.controlToken} (the control API's token, given as --control-token)`] : []),
  ];
  if (missing.length > 0) return `the run was given secrets the report does not hold; set ${missing.join(', ')}`;
  if (!flags.target) return 'the report names no target';
  try {
    // Any answer will do: what is asked is whether something listens there.
    await fetch(flags.target, { method: 'GET', signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return `the target ${flags.target} does not answer (${cause})`;
  }
  const keys = Object.fromEntries(flags.keys.map((k) => [k, env[SECRET_ENV[k]]!])) as Partial<Record<KeyKind, string>>;
  try {
    return await createTarget({
      target: flags.target,
      basePath: flags.basePath,
      keys,
      control: flags.control,
      controlToken: flags.controlToken ? env[SECRET_ENV.controlToken] : undefined,
      states: flags.states,
      statesToken: flags.statesToken ? env[SECRET_ENV.statesToken] : undefined,
      appUrl: flags.appUrl,
      fetchableImageUrl: flags.mediaUrl,
      maxRps: flags.maxRps,
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
  const write = (s: string) => out.write(`${s}\n`);
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
  if (!report.flags && !options.target) {
    write('Cannot replay: the report does not say how its run was aimed (it was written before reports kept their flags); run its replay: line instead.');
    return 2;
  }
  const made = options.target ?? (await targetOf(report.flags!, options.env ?? process.env));
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
  write(`  against ${target.label}${report.flags && !options.target ? ` (${flagLine(report.flags)})` : ''}`);
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
