// Scenarios over the control API: export -> import -> export is the same document, the imported world behaves, bad ones load nothing.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0, type TestMock } from '../testing.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const X = { __type: 'x', who_can_reply_post: 'everyone' };

function schedule(channel: string, content: string, at: number, type = 'schedule') {
  return { type, date: iso(at), shortLink: false, tags: [], posts: [{ integration: { id: channel }, settings: X, value: [{ content, image: [] }] }] };
}

/** A world with scheduled, draft and published posts, a charged ledger, a frozen wallet and an OAuth app. */
async function busyWorld(): Promise<TestMock> {
  const m = testMock();
  await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits: 25 }).expect(200);
  await m.api('post', '/posts').send(schedule('ch_payg_x', 'Due in an hour', T0 + HOUR)).expect(200);
  await m.api('post', '/posts').send(schedule('ch_payg_x', 'Due in three hours', T0 + 3 * HOUR)).expect(200);
  await m.api('post', '/posts').send(schedule('ch_payg_x', 'Just a draft', T0 + 2 * HOUR, 'draft')).expect(200);
  await m.http.post('/_mock/clock').send({ advanceSeconds: 2 * 3600 }).expect(200);
  await m.http.post('/_mock/workspaces/ws_free_demo/wallet/freeze').expect(200);
  await m.http.post('/_mock/workspaces/ws_paid_demo/oauth-app').send({ name: 'Planner', redirectUrl: 'https://planner.example.com/cb' }).expect(201);
  await m.http.put('/_mock/limits').send({ postsPerHour: 7 }).expect(200);
  return m;
}

const ledgerSum = (ws: any) => ws.wallet.ledger.reduce((n: number, t: any) => n + t.cents, 0);

describe('scenarios', () => {
  it('export -> import into a fresh mock -> export gives the same document', async () => {
    const source = await busyWorld();
    const doc = (await source.http.get('/_mock/scenario').expect(200)).body;
    expect(doc.scenarioVersion).toBe(1);
    expect(doc.clock).toEqual({ now: iso(T0 + 2 * HOUR), frozen: true });
    const target = testMock({ seed: 7 });
    expect((await target.http.put('/_mock/scenario').send(doc).expect(200)).body).toEqual({ ok: true, workspaces: 3 });
    expect((await target.http.get('/_mock/scenario').expect(200)).body).toEqual(doc);
    expect((await target.http.get('/_mock/limits').expect(200)).body.postsPerHour).toBe(7);
  });

  it('the imported world behaves: the queued post publishes when the clock passes it, and balances equal their ledgers', async () => {
    const doc = (await (await busyWorld()).http.get('/_mock/scenario').expect(200)).body;
    const m = testMock();
    await m.http.put('/_mock/scenario').send(doc).expect(200);
    const list = async () =>
      (await m.api('get', `/posts?startDate=${iso(T0)}&endDate=${iso(T0 + 10 * HOUR)}`).expect(200)).body.posts.map((p: any) => [p.content, p.state]);
    expect(await list()).toEqual(expect.arrayContaining([['Due in an hour', 'PUBLISHED'], ['Due in three hours', 'QUEUE'], ['Just a draft', 'DRAFT']]));
    const moved = await m.http.post('/_mock/clock').send({ advanceSeconds: 3600 }).expect(200);
    expect(moved.body.published).toHaveLength(1);
    expect(await list()).toEqual(expect.arrayContaining([['Due in three hours', 'PUBLISHED']]));
    const after = (await m.http.get('/_mock/scenario').expect(200)).body;
    for (const ws of after.workspaces) expect(ws.wallet.balance).toBe(ledgerSum(ws));
    const wallet = (await m.api('get', '/wallet').expect(200)).body;
    expect(wallet).toMatchObject({ frozen: false });
    expect((await m.api('get', '/wallet', KEYS.free).expect(200)).body.frozen).toBe(true);
    // New ids never collide with imported ones, even on the seed that made them.
    const created = await m.api('post', '/posts').send(schedule('ch_payg_x', 'New', T0 + 5 * HOUR)).expect(200);
    expect(doc.workspaces.flatMap((w: any) => w.posts.map((p: any) => p.id))).not.toContain(created.body[0].postId);
  });

  it('an OAuth token and a rotated API key survive the trip; reset goes back to how the mock started', async () => {
    const source = await busyWorld();
    await source.http.post('/_mock/workspaces/ws_free_demo/rotate-key').expect(200);
    const doc = (await source.http.get('/_mock/scenario').expect(200)).body;
    const m = testMock();
    await m.http.put('/_mock/scenario').send(doc).expect(200);
    const key = doc.workspaces.find((w: any) => w.id === 'ws_free_demo').apiKey;
    await m.api('get', '/integrations', key).expect(200);
    await m.api('get', '/integrations', KEYS.free).expect(401);
    await m.http.post('/_mock/reset').expect(200);
    await m.api('get', '/integrations', KEYS.free).expect(200);
  });

  it('a bad document answers 400 naming each JSON path and rule, and the world stays as it was', async () => {
    const doc = (await (await busyWorld()).http.get('/_mock/scenario').expect(200)).body;
    const m = testMock();
    const before = (await m.http.get('/_mock/scenario').expect(200)).body;

    const badState = structuredClone(doc);
    badState.workspaces[1].posts[0].state = 'LOST';
    const schemaRes = await m.http.put('/_mock/scenario').send(badState).expect(400);
    expect(JSON.stringify(schemaRes.body.message)).toContain('/workspaces/1/posts/0/state');

    const badRefs = structuredClone(doc);
    const payg = badRefs.workspaces.findIndex((w: any) => w.id === 'ws_payg_demo');
    badRefs.workspaces[payg].posts[0].channelId = 'ch_nowhere';
    badRefs.workspaces[payg].wallet.balance += 1;
    const res = await m.http.put('/_mock/scenario').send(badRefs).expect(400);
    expect(res.body.message).toEqual([
      `/workspaces/${payg}/posts/0/channelId: unknown channel ch_nowhere in this workspace`,
      `/workspaces/${payg}/wallet/balance: must equal the sum of the ledger's cents (${ledgerSum(doc.workspaces[payg])}), not ${ledgerSum(doc.workspaces[payg]) + 1}`,
    ]);
    await m.http.put('/_mock/scenario').send({ ...doc, scenarioVersion: 2 }).expect(400);
    expect((await m.http.get('/_mock/scenario').expect(200)).body).toEqual(before);
  });
});
