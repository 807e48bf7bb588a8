// The control API's core: reset, workspaces, the clock, limits and faults, driven over HTTP like a test or a frontend would.
import { describe, expect, it } from 'vitest';
import { testMock, API, T0 } from '../../testing.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('control API', () => {
  it('lists the seeded workspaces in their three plan states', async () => {
    const { http } = testMock();
    const res = await http.get('/_mock/workspaces').expect(200);
    const byKey = Object.fromEntries(res.body.map((w: any) => [w.apiKey, w]));
    expect(byKey['demo-free-key']).toMatchObject({ plan: 'free', payAsYouGo: false, frozen: false });
    expect(byKey['demo-payg-key']).toMatchObject({ plan: 'free', payAsYouGo: true });
    expect(byKey['demo-paid-key']).toMatchObject({ plan: 'paid', payAsYouGo: false });
  });

  it('creates a workspace with channels for every provider, usable at once with its key', async () => {
    const { http } = testMock();
    const res = await http.post('/_mock/workspaces').send({ name: 'Acme', plan: 'free', topUpCredits: 20 }).expect(201);
    expect(res.body).toMatchObject({ name: 'Acme', plan: 'free', payAsYouGo: true, apiKey: expect.any(String) });
    const channels = await http.get(`${API}/integrations`).set('Authorization', res.body.apiKey).expect(200);
    expect(channels.body.map((c: any) => c.identifier)).toEqual(expect.arrayContaining(['x', 'linkedin', 'tiktok', 'sanity']));
    const paid = await http.post('/_mock/workspaces').send({ plan: 'paid' }).expect(201);
    expect(paid.body).toMatchObject({ plan: 'paid', payAsYouGo: false });
    await http.post('/_mock/workspaces').send({ plan: 'gold' }).expect(400);
    expect((await http.get('/_mock/workspaces').expect(200)).body).toHaveLength(5);
  });

  it('reads, sets, advances and freezes the clock', async () => {
    const { http } = testMock();
    expect((await http.get('/_mock/clock').expect(200)).body).toEqual({ now: iso(T0), frozen: true });
    const moved = await http.post('/_mock/clock').send({ now: iso(T0 + 1000), advanceSeconds: 60 }).expect(200);
    expect(moved.body).toEqual({ now: iso(T0 + 61_000), frozen: true, published: [], failed: [] });
    await http.post('/_mock/clock').send({ advanceSeconds: -5 }).expect(400);
    const running = await http.post('/_mock/clock').send({ frozen: false }).expect(200);
    expect(running.body.frozen).toBe(false);
    const frozen = await http.post('/_mock/clock').send({ frozen: true }).expect(200);
    expect(frozen.body.frozen).toBe(true);
  });

  it('changes limits and puts them back on reset, with the world', async () => {
    const m = testMock();
    expect((await m.http.get('/_mock/limits').expect(200)).body).toMatchObject({ postsPerHour: 90, allowLoopbackWebhooks: false });
    expect((await m.http.put('/_mock/limits').send({ postsPerHour: 2 }).expect(200)).body.postsPerHour).toBe(2);
    await m.http.put('/_mock/limits').send({ postsPerHour: -1 }).expect(400);
    await m.http.post('/_mock/workspaces').send({ plan: 'paid' }).expect(201);
    await m.http.post('/_mock/clock').send({ advanceSeconds: 3600 }).expect(200);
    expect((await m.http.post('/_mock/reset').expect(200)).body).toEqual({ ok: true });
    expect((await m.http.get('/_mock/limits').expect(200)).body.postsPerHour).toBe(90);
    expect((await m.http.get('/_mock/workspaces').expect(200)).body).toHaveLength(3);
    expect((await m.http.get('/_mock/clock').expect(200)).body.now).toBe(iso(T0));
  });

  it('lists the fault catalogue and the active faults', async () => {
    const { http } = testMock();
    const res = await http.get('/_mock/faults').expect(200);
    expect(res.body).toMatchObject({ active: [], catalogue: expect.any(Array) });
  });
});
