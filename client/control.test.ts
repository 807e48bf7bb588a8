// The control client against a mock server over HTTP, as a Playwright run uses it: every method does what its control
// call does, a refusal throws the mock's reason, and a mock locked with --control-token takes the token.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PATH } from '../mocks/http/core.ts';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { KEYS } from '../mocks/testing.ts';
import { CONTROL_BASE_PATH, createMockControl, createSpwClient, type Scenario } from './index.ts';

const TOKEN = 'control-client-token';

describe('the control client, against a mock server', () => {
  let server: RunningMock;
  beforeAll(async () => {
    server = await startMock({ port: 0, seed: 5, controlToken: TOKEN });
  });
  afterAll(() => server?.close());

  it("its control path is the mock's", () => {
    expect(CONTROL_BASE_PATH).toBe(CONTROL_PATH);
  });

  it('reset, clock, journal, overrides, faults and scenario, each typed and each doing what the control API does', async () => {
    const mock = createMockControl({ baseUrl: server.origin, token: TOKEN });
    const api = createSpwClient({ baseUrl: server.origin, apiKey: KEYS.payg });
    await mock.reset();

    expect((await mock.clock()).frozen).toBe(false);
    expect(await mock.setClock({ now: '2026-01-05T09:00:00.000Z', frozen: true })).toMatchObject({ now: '2026-01-05T09:00:00.000Z', frozen: true });
    expect((await mock.setClock({ advanceSeconds: 3600 })).now).toBe('2026-01-05T10:00:00.000Z');
    expect(await mock.clock()).toEqual({ now: '2026-01-05T10:00:00.000Z', frozen: true });

    const off = await mock.override('getWallet', { status: 500, times: 2 });
    expect(off).toMatchObject({ operationId: 'getWallet', status: 500, remaining: 2 });
    expect((await api.GET('/wallet')).response.status).toBe(500);
    await off.clear();
    expect((await api.GET('/wallet')).response.status).toBe(200);
    await mock.override('listGroups', { error: 'network' });
    await expect(api.GET('/groups')).rejects.toThrow();
    await mock.clearOverrides();
    expect((await api.GET('/groups')).response.status).toBe(200);
    await expect(mock.override('getWallet', { status: 409 })).rejects.toThrow(/answered 400: getWallet does not document 409/);

    const journal = await mock.requests({ operation: 'getWallet' });
    expect(journal.map((e) => [e.status, e.override?.by ?? null])).toEqual([[500, 'control'], [200, null]]);
    await mock.clearRequests();
    expect(await mock.requests()).toEqual([]);

    expect(await mock.setFaults(['double-charge'])).toEqual(['double-charge']);
    expect(await mock.setFaults([])).toEqual([]);
    await expect(mock.setFaults(['no-such-fault'])).rejects.toThrow(/PUT \/_mock\/faults answered 400/);

    const lowCredits = JSON.parse(readFileSync(new URL('../fixtures/scenarios/low-credits.json', import.meta.url), 'utf8')) as Scenario;
    await mock.loadScenario(lowCredits);
    expect((await mock.scenario()).workspaces.map((w) => w.id)).toEqual(lowCredits.workspaces.map((w) => w.id));
    await mock.reset();
    expect((await mock.clock()).frozen).toBe(false);   // back to the clock the mock started with
  });

  it('without the token of a locked mock, a call throws the 401 and its reason', async () => {
    await expect(createMockControl({ baseUrl: `${server.origin}/_mock` }).reset()).rejects.toThrow(/POST \/_mock\/reset answered 401/);
  });
});
