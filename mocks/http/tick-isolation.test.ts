// Work the clock runs in the background fails alone: a post whose sending throws (a bug in the mock) ends in ERROR, the
// other posts publish, and the request that ran the clock, and every later one, is answered as usual.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMock, T0 } from '../testing.ts';

afterEach(() => vi.restoreAllMocks());

const post = (channel: string, __type: string, minutes: number) => ({
  type: 'schedule',
  date: new Date(T0 + minutes * 60_000).toISOString(),
  shortLink: false,
  tags: [],
  posts: [{ integration: { id: channel }, value: [{ content: `on ${channel}`, image: [] }], settings: { __type } }],
});

describe('a bug while publishing one post', () => {
  it('fails that post alone: the others publish, and this answer and every later one is not a 500', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    const m = testMock();
    const created = await m.api('post', '/posts', 'demo-paid-key').send(post('ch_paid_linkedin', 'linkedin', 10));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const trapped = created.body[0].postId;
    const healthy = (await m.api('post', '/posts', 'demo-paid-key').send(post('ch_paid_threads', 'threads', 20)).expect(200)).body[0].postId;
    const ws = m.app.state.world.workspaces.get('ws_paid_demo')!;
    const channel = ws.channels.find((c) => c.id === 'ch_paid_linkedin')!;
    // The bug: reading the channel throws, as a broken handler would.
    Object.defineProperty(channel, 'failing', { get: () => { throw new Error('boom in the mock'); } });

    const moved = await m.http.post('/_mock/clock').send({ advanceSeconds: 3600 }).expect(200);
    expect(moved.body.published).toEqual([healthy]);
    expect(moved.body.failed).toEqual([trapped]);
    expect(errors.some((e) => e.includes(`[mock] publishing ${trapped} failed`) && e.includes('boom in the mock'))).toBe(true);

    const list = await m.api('get', `/posts?startDate=${new Date(T0).toISOString()}&endDate=${new Date(T0 + 86_400_000).toISOString()}`, 'demo-paid-key').expect(200);
    const states = Object.fromEntries(list.body.posts.map((p: any) => [p.id, p.status ?? p.state]));
    expect(Object.keys(states)).toEqual(expect.arrayContaining([trapped, healthy]));
    // Told once: the post left the queue, so later requests do not run it again.
    await m.api('get', '/integrations', 'demo-paid-key').expect(200);
    await m.api('get', '/wallet', 'demo-payg-key').expect(200);
    expect(errors.filter((e) => e.includes('[mock] publishing')).length).toBe(1);
    expect(ws.posts.rows.get(trapped)!.state).toBe('ERROR');
    expect(ws.posts.rows.get(trapped)!.error).toMatch(/^The mock failed while publishing this item: boom in the mock/);
    expect(ws.posts.rows.get(healthy)!.state).toBe('PUBLISHED');
  });
});
