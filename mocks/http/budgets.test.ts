// Budgets in bytes on every store a client can write: past one, a refusing store answers 400 and changes nothing, and
// a forgetting store drops its oldest; running totals always equal a recount; the original out-of-memory paths stop.
import { describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { testMock, KEYS, type TestMock } from '../testing.ts';
import { defaultCaps, heldBytes, jsonBytes, recordBytes, type ByteCap } from '../domain/caps.ts';
import type { Workspace } from '../domain/world.ts';
import { PNG } from './media-samples.ts';

const MiB = 1024 * 1024;

const setCaps = (m: TestMock, caps: Partial<Record<ByteCap, number>>) => m.http.put('/_mock/limits').send({ caps }).expect(200);
const payg = (m: TestMock): Workspace => m.app.state.world.workspaces.get('ws_payg_demo')!;

/** Everything the world holds, as text (the hourly post counter left out: every POST /posts counts, refused or not). */
function fingerprint(m: TestMock): string {
  return JSON.stringify(m.app.state.world, (key, value) => {
    if (key === 'postRequests') return undefined;
    if (value instanceof Map) return [...value.entries()];
    if (value instanceof Set) return [...value.values()];
    return value;
  });
}

const sum = (records: Iterable<object>) => [...records].reduce((n, r) => n + recordBytes(r), 0);
const briefRecords = (ws: Workspace) => [...ws.brief.documents.values(), ...[...ws.brief.history.values()].flat()];
/** A store's running total (counted from `records` if nothing has asked for it yet). */
const briefHeld = (ws: Workspace) => heldBytes(ws.brief, () => briefRecords(ws));

const draft = (i: number) => ({
  type: 'draft',
  date: '2026-02-01T10:00:00.000Z',
  shortLink: false,
  tags: [{ value: `tag-${i}`, label: `Tag ${i}` }],
  posts: [
    {
      integration: { id: 'ch_payg_linkedin' },
      settings: { __type: 'linkedin', notes: 'n'.repeat(1000) },
      value: [{ content: `draft ${i} ${'t'.repeat(500)}`, image: [] }],
    },
  ],
});

const block = (body: string) => ({ blocks: [{ id: 'b1', heading: 'Notes', body }] });

interface RefusingStore {
  store: string;
  cap: ByteCap;
  setup?(m: TestMock): Promise<void>;
  /** Write one record of about a kilobyte. */
  write(m: TestMock, i: number): supertest.Test;
  /** Delete what `write` made, from its answer. */
  remove(m: TestMock, written: supertest.Response, i: number): Promise<unknown>;
  /** The store's running total, and a recount of the records it holds now. */
  held(m: TestMock): number;
  recount(m: TestMock): number;
}

const STORES: RefusingStore[] = [
  {
    store: 'posts (text, settings, tags)',
    cap: 'postBytes',
    write: (m, i) => m.api('post', '/posts').send(draft(i)),
    remove: (m, res) => m.api('delete', `/posts/${res.body[0].postId}`).expect(200),
    held: (m) => payg(m).posts.rows.bytes,
    recount: (m) => sum(payg(m).posts.rows.values()),
  },
  {
    store: 'brief documents and revisions',
    cap: 'briefBytes',
    write: (m, i) => m.api('patch', `/brief/sources/doc-${i}`).send({ title: `Doc ${i}`, ...block('b'.repeat(700)) }),
    remove: (m, _res, i) => m.api('delete', `/brief/sources/doc-${i}`).expect(200),
    held: (m) => heldBytes(payg(m).brief, () => briefRecords(payg(m))),
    recount: (m) => sum(briefRecords(payg(m))),
  },
  {
    store: 'media library records',
    cap: 'mediaBytes',
    write: (m, i) => m.api('post', '/upload').attach('file', PNG, `${'n'.repeat(900)}-${i}.png`),
    remove: (m, res) => m.api('delete', `/media/${res.body.id}`).expect(200),
    held: (m) => heldBytes(payg(m).media, () => payg(m).media.items),
    recount: (m) => sum(payg(m).media.items),
  },
  {
    store: 'webhooks',
    cap: 'webhookBytes',
    setup: async (m) => void (await m.http.put('/_mock/limits').send({ allowLoopbackWebhooks: true }).expect(200)),
    write: (m, i) => m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ name: `Hook ${i}`, url: `http://127.0.0.1:9/${'p'.repeat(900)}/${i}` }),
    remove: (m, res) => m.http.delete(`/_mock/workspaces/ws_payg_demo/webhooks/${res.body.id}`).expect(200),
    held: (m) => heldBytes(payg(m).webhooks, () => payg(m).webhooks.hooks),
    recount: (m) => sum(payg(m).webhooks.hooks),
  },
];

describe('budgets in bytes', () => {
  it('GET /_mock/limits shows every budget with its default; PUT changes one and refuses a budget of the wrong type or range', async () => {
    const m = testMock();
    const caps = (await m.http.get('/_mock/limits').expect(200)).body.caps;
    expect(caps).toMatchObject({ postBytes: 64 * MiB, briefBytes: 32 * MiB, mediaBytes: 16 * MiB, webhookBytes: MiB, pendingConsentBytes: 4 * MiB, deliveryBytes: 16 * MiB, journalBytes: 32 * MiB });
    expect(caps).toEqual(defaultCaps);
    expect((await setCaps(m, { briefBytes: 4096 })).body.caps.briefBytes).toBe(4096);
    for (const bad of [0, -1, 1.5, '4096', 2 ** 60, null]) await m.http.put('/_mock/limits').send({ caps: { briefBytes: bad } }).expect(400);
    await m.http.put('/_mock/limits').send({ caps: { briefBytez: 1 } }).expect(400);
    expect((await m.http.get('/_mock/limits').expect(200)).body.caps.briefBytes).toBe(4096);
  });

  it.each(STORES)('$store: filled to a lowered $cap, the next write is a 400 naming it that changes nothing; a delete frees room', async (s) => {
    const m = testMock();
    await s.setup?.(m);
    const before = s.held(m);
    const first = await s.write(m, 0);
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    const size = s.held(m) - before;
    expect(size).toBeGreaterThan(900);
    const budget = before + Math.floor(3.5 * size);
    await setCaps(m, { [s.cap]: budget });

    let i = 1;
    for (; i < 10; i++) {
      const snapshot = fingerprint(m);
      const held = s.held(m);
      const res = await s.write(m, i);
      if (res.status < 300) {
        expect(s.held(m)).toBeLessThanOrEqual(budget);
        continue;
      }
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.stringContaining(`at most ${budget} bytes`) });
      expect(res.body.message).toContain(`caps.${s.cap} with PUT /_mock/limits (a bound of the mock, not of the API)`);
      expect(fingerprint(m) === snapshot, 'a refused write changed the world').toBe(true);
      expect(s.held(m)).toBe(held);
      break;
    }
    expect(i, 'refused at the third record past the first').toBe(3);
    expect(s.held(m)).toBe(s.recount(m));

    await s.remove(m, first, 0);
    expect(s.held(m)).toBe(s.recount(m));
    expect((await s.write(m, i)).status).toBeLessThan(300);
    expect(s.held(m)).toBeLessThanOrEqual(budget);
    expect(s.held(m)).toBe(s.recount(m));
  });

  it('a brief save forgets its own document\'s oldest revisions to fit before it is refused', async () => {
    const m = testMock();
    await m.api('patch', '/brief/sources/notes').send(block('v0 ' + 'x'.repeat(2000))).expect(200);
    const budget = briefHeld(payg(m)) + 1000;
    await setCaps(m, { briefBytes: budget });
    for (let v = 1; v <= 5; v++) await m.api('patch', '/brief/sources/notes').send(block(`v${v} ` + 'x'.repeat(2000))).expect(200);
    const history = (await m.http.get('/_mock/workspaces/ws_payg_demo/brief/sources/notes/history').expect(200)).body;
    expect(history.map((r: { revision: number }) => r.revision)).toEqual([6]);
    expect(briefHeld(payg(m))).toBeLessThanOrEqual(budget);
    // Another document finds no room: only a save's own history is forgotten for it.
    const res = await m.api('patch', '/brief/sources/other').send(block('x'.repeat(2000))).expect(400);
    expect(res.body.message).toMatch(/caps\.briefBytes/);
    // A delete that keeps the history is never refused.
    await m.api('delete', '/brief/sources/notes?keepHistory=true').expect(200);
  });

  it('setting a release id counts its bytes: one past the budget is refused and the post keeps its old id', async () => {
    const m = testMock();
    const id = (await m.api('post', '/posts').send(draft(0)).expect(200)).body[0].postId;
    await setCaps(m, { postBytes: payg(m).posts.rows.bytes + 500 });
    await m.api('put', `/posts/${id}/release-id`).send({ releaseId: 'r'.repeat(400) }).expect(200);
    const snapshot = fingerprint(m);
    await m.api('put', `/posts/${id}/release-id`).send({ releaseId: 'r'.repeat(2000) }).expect(400);
    expect(fingerprint(m) === snapshot).toBe(true);
    expect(payg(m).posts.rows.get(id)!.releaseId).toBe('r'.repeat(400));
    expect(payg(m).posts.rows.bytes).toBe(sum(payg(m).posts.rows.values()));
  });

  it('a repeating post stops its series with a notification at the posts budget instead of growing past it', async () => {
    const m = testMock();
    const paid = m.app.state.world.workspaces.get('ws_paid_demo')!;
    const repeating = {
      type: 'schedule',
      date: '2026-01-05T10:00:00.000Z',
      shortLink: false,
      tags: [],
      inter: 1,
      posts: [{ integration: { id: 'ch_paid_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: `daily ${'t'.repeat(250)}`, image: [] }] }],
    };
    await m.api('post', '/posts', KEYS.paid).send(repeating).expect(200);
    const one = paid.posts.rows.bytes;
    await setCaps(m, { postBytes: 3 * one + 100 });
    await m.http.post('/_mock/clock').send({ advanceSeconds: 10 * 86_400 }).expect(200);
    expect(paid.posts.rows.size).toBe(3);
    expect(paid.posts.rows.bytes).toBeLessThanOrEqual(3 * one + 100);
    expect(paid.notifications.items.at(-1)!.content).toMatch(/repeating post .* was not scheduled: .*caps\.postBytes/);
  });

  it('the pending consent pages forget their oldest past pendingConsentBytes; the newest page still answers', async () => {
    const m = testMock();
    const app = (await m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app').send({ name: 'App', redirectUrl: 'https://app.example.com/cb' }).expect(201)).body;
    await setCaps(m, { pendingConsentBytes: 4000 });
    const consents = m.app.state.world.oauth.consents;
    for (let i = 0; i < 12; i++) {
      await m.http.get(`/oauth/authorize?client_id=${app.clientId}&response_type=code&state=${i}-${'s'.repeat(900)}`).expect(200);
      expect(heldBytes(consents, () => consents.values())).toBeLessThanOrEqual(4000);
      expect(heldBytes(consents, () => consents.values())).toBe(sum(consents.values()));
    }
    expect(consents.size).toBeGreaterThan(1);
    expect([...consents.values()].at(-1)!.state).toMatch(/^11-/);
  });

  it('webhook deliveries forget their oldest past deliveryBytes', async () => {
    const m = testMock();
    await m.http.put('/_mock/limits').send({ allowLoopbackWebhooks: true, caps: { deliveryBytes: 6000 } }).expect(200);
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ url: 'http://127.0.0.1:9/hook' }).expect(201);
    for (let i = 0; i < 6; i++) {
      const now = { ...draft(i), type: 'now' };
      now.posts[0]!.value[0]!.content = `post ${i} ${'c'.repeat(1500)}`;
      await m.api('post', '/posts').send(now).expect(200);
    }
    await m.app.state.settle();
    const deliveries = m.app.state.world.deliveries;
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.length).toBeLessThan(6);
    expect(heldBytes(deliveries, () => deliveries)).toBeLessThanOrEqual(6000);
    expect(heldBytes(deliveries, () => deliveries)).toBe(sum(deliveries));
    expect(JSON.stringify(deliveries.at(-1)!.body)).toContain('post 5 ');
  });

  it('the request journal forgets its oldest past journalBytes, bodies kept or not', async () => {
    const m = testMock({ journalBodies: true });
    await setCaps(m, { journalBytes: 8000 });
    for (let i = 0; i < 10; i++) await m.api('post', '/posts').send(draft(i)).expect(200);
    const journal = m.app.state.journal;
    expect(journal.bytes).toBeLessThanOrEqual(8000);
    expect(journal.bytes).toBe(journal.list().reduce((n, e) => n + jsonBytes(e), 0));
    const res = await m.http.get('/_mock/requests').expect(200);
    expect(res.body.forgotten).toBe(10 - res.body.entries.length);
    expect(res.body.entries.at(-1).body.posts[0].value[0].content).toMatch(/^draft 9 /);
    // A budget too small for one entry keeps none, and the journal still answers.
    await setCaps(m, { journalBytes: 10 });
    await m.api('get', '/integrations').expect(200);
    expect(journal.list()).toHaveLength(0);
  });
});

describe('the out-of-memory paths of issue 32 stop at their budgets', () => {
  const block49 = 'B'.repeat(4.9 * 1000 * 1000);

  it('many revisions of a 4.9 MB brief block: the bytes held never pass briefBytes, later saves are refused', async () => {
    const m = testMock();
    const ws = payg(m);
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await m.api('patch', `/brief/sources/big-${i % 8}`).send(block(block49));
      statuses.push(res.status);
      expect(briefHeld(ws)).toBeLessThanOrEqual(defaultCaps.briefBytes);
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(12);
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
    // The world as a whole holds no more than the budget and the seeded rest.
    expect(jsonBytes(briefRecords(ws))).toBeLessThanOrEqual(defaultCaps.briefBytes);
  });

  it('drafts carrying 4.9 MB of settings each: the posts stop at postBytes', async () => {
    const m = testMock();
    const ws = payg(m);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const body = draft(i);
      body.posts[0]!.settings = { __type: 'linkedin', notes: block49 };
      statuses.push((await m.api('post', '/posts').send(body)).status);
      expect(ws.posts.rows.bytes).toBeLessThanOrEqual(defaultCaps.postBytes);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(-5).every((s) => s === 400)).toBe(true);
    expect(jsonBytes([...ws.posts.rows.values()])).toBeLessThanOrEqual(defaultCaps.postBytes);
  });
});
