// `spw replay` over HTTP, as an implementer runs it: the JSON report of a run against a mock with a fault holds the
// run's flags and no secret; replay reads the secrets from the variables verify reads, runs the failure again from a
// fresh start and exits 1 while the fault is there; it exits 2 when it cannot replay (no such failure, a secret
// missing, the target not answering, the check not verified) and says why. And each failure's script runs on its own.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { inProcessTarget, IN_PROCESS_ORIGIN } from './in-process.ts';
import { replay } from './replay.ts';
import { runChecks, type RunReport } from './runner.ts';
import { createTarget } from './target.ts';
import { apiBasePath } from '../spec/load.ts';
import './checks/index.ts';

const bin = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const run = (file: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  promisify(execFile)(file, args, { encoding: 'utf8', cwd: root, env: { ...process.env, ...env } }).then(
    (r) => ({ status: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
const TOKEN = 'hook-s3cret-token';
const text = () => {
  let out = '';
  return { out: new Writable({ write: (c, _e, d) => ((out += String(c)), d()) }), read: () => out };
};

let mock: RunningMock;
let dir: string;
let report: RunReport;
let file: string;
beforeAll(async () => {
  // A mock whose hook wants a token: the run gives it by --states-token, the report must not keep it.
  mock = await startMock({ port: 0, seed: 1, faults: ['double-charge'], controlToken: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'spw-replay-'));
  file = join(dir, 'r.json');
  const first = await run(process.execPath, [bin, 'verify', '--target', mock.origin, '--states', `${mock.origin}/_mock/states`, '--states-token', TOKEN, '--checks', 'estimate_equals_charge', '--seed', '3', '--runs', '2', '--quiet', '--json', file]);
  expect(first.status, first.stdout + first.stderr).toBe(1);
  report = JSON.parse(readFileSync(file, 'utf8')) as RunReport;
}, 120_000);
afterAll(() => mock?.close());

describe('spw replay over HTTP', () => {
  it('the JSON report keeps the flags and ids, and no key or token', () => {
    const raw = readFileSync(file, 'utf8');
    for (const secret of [TOKEN, 'demo-free-key', 'demo-payg-key', 'demo-paid-key']) expect(raw).not.toContain(secret);
    expect(report.flags).toEqual({ target: `${mock.origin}/api/public/v1`, states: `${mock.origin}/_mock/states`, statesToken: true, keys: [] });
    const failure = report.results.flatMap((r) => r.failures)[0]!;
    expect(failure.id).toBe('F1');
    expect(failure.replay).toContain('--states-token "$VERIFY_STATES_TOKEN"');
    // Its script reads the token from the same variable, and the keys from the hook.
    expect(failure.reproduce).toContain('-H "authorization: Bearer $VERIFY_STATES_TOKEN"');
    expect(failure.reproduce).toMatch(/KEY_PAYG=\$\(ws payg apiKey\)/);
  });

  it('the replay line runs as printed, the token from the environment', async () => {
    const line = report.results.flatMap((r) => r.failures)[0]!.replay!;
    const again = await run('bash', ['-c', `${line} --quiet --json ${join(dir, 'again.json')}`], { VERIFY_STATES_TOKEN: TOKEN });
    expect(again.status, again.stdout + again.stderr).toBe(1);
    const replayed = JSON.parse(readFileSync(join(dir, 'again.json'), 'utf8')) as RunReport;
    expect(replayed.results.flatMap((r) => r.failures).map((f) => f.received)).toContain(report.results.flatMap((r) => r.failures)[0]!.received);
  }, 60_000);

  it('spw replay exits 1 while the departure shows, and 2 without the token, naming the variable', async () => {
    const shown = await run(process.execPath, [bin, 'replay', file, 'F1', '--use-report-target'], { VERIFY_STATES_TOKEN: TOKEN });
    expect(shown.stdout).toMatch(/^Replaying F1 estimate_equals_charge · createPosts · reference §/);
    expect(shown.stdout).toContain('a fresh start: the world reset through the states hook');
    expect(shown.stdout).toContain('The departure shows again (exit 1)');
    expect(shown.status).toBe(1);
    const tokenless = await run(process.execPath, [bin, 'replay', file, '--use-report-target'], { VERIFY_STATES_TOKEN: '' });
    expect(tokenless.stdout).toContain('set VERIFY_STATES_TOKEN');
    expect(tokenless.status).toBe(2);
    const missingFile = await run(process.execPath, [bin, 'replay', join(dir, 'nope.json')]);
    expect(missingFile.status).toBe(2);
  }, 60_000);

  it("the failure's script, run with bash alone, sets up afresh and shows the double charge", async () => {
    const script = join(dir, 'f1.sh');
    writeFileSync(script, report.results.flatMap((r) => r.failures)[0]!.reproduce!);
    const shown = await run('bash', [script], { VERIFY_STATES_TOKEN: TOKEN });
    expect(shown.status, shown.stdout + shown.stderr).toBe(0);
    // Two SPEND transactions for the one post: the fault's second is the first's id with "_again".
    expect(shown.stdout).toMatch(/"id":"tx_[a-z0-9]+_again","type":"SPEND"/);
    expect(shown.stdout.split('\n').filter((l) => /^-> [45]\d\d /.test(l))).toEqual([]);
  }, 60_000);

  it('the same script on a server that lists in another order picks the same channel, by its provider, not its place', async () => {
    const reversed = await startMock({ port: 0, seed: 1, faults: ['double-charge'], variations: ['lists-reversed'], controlToken: TOKEN });
    try {
      const script = join(dir, 'f1-reversed.sh');
      writeFileSync(script, report.results.flatMap((r) => r.failures)[0]!.reproduce!.split(mock.origin).join(reversed.origin));
      const shown = await run('bash', [script], { VERIFY_STATES_TOKEN: TOKEN });
      expect(shown.status, shown.stdout + shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(/"id":"tx_[a-z0-9]+_again","type":"SPEND"/);
      expect(shown.stdout.split('\n').filter((l) => /^-> [45]\d\d /.test(l))).toEqual([]);
    } finally {
      await reversed.close();
    }
  }, 60_000);
});

describe("a failure's script without a hook", () => {
  it('creates first what the failing read shows (the other workspace\'s post), its dates from now and its keys from the environment', async () => {
    const faulty = await startMock({ port: 0, seed: 1, faults: ['cross-workspace-post'] });
    try {
      const keys = { free: 'demo-free-key', payg: 'demo-payg-key', paid: 'demo-paid-key' };
      const report = await runChecks(await createTarget({ target: faulty.origin, keys }), { seed: 11, runs: 3, checks: ['tenant_isolation'] });
      const failure = report.results.flatMap((r) => r.failures).find((f) => f.operation === 'listPosts')!;
      const script = failure.reproduce!;
      for (const key of Object.values(keys)) expect(script).not.toContain(key);
      // The post is made with one key before the read with another lists it; no instant of the run is in the script.
      const made = script.search(/send -X POST "\$TARGET\/posts" -H "authorization: \$\{VERIFY_KEY_(FREE|PAYG)\}"/);
      const read = script.search(/send -X GET "\$TARGET\/posts\?startDate=\$\(at "\$NOW" -?\d+\)&endDate=\$\(at "\$NOW" \d+\)" -H "authorization: \$\{VERIFY_KEY_PAID\}"/);
      expect([made >= 0, read > made]).toEqual([true, true]);
      expect(script).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
      const file = join(mkdtempSync(join(tmpdir(), 'spw-script-')), 'f.sh');
      writeFileSync(file, script);
      const shown = await run('bash', [file], { VERIFY_KEY_FREE: keys.free, VERIFY_KEY_PAYG: keys.payg, VERIFY_KEY_PAID: keys.paid });
      expect(shown.status, shown.stdout + shown.stderr).toBe(0);
      // The paid workspace's list shows the post the script made with the other key.
      const [createdLine, listedLine] = shown.stdout.split('\n').filter((l) => l.startsWith('-> 200 '));
      const id = /"postId":"([^"]+)"/.exec(createdLine!)?.[1];
      expect(id).toBeDefined();
      expect(listedLine).toContain(`"id":"${id}"`);
    } finally {
      await faulty.close();
    }
  }, 60_000);
});

describe('spw replay cannot replay (exit 2)', () => {
  let inProcess: RunReport;
  beforeAll(async () => {
    inProcess = JSON.parse(JSON.stringify(await runChecks(await inProcessTarget({ faults: ['double-charge'] }), { seed: 3, runs: 1, checks: ['estimate_equals_charge'] }))) as RunReport;
  }, 60_000);

  it('a failure the report does not have: names those it has', async () => {
    const t = text();
    expect(await replay(inProcess, 'F9', t.out)).toBe(2);
    expect(t.read()).toContain('the report has no failure F9. Its failures: F1 (estimate_equals_charge)');
  });

  it('a key the run was given and the environment lacks', async () => {
    const t = text();
    expect(await replay({ ...inProcess, flags: { target: 'http://127.0.0.1:9/api/public/v1', keys: ['paid'] } }, 'F1', t.out, { env: {}, aim: { useReportTarget: true } })).toBe(2);
    expect(t.read()).toContain('set VERIFY_KEY_PAID (the key of a paid workspace, given as --key-paid)');
  });

  it('a target that does not answer', async () => {
    const t = text();
    expect(await replay({ ...inProcess, flags: { target: 'http://127.0.0.1:9/api/public/v1', keys: [] } }, 'F1', t.out, { env: {}, aim: { useReportTarget: true } })).toBe(2);
    expect(t.read()).toMatch(/the target http:\/\/127\.0\.0\.1:9\/api\/public\/v1 does not answer/);
  });

  it('a check not verified on the target (no hook, no key)', async () => {
    const t = text();
    const app = (await inProcessTarget()).app;
    const bare = await createTarget({ target: IN_PROCESS_ORIGIN + apiBasePath(), transport: ((i: RequestInfo | URL, init?: RequestInit) => app.fetch(i instanceof Request ? i : new Request(i, init))) as typeof fetch });
    expect(await replay(inProcess, 'F1', t.out, { target: bare })).toBe(2);
    expect(t.read()).toMatch(/Cannot tell \(exit 2\): estimate_equals_charge was not verified on this target: needs/);
  });

  it('a report with nothing failed', async () => {
    const t = text();
    expect(await replay({ ...inProcess, results: inProcess.results.map((r) => ({ ...r, failures: [] })) }, undefined, t.out)).toBe(2);
    expect(t.read()).toContain('the report has no departure');
  });
});
