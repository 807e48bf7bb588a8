// docs/states.md's minimal hooks (docs/examples/states-hook.ts in plain Node, docs/examples/states-hook-hono.ts in
// Hono), each started beside a server of the test's own and used by verify as an implementer would: the required
// states and a clock, each set up by the server's admin code (here the mock's control API stands in for it), and the
// checks that need them verified whole.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import * as plain from '../docs/examples/states-hook.ts';
import * as hono from '../docs/examples/states-hook-hono.ts';
import './checks/index.ts';
import { runChecks } from './runner.ts';
import { createTarget } from './target.ts';

type Refused = new (message: string, status?: 400 | 404) => Error;
type States = Record<string, (params: Record<string, unknown>) => Promise<unknown>>;

/** Each example, listening on a free port at /test-states. */
const HOOKS: Array<[string, Refused, (states: States, token: string) => Promise<{ url: string; close(): Promise<unknown> }>]> = [
  [
    'plain Node',
    plain.StateRefused,
    async (states, token) => {
      const server = plain.statesHook(states, token);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/test-states`, close: () => new Promise((r) => server.close(r)) };
    },
  ],
  [
    'Hono',
    hono.StateRefused,
    async (states, token) => {
      const app = new Hono().route('/test-states', hono.statesRoutes(states, token));
      const server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/test-states`, close: () => new Promise((r) => server.close(r)) };
    },
  ],
];

describe.each(HOOKS)('the minimal hook in %s', (_name, StateRefused, listen) => {
  let server: RunningMock;
  let hook: { url: string; close(): Promise<unknown> };

  /** The server's own admin code, as the hook calls it: here the mock's control API. */
  async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${server.origin}/_mock${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new StateRefused(await res.text(), res.status === 404 ? 404 : 400);
    return res.json();
  }

  beforeAll(async () => {
    server = await startMock({ port: 0, seed: 3 });
    hook = await listen(
      {
        'world.reset': () => admin('POST', '/reset'),
        workspaces: () => admin('GET', '/workspaces'),
        clock: () => admin('GET', '/clock'),
        'clock.moved': (p) => admin('POST', '/clock', p),
      },
      'hook-token',
    );
  });
  afterAll(async () => {
    await hook.close();
    await server.close();
  });

  it('verify through it: the checks that need its states are verified whole, and the gated run passes', async () => {
    const target = await createTarget({ target: server.origin, states: hook.url, statesToken: 'hook-token' });
    const report = await runChecks(target, { seed: 3, runs: 1, checks: ['upload_ticket_expiry', 'media_search', 'plan_gates'] });
    expect(report.results.map((r) => [r.name, r.status, r.notes[0] ?? ''])).toEqual([
      ['upload_ticket_expiry', 'passed', ''],
      ['plan_gates', 'passed', ''],
      ['media_search', 'passed', ''],
    ]);
    expect(report.results[0]!.states).toContain('clock.moved');
    expect([report.ok, report.reasons]).toEqual([true, []]);
  }, 60_000);

  it('it answers the contract: 401 without its token, 404 for a state it does not offer, the refusal of its admin code as 4xx, errors in the error shape', async () => {
    const post = (body: unknown, auth = 'Bearer hook-token') => fetch(hook.url, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unauthorized = await post({ state: 'world.reset' }, 'Bearer wrong');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
    const notOffered = await post({ state: 'wallet.frozen', params: { workspace: 'ws_payg_demo' } });
    expect([notOffered.status, await notOffered.json()]).toEqual([404, expect.objectContaining({ statusCode: 404 })]);
    expect((await post({ state: 'clock.moved', params: { advanceSeconds: 'soon' } })).status).toBe(400);
    expect((await post({ state: 'clock' })).status).toBe(200);
    expect((await fetch(hook.url, { headers: { authorization: 'Bearer hook-token' } }).then((r) => r.json()))).toEqual({ states: ['world.reset', 'workspaces', 'clock', 'clock.moved'] });
  });
});
