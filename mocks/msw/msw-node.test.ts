// The MSW export in Node (msw/node), as a frontend team's vitest would use it: the typed client through a ready
// scenario, the wallet journey, uploads kept in memory, the journal, latency, reset and per-test overrides.
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSpwClient } from '../../client/index.ts';
import { KEYS, T0 } from '../testing.ts';
import { createMswMock, DEFAULT_ORIGIN } from './index.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const scenario = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/scenarios/${name}`, import.meta.url), 'utf8'));

const mock = createMswMock({ scenario: scenario('low-credits.json'), frozenAt: T0, seed: 7, strict: true });
const server = setupServer(...mock.handlers);
const client = createSpwClient({ baseUrl: mock.apiBase, apiKey: KEYS.payg });

/** The balance of a wallet-using workspace (GET /wallet answers `usesWallet: false` and no balance on a paid plan). */
async function balance(api = client): Promise<number> {
  const { data } = await api.GET('/wallet');
  if (!data?.usesWallet) throw new Error('GET /wallet did not answer a wallet');
  return data.balance;
}

// A short post with a link on X: the low-credits workspace's balance does not cover it (fixtures/scenarios).
const linkPost = {
  type: 'schedule' as const,
  date: iso(T0 + 3 * DAY),
  shortLink: false,
  tags: [],
  posts: [
    {
      integration: { id: 'ch_payg_x' },
      settings: { __type: 'x' as const, who_can_reply_post: 'everyone' as const },
      value: [{ content: 'See juniper.example.com', image: [] }],
    },
  ],
};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await mock.reset();
});
afterAll(() => server.close());

describe('the MSW export under msw/node', () => {
  it('answers at the standalone mock’s default origin, so code written against npm start runs unchanged', () => {
    expect(mock.apiBase).toBe(`${DEFAULT_ORIGIN}/api/public/v1`);
  });

  it('walks out of credits → top up through the control API → retry, the balance moving by exactly the charge', async () => {
    const before = await balance();
    expect(before).toBeLessThan(10);
    const refused = await client.POST('/posts', { body: linkPost });
    expect(refused.response.status).toBe(402);

    const topUp = await mock.control.POST('/workspaces/{id}/wallet/top-up', { params: { path: { id: 'ws_payg_demo' } }, body: { credits: 50 } });
    expect(topUp.response.status).toBe(200);
    const afterTopUp = await balance();
    expect(afterTopUp).toBe(before + 50);

    const estimate = await client.POST('/wallet/estimate', { body: { provider: 'x', contents: [linkPost.posts[0]!.value[0]!.content] } });
    if (!estimate.data?.usesWallet) throw new Error('the pay-as-you-go workspace estimates on its wallet');
    // Absolute URLs the mock hands out start with the origin the app calls.
    expect(estimate.data.topUpUrl?.startsWith(`${DEFAULT_ORIGIN}/`)).toBe(true);
    const created = await client.POST('/posts', { body: linkPost });
    expect(created.response.status).toBe(200);
    const after = await balance();
    expect(afterTopUp - after).toBeCloseTo(estimate.data.dueCredits, 9);

    const listed = await client.GET('/posts', { params: { query: { startDate: iso(T0), endDate: iso(T0 + 7 * DAY) } } });
    expect(listed.data!.posts.map((p) => p.id)).toContain(created.data![0]!.postId);
  });

  it('keeps a journal the test can assert on: exactly one createPosts with type schedule, the key redacted', async () => {
    await client.POST('/posts', { body: { ...linkPost, type: 'draft' } });
    await client.POST('/posts', { body: linkPost });
    const creates = await mock.requests({ operation: 'createPosts' });
    expect(creates.map((e) => e.status)).toEqual([200, 402]);
    const journal = await mock.control.GET('/requests', { params: { query: { operation: 'createPosts', status: '402' } } });
    expect(journal.data!.entries).toHaveLength(1);
    expect(JSON.stringify(journal.data)).not.toContain(KEYS.payg);
  });

  it('reset goes back to the scenario: what a test created is gone, the journal empty', async () => {
    await client.POST('/posts', { body: { ...linkPost, type: 'draft' } });
    await mock.reset();
    const listed = await client.GET('/posts', { params: { query: { startDate: iso(T0), endDate: iso(T0 + 7 * DAY) } } });
    expect(listed.data!.posts.filter((p) => p.content === 'See juniper.example.com')).toEqual([]);
    expect((await mock.requests()).map((e) => e.operationId)).toEqual(['listPosts']);
  });

  it('stores an upload in memory and serves its bytes at the path the answer carries', async () => {
    const bytes = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'dot.png');
    const res = await fetch(`${mock.apiBase}/upload`, { method: 'POST', headers: { Authorization: KEYS.payg }, body: form });
    expect(res.status).toBe(200);
    const media = (await res.json()) as { path: string };
    expect(media.path.startsWith(`${DEFAULT_ORIGIN}/media-files/`)).toBe(true);
    const served = await fetch(media.path);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a multipart body with two files as the server does (400, nothing stored)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a']), 'a.txt');
    form.append('file', new Blob(['b']), 'b.txt');
    const before = (await client.GET('/media', { params: { query: { page: 1 } } })).data!.results.length;
    const res = await fetch(`${mock.apiBase}/upload`, { method: 'POST', headers: { Authorization: KEYS.payg }, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400, msg: expect.any(String) });
    expect((await client.GET('/media', { params: { query: { page: 1 } } })).data!.results.length).toBe(before);
  });

  it('lets a per-test server.use override win over the mock, and the mock answer again after resetHandlers', async () => {
    server.use(http.get(`${mock.apiBase}/wallet`, () => HttpResponse.json({ statusCode: 500, msg: 'boom', message: 'boom' }, { status: 500 })));
    expect((await client.GET('/wallet')).response.status).toBe(500);
    server.resetHandlers();
    expect((await client.GET('/wallet')).response.status).toBe(200);
  });

  it('leaves paths that are not the mock’s to other handlers (a host app’s own routes pass through)', async () => {
    server.use(http.get(`${DEFAULT_ORIGIN}/app-config.json`, () => HttpResponse.json({ app: true })));
    expect(await (await fetch(`${DEFAULT_ORIGIN}/app-config.json`)).json()).toEqual({ app: true });
    expect((await fetch(`${mock.apiBase}/no-such-thing`)).status).toBe(404);
  });

  it('holds answers for the configured latency, seeded, and records it in the journal', async () => {
    const slow = createMswMock({ latency: 'getWallet=120,0', seed: 3 });
    const res = await slow.fetch(new Request(`${slow.apiBase}/wallet`, { headers: { Authorization: KEYS.paid } }));
    expect(res.status).toBe(200);
    const [entry] = await slow.requests({ operation: 'getWallet' });
    expect(entry!.latencyMs).toBe(120);
    const set = await slow.control.PUT('/latency', { body: { latency: '0' } });
    expect(set.response.status).toBe(200);
  });

  it('runs faults from the catalogue like the server: double-charge takes twice the estimate', async () => {
    const faulty = createMswMock({ faults: ['double-charge'], frozenAt: T0, seed: 1 });
    const api = createSpwClient({ baseUrl: faulty.apiBase, apiKey: KEYS.payg, fetch: (r: Request) => faulty.fetch(r) });
    const before = await balance(api);
    const estimate = (await api.POST('/wallet/estimate', { body: { provider: 'x', contents: ['Hello'] } })).data;
    if (!estimate?.usesWallet) throw new Error('the pay-as-you-go workspace estimates on its wallet');
    const created = await api.POST('/posts', { body: { ...linkPost, posts: [{ ...linkPost.posts[0]!, value: [{ content: 'Hello', image: [] }] }] } });
    expect(created.response.status).toBe(200);
    expect(before - (await balance(api))).toBeCloseTo(2 * estimate.dueCredits, 9);
  });
});

describe('states a UI must show, on demand through the export', () => {
  it('mock.override answers the next call with the documented 402, the world unchanged, then the real answer', async () => {
    const before = await balance();
    const off = await mock.override('createPosts', { status: 402, times: 1 });
    expect(off).toMatchObject({ operationId: 'createPosts', status: 402, remaining: 1 });
    const refused = await client.POST('/posts', { body: { ...linkPost, type: 'draft' } });
    expect(refused.response.status).toBe(402);
    expect(refused.error).toMatchObject({ wallet: true, url: '/wallet' });
    expect(await balance()).toBe(before);
    // A draft costs nothing, so the real answer is a 200 even on low credits.
    expect((await client.POST('/posts', { body: { ...linkPost, type: 'draft' } })).response.status).toBe(200);
    expect((await mock.requests({ operation: 'createPosts' })).map((e) => [e.status, e.override?.by])).toEqual([
      [402, 'control'],
      [200, undefined],
    ]);
  });

  it('clear() ends an override early, and a refused one throws the mock’s reason', async () => {
    const off = await mock.override('getWallet', { status: 401 });
    expect((await client.GET('/wallet')).response.status).toBe(401);
    expect((await client.GET('/wallet')).response.status).toBe(401);
    await off.clear();
    expect((await client.GET('/wallet')).response.status).toBe(200);
    await off.clear();
    await expect(mock.override('getWallet', { status: 409 })).rejects.toThrow(/getWallet does not document 409; it documents 200, 401/);
  });

  it('a network error makes the app’s fetch reject, by Prefer and by override; mock.fetch rejects the same way', async () => {
    await expect(fetch(`${mock.apiBase}/wallet`, { headers: { Authorization: KEYS.payg, Prefer: 'error=network' } })).rejects.toThrow(TypeError);
    await mock.override('getWallet', { error: 'network', times: 2 });
    await expect(client.GET('/wallet')).rejects.toThrow(TypeError);
    await expect(mock.fetch(new Request(`${mock.apiBase}/wallet`, { headers: { Authorization: KEYS.payg } }))).rejects.toThrow(TypeError);
    expect((await client.GET('/wallet')).response.status).toBe(200);
    expect((await mock.requests({ operation: 'getWallet' })).map((e) => [e.status, e.override?.error])).toEqual([
      [0, 'network'],
      [0, 'network'],
      [0, 'network'],
      [200, undefined],
    ]);
  });

  it('the 500 page: Prefer: code=500 and an override of 503 answer in the Error shape, through MSW', async () => {
    const prefer = await fetch(`${mock.apiBase}/wallet`, { headers: { Authorization: KEYS.payg, Prefer: 'code=500' } });
    expect([prefer.status, await prefer.json()]).toEqual([500, { statusCode: 500, msg: 'Internal Server Error', message: 'Internal Server Error' }]);
    await mock.override('getWallet', { status: 503, times: 1 });
    const { error, response } = await client.GET('/wallet');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(error).toMatchObject({ statusCode: 503, message: 'Service Unavailable' });
    expect((await client.GET('/wallet')).response.status).toBe(200);
  });

  it('Prefer: code=429 gives the 429 a UI shows, with a Retry-After to count down from', async () => {
    const res = await fetch(`${mock.apiBase}/posts`, { method: 'POST', headers: { Authorization: KEYS.payg, Prefer: 'code=429', 'content-type': 'application/json' }, body: JSON.stringify(linkPost) });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('preference-applied')).toBe('code=429');
  });
});
