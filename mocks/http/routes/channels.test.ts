// Account and channels over HTTP: auth messages, isolation, listing, settings schemas, helpers, connect URLs, disconnecting, find-slot.
import { describe, expect, it } from 'vitest';
import { testMock, API, KEYS, T0, WALLET_LINK } from '../../testing.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 60 * 60_000;

describe('authentication (reference section 5)', () => {
  it('answers each 401 with its exact message; Bearer is not a credential', async () => {
    const { http } = testMock();
    expect((await http.get(`${API}/is-connected`).expect(401)).body).toEqual({ msg: 'No API Key found' });
    expect((await http.get(`${API}/is-connected`).set('Authorization', 'nope').expect(401)).body).toEqual({ msg: 'Invalid API key' });
    expect((await http.get(`${API}/is-connected`).set('Authorization', `Bearer ${KEYS.paid}`).expect(401)).body).toEqual({ msg: 'Invalid API key' });
    expect((await http.get(`${API}/is-connected`).set('Authorization', 'pos_unknown').expect(401)).body).toEqual({ msg: 'Invalid OAuth token' });
    expect((await http.get(`${API}/is-connected`).set('Authorization', KEYS.free).expect(200)).body).toEqual({ connected: true });
  });
});

describe('channels and groups', () => {
  it('lists the workspace\'s channels with their group, and only that group\'s with `group`', async () => {
    const m = testMock();
    const all = (await m.api('get', '/integrations').expect(200)).body;
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.every((c: any) => c.id.startsWith('ch_payg_'))).toBe(true);
    expect(all.find((c: any) => c.id === 'ch_payg_x')).toMatchObject({ identifier: 'x', disabled: false, customer: { id: 'grp_payg_retail', name: 'Retail' } });
    expect(all.some((c: any) => c.disabled)).toBe(true);
    const retail = (await m.api('get', '/integrations?group=grp_payg_retail').expect(200)).body;
    expect(retail.length).toBeGreaterThan(0);
    expect(retail.every((c: any) => c.customer.id === 'grp_payg_retail')).toBe(true);
    expect((await m.api('get', '/integrations?group=grp_paid_clients').expect(200)).body).toEqual([]);
    expect((await m.api('get', '/groups').expect(200)).body).toEqual([
      { id: 'grp_payg_retail', name: 'Retail' },
      { id: 'grp_payg_outdoor', name: 'Outdoor club' },
    ]);
  });

  it('gives a provider\'s settings schema from the contract, or the no-settings text', async () => {
    const m = testMock();
    const x = (await m.api('get', '/integration-settings/ch_payg_x').expect(200)).body.output;
    expect(x.maxLength).toBe(280);
    expect(x.settings).toMatchObject({ required: expect.arrayContaining(['who_can_reply_post']), properties: { __type: { const: 'x' } } });
    const yt = (await m.api('get', '/integration-settings/ch_payg_youtube').expect(200)).body.output;
    expect(JSON.stringify(yt.settings)).not.toContain('$ref');
    const threads = (await m.api('get', '/integration-settings/ch_payg_threads').expect(200)).body.output;
    expect(threads.settings).toBe('No additional settings required');
    const other = (await m.api('get', '/integration-settings/ch_payg_bluesky').expect(200)).body.output;
    expect(other.settings).toBe('No additional settings required');
    const tiktok = (await m.api('get', '/integration-settings/ch_payg_tiktok').expect(200)).body.output;
    expect(tiktok.tools.map((t: any) => t.methodName)).toEqual(['creatorInfo']);
    await m.api('get', '/integration-settings/ch_paid_x').expect(404);
  });

  it('runs the provider helpers with plausible data; a method the provider does not list 404, as an unknown channel (reference: "404 when not found")', async () => {
    const m = testMock();
    const run = (id: string, methodName: string, data?: Record<string, string>) => m.api('post', `/integration-trigger/${id}`).send({ methodName, ...(data ? { data } : {}) });
    const discord = (await run('ch_payg_discord', 'channels').expect(200)).body.output;
    expect(discord.length).toBeGreaterThan(1);
    expect(discord[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: expect.any(String) });
    const creator = (await run('ch_payg_tiktok', 'creatorInfo').expect(200)).body.output;
    expect(creator.privacy_level_options).toContain('PUBLIC_TO_EVERYONE');
    const trending = (await run('ch_payg_instagram', 'audioSearch', { q: '', type: 'music' }).expect(200)).body.output;
    expect(trending.length).toBeGreaterThan(0);
    const summer = (await run('ch_payg_instagram', 'audioSearch', { q: 'summer', type: 'original_sound' }).expect(200)).body.output;
    expect(summer.every((a: any) => /summer/i.test(a.title))).toBe(true);
    await run('ch_payg_instagram', 'audioSearch', { type: 'jazz' }).expect(400);
    const docs = (await run('ch_payg_sanity', 'documents').expect(200)).body.output;
    expect(docs.length).toBeGreaterThan(0);
    expect((await run('ch_payg_sanity', 'validateDocument', { documentId: docs[0]._id }).expect(200)).body.output).toMatchObject({ valid: true });
    expect((await run('ch_payg_sanity', 'validateDocument', { documentId: `drafts.${docs[0]._id}` }).expect(200)).body.output).toMatchObject({ valid: false });
    expect((await run('ch_payg_x', 'channels').expect(404)).body.message).toMatch(/^Unknown method channels for x/);
    await run('ch_paid_discord', 'channels').expect(404);
    await m.api('post', '/integration-trigger/ch_payg_discord').send({ methodName: 'channels', data: { n: 1 } }).expect(400);
  });

  it('gives an OAuth URL for a known provider; 400 unknown; 402 for x before the first top-up', async () => {
    const m = testMock();
    const res = await m.api('get', '/social/linkedin', KEYS.free).expect(200);
    expect(new URL(res.body.url).hostname).toBe('www.linkedin.com');
    await m.api('get', '/social/myspace', KEYS.free).expect(400);
    const refused = await m.api('get', '/social/x', KEYS.free).expect(402);
    expect(refused.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK), message: expect.any(String) });
    await m.api('get', '/social/x', KEYS.payg).expect(200);
    await m.api('get', '/social/x', KEYS.paid).expect(200);
    await m.api('get', '/social/x?refresh=ch_payg_x', KEYS.payg).expect(200);
    await m.api('get', '/social/x?refresh=ch_paid_x', KEYS.payg).expect(400);
    await m.api('get', '/social/linkedin?refresh=ch_payg_x', KEYS.payg).expect(400);
  });

  it('disconnects a channel with its posts; another workspace\'s channel is 404', async () => {
    const m = testMock();
    const post = { type: 'schedule', date: iso(T0 + HOUR), shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_linkedin' }, settings: { __type: 'linkedin' }, value: [{ content: 'bye', image: [] }] }] };
    await m.api('post', '/posts').send(post).expect(200);
    await m.api('delete', '/integrations/ch_payg_linkedin', KEYS.paid).expect(404);
    const res = await m.api('delete', '/integrations/ch_payg_linkedin').expect(200);
    expect(res.body).toMatchObject({ id: 'ch_payg_linkedin', deleted: true, deletedPosts: 1 });
    const list = (await m.api('get', '/integrations').expect(200)).body;
    expect(list.some((c: any) => c.id === 'ch_payg_linkedin')).toBe(false);
    const posts = await m.api('get', `/posts?startDate=${iso(T0)}&endDate=${iso(T0 + 2 * HOUR)}`).expect(200);
    expect(posts.body.posts).toEqual([]);
    await m.api('delete', '/integrations/ch_payg_linkedin').expect(404);
  });

  it('finds the next posting time not taken by another post of the workspace', async () => {
    const m = testMock(); // T0 is 09:00 UTC: the next default time is 11:40
    const first = (await m.api('get', '/find-slot/ch_payg_x').expect(200)).body.date;
    expect(first).toBe('2026-01-05T11:40:00.000Z');
    const post = (channel: string, settings: Record<string, unknown>) => ({
      type: 'draft', date: first, shortLink: false, tags: [], posts: [{ integration: { id: channel }, settings, value: [{ content: 'taken', image: [] }] }],
    });
    await m.api('post', '/posts').send(post('ch_payg_linkedin', { __type: 'linkedin' })).expect(200);
    expect((await m.api('get', '/find-slot/ch_payg_x').expect(200)).body.date).toBe('2026-01-06T02:00:00.000Z');
    await m.api('get', '/find-slot/ch_paid_x').expect(404);
  });
});
