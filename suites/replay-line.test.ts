// A failure's replay line holds every flag the run was aimed with, so that it runs as printed: against a mock with a
// fault over HTTP, with keys given by flag, the line printed reproduces the same failure, secrets read from the
// environment (never written into the report).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import type { RunReport } from './run-report.ts';

const bin = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));
/** A child process run without blocking this one, which serves the mock it talks to. */
const run = (file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  promisify(execFile)(file, args, { encoding: 'utf8', ...options }).then(
    (r) => ({ status: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
const KEYS = { VERIFY_KEY_FREE: 'demo-free-key', VERIFY_KEY_PAYG: 'demo-payg-key', VERIFY_KEY_PAID: 'demo-paid-key' };
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 1, faults: ['error-body-shape'] });
});
afterAll(() => mock.close());

it('the replay line of a failure names the target and the key flags (secrets as variables), and run as printed it fails the same way', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-'));
  const args = ['verify', '--target', mock.origin, '--key-free', KEYS.VERIFY_KEY_FREE, '--key-payg', KEYS.VERIFY_KEY_PAYG, '--key-paid', KEYS.VERIFY_KEY_PAID, '--checks', 'negative_data_rejection/createPosts', '--seed', '3', '--runs', '2', '--quiet', '--json', join(dir, 'r.json')];
  const first = await run(process.execPath, [bin, ...args]);
  expect(first.status).toBe(1);
  const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as RunReport;
  const failure = report.results.flatMap((r) => r.failures)[0]!;
  const line = failure.replay!;
  expect(line).toContain(`--target ${mock.origin}/api/public/v1`);
  expect(line).toContain('--key-payg "$VERIFY_KEY_PAYG"');
  expect(line).toContain('--seed 3 --runs 2 --checks negative_data_rejection/createPosts');
  // No key's value is in the report's replay line, nor anywhere in the report: its scripts read them from the same variables.
  for (const key of Object.values(KEYS)) expect(line).not.toContain(key);
  for (const key of Object.values(KEYS)) expect(readFileSync(join(dir, 'r.json'), 'utf8')).not.toContain(key);
  expect(report.flags).toMatchObject({ keys: ['free', 'payg', 'paid'] });
  expect(failure.reproduce).toMatch(/\$\{?VERIFY_KEY_(FREE|PAYG|PAID)/);
  // Run as printed (from the checkout: npm run verify --), with the keys in the environment it names.
  const again = await run('bash', ['-c', `${line} --quiet --json ${join(dir, 'again.json')}`], { cwd: fileURLToPath(new URL('..', import.meta.url)), env: { ...process.env, ...KEYS } });
  expect(again.status, again.stdout + again.stderr).toBe(1);
  const replayed = JSON.parse(readFileSync(join(dir, 'again.json'), 'utf8')) as RunReport;
  expect(replayed.results.flatMap((r) => r.failures).map((f) => f.received)).toContain(failure.received);
}, 120_000);
