// Analytics and notifications over HTTP: deterministic series, the one-hour cache on the mock clock, fresh reads and their charge.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0, WALLET_LINK } from '../../testing.ts';
import { updateRow, type PostRow } from '../../domain/posts.ts';
import type { Workspace } from '../../domain/world.ts';
import { notify } from '../../domain/notifications.ts';

const HOUR = 60 * 60 * 1000;

function publishedPost(ws: Workspace, id: string, channelId: string, releaseId: string | null, publishedAt = T0 - 2 * 24 * HOUR): PostRow {
  const row: PostRow = {
    id,
    group: `grp_${id}`,
    channelId,
    index: 0,
    content: 'Fresh sourdough at 7am',
    images: [],
    settings: null,
    publishAt: publishedAt,
    delayMinutes: 0,
    state: 'PUBLISHED',
    releaseURL: releaseId ? `https://x.com/juniper/status/${releaseId}` : null,
    releaseId,
    inter: null,
    tags: [],
    shortLink: false,
    creationMethod: 'API',
    createdAt: publishedAt - HOUR,
    publishedAt,
    error: null,
  };
  ws.posts.rows.set(id, row);
  return row;
}

describe('channel analytics', () => {
  it('gives the same series for the same channel and day in any run, with the network\'s own labels', async () => {
    const a = await testMock().api('get', '/analytics/ch_payg_linkedin?date=7').expect(200);
    const b = await testMock({ seed: 1 }).api('get', '/analytics/ch_payg_linkedin?date=7').expect(200);
    expect(a.body).toEqual(b.body);
    expect(a.body.map((s: { label: string }) => s.label)).toEqual(['Impressions', 'Reactions', 'Comments', 'Reposts']);
    expect(a.body[0].data).toHaveLength(7);
    expect(a.body[0].data.at(-1).date).toBe('2026-01-05');
    expect(a.body[0].data[0].date).toBe('2025-12-30');
    const tiktok = await testMock().api('get', '/analytics/ch_payg_tiktok?date=30').expect(200);
    expect(tiktok.body.map((s: { label: string }) => s.label)).toContain('Video Views');
    expect(tiktok.body[0].data).toHaveLength(30);
    // Another channel has other numbers.
    const other = await testMock().api('get', '/analytics/ch_paid_linkedin?date=7', KEYS.paid).expect(200);
    expect(other.body).not.toEqual(a.body);
  });

  it('caches for one hour on the mock clock; X-Cached-At says when the numbers were read', async () => {
    const m = testMock();
    const first = await m.api('get', '/analytics/ch_payg_instagram?date=7').expect(200);
    expect(first.headers['x-cached-at']).toBe(new Date(T0).toISOString());
    m.clock.advance(59 * 60 * 1000);
    const cached = await m.api('get', '/analytics/ch_payg_instagram?date=7').expect(200);
    expect(cached.headers['x-cached-at']).toBe(new Date(T0).toISOString());
    expect(cached.body).toEqual(first.body);
    // Another `date` is another cache entry.
    const other = await m.api('get', '/analytics/ch_payg_instagram?date=30').expect(200);
    expect(other.headers['x-cached-at']).toBe(new Date(T0 + 59 * 60 * 1000).toISOString());
    m.clock.advance(60 * 1000);
    const reread = await m.api('get', '/analytics/ch_payg_instagram?date=7').expect(200);
    expect(reread.headers['x-cached-at']).toBe(new Date(T0 + HOUR).toISOString());
    // Today's numbers grew with the hour; earlier days did not change.
    expect(reread.body[0].data.slice(0, -1)).toEqual(first.body[0].data.slice(0, -1));
    expect(reread.body[0].data.at(-1).total).toBeGreaterThanOrEqual(first.body[0].data.at(-1).total);
  });

  it('fresh=true reads again, except on a paid plan where it is ignored', async () => {
    const m = testMock();
    await m.api('get', '/analytics/ch_payg_linkedin?date=7').expect(200);
    await m.api('get', '/analytics/ch_paid_linkedin?date=7', KEYS.paid).expect(200);
    m.clock.advance(10 * 60 * 1000);
    const fresh = await m.api('get', '/analytics/ch_payg_linkedin?date=7&fresh=true').expect(200);
    expect(fresh.headers['x-cached-at']).toBe(new Date(T0 + 10 * 60 * 1000).toISOString());
    const paid = await m.api('get', '/analytics/ch_paid_linkedin?date=7&fresh=true', KEYS.paid).expect(200);
    expect(paid.headers['x-cached-at']).toBe(new Date(T0).toISOString());
  });

  it('charges a fresh read on x per post read (once per post per UTC day) and refuses with 402 when not covered', async () => {
    const m = testMock();
    const world = m.app.state.world;
    const payg = world.workspaces.get('ws_payg_demo')!;
    publishedPost(payg, 'pst_a', 'ch_payg_x', 'r1');
    publishedPost(payg, 'pst_b', 'ch_payg_x', 'r2');
    const before = payg.wallet.ledger.length;
    await m.api('get', '/analytics/ch_payg_x?date=7&fresh=true').expect(200);
    const spends = payg.wallet.ledger.slice(before);
    expect(spends).toHaveLength(1);
    expect(spends[0]).toMatchObject({ type: 'SPEND', actionKey: 'x.post_read', quantity: 2 });
    await m.api('get', '/analytics/ch_payg_x?date=7&fresh=true').expect(200);
    expect(payg.wallet.ledger.length).toBe(before + 1);
    // A read that is not fresh is never charged; nor are other providers.
    m.clock.advance(2 * HOUR);
    await m.api('get', '/analytics/ch_payg_x?date=7').expect(200);
    expect(payg.wallet.ledger.length).toBe(before + 1);

    const free = world.workspaces.get('ws_free_demo')!;
    publishedPost(free, 'pst_c', 'ch_free_x', 'r3');
    const plain = await m.api('get', '/analytics/ch_free_x?date=7', KEYS.free).expect(200);
    m.clock.advance(60 * 1000);
    const refused = await m.api('get', '/analytics/ch_free_x?date=7&fresh=true', KEYS.free).expect(402);
    expect(refused.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK) });
    // Nothing changed: the cache still holds the earlier read.
    const again = await m.api('get', '/analytics/ch_free_x?date=7', KEYS.free).expect(200);
    expect(again.headers['x-cached-at']).toBe(plain.headers['x-cached-at']);
  });

  it('answers 404 for a channel of another workspace and 400 for a bad date', async () => {
    const m = testMock();
    await m.api('get', '/analytics/ch_paid_x?date=7').expect(404);
    await m.api('get', '/analytics/ch_payg_x?date=seven').expect(400);
    await m.api('get', '/analytics/ch_payg_x?date=0').expect(400);
    await m.api('get', '/analytics/ch_payg_x').expect(400);
  });

  it('takes any whole number of days back, a window over a year too (the reference gives no bound), and answers at most the ten years the network keeps', async () => {
    const m = testMock();
    const year = await m.api('get', '/analytics/ch_payg_linkedin?date=400').expect(200);
    expect(year.body[0].data).toHaveLength(400);
    const huge = await m.api('get', '/analytics/ch_payg_linkedin?date=99999999999999999999').expect(200);
    expect(huge.body[0].data).toHaveLength(3650);
  });
});

describe('post analytics', () => {
  it('answers {missing: true} until a release id links the post, then series from its publication', async () => {
    const m = testMock();
    const ws = m.app.state.world.workspaces.get('ws_payg_demo')!;
    const row = publishedPost(ws, 'pst_lost', 'ch_payg_instagram', null);
    expect((await m.api('get', '/analytics/post/pst_lost?date=7').expect(200)).body).toEqual({ missing: true });
    updateRow(row, { releaseId: 'ig_123' });
    const { body } = await m.api('get', '/analytics/post/pst_lost?date=7').expect(200);
    expect(body.map((s: { label: string }) => s.label)).toEqual(['Reach', 'Likes', 'Comments', 'Saves']);
    expect(body[0].data.map((p: { date: string }) => p.date)).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
    expect((await m.api('get', '/analytics/post/pst_lost?date=7').expect(200)).body).toEqual(body);
  });

  it('answers 404 for an unknown post', async () => {
    const m = testMock();
    const res = await m.api('get', '/analytics/post/pst_nope?date=7').expect(404);
    expect(res.body.message).toBe('Post not found');
  });
});

describe('notifications', () => {
  it('lists newest first, paged from 0', async () => {
    const m = testMock({ config: { notificationsPageSize: 2 } });
    const ws = m.app.state.world.workspaces.get('ws_payg_demo')!;
    ws.notifications.items = [];
    for (let i = 1; i <= 5; i++) {
      m.clock.advance(1000);
      notify(ws, m.app.state.env, `event ${i}`, i === 5 ? '/p/5' : null);
    }
    const p0 = await m.api('get', '/notifications').expect(200);
    expect(p0.body).toMatchObject({ total: 5, page: 0, limit: 2, hasMore: true });
    expect(p0.body.notifications.map((n: { content: string }) => n.content)).toEqual(['event 5', 'event 4']);
    expect(p0.body.notifications[0]).toMatchObject({ link: '/p/5', createdAt: new Date(T0 + 5000).toISOString() });
    const p2 = await m.api('get', '/notifications?page=2').expect(200);
    expect(p2.body.notifications.map((n: { content: string }) => n.content)).toEqual(['event 1']);
    expect(p2.body.hasMore).toBe(false);
    expect((await m.api('get', '/notifications?page=9').expect(200)).body.notifications).toEqual([]);
    await m.api('get', '/notifications?page=-1').expect(400);
  });

  it("a wallet event links to this workspace's wallet page, the same link as topUpUrl", async () => {
    const m = testMock();
    await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits: 5 }).expect(200);
    const [latest] = (await m.api('get', '/notifications').expect(200)).body.notifications;
    expect(latest.content).toMatch(/topped up/);
    const { topUpUrl } = (await m.api('get', '/wallet').expect(200)).body;
    expect(latest.link).toBe(new URL(topUpUrl).pathname + new URL(topUpUrl).search);
    expect(latest.link).toMatch(/^\/wallet\?link=wl_[0-9a-f]{32}$/);
  });
});
