// GET /integrations is encoded once and sent again as bytes: never stale after anything that changes channels, the
// same bytes as a fresh encoding, and bounded however many keys clients make up.
import { describe, expect, it } from 'vitest';
import { createMockApp } from './app.ts';
import { Memo } from './pipeline.ts';
import { KEYS } from '../testing.ts';

const ORIGIN = 'http://127.0.0.1:4010';
const API = `${ORIGIN}/api/public/v1`;

function mock(options: Parameters<typeof createMockApp>[0] = {}) {
  const app = createMockApp({ seed: 3, ...options });
  const send = (method: string, path: string, body?: unknown, key: string = KEYS.payg) =>
    app.fetch(new Request(path.startsWith('/_mock') ? ORIGIN + path : API + path, { method, headers: { authorization: key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
  const channels = async (query = '', key: string = KEYS.payg) => (await (await send('GET', `/integrations${query}`, undefined, key)).json()) as Array<{ id: string }>;
  return { app, send, channels };
}

describe('GET /integrations, encoded once', () => {
  it('answers the same bytes as a mock that encodes every answer (strict mode never reuses them)', async () => {
    const reused = mock();
    const fresh = mock({ strict: true });
    await reused.channels();
    for (const key of [KEYS.free, KEYS.payg, KEYS.paid]) {
      const a = await (await reused.send('GET', '/integrations', undefined, key)).text();
      const b = await (await fresh.send('GET', '/integrations', undefined, key)).text();
      expect(a).toBe(b);
    }
  });

  it('is never stale: a deleted channel, a reset and an imported scenario show at once', async () => {
    const m = mock();
    const before = await m.channels();
    const gone = before[0]!.id;
    expect((await m.send('DELETE', `/integrations/${gone}`)).status).toBe(200);
    expect((await m.channels()).map((c) => c.id)).not.toContain(gone);
    expect((await m.send('POST', '/_mock/reset', {})).status).toBe(200);
    expect((await m.channels()).map((c) => c.id)).toContain(gone);
    const world = await (await m.send('GET', '/_mock/scenario')).json() as { workspaces: Array<{ apiKey: string; channels: unknown[] }> };
    for (const ws of world.workspaces) if (ws.apiKey === KEYS.payg) ws.channels = ws.channels.slice(0, 1);
    expect((await m.send('PUT', '/_mock/scenario', world)).status).toBe(200);
    expect(await m.channels()).toHaveLength(1);
  });

  it('keys each answer by workspace and group: one workspace never sees another’s, a group filter its own', async () => {
    const m = mock();
    const payg = await m.channels();
    const paid = await m.channels('', KEYS.paid);
    expect(payg.map((c) => c.id)).not.toEqual(paid.map((c) => c.id));
    expect(await m.channels()).toEqual(payg);
    const withGroup = payg.find((c: any) => c.customer) as any;
    expect(withGroup).toBeDefined();
    const filtered = await m.channels(`?group=${withGroup.customer.id}`);
    expect(filtered.length).toBeLessThan(payg.length);
    expect(filtered.every((c: any) => c.customer?.id === withGroup.customer.id)).toBe(true);
  });

  it('keeps a bounded number of answers however many keys clients make up, and drops them when the world changes', () => {
    const { app } = mock();
    const memo = new Memo(app.state);
    for (let i = 0; i < 3000; i++) memo.set(`ws\nnope-${i}`, []);
    expect(memo.size).toBeLessThanOrEqual(Memo.MAX);
    memo.set('k', [1]);
    expect(memo.get('k')).toEqual(new TextEncoder().encode('[1]'));
    app.state.revision++;
    expect(memo.get('k')).toBeUndefined();
    memo.set('k', [2]);
    app.state.reset();
    expect(memo.get('k')).toBeUndefined();
  });
});
