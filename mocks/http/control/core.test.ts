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

  it('keeps the clock within 1970 to 9999: a move past either end is a 400 that leaves it where it was, and every operation still answers', async () => {
    const m = testMock();
    await m.api('post', '/posts').send({
      type: 'schedule',
      date: iso(T0 + 3_600_000),
      shortLink: false,
      tags: [],
      posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: 'due in an hour', image: [] }] }],
    }).expect(200);
    const refused: Array<[Record<string, unknown>, RegExp]> = [
      // The request of issue 32: 1e13 s is 317,000 years, past what a Date can print.
      [{ advanceSeconds: 1e13 }, /advanceSeconds/],
      [{ advanceSeconds: 253402300799 }, /between 1970-01-01 and 9999-12-31/],
      [{ now: '9999-12-31T23:00:00.000Z', advanceSeconds: 7200 }, /between 1970-01-01 and 9999-12-31/],
      [{ now: '1969-12-31T23:59:59.000Z' }, /now/],
      [{ now: '0000-01-01T00:00:00.000Z' }, /now/],
      [{ advanceSeconds: -1 }, /advanceSeconds/],
      [{ advanceSeconds: 'NaN' }, /advanceSeconds/],
    ];
    for (const [body, message] of refused) {
      const res = await m.http.post('/_mock/clock').send(body).expect(400);
      expect(JSON.stringify(res.body.message), JSON.stringify(body)).toMatch(message);
      expect((await m.http.get('/_mock/clock').expect(200)).body.now).toBe(iso(T0));
    }
    await m.api('get', '/integrations').expect(200);
    expect((await m.http.get('/_mock/scenario').expect(200)).body.clock.now).toBe(iso(T0));
    // The ends themselves are taken, and the post falls due on the way.
    const end = await m.http.post('/_mock/clock').send({ now: '9999-12-31T23:59:59.999Z' }).expect(200);
    expect(end.body.published).toHaveLength(1);
    await m.api('get', '/posts?startDate=9999-12-01T00:00:00.000Z&endDate=9999-12-31T23:59:59.999Z').expect(200);
    await m.http.post('/_mock/clock').send({ now: '1970-01-01T00:00:00.000Z' }).expect(200);
    await m.http.get('/_mock/scenario').expect(200);
  });

  it('a post keeps only times a scenario can hold: dated before 1970 or delayed past 9999 is a 400, a fractional delay is whole milliseconds, and the world still exports', async () => {
    const m = testMock();
    const thread = (date: string, ...delays: number[]) => ({
      type: 'draft',
      date,
      shortLink: false,
      tags: [],
      posts: [{ integration: { id: 'ch_payg_x' }, value: [{ content: 'first', image: [] }, ...delays.map((delay, i) => ({ content: `item ${i}`, image: [], delay }))] }],
    });
    expect((await m.api('post', '/posts').send(thread('1969-12-31T23:59:59.000Z')).expect(400)).body.message).toMatch(/date must be from 1970/);
    expect((await m.api('post', '/posts').send(thread('9999-12-31T00:00:00.000Z', 60, 1e300)).expect(400)).body.message).toMatch(/posts\[0\]\.value\[2\]\.delay/);
    await m.api('post', '/posts').send(thread('2026-02-01T10:00:00.000Z', 1.5, 0.00001)).expect(200);
    const posts = (await m.http.get('/_mock/scenario').expect(200)).body.workspaces.find((w: { id: string }) => w.id === 'ws_payg_demo').posts;
    expect(posts.map((p: { publishAt: number }) => p.publishAt - Date.parse('2026-02-01T10:00:00.000Z'))).toEqual([0, 90_000, 90_001]);
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
