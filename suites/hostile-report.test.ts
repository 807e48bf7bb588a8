// A report is a CI artifact anyone can hand over: `spw replay` and `spw report merge` check it against a schema with
// bounds before using it (one line naming the field, exit 2), replay sends keys only to the target the person names
// (or confirms), and nothing of a report or a target reaches the terminal as a control sequence.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { inProcessTarget } from './in-process.ts';
import { replay } from './replay.ts';
import { parseReport } from './report-schema.ts';
import { runChecks, type RunReport } from './runner.ts';
import './checks/index.ts';

const bin = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  promisify(execFile)(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: root, env: { ...process.env, VERIFY_TARGET: '', ...env } }).then(
    (r) => ({ status: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
const text = () => {
  let out = '';
  return { out: new Writable({ write: (c, _e, d) => ((out += String(c)), d()) }), read: () => out };
};

let dir: string;
let report: RunReport;
/** The server a hostile report names: it records every credential sent to it. */
let spy: Server;
let spyOrigin: string;
const stolen: string[] = [];
let mock: RunningMock;
const write = (name: string, value: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spw-hostile-report-'));
  report = JSON.parse(JSON.stringify(await runChecks(await inProcessTarget({ faults: ['double-charge'] }), { seed: 3, runs: 1, checks: ['estimate_equals_charge'] }))) as RunReport;
  spy = createServer((req, res) => {
    stolen.push(String(req.headers.authorization ?? ''));
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => spy.listen(0, '127.0.0.1', () => r()));
  spyOrigin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
  mock = await startMock({ port: 0, seed: 1, faults: ['double-charge'] });
}, 60_000);
afterAll(async () => {
  spy?.close();
  await mock?.close();
});

/** The report, aimed at the spy: the run had the paid key, which replay reads from the environment. */
const aimedAtSpy = () => ({ ...report, flags: { target: `${spyOrigin}/api/public/v1`, keys: ['paid' as const] } });

describe('a report is checked before it is used', () => {
  it.each([
    ['runs 1e9 (a replay would run a billion cases)', { runs: 1e9 }, /^runs is out of bounds/],
    ['a seed that is not a number', { seed: 'x' }, /^seed must be integer/],
    ['results that are not a list', { results: 'x' }, /^results must be array/],
    ['a failure without its check', { results: [{ name: 'c', status: 'failed', failures: [{ received: 'r', documented: 'd' }] }] }, /^results\[0\]\.failures\[0\]\.check is missing/],
    ['a shard of a billion', { shard: { index: 1e9, count: 1e9 } }, /^shard\.index is out of bounds/],
    ['a shard past its count', { shard: { index: 3, count: 2 } }, /^shard\.index is out of bounds/],
    ['keys that are not key kinds', { flags: { keys: ['root'] } }, /^flags\.keys\[0\] must be equal to one of the allowed values/],
    ['a million checks the rate limit cut short', { limited: { answers: 1, waitedMs: 0, cutShort: Array.from({ length: 1e6 }, () => 'c') } }, /^limited\.cutShort is too long \(at most 2000 items\)/],
    ['a post budget of posts by a kind that is none', { limited: { answers: 0, waitedMs: 0, budget: { postsPerHour: 60, leftOut: [{ name: 'c', posts: { root: 1 } }] } } }, /^limited\.budget\.leftOut\[0\]\.posts must NOT have additional properties/],
  ])('refuses %s, naming the field in one line', (_, change, why) => {
    let error: Error | undefined;
    try {
      parseReport(JSON.stringify({ ...report, ...change }), 'merge', 'r.json');
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message.split('\n')).toHaveLength(1);
    expect(error?.message.replace(/^r\.json is not a report spw can use: /, '')).toMatch(why);
  });

  it('drops prototype keys', () => {
    const parsed = parseReport(`{"seed":1,"runs":1,"results":[],"__proto__":{"polluted":true}}`, 'replay');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('spw report merge of a shard of a billion: exit 2 naming the field, no out-of-memory', async () => {
    const r = await run(['report', 'merge', write('huge-shard.json', { ...report, shard: { index: 1e9, count: 1e9 } })]);
    expect([r.status, r.stderr.trim().split('\n')]).toEqual([2, [expect.stringMatching(/^error: report merge: .*huge-shard\.json is not a report spw can use: shard\.index is out of bounds/)]]);
  }, 30_000);

  it('spw replay of a report asking a billion runs, or of a malformed one: exit 2 naming the field, never a TypeError', async () => {
    const runs = await run(['replay', write('runs.json', { ...report, runs: 1e9 }), '--use-report-target']);
    expect([runs.status, runs.stderr.trim()]).toEqual([2, expect.stringMatching(/^error: replay: .*runs\.json is not a report spw can use: runs is out of bounds/)]);
    const malformed = await run(['replay', write('malformed.json', { ...report, results: [{ name: 'c', status: 'failed', failures: 'x' }] })]);
    expect([malformed.status, malformed.stderr]).toEqual([2, expect.stringMatching(/results\[0\]\.failures must be array/)]);
    expect(malformed.stderr).not.toContain('TypeError');
  }, 30_000);
});

describe("replay sends keys only to the target the person names", () => {
  it('without --target, where nobody can confirm: exit 2 naming --target and --use-report-target, nothing sent', async () => {
    const r = await run(['replay', write('spy.json', aimedAtSpy())], { VERIFY_KEY_PAID: 'k-paid-secret' });
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/Cannot replay F1: the report names the target http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1; replay sends keys and tokens only where you say: give --target <url> \(or VERIFY_TARGET\), or --use-report-target/);
    expect(stolen).toEqual([]);
  }, 30_000);

  it("with --target and a hook of the person's: replays there, shows the report's target and sends it nothing", async () => {
    const t = text();
    const status = await replay(aimedAtSpy(), 'F1', t.out, { env: { VERIFY_KEY_PAID: 'demo-paid-key' }, aim: { target: mock.origin, control: `${mock.origin}/_mock` } });
    expect(t.read()).toContain(`the report's target: ${spyOrigin}/api/public/v1 (not used: --target names another)`);
    expect(t.read()).toContain('The departure shows again (exit 1)');
    expect(status).toBe(1);
    expect(stolen).toEqual([]);
  }, 60_000);

  it("the report's hook is never used against another target", async () => {
    const t = text();
    const hooked = { ...report, flags: { target: `${spyOrigin}/api/public/v1`, states: `${spyOrigin}/hook`, statesToken: true, keys: [] } };
    const status = await replay(hooked, 'F1', t.out, { env: { VERIFY_STATES_TOKEN: 'tok-secret' }, aim: { target: mock.origin } });
    expect(t.read()).toContain(`the report's hook ${spyOrigin}/hook is not used against another target`);
    expect(status).toBe(2);
    expect(stolen).toEqual([]);
  }, 60_000);

  it("the report's target when confirmed, or asked for with --use-report-target", async () => {
    const asked: string[] = [];
    const t = text();
    await replay(aimedAtSpy(), 'F1', t.out, { env: { VERIFY_KEY_PAID: 'k-paid-secret' }, aim: { confirm: async (q) => (asked.push(q), false) } });
    expect(asked).toEqual([expect.stringContaining(`The report names the target ${spyOrigin}/api/public/v1. Send VERIFY_KEY_PAID there? [y/N]`)]);
    expect(stolen).toEqual([]);
    const used = text();
    await replay(aimedAtSpy(), 'F1', used.out, { env: { VERIFY_KEY_PAID: 'k-paid-secret' }, aim: { useReportTarget: true } });
    expect(used.read()).toContain(`against ${spyOrigin}/api/public/v1`);
    expect(stolen.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('terminal output is escaped', () => {
  const hostile = 'evil\u001b]0;pwned\u0007\u001b[2J\u202egnp.exe\u009b31m';
  it("spw report merge prints a shard's target and findings as visible text", async () => {
    const shard = { ...report, target: hostile, results: report.results.map((r) => ({ ...r, failures: r.failures.map((f) => ({ ...f, received: hostile })) })) };
    const r = await run(['report', 'merge', write('escape.json', shard)]);
    expect(r.stdout).toContain('Merged 1 report(s) of evil⟨U+001B⟩]0;pwned⟨U+0007⟩⟨U+001B⟩[2J⟨U+202E⟩gnp.exe⟨U+009B⟩31m');
    expect(r.stdout).not.toMatch(/[\u0007\u009b\u202e]|\u001b[\]\[][02]/);
  }, 30_000);

  it("spw replay prints a report's texts as visible text", async () => {
    const t = text();
    const failures = report.results.map((r) => ({ ...r, failures: r.failures.map((f) => ({ ...f, received: hostile, documented: hostile })) }));
    await replay({ ...report, results: failures }, 'F1', t.out, { target: await inProcessTarget() });
    expect(t.read()).toContain('recorded: evil⟨U+001B⟩]0;pwned');
    expect(t.read()).not.toMatch(/[\u0007\u009b\u202e\u001b]/);
  }, 60_000);
});
