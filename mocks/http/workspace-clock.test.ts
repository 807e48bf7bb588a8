// A workspace's own clock and limits (POST /_mock/clock and PUT /_mock/limits with `workspaces`): the verifier's lanes
// move time and set limits for their own workspaces while other lanes run beside them. Each time-dependent path is
// judged at its workspace's time: two copies of one workspace, the same thing done in both, only the first one's clock
// moved; the first sees the moved time, the second the world's.
import { describe, expect, it } from 'vitest';
import { PNG } from './media-samples.ts';
import { testMock, T0, type TestMock } from '../testing.ts';

const MINUTE = 60_000;

/** Two copies of the paid demo workspace (or another), each with its id and key. */
async function twins(m: TestMock, like = 'ws_paid_demo') {
  const make = async (name: string) => (await m.http.post('/_mock/workspaces').send({ like, name }).expect(201)).body as { id: string; apiKey: string };
  return [await make('A'), await make('B')] as const;
}

const moveAlone = (m: TestMock, ids: string[], body: Record<string, unknown>) => m.http.post('/_mock/clock').send({ workspaces: ids, ...body });
const scenario = async (m: TestMock) => JSON.stringify((await m.http.get('/_mock/scenario').expect(200)).body);

interface Case {
  name: string;
  /** Done the same way in both workspaces, before the move; what it gives the probe. */
  arrange(m: TestMock, ws: { id: string; apiKey: string }): Promise<unknown>;
  /** Seconds the first workspace's clock moves. */
  seconds: number;
  /** What is observed afterwards, in each. */
  probe(m: TestMock, ws: { id: string; apiKey: string }, arranged: any): Promise<unknown>;
  moved: unknown;
  unmoved: unknown;
}

const draft = { type: 'draft', date: new Date(T0).toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: '' }, value: [{ content: 'hello', image: [] }], settings: { __type: 'linkedin' } }] };
const channelOf = async (m: TestMock, key: string, provider: string) => ((await m.api('get', '/integrations', key).expect(200)).body as Array<{ id: string; identifier: string }>).find((c) => c.identifier === provider)!.id;

const CASES: Case[] = [
  {
    name: 'a scheduled post is sent when its workspace\'s time comes',
    async arrange(m, ws) {
      const channel = await channelOf(m, ws.apiKey, 'linkedin');
      const body = { ...draft, type: 'schedule', date: new Date(T0 + 10 * MINUTE).toISOString(), posts: [{ ...draft.posts[0], integration: { id: channel } }] };
      return (await m.api('post', '/posts', ws.apiKey).send(body).expect(200)).body[0].postId;
    },
    seconds: 11 * 60,
    async probe(m, ws, postId) {
      const list = await m.api('get', `/posts?startDate=${new Date(T0).toISOString()}&endDate=${new Date(T0 + 86_400_000).toISOString()}`, ws.apiKey).expect(200);
      const post = list.body.posts.find((p: { id: string }) => p.id === postId);
      return post.status ?? post.state;
    },
    moved: 'PUBLISHED',
    unmoved: 'QUEUE',
  },
  {
    name: 'an upload ticket expires at its workspace\'s time',
    arrange: async (m, ws) => new URL((await m.api('post', '/upload-ticket', ws.apiKey).expect(200)).body.uploadUrl).pathname,
    seconds: 15 * 60 + 1,
    probe: async (m, _ws, path) => (await m.http.post(path).attach('file', PNG, 'a.png')).status,
    moved: 404,
    unmoved: 200,
  },
  {
    name: 'the hourly POST /posts window slides at its workspace\'s time, under a limit of its own',
    async arrange(m, ws) {
      await m.http.put('/_mock/limits').send({ workspaces: [ws.id], postsPerHour: 1 }).expect(200);
      const channel = await channelOf(m, ws.apiKey, 'linkedin');
      const body = { ...draft, posts: [{ ...draft.posts[0], integration: { id: channel } }] };
      await m.api('post', '/posts', ws.apiKey).send(body).expect(200);
      return body;
    },
    seconds: 3601,
    probe: async (m, ws, body) => (await m.api('post', '/posts', ws.apiKey).send(body)).status,
    moved: 200,
    unmoved: 429,
  },
  {
    name: 'channel analytics are read again when the hour is up in its workspace',
    async arrange(m, ws) {
      const channel = await channelOf(m, ws.apiKey, 'linkedin');
      const first = await m.api('get', `/analytics/${channel}?date=7`, ws.apiKey).expect(200);
      return { channel, cachedAt: first.headers['x-cached-at'] };
    },
    seconds: 3601,
    async probe(m, ws, { channel, cachedAt }) {
      const again = await m.api('get', `/analytics/${channel}?date=7`, ws.apiKey).expect(200);
      return again.headers['x-cached-at'] === cachedAt ? 'cached' : 'read again';
    },
    moved: 'read again',
    unmoved: 'cached',
  },
  {
    name: 'what control does for a workspace is stamped with its time (a top-up\'s ledger entry)',
    arrange: async () => undefined,
    seconds: 86_400,
    async probe(m, ws) {
      await m.http.post(`/_mock/workspaces/${ws.id}/wallet/top-up`).send({ credits: 5 }).expect(200);
      const list = await m.api('get', '/wallet/transactions', ws.apiKey).expect(200);
      // The latest entry: the top-up just made.
      return (list.body.items as Array<{ createdAt: string }>).map((t) => t.createdAt).sort().at(-1);
    },
    moved: new Date(T0 + 86_400_000).toISOString(),
    unmoved: new Date(T0).toISOString(),
  },
];

describe('a workspace\'s own clock', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const m = testMock();
    const like = c.name.includes('top-up') ? 'ws_payg_demo' : 'ws_paid_demo';
    const [a, b] = await twins(m, like);
    const arranged = [await c.arrange(m, a), await c.arrange(m, b)];
    const moved = await moveAlone(m, [a.id], { advanceSeconds: c.seconds }).expect(200);
    expect(moved.body.now).toBe(new Date(T0 + c.seconds * 1000).toISOString());
    expect({ moved: await c.probe(m, a, arranged[0]), unmoved: await c.probe(m, b, arranged[1]) }).toEqual({ moved: c.moved, unmoved: c.unmoved });
  });

  it('is read with GET /clock?workspace=; the world\'s clock and every other workspace stay where they were', async () => {
    const m = testMock();
    const [a, b] = await twins(m);
    await moveAlone(m, [a.id], { advanceSeconds: 600 }).expect(200);
    expect((await m.http.get(`/_mock/clock?workspace=${a.id}`).expect(200)).body.now).toBe(new Date(T0 + 600_000).toISOString());
    expect((await m.http.get(`/_mock/clock?workspace=${b.id}`).expect(200)).body.now).toBe(new Date(T0).toISOString());
    expect((await m.http.get('/_mock/clock').expect(200)).body.now).toBe(new Date(T0).toISOString());
    // `now` sets it, back as well as forward.
    await moveAlone(m, [a.id], { now: new Date(T0 - 60_000).toISOString() }).expect(200);
    expect((await m.http.get(`/_mock/clock?workspace=${a.id}`).expect(200)).body.now).toBe(new Date(T0 - 60_000).toISOString());
  });

  it('keeps its lead when the world\'s clock moves, and a workspace reset puts it back on the world\'s time and limits', async () => {
    const m = testMock();
    const [a] = await twins(m);
    await moveAlone(m, [a.id], { advanceSeconds: 600 }).expect(200);
    await m.http.put('/_mock/limits').send({ workspaces: [a.id], postsPerHour: 3, freeLibraryBytes: 10 }).expect(200);
    await m.http.post('/_mock/clock').send({ advanceSeconds: 60 }).expect(200);
    expect((await m.http.get(`/_mock/clock?workspace=${a.id}`).expect(200)).body.now).toBe(new Date(T0 + 660_000).toISOString());
    expect((await m.http.get(`/_mock/limits?workspace=${a.id}`).expect(200)).body).toMatchObject({ postsPerHour: 3, freeLibraryBytes: 10 });
    await m.http.post(`/_mock/workspaces/${a.id}/reset`).expect(200);
    expect((await m.http.get(`/_mock/clock?workspace=${a.id}`).expect(200)).body.now).toBe(new Date(T0 + 60_000).toISOString());
    const world = (await m.http.get('/_mock/limits').expect(200)).body;
    expect((await m.http.get(`/_mock/limits?workspace=${a.id}`).expect(200)).body).toEqual(world);
  });

  it('walks through each due time of the workspaces it moves, as the world\'s clock does, and publishes only theirs', async () => {
    const m = testMock();
    const [a, b] = await twins(m);
    const schedule = async (key: string, minutes: number) => {
      const channel = await channelOf(m, key, 'linkedin');
      const body = { ...draft, type: 'schedule', date: new Date(T0 + minutes * MINUTE).toISOString(), posts: [{ ...draft.posts[0], integration: { id: channel } }] };
      return (await m.api('post', '/posts', key).send(body).expect(200)).body[0].postId as string;
    };
    const inA = [await schedule(a.apiKey, 5), await schedule(a.apiKey, 50)];
    const inB = await schedule(b.apiKey, 5);
    const moved = await moveAlone(m, [a.id], { advanceSeconds: 3600 }).expect(200);
    expect(moved.body.published).toEqual(inA);
    expect(moved.body.published).not.toContain(inB);
    // The world's clock, moved later, still finds B's post due at the world's time.
    expect((await m.http.post('/_mock/clock').send({ advanceSeconds: 360 }).expect(200)).body.published).toEqual([inB]);
  });

  it('survives a scenario export and import: the lead and the limits come back', async () => {
    const m = testMock();
    const [a] = await twins(m);
    await moveAlone(m, [a.id], { advanceSeconds: 90 }).expect(200);
    await m.http.put('/_mock/limits').send({ workspaces: [a.id], allowLoopbackWebhooks: true }).expect(200);
    const doc = (await m.http.get('/_mock/scenario').expect(200)).body;
    expect(doc.workspaces.find((w: { id: string }) => w.id === a.id)).toMatchObject({ clockAheadMs: 90_000, limits: { allowLoopbackWebhooks: true } });
    // A workspace on the world's time and limits writes neither field.
    expect(Object.keys(doc.workspaces.find((w: { id: string }) => w.id === 'ws_paid_demo'))).not.toEqual(expect.arrayContaining(['clockAheadMs']));
    const other = testMock();
    await other.http.put('/_mock/scenario').send(doc).expect(200);
    expect((await other.http.get(`/_mock/clock?workspace=${a.id}`).expect(200)).body.now).toBe(new Date(T0 + 90_000).toISOString());
    expect((await other.http.get(`/_mock/limits?workspace=${a.id}`).expect(200)).body.allowLoopbackWebhooks).toBe(true);
  });
});

describe('refused changes of a workspace\'s clock or limits change nothing', () => {
  it.each([
    ['an unknown workspace among known ones', '/_mock/clock', 'post', { workspaces: ['ws_paid_demo', 'ws_nope'], advanceSeconds: 60 }, 404],
    ['freezing, which is the world\'s', '/_mock/clock', 'post', { workspaces: ['ws_paid_demo'], frozen: true }, 400],
    ['an empty list', '/_mock/clock', 'post', { workspaces: [], advanceSeconds: 60 }, 400],
    ['a time past 9999 for one of them', '/_mock/clock', 'post', { workspaces: ['ws_paid_demo'], now: '9999-12-31T23:59:00.000Z', advanceSeconds: 3600 }, 400],
    ['caps, which are the world\'s', '/_mock/limits', 'put', { workspaces: ['ws_paid_demo'], caps: { posts: 5 } }, 400],
    ['an unknown workspace for limits', '/_mock/limits', 'put', { workspaces: ['ws_paid_demo', 'ws_nope'], postsPerHour: 1 }, 404],
  ] as const)('%s (%s)', async (_what, path, method, body, status) => {
    const m = testMock();
    const before = await scenario(m);
    const res = await m.http[method](path).send(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
    expect(await scenario(m)).toBe(before);
  });

  it('an unknown workspace on a read is a 404', async () => {
    const m = testMock();
    expect((await m.http.get('/_mock/clock?workspace=ws_nope')).status).toBe(404);
    expect((await m.http.get('/_mock/limits?workspace=ws_nope')).status).toBe(404);
  });
});
