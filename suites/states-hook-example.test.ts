// docs/states.md's minimal hook (docs/examples/states-hook.ts), started beside a server of the test's own and used by
// verify as an implementer would: the required states and a clock, each set up by the server's admin code (here the
// mock's control API stands in for it), and the checks that need them verified whole.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { statesHook, StateRefused, type StateParams } from '../docs/examples/states-hook.ts';
import './checks/index.ts';
import { runChecks } from './runner.ts';
import { createTarget } from './target.ts';

let server: RunningMock;
let hook: ReturnType<typeof statesHook>;
let hookUrl: string;

/** The server's own admin code, as the hook calls it: here the mock's control API. */
async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.origin}/_mock${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new StateRefused(await res.text(), res.status === 404 ? 404 : 400);
  return res.json();
}

beforeAll(async () => {
  server = await startMock({ port: 0, seed: 3 });
  hook = statesHook(
    {
      'world.reset': () => admin('POST', '/reset'),
      workspaces: () => admin('GET', '/workspaces'),
      clock: () => admin('GET', '/clock'),
      'clock.moved': (p: StateParams) => admin('POST', '/clock', p),
    },
    'hook-token',
  );
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/test-states`;
});
afterAll(async () => {
  await new Promise((resolve) => hook.close(resolve));
  await server.close();
});

it('verify through the minimal hook: the checks that need its states are verified whole, and the gated run passes', async () => {
  const target = await createTarget({ target: server.origin, states: hookUrl, statesToken: 'hook-token' });
  const report = await runChecks(target, { seed: 3, runs: 1, checks: ['upload_ticket_expiry', 'media_search', 'plan_gates'] });
  expect(report.results.map((r) => [r.name, r.status, r.notes[0] ?? ''])).toEqual([
    ['upload_ticket_expiry', 'passed', ''],
    ['plan_gates', 'passed', ''],
    ['media_search', 'passed', ''],
  ]);
  expect(report.results[0]!.states).toContain('clock.moved');
  expect([report.ok, report.reasons]).toEqual([true, []]);
}, 60_000);

it('the hook answers the contract: 401 without its token, 404 for a state it does not offer, the refusal of its admin code as 4xx', async () => {
  const post = (body: unknown, auth = 'Bearer hook-token') => fetch(hookUrl, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post({ state: 'world.reset' }, 'Bearer wrong')).status).toBe(401);
  expect((await post({ state: 'wallet.frozen', params: { workspace: 'ws_payg_demo' } })).status).toBe(404);
  expect((await post({ state: 'clock.moved', params: { advanceSeconds: 'soon' } })).status).toBe(400);
  expect((await post({ state: 'clock' })).status).toBe(200);
});
