// The fault catalogue proves the suites: for each fault, in-process, only the checks expected to catch it run, and at least one must fail.
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../mocks/http/faults/index.ts';
import { Writable } from 'node:stream';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMock } from '../mocks/server.ts';
import { apiBasePath } from '../spec/load.ts';
import { IN_PROCESS_T0, inProcessTarget } from './in-process.ts';
import { MockClock } from '../mocks/domain/clock.ts';
import { runChecks, type RunReport } from './runner.ts';
import { replay } from './replay.ts';
import { getCheck } from './checks/registry.ts';
import './checks/index.ts';

/** `FAULTS=a,b`: only these faults (docs/faults.md). */
const FILTER = process.env.FAULTS?.split(',').map((f) => f.trim()).filter(Boolean);
const chosen = (name: string) => !FILTER || FILTER.includes(name);
/** Each fault's report, as its JSON file would read it back, for the replays below. */
const reports = new Map<string, RunReport>();

/** A clock that runs: a millisecond passes at every read, as a request on a real clock may straddle one. */
function ticking(): MockClock {
  let t = IN_PROCESS_T0;
  return new MockClock({ realNow: () => (t += 1) });
}

/** The faults that act on what the request just recorded (its charge, its refund): they must not need a frozen clock. */
const ACT_ON_THIS_REQUEST = ['double-charge', 'missing-refund', 'disconnect-keeps-credits', 'rescheduled-draft-free', 'draft-charged', 'x-reads-free'];

// A filter may leave none of them: a describe with no test fails its file, so it is then left out.
const RUNNING = ACT_ON_THIS_REQUEST.filter(chosen);
if (RUNNING.length > 0) describe('faults on a running clock', () => {
  it.each(RUNNING)('%s is caught when the clock moves while a request is handled', async (name) => {
    const fault = FAULTS.find((f) => f.name === name)!;
    const report = await runChecks(await inProcessTarget({ faults: [name], clock: ticking() }), { seed: 7, runs: 2, checks: [...fault.caughtBy] });
    expect(report.results.filter((r) => r.status === 'failed').map((r) => r.name), JSON.stringify(report.results.map((r) => [r.name, r.status, r.notes[0]]))).not.toEqual([]);
  });
});

describe('fault catalogue', () => {
  it('FAULTS names only faults of the catalogue (a misspelt one would run nothing and pass)', () => {
    const known = new Set(FAULTS.map((f) => f.name));
    expect((FILTER ?? []).filter((f) => !known.has(f)).map((f) => `FAULTS names ${f}, which is not a fault: the names are in docs/faults.md`)).toEqual([]);
  });

  it('each fault names checks that are registered', () => {
    const unknown = FAULTS.flatMap((f) => f.caughtBy.filter((c) => !getCheck(c)).map((c) => `${f.name} is caught by ${c}, which no file of suites/checks/ registers: give the check's \`name\`, and import its file in suites/checks/index.ts`));
    expect(unknown).toEqual([]);
  });

  it('the faults that act on what the request just recorded are faults of the catalogue', () => {
    expect(ACT_ON_THIS_REQUEST.filter((f) => !FAULTS.some((x) => x.name === f))).toEqual([]);
  });

  it('has at least 25 faults across every area, each naming the checks that catch it', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(FAULTS.map((f) => f.area))).toEqual(new Set(['auth', 'generic', 'media', 'analytics', 'wallet', 'posts', 'webhooks', 'plans', 'limits', 'brief', 'skills', 'oauth', 'channels']));
    for (const f of FAULTS) expect(f.caughtBy.length, f.name).toBeGreaterThan(0);
  });

  for (const fault of FAULTS.filter((f) => chosen(f.name))) {
    it(`catches ${fault.name} (${fault.area}) with ${fault.caughtBy.join(', ')}`, async () => {
      const target = await inProcessTarget({ faults: [fault.name] });
      const inspects = (c: string) => getCheck(c)?.kind === 'response';
      const checks = [...fault.caughtBy];
      // Response checks inspect what a property sent; give them the traffic the fault shows in.
      if (checks.some(inspects) && checks.every(inspects)) checks.push('positive_data_acceptance');
      const report = await runChecks(target, { seed: 7, runs: 2, checks });
      const failed = report.results.filter((r) => r.status === 'failed').map((r) => r.name);
      expect(failed, `no expected check failed against ${fault.name}: ${JSON.stringify(report.results.map((r) => [r.name, r.status, r.notes[0]]))}`).not.toEqual([]);
      expect(failed.every((n) => checks.includes(n))).toBe(true);
      // A failure's sequence names the hook's states, never the mock's own control paths: the target may be any server.
      const sequences = report.results.flatMap((r) => r.failures.flatMap((f) => f.sequence ?? []));
      expect(sequences.filter((line) => line.includes('/_mock'))).toEqual([]);
      reports.set(fault.name, JSON.parse(JSON.stringify(report)) as RunReport);
    }, 300_000);
  }
});

if (FAULTS.some((f) => chosen(f.name))) describe('spw replay of each fault', () => {
  const quiet = () => new Writable({ write: (_chunk, _enc, done) => done() });
  for (const fault of FAULTS.filter((f) => chosen(f.name))) {
    it(`replays ${fault.name}'s first failure: it shows again on a fresh mock with the fault, and not on one without`, async () => {
      const report = reports.get(fault.name);
      expect(report, 'the run above recorded a report').toBeDefined();
      // In process: a new mock for each replay, so nothing of the recorded run's world is left to find.
      expect(await replay(report!, undefined, quiet(), { target: await inProcessTarget({ faults: [fault.name] }) })).toBe(1);
      expect(await replay(report!, undefined, quiet(), { target: await inProcessTarget() })).toBe(0);
    }, 60_000);
  }
});

describe("each fault's reproduction scripts, run with bash", () => {
  const bash = (script: string, env: NodeJS.ProcessEnv) =>
    promisify(execFile)('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 }).then(
      (r) => ({ status: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
    );
  /**
   * The scripts run: each check's first of a fault's report, and every one that uploads a file; FAULT_SCRIPTS=all runs
   * every script (a hostile round does). A fault's failures of one check share their setup and differ in the request
   * they end with, and each capture a script makes starts a node: all of them cost minutes of CI.
   */
  const chosen = (report: RunReport) => {
    const seen = new Set<string>();
    return report.results.flatMap((r) => r.failures).flatMap((f) => {
      if (!f.reproduce) return [];
      const first = !seen.has(f.check);
      seen.add(f.check);
      return process.env.FAULT_SCRIPTS === 'all' || first || /-F "[^"]*=@\$\(/.test(f.reproduce) ? [f.reproduce] : [];
    });
  };
  /** Run one fault's scripts against a fresh listening mock with the fault, aimed at it by TARGET alone; the problems. */
  async function runScripts(fault: string): Promise<string[]> {
    const report = reports.get(fault);
    if (!report) return [`${fault}: the run above recorded no report`];
    const problems: string[] = [];
    const mock = await startMock({ port: 0, seed: 42, faults: [fault] });
    try {
      for (const script of chosen(report)) {
        // The in-process run's script, aimed at a listening mock by TARGET alone: its hook follows.
        const shown = await bash(script, { TARGET: `${mock.origin}${apiBasePath()}`, HOOK: '' });
        const sent = script.split('\n').filter((l) => /^(send|hook) /.test(l)).length;
        const answered = shown.stdout.split('\n').filter((l) => /^-> \d{3} /.test(l)).length;
        const broke = /curl: \(\d+\)|No such file|command not found|unbound variable|syntax error|unexpected EOF/.exec(shown.stderr)?.[0];
        // Each request of the script was sent and answered (a multipart upload among them reaches the mock whole).
        if (shown.status !== 0 || broke || (!script.startsWith('curl ') && answered < sent)) problems.push(`${fault}: exit ${shown.status}, ${answered} of ${sent} answered${broke ? `, ${broke}` : ''}:\n${shown.stderr.slice(0, 500)}\n${script}`);
      }
    } finally {
      await mock.close();
    }
    return problems;
  }
  it("every fault's scripts run to their end against a fresh listening mock with the fault (TARGET=...), uploads included", async () => {
    const faults = FAULTS.filter((f) => !FILTER || FILTER.includes(f.name)).map((f) => f.name);
    const problems: string[] = [];
    // Three faults at a time, each on its own mock: a script is mostly waiting on curl and node.
    const queue = [...faults];
    await Promise.all(Array.from({ length: 3 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) problems.push(...(await runScripts(next)));
    }));
    expect(problems).toEqual([]);
    // Uploads among them: the scripts that reproduced nothing before.
    const uploads = faults.flatMap((f) => chosen(reports.get(f)!)).filter((script) => /-F "[^"]*=@\$\(/.test(script));
    if (!FILTER) expect(uploads.length).toBeGreaterThan(0);
  }, 600_000);
});
