// verify against a mock started with --control-token: the suites' control client sends the token, and says so when it is missing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { createTarget } from './target.ts';
import './checks/index.ts';
import { allChecks } from './checks/registry.ts';
import { runChecks } from './runner.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 1, controlToken: 's3cret' });
});
afterAll(() => mock.close());

it('a target built with the control token reads the keys through control; one without is refused with 401', async () => {
  const target = await createTarget({ target: mock.origin, control: `${mock.origin}/_mock`, controlToken: 's3cret' });
  expect(target.keys.paid).toBe('demo-paid-key');
  await expect(createTarget({ target: mock.origin, control: `${mock.origin}/_mock` })).rejects.toThrow(/answered 401/);
});

it("every OAuth check passes against it: the consent helpers type the token into the page's form, as a person would", async () => {
  const target = await createTarget({ target: mock.origin, control: `${mock.origin}/_mock`, controlToken: 's3cret' });
  const checks = allChecks().filter((c) => c.area === 'oauth').map((c) => c.name);
  expect(checks.length).toBeGreaterThanOrEqual(3);
  const report = await runChecks(target, { seed: 1, runs: 1, checks });
  expect(report.results.map((r) => [r.name, r.status, r.failures[0]?.received ?? r.notes[0] ?? ''])).toEqual(checks.map((name) => [name, 'passed', '']));
}, 60_000);
