// Time passing over HTTP: publication on clock advance, thread delays, (post:id) links, failing channels, repeats and webhooks.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import nock from 'nock';
import { testMock, KEYS, T0, type TestMock } from '../testing.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const X = { __type: 'x', who_can_reply_post: 'everyone' };
const publicDns = { lookupHost: async () => ['93.184.216.34'] };

function schedule(channel: string, items: Array<{ content: string; delay?: number }>, at = T0 + HOUR, extra: Record<string, unknown> = {}, settings: Record<string, unknown> = X) {
  return {
    type: 'schedule',
    date: iso(at),
    shortLink: false,
    tags: [],
    posts: [{ integration: { id: channel }, settings, value: items.map((i) => ({ image: [], ...i })) }],
    ...extra,
  };
}

async function posts(m: TestMock, key: string = KEYS.payg) {
  const res = await m.api('get', `/posts?startDate=${iso(T0 - 24 * HOUR)}&endDate=${iso(T0 + 60 * 24 * HOUR)}`, key).expect(200);
  return res.body.posts as Array<Record<string, any>>;
}

async function advance(m: TestMock, seconds: number) {
  const res = await m.http.post('/_mock/clock').send({ advanceSeconds: seconds }).expect(200);
  return res.body as { now: string; frozen: boolean; published: string[]; failed: string[] };
}

// Receivers are nock's; only the in-process mock itself (on loopback) may be reached for real.
beforeAll(() => {
  // Importing nock turns it on, once per worker; each file turns it on for itself and off after (nock.restore), since
  // while it is on a server in the same process never answers a request whose body has not all arrived.
  if (!nock.isActive()) nock.activate();
});
afterAll(() => nock.restore());
beforeEach(() => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
});
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe('publishing on the clock', () => {
  it('publishes a scheduled post when the clock passes its time, with a live URL', async () => {
    const m = testMock();
    const created = await m.api('post', '/posts').send(schedule('ch_payg_x', [{ content: 'Launch day' }])).expect(200);
    const id = created.body[0].postId;
    expect((await advance(m, 59 * 60)).published).toEqual([]);
    expect((await posts(m))[0]!.state).toBe('QUEUE');
    const ran = await advance(m, 60);
    expect(ran.published).toEqual([id]);
    const [post] = await posts(m);
    expect(post).toMatchObject({ id, state: 'PUBLISHED', releaseURL: expect.stringMatching(/^https:\/\/x\.com\/northwind\/status\/\d{19}$/) });
  });

  it('also publishes on any request once the time has come (the pipeline ticks first)', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(schedule('ch_payg_x', [{ content: 'soon' }])).expect(200);
    m.clock.advance(HOUR);
    expect((await posts(m))[0]!.state).toBe('PUBLISHED');
  });

  it('sends thread items after their delays, in order', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(schedule('ch_payg_threads', [{ content: 'one' }, { content: 'two', delay: 10 }, { content: 'three', delay: 5 }], T0 + HOUR, {}, { __type: 'threads' })).expect(200);
    expect((await advance(m, 3600)).published).toHaveLength(1);
    expect((await advance(m, 9 * 60)).published).toHaveLength(0);
    expect((await advance(m, 60)).published).toHaveLength(1);
    expect((await advance(m, 5 * 60)).published).toHaveLength(1);
  });

  it('publishes `now` at once and replaces (post:<id>) with that post\'s live URL', async () => {
    const m = testMock();
    const first = await m.api('post', '/posts').send({ ...schedule('ch_payg_x', [{ content: 'The original' }]), type: 'now' }).expect(200);
    const firstId = first.body[0].postId;
    const [published] = await posts(m);
    expect(published).toMatchObject({ state: 'PUBLISHED', publishDate: iso(T0) });
    await m.api('post', '/posts').send(schedule('ch_payg_linkedin', [{ content: `See (post:${firstId})` }], T0 + HOUR, {}, { __type: 'linkedin' })).expect(200);
    await advance(m, 3600);
    const quoting = (await posts(m)).find((p) => p.id !== firstId)!;
    expect(quoting.state).toBe('PUBLISHED');
    expect(quoting.content).toBe(`See ${published!.releaseURL}`);
  });

  it('waits for a referenced post that is not out yet, then fails after 60 minutes', async () => {
    const m = testMock();
    const draft = await m.api('post', '/posts').send({ ...schedule('ch_payg_x', [{ content: 'later' }]), type: 'draft' }).expect(200);
    const ref = draft.body[0].postId;
    const waiting = await m.api('post', '/posts').send(schedule('ch_payg_linkedin', [{ content: `Quote (post:${ref})` }], T0 + HOUR, {}, { __type: 'linkedin' })).expect(200);
    await advance(m, 3600);
    expect((await posts(m)).find((p) => p.id === waiting.body[0].postId)!.state).toBe('QUEUE');
    const ran = await advance(m, 3600);
    expect(ran.failed).toEqual([waiting.body[0].postId]);
  });

  it('publishes a waiting post as soon as the post it references is out', async () => {
    const m = testMock();
    const later = await m.api('post', '/posts').send(schedule('ch_payg_x', [{ content: 'the reference' }], T0 + HOUR + 30 * MIN)).expect(200);
    const quoting = await m.api('post', '/posts').send(schedule('ch_payg_linkedin', [{ content: `Quote (post:${later.body[0].postId})` }], T0 + HOUR, {}, { __type: 'linkedin' })).expect(200);
    const ran = await advance(m, 2 * 3600);
    expect(ran.published).toEqual([later.body[0].postId, quoting.body[0].postId]);
  });

  it('a failing channel gives ERROR for the post and the rest of its thread; other channels publish', async () => {
    const m = testMock();
    await m.http.put('/_mock/channels/ch_payg_x/failure').send({ fail: true }).expect(200);
    const bad = await m.api('post', '/posts').send(schedule('ch_payg_x', [{ content: 'a' }, { content: 'b', delay: 1 }])).expect(200);
    await m.api('post', '/posts').send(schedule('ch_payg_linkedin', [{ content: 'fine' }], T0 + HOUR, {}, { __type: 'linkedin' })).expect(200);
    const ran = await advance(m, 2 * 3600);
    expect(ran.failed).toHaveLength(2);
    expect(ran.published).toHaveLength(1);
    const list = await posts(m);
    expect(list.find((p) => p.id === bad.body[0].postId)).toMatchObject({ state: 'ERROR', releaseURL: null });
    const notes = await m.api('get', '/notifications').expect(200);
    expect(JSON.stringify(notes.body)).toContain('could not be published');
    await m.http.put('/_mock/channels/ch_nope/failure').send({ fail: true }).expect(404);
  });

  it('queues the next occurrence of a repeating post once one is out', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(schedule('ch_payg_linkedin', [{ content: 'weekly' }], T0 + HOUR, { inter: 7 }, { __type: 'linkedin' })).expect(200);
    await advance(m, 3600);
    let list = await posts(m);
    expect(list.map((p) => [p.state, p.publishDate])).toEqual([
      ['PUBLISHED', iso(T0 + HOUR)],
      ['QUEUE', iso(T0 + HOUR + 7 * 24 * HOUR)],
    ]);
    await advance(m, 14 * 24 * 3600);
    list = await posts(m);
    expect(list.filter((p) => p.state === 'PUBLISHED')).toHaveLength(3);
    expect(list.filter((p) => p.state === 'QUEUE')).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('sends one request per covering webhook after the whole chain is out, describing the first post', async () => {
    const m = testMock({ effects: publicDns });
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ name: 'all', url: 'https://hooks.example.com/x' }).expect(201);
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ url: 'https://hooks.example.com/only-linkedin', integrations: ['ch_payg_linkedin'] }).expect(201);
    const bodies: unknown[] = [];
    const scope = nock('https://hooks.example.com')
      .post('/x', (b) => (bodies.push(b), true))
      .reply(200);
    const created = await m.api('post', '/posts').send(schedule('ch_payg_x', [{ content: 'first' }, { content: 'second', delay: 30 }])).expect(200);
    await advance(m, 3600);
    await m.app.state.settle();
    expect(bodies).toHaveLength(0); // the chain is not out yet
    await advance(m, 30 * 60);
    await m.app.state.settle();
    expect(scope.isDone()).toBe(true);
    expect(bodies).toEqual([
      [
        {
          id: created.body[0].postId,
          content: 'first',
          publishDate: iso(T0 + HOUR),
          releaseURL: expect.stringMatching(/^https:\/\/x\.com\//),
          state: 'PUBLISHED',
          integration: { id: 'ch_payg_x', name: 'Northwind on X', providerIdentifier: 'x', picture: expect.any(String), type: 'social' },
        },
      ],
    ]);
    const deliveries = await m.http.get('/_mock/deliveries?workspace=ws_payg_demo').expect(200);
    expect(deliveries.body).toHaveLength(1);
    expect(deliveries.body[0]).toMatchObject({ status: 200, error: null, test: false, url: 'https://hooks.example.com/x' });
  });

  it('a group shared by several channels sends each channel\'s thread on its own: one request per covering webhook per channel, once that thread is out, describing its first post', async () => {
    const m = testMock({ effects: publicDns });
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ name: 'all', url: 'https://hooks.example.com/all' }).expect(201);
    const bodies: Array<Array<{ id: string; integration: { id: string } }>> = [];
    nock('https://hooks.example.com').post('/all', (b) => (bodies.push(b), true)).times(2).reply(200);
    const shared = {
      ...schedule('ch_payg_x', [{ content: 'x first' }, { content: 'x second', delay: 30 }]),
      posts: [
        { integration: { id: 'ch_payg_x' }, group: 'launch', settings: X, value: [{ content: 'x first', image: [] }, { content: 'x second', image: [], delay: 30 }] },
        { integration: { id: 'ch_payg_linkedin' }, group: 'launch', settings: { __type: 'linkedin' }, value: [{ content: 'linkedin only', image: [] }] },
      ],
    };
    const created = await m.api('post', '/posts').send(shared).expect(200);
    await advance(m, 3600);
    await m.app.state.settle();
    // LinkedIn's one-item thread is out; X's waits for its second item.
    expect(bodies.map((b) => [b.length, b[0]!.id, b[0]!.integration.id])).toEqual([[1, created.body[1].postId, 'ch_payg_linkedin']]);
    await advance(m, 30 * 60);
    await m.app.state.settle();
    expect(bodies.map((b) => [b.length, b[0]!.id, b[0]!.integration.id])).toEqual([[1, created.body[1].postId, 'ch_payg_linkedin'], [1, created.body[0].postId, 'ch_payg_x']]);
    expect((await posts(m)).filter((p) => p.group === 'launch').every((p) => p.state === 'PUBLISHED')).toBe(true);
  });

  it('sends nothing for a failed publish, and records a failed delivery without retrying', async () => {
    const m = testMock({ effects: publicDns });
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ url: 'https://hooks.example.com/x' }).expect(201);
    await m.http.put('/_mock/channels/ch_payg_x/failure').send({ fail: true }).expect(200);
    await m.api('post', '/posts').send(schedule('ch_payg_x', [{ content: 'nope' }])).expect(200);
    await advance(m, 3600);
    await m.app.state.settle();
    expect((await m.http.get('/_mock/deliveries').expect(200)).body).toEqual([]);

    await m.http.put('/_mock/channels/ch_payg_x/failure').send({ fail: false }).expect(200);
    const scope = nock('https://hooks.example.com').post('/x').once().reply(500);
    await m.api('post', '/posts').send({ ...schedule('ch_payg_x', [{ content: 'yes' }]), type: 'now' }).expect(200);
    await m.app.state.settle();
    expect(scope.isDone()).toBe(true);
    const deliveries = (await m.http.get('/_mock/deliveries').expect(200)).body;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].status).toBe(500);
  });

  it('registers only public https URLs; loopback only when allowed; 30 on a free plan', async () => {
    const m = testMock({ effects: { lookupHost: async (host: string) => (host === 'internal.example.com' ? ['10.0.0.5'] : ['93.184.216.34']) } });
    const base = '/_mock/workspaces/ws_free_demo/webhooks';
    for (const url of ['http://hooks.example.com/x', 'https://internal.example.com/x', 'https://127.0.0.1/x', 'https://localhost/x', 'https://192.168.1.1/x', 'not a url']) {
      const res = await m.http.post(base).send({ url }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400 });
    }
    const refused = await m.http.post(base).send({ url: 'https://10.1.2.3/hook' }).expect(400);
    expect(refused.body.message).toBe('Webhook URL must be a public HTTPS URL and cannot point to internal network addresses');
    await m.http.put('/_mock/limits').send({ allowLoopbackWebhooks: true }).expect(200);
    await m.http.post(base).send({ url: 'http://127.0.0.1:9/x' }).expect(201);
    await m.http.post(base).send({ url: 'https://hooks.example.com/x', integrations: ['ch_paid_x'] }).expect(400);
    for (let i = 1; i < 30; i++) await m.http.post(base).send({ url: `https://hooks.example.com/${i}` }).expect(201);
    const over = await m.http.post(base).send({ url: 'https://hooks.example.com/31' }).expect(400);
    expect(over.body.message).toContain('30');
    // A paid plan is not limited to 30.
    for (let i = 0; i < 31; i++) await m.http.post('/_mock/workspaces/ws_paid_demo/webhooks').send({ url: `https://hooks.example.com/p${i}` }).expect(201);
    const list = await m.http.get(base).expect(200);
    expect(list.body).toHaveLength(30);
    await m.http.delete(`${base}/${list.body[0].id}`).expect(200);
    await m.http.delete(`${base}/${list.body[0].id}`).expect(404);
    await m.http.get('/_mock/workspaces/ws_nope/webhooks').expect(404);
  });

  it('test send: two sample posts on two networks, recorded as a test delivery', async () => {
    const m = testMock({ effects: publicDns });
    let sent: any;
    nock('https://hooks.example.com')
      .post('/test', (b) => ((sent = b), true))
      .reply(204);
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks/test').send({ url: 'https://hooks.example.com/test' }).expect(200, { sent: true });
    await m.app.state.settle();
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((p: any) => p.integration.providerIdentifier)).size).toBe(2);
    const [delivery] = (await m.http.get('/_mock/deliveries').expect(200)).body;
    expect(delivery).toMatchObject({ test: true, webhookId: null, status: 204 });
  });
});
