// The caps on what clients can make the mock keep: refusing caps answer 400 and change nothing; forgetting caps keep the newest.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, type TestMock } from '../testing.ts';
import { defaultCaps } from '../domain/caps.ts';
import { PNG } from './media-samples.ts';
import type { DiskFileStore } from './file-store.ts';

const setCaps = (m: TestMock, caps: Record<string, number>) => m.http.put('/_mock/limits').send({ caps }).expect(200);

const post = (type: 'draft' | 'schedule' | 'now', channel = 'ch_payg_x', items = 1) => ({
  type,
  date: '2026-02-01T10:00:00.000Z',
  shortLink: false,
  tags: [],
  posts: [
    {
      integration: { id: channel },
      settings: { __type: 'x', who_can_reply_post: 'everyone' },
      value: Array.from({ length: items }, (_, i) => ({ content: `item ${i}`, image: [] })),
    },
  ],
});

const worldOf = (m: TestMock) => m.app.state.world;
const payg = (m: TestMock) => worldOf(m).workspaces.get('ws_payg_demo')!;

describe('caps', () => {
  it('GET /_mock/limits shows the caps and PUT changes any subset; a reset restores the defaults', async () => {
    const m = testMock();
    expect((await m.http.get('/_mock/limits').expect(200)).body.caps).toEqual(defaultCaps);
    const changed = (await setCaps(m, { posts: 5 })).body.caps;
    expect(changed).toEqual({ ...defaultCaps, posts: 5 });
    await m.http.post('/_mock/reset').expect(200);
    expect((await m.http.get('/_mock/limits').expect(200)).body.caps).toEqual(defaultCaps);
    expect(defaultCaps.posts).toBe(100_000);
  });

  it('posts: a create that would pass the cap is a 400 naming it, and saves and charges nothing', async () => {
    const m = testMock();
    await setCaps(m, { posts: 3 });
    await m.api('post', '/posts').send(post('draft', 'ch_payg_x', 2)).expect(200);
    const balance = payg(m).wallet.balance;
    const ledger = payg(m).wallet.ledger.length;
    const res = await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', 2)).expect(400);
    expect(res.body.message).toMatch(/at most 3 posts per workspace.*caps\.posts/);
    expect(payg(m).posts.rows.size).toBe(2);
    expect(payg(m).wallet.balance).toBe(balance);
    expect(payg(m).wallet.ledger.length).toBe(ledger);
    await m.api('post', '/posts').send(post('draft', 'ch_payg_x', 1)).expect(200);
  });

  it('ledger: a charge past the cap is refused before anything changes; a refund still goes through', async () => {
    const m = testMock();
    const scheduled = (await m.api('post', '/posts').send(post('schedule')).expect(200)).body[0].postId;
    await setCaps(m, { ledgerEntries: payg(m).wallet.ledger.length });
    const rows = payg(m).posts.rows.size;
    await m.api('post', '/posts').send(post('schedule')).expect(400);
    expect(payg(m).posts.rows.size).toBe(rows);
    const before = payg(m).wallet.ledger.length;
    await m.api('put', `/posts/${scheduled}/status`).send({ status: 'draft' }).expect(200);
    expect(payg(m).wallet.ledger.length).toBe(before + 1);
    expect(payg(m).wallet.ledger.at(-1)!.type).toBe('REFUND');
  });

  it('open upload tickets per workspace: the next one past the cap is a 400; another workspace is not affected', async () => {
    const m = testMock();
    await setCaps(m, { openTickets: 2 });
    await m.api('post', '/upload-ticket').expect(200);
    await m.api('post', '/upload-ticket').expect(200);
    expect((await m.api('post', '/upload-ticket').expect(400)).body.message).toMatch(/caps\.openTickets/);
    await m.api('post', '/upload-ticket', KEYS.paid).expect(200);
    // Expired tickets no longer count.
    m.clock.advance(16 * 60_000);
    await m.api('post', '/upload-ticket').expect(200);
  });

  it('media: an upload past the cap is refused before its bytes are read', async () => {
    const m = testMock();
    await setCaps(m, { media: payg(m).media.items.length + 1 });
    await m.api('post', '/upload').attach('file', PNG, 'a.png').expect(200);
    const dir = (m.app.state.effects.files as DiskFileStore).dir;
    const stored = readdirSync(dir).length;
    const res = await m.api('post', '/upload').attach('file', PNG, 'b.png').expect(400);
    expect(res.body.message).toMatch(/caps\.media/);
    expect(readdirSync(dir)).toHaveLength(stored);
  });

  it('notifications, brief revisions and deliveries forget their oldest past the cap', async () => {
    const m = testMock();
    await setCaps(m, { notifications: 3, briefRevisions: 2, deliveries: 2 });
    await m.http.put('/_mock/limits').send({ allowLoopbackWebhooks: true }).expect(200);
    await m.http.post('/_mock/workspaces/ws_payg_demo/webhooks').send({ name: 'h', url: 'http://127.0.0.1:9/hook' }).expect(201);
    for (let i = 0; i < 5; i++) await m.api('post', '/posts').send(post('now')).expect(200);
    await m.app.state.settle();
    const items = payg(m).notifications.items;
    expect(items.length).toBe(3);
    // The newest are the ones kept: the last post's notification is among them.
    expect(items.at(-1)!.createdAt).toBe(m.clock.now());
    expect(worldOf(m).deliveries.length).toBe(2);
    for (let i = 0; i < 4; i++) await m.api('patch', '/brief/foundation/north-star').send({ title: `v${i}` }).expect(200);
    const history = (await m.http.get('/_mock/workspaces/ws_payg_demo/brief/foundation/north-star/history').expect(200)).body;
    expect(history.map((r: { content: { title: string } }) => r.content.title)).toEqual(['v2', 'v3']);
  });

  it('workspaces: the control API refuses a create past the cap', async () => {
    const m = testMock();
    await setCaps(m, { workspaces: worldOf(m).workspaces.size });
    const res = await m.http.post('/_mock/workspaces').send({ plan: 'free' }).expect(400);
    expect(res.body.message).toMatch(/caps\.workspaces/);
  });

  it('the hourly POST /posts limit keeps the newest limit + 1 times, and still refuses exactly as long as it should', async () => {
    const m = testMock();
    await m.http.put('/_mock/limits').send({ postsPerHour: 3 }).expect(200);
    for (let i = 0; i < 3; i++) await m.api('post', '/posts').send(post('draft')).expect(200);
    for (let i = 0; i < 20; i++) await m.api('post', '/posts').send(post('draft')).expect(429);
    expect(payg(m).postRequests.length).toBe(4);
    m.clock.advance(60 * 60_000 + 1);
    await m.api('post', '/posts').send(post('draft')).expect(200);
  });
});
