// Posts over HTTP: validation in the field notes' order, all-or-nothing, drafts, edits, listing, status, deleting and the hourly limit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testMock, KEYS, T0, type TestMock } from '../../testing.ts';
import { PNG } from '../media-samples.ts';

const HOUR = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const X = { __type: 'x', who_can_reply_post: 'everyone' };

interface Item {
  content: string;
  image?: Array<{ id: string; path: string }>;
  delay?: number;
  id?: string;
}

function entry(channel: string, items: Item[] | string, settings: Record<string, unknown> | null = X, group?: string) {
  const value = (typeof items === 'string' ? [{ content: items }] : items).map((i) => ({ image: [], ...i }));
  return { integration: { id: channel }, value, ...(settings ? { settings } : {}), ...(group ? { group } : {}) };
}

function body(type: string, posts: unknown[], extra: Record<string, unknown> = {}) {
  return { type, date: iso(T0 + HOUR), shortLink: false, tags: [], posts, ...extra };
}

async function listAll(m: TestMock, key: string = KEYS.payg) {
  const res = await m.api('get', `/posts?startDate=${iso(T0 - 400 * 24 * HOUR)}&endDate=${iso(T0 + 400 * 24 * HOUR)}`, key).expect(200);
  return res.body.posts as Array<Record<string, any>>;
}

describe('POST /posts', () => {
  it('schedules one group per entry and lists each on the calendar as QUEUE', async () => {
    const m = testMock();
    const res = await m
      .api('post', '/posts')
      .send(body('schedule', [entry('ch_payg_x', 'Hello X'), entry('ch_payg_linkedin', 'Hello LinkedIn', { __type: 'linkedin' })]))
      .expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({ postId: expect.any(String), integration: 'ch_payg_x' });
    const posts = await listAll(m);
    expect(posts.map((p) => p.state)).toEqual(['QUEUE', 'QUEUE']);
    expect(new Set(posts.map((p) => p.group)).size).toBe(2);
    expect(posts[0]).toMatchObject({ publishDate: iso(T0 + HOUR), releaseURL: null, integration: { id: expect.any(String) } });
  });

  it('an item id of an existing post, sent without its group or with another, is refused naming the group to send; nothing is saved and the post keeps its text', async () => {
    const m = testMock();
    const created = (await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'first text')])).expect(200)).body[0].postId;
    const [post] = await listAll(m);
    for (const group of [undefined, 'another-group']) {
      const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'second text', id: created }], X, group)])).expect(400);
      expect(JSON.stringify(res.body)).toContain(`post ${created} is in group ${post!.group}; to edit it, send \\"group\\": \\"${post!.group}\\"`);
    }
    expect((await listAll(m)).map((p) => [p.id, p.content])).toEqual([[created, 'first text']]);
    // Sent with its group, the same item edits the post in place.
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'second text', id: created }], X, post!.group)])).expect(200);
    expect((await listAll(m)).map((p) => [p.id, p.content])).toEqual([[created, 'second text']]);
  });

  it('a date without an offset is refused with what it lacks, and nothing is saved', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'when?')], { date: '2026-12-02T09:30:00' })).expect(400);
    expect(JSON.stringify(res.body)).toContain('body /date: must be a date-time with its offset from UTC (RFC 3339), such as 2026-12-02T09:30:00Z');
    expect(await listAll(m)).toEqual([]);
  });

  it('takes the answer of POST /upload, as it is, as an image item: alt and thumbnail null (section 2.6), the fields it adds besides', async () => {
    const m = testMock();
    const media = (await m.api('post', '/upload').attach('file', PNG, { filename: 'photo.png', contentType: 'image/png' }).expect(200)).body;
    expect(media).toMatchObject({ alt: null, thumbnail: null });
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'with a photo', image: [media] }])]));
    expect([res.status, res.body]).toEqual([200, [{ postId: expect.any(String), integration: 'ch_payg_x' }]]);
  });

  it('saves a draft without settings and without checking them', async () => {
    const m = testMock();
    // null: an undefined argument would take the default settings.
    await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'draft', null)])).expect(200);
    await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'draft 2', { __type: 'x', who_can_reply_post: 'nobody' })])).expect(200);
    expect((await listAll(m)).map((p) => p.state)).toEqual(['DRAFT', 'DRAFT']);
  });

  it('refuses a post with no text and no image, before looking at settings', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', '<p> </p>', { __type: 'x' })])).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: 'Your post should have at least one character or one image.' });
    expect(await listAll(m)).toEqual([]);
  });

  it('accepts an image with no text', async () => {
    const m = testMock();
    await m
      .api('post', '/posts')
      .send(body('schedule', [entry('ch_payg_x', [{ content: '', image: [{ id: 'm1', path: 'https://cdn.example.com/a.png' }] }])]))
      .expect(200);
  });

  it('answers a missing required setting with the channel named (PostValidationError)', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'hi', { __type: 'x' })])).expect(400);
    expect(res.body).toEqual({ statusCode: 400, provider: 'x', name: 'Northwind on X', message: 'who_can_reply_post is required' });
  });

  it('answers a value outside the allowed list with the channel named', async () => {
    const m = testMock();
    const res = await m
      .api('post', '/posts')
      .send(body('now', [entry('ch_payg_instagram', [{ content: 'pic', image: [{ id: 'm', path: 'https://cdn.example.com/p.png' }] }], { __type: 'instagram', post_type: 'reel' })]))
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, provider: 'instagram', name: 'Northwind on Instagram' });
    expect(res.body.message).toMatch(/post_type must be one of: post, story/);
  });

  it('answers missing settings on a scheduled entry with the channel named', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_linkedin', 'hi', null)])).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, provider: 'linkedin', name: 'Northwind on LinkedIn' });
  });

  it('refuses settings of another provider than the channel', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_linkedin', 'hi', X)])).expect(400);
    expect(res.body).toMatchObject({ provider: 'linkedin', message: expect.stringContaining('__type') });
  });

  it('checks the TikTok rules the schema carries (privacy for DIRECT_POST, brand content not with SELF_ONLY)', async () => {
    const m = testMock();
    const base = { __type: 'tiktok', content_posting_method: 'DIRECT_POST', duet: true, stitch: true, comment: true, autoAddMusic: 'no', brand_organic_toggle: false, brand_content_toggle: false };
    const video = [{ content: 'clip', image: [{ id: 'v', path: 'https://cdn.example.com/v.mp4' }] }];
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_tiktok', video, base)])).expect(400);
    expect(res.body).toMatchObject({ provider: 'tiktok', message: 'privacy_level is required' });
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_tiktok', video, { ...base, privacy_level: 'SELF_ONLY', brand_content_toggle: true })])).expect(400);
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_tiktok', video, { ...base, privacy_level: 'PUBLIC_TO_EVERYONE' })])).expect(200);
  });

  it('refuses YouTube tags over 500 characters together, a space counting two more', async () => {
    const m = testMock();
    const video = [{ content: 'film', image: [{ id: 'v', path: 'https://cdn.example.com/v.mp4' }] }];
    const settings = (tags: string[]) => ({ __type: 'youtube', title: 'My film', type: 'public', tags: tags.map((t) => ({ value: t, label: t })) });
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_youtube', video, settings(['a b'.padEnd(499, 'x')]))])).expect(400);
    expect(res.body).toMatchObject({ provider: 'youtube', message: expect.stringContaining('500') });
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_youtube', video, settings(['ab'.padEnd(500, 'x')]))])).expect(200);
  });

  it('checks media after settings: a Facebook story needs a photo or video', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_facebook', 'story', { __type: 'facebook', post_type: 'story' })])).expect(400);
    expect(res.body).toMatchObject({ provider: 'facebook', message: expect.stringContaining('story') });
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_facebook', 'text post', { __type: 'facebook' })])).expect(200);
  });

  it('saves a draft of text alone on a channel that needs media, and meets the media step when it is moved to the schedule (as the settings check), unless the text-only-accepted variation is on', async () => {
    const settings = { __type: 'youtube', title: 'My film', type: 'public' };
    for (const variations of [[], ['text-only-accepted']]) {
      const m = testMock({ variations });
      await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_youtube', 'words only', settings)])).expect(variations.length ? 200 : 400);
      const draft = (await m.api('post', '/posts').send(body('draft', [entry('ch_payg_youtube', 'words first, the film later', settings)])).expect(200)).body[0].postId;
      const moved = await m.api('put', `/posts/${draft}/status`).send({ status: 'schedule' }).expect(variations.length ? 200 : 400);
      if (!variations.length) expect(moved.body).toMatchObject({ provider: 'youtube', message: expect.stringContaining('photo or video') });
      // The Facebook story is the reference's own rule: the variation keeps it.
      await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_facebook', 'story', { __type: 'facebook', post_type: 'story' })])).expect(400);
    }
  });

  it('refuses text over the channel maximum, counting links as 23 on x', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'a'.repeat(281))])).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: 'post is too long, please fix it' });
    const link = `https://example.com/${'p'.repeat(300)}`;
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', `${'a'.repeat(250)} ${link}`)])).expect(200);
    // HTML tags do not count.
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', `<p>${'a'.repeat(280)}</p>`)])).expect(200);
  });

  it('checks every thread item', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'first' }, { content: '' }])])).expect(400);
    expect(res.body.message).toBe('Your post should have at least one character or one image.');
  });

  it('is all-or-nothing: one bad entry saves nothing', async () => {
    const m = testMock();
    await m
      .api('post', '/posts')
      .send(body('schedule', [entry('ch_payg_linkedin', 'fine', { __type: 'linkedin' }), entry('ch_payg_x', 'x'.repeat(400))]))
      .expect(400);
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_linkedin', 'fine', { __type: 'linkedin' }), entry('ch_nope', 'hi')])).expect(400);
    expect(await listAll(m)).toEqual([]);
  });

  it('answers malformed JSON, wrong types and missing fields with the Error shape and saves nothing', async () => {
    const m = testMock();
    const bad = await m.api('post', '/posts').set('content-type', 'application/json').send('{"type": "schedule",').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, msg: expect.any(String), message: expect.anything() });
    const wrongType = await m.api('post', '/posts').send({ ...body('schedule', [entry('ch_payg_x', 'hi')]), shortLink: 'yes' }).expect(400);
    expect(wrongType.body.statusCode).toBe(400);
    expect(JSON.stringify(wrongType.body.message)).toContain('shortLink');
    const { tags: _t, ...missing } = body('schedule', [entry('ch_payg_x', 'hi')]);
    const res = await m.api('post', '/posts').send(missing).expect(400);
    expect(JSON.stringify(res.body.message)).toContain('tags');
    await m.api('post', '/posts').expect(400);
    await m.api('post', '/posts').send(body('schedule', [{ integration: { id: 'ch_payg_x' }, value: [], settings: X }])).expect(400);
    expect(await listAll(m)).toEqual([]);
  });

  it('ignores fields the reference does not name', async () => {
    const m = testMock();
    await m
      .api('post', '/posts')
      .send({ ...body('schedule', [{ ...entry('ch_payg_x', 'hi'), colour: 'blue' }]), somethingElse: { a: 1 } })
      .expect(200);
  });

  it('refuses a channel of another workspace as unknown and never lists another workspace\'s posts', async () => {
    const m = testMock();
    await m.api('post', '/posts', KEYS.payg).send(body('schedule', [entry('ch_paid_x', 'hi')])).expect(400);
    await m.api('post', '/posts', KEYS.paid).send(body('schedule', [entry('ch_paid_x', 'paid post')])).expect(200);
    expect(await listAll(m, KEYS.payg)).toEqual([]);
    expect(await listAll(m, KEYS.paid)).toHaveLength(1);
  });

  it('keeps tags, inter and a client-given group; the calendar lists exactly the fields of section 2.3', async () => {
    const m = testMock();
    const res = await m
      .api('post', '/posts')
      .send(body('schedule', [entry('ch_payg_x', 'weekly', X, 'my-group')], { tags: [{ value: 'launch', label: 'Launch' }], inter: 7 }))
      .expect(200);
    const [post] = await listAll(m);
    expect(post).toMatchObject({ id: res.body[0].postId, group: 'my-group' });
    // A client reading the document's schemas as closed meets nothing PostSummary does not name.
    expect(Object.keys(post!).sort()).toEqual(['content', 'group', 'id', 'integration', 'publishDate', 'releaseURL', 'state']);
    const row = m.app.state.world.workspaces.get('ws_payg_demo')!.posts.rows.get(res.body[0].postId)!;
    expect(row).toMatchObject({ tags: [{ value: 'launch', label: 'Launch' }], inter: 7 });
  });

  it('edits an existing group in place: same ids, new content and date, removed items gone', async () => {
    const m = testMock();
    const first = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'one' }, { content: 'two', delay: 5 }], X, 'g1')])).expect(200);
    const id = first.body[0].postId;
    await m
      .api('post', '/posts')
      .send(body('update', [entry('ch_payg_x', [{ content: 'one, edited', id }], X, 'g1')], { date: iso(T0 + 2 * HOUR) }))
      .expect(200);
    const posts = await listAll(m);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id, group: 'g1', content: 'one, edited', state: 'QUEUE', publishDate: iso(T0 + 2 * HOUR) });
    // `update` keeps a draft a draft.
    await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'd', null, 'g2')])).expect(200);
    await m.api('post', '/posts').send(body('update', [entry('ch_payg_x', 'd2', {}, 'g2')])).expect(200);
    expect((await listAll(m)).find((p) => p.group === 'g2')).toMatchObject({ state: 'DRAFT', content: 'd2' });
  });

  it('one post on several channels shares the group its entries name: listed with it, edited per channel, deleted together; two entries for one channel in one group are refused', async () => {
    const m = testMock();
    const LI = { __type: 'linkedin' };
    const created = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'x post' }, { content: 'x reply', delay: 5 }], X, 'launch'), entry('ch_payg_linkedin', 'linkedin post', LI, 'launch')])).expect(200);
    expect(created.body.map((c: { integration: string }) => c.integration)).toEqual(['ch_payg_x', 'ch_payg_linkedin']);
    const of = async (channel: string) => (await listAll(m)).filter((p) => p.group === 'launch' && p.integration.id === channel).map((p) => p.content);
    const xBefore = await of('ch_payg_x');
    expect(xBefore).toContain('x post');
    expect(await of('ch_payg_linkedin')).toEqual(['linkedin post']);
    // Naming the group again edits that channel's thread alone.
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_linkedin', 'linkedin post, edited', LI, 'launch')])).expect(200);
    expect(await of('ch_payg_linkedin')).toEqual(['linkedin post, edited']);
    expect(await of('ch_payg_x')).toEqual(xBefore);
    const twice = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'a', X, 'g'), entry('ch_payg_x', 'b', X, 'g')])).expect(400);
    expect(JSON.stringify(twice.body)).toContain('group g is named by two entries for channel ch_payg_x');
    // Deleting by any of its posts takes every channel's thread (the LinkedIn post was replaced by the edit: the X one).
    await m.api('delete', `/posts/${created.body[0].postId}`).expect(200);
    expect((await listAll(m)).filter((p) => p.group === 'launch')).toEqual([]);
  });

  it('refuses scheduling on a disabled channel but keeps drafts there', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_bluesky', 'hi', { __type: 'bluesky' })])).expect(400);
    await m.api('post', '/posts').send(body('draft', [entry('ch_payg_bluesky', 'hi', null)])).expect(200);
  });

  it('answers 429 past the hourly limit, counting refused requests too, and admits again an hour later', async () => {
    const m = testMock({ config: { postsPerHour: 3 } });
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'one')])).expect(200);
    await m.api('post', '/posts').send({ nonsense: true }).expect(400);
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'three')])).expect(200);
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'four')])).expect(429);
    expect(res.body).toEqual({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    // Per workspace: another workspace is not limited.
    await m.api('post', '/posts', KEYS.paid).send(body('schedule', [entry('ch_paid_x', 'other')])).expect(200);
    expect(await listAll(m)).toHaveLength(2);
    m.clock.advance(HOUR + 1);
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'later')], { date: iso(T0 + 3 * HOUR) })).expect(200);
  });

  it('a 429 says in Retry-After how long to wait, and a request sent after exactly that long is admitted', async () => {
    const m = testMock({ config: { postsPerHour: 2 } });
    const send = (content: string) => m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', content)]));
    await send('one').expect(200);
    m.clock.advance(10 * 60_000);
    await send('two').expect(200);
    m.clock.advance(5 * 60_000);
    const refused = await send('three').expect(429);
    // The second oldest counted request (at 10 minutes) leaves the hour at 70 minutes; it is now 15 minutes.
    expect(refused.headers['retry-after']).toBe(String(55 * 60));
    m.clock.advance(55 * 60_000 - 1000);
    const early = await send('early').set('Origin', 'http://localhost:5173').expect(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    // A page on another origin can read it.
    expect(early.headers['access-control-expose-headers']).toMatch(/(^|, )Retry-After(,|$)/);
    // Waiting what the last 429 said is enough, whatever the client sent before.
    m.clock.advance(Number(early.headers['retry-after']) * 1000);
    await send('on time').expect(200);
  });
});

describe('GET /posts', () => {
  it('filters by date range (inclusive) and by group (customer)', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'retail')], { date: iso(T0 + HOUR) })).expect(200);
    await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_linkedin', 'outdoor', { __type: 'linkedin' })], { date: iso(T0 + 3 * HOUR) })).expect(200);
    const window = await m.api('get', `/posts?startDate=${iso(T0 + HOUR)}&endDate=${iso(T0 + 2 * HOUR)}`).expect(200);
    expect(window.body.posts.map((p: any) => p.content)).toEqual(['retail']);
    const outdoor = await m.api('get', `/posts?startDate=${iso(T0)}&endDate=${iso(T0 + 5 * HOUR)}&customer=grp_payg_outdoor`).expect(200);
    expect(outdoor.body.posts.map((p: any) => p.content)).toEqual(['outdoor']);
  });

  it('answers 400 on a missing or invalid date', async () => {
    const m = testMock();
    await m.api('get', `/posts?startDate=${iso(T0)}`).expect(400);
    await m.api('get', `/posts?startDate=yesterday&endDate=${iso(T0)}`).expect(400);
  });

  it('returns exactly the posts whose publish date is in range, for any set of created posts', async () => {
    const m = testMock({ config: { postsPerHour: 1_000_000 } });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 72 }), { minLength: 0, maxLength: 6 }),
        fc.integer({ min: 0, max: 72 }),
        fc.integer({ min: 0, max: 72 }),
        async (offsets, a, b) => {
          await m.http.post('/_mock/reset').expect(200);
          for (const h of offsets) {
            await m.api('post', '/posts').send(body('draft', [entry('ch_payg_linkedin', `at ${h}`, null)], { date: iso(T0 + h * HOUR) })).expect(200);
          }
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const res = await m.api('get', `/posts?startDate=${iso(T0 + lo * HOUR)}&endDate=${iso(T0 + hi * HOUR)}`).expect(200);
          const expected = offsets.filter((h) => h >= lo && h <= hi).sort((x, y) => x - y);
          expect(res.body.posts.map((p: any) => Date.parse(p.publishDate))).toEqual(expected.map((h) => T0 + h * HOUR));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('PUT /posts/{id}/status, release id, missing', () => {
  it('moves a group between draft and schedule and answers {id, state}', async () => {
    const m = testMock();
    const created = await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'd', X)])).expect(200);
    const id = created.body[0].postId;
    const res = await m.api('put', `/posts/${id}/status`).send({ status: 'schedule' }).expect(200);
    expect(res.body).toMatchObject({ id, state: 'QUEUE' });
    expect((await listAll(m))[0]!.state).toBe('QUEUE');
    await m.api('put', `/posts/${id}/status`).send({ status: 'draft' }).expect(200);
    expect((await listAll(m))[0]!.state).toBe('DRAFT');
    await m.api('put', `/posts/${id}/status`).send({ status: 'published' }).expect(400);
    await m.api('put', `/posts/${id}/status`, KEYS.paid).send({ status: 'schedule' }).expect(404);
    await m.api('put', '/posts/post_unknown/status').send({ status: 'schedule' }).expect(404);
  });

  it('a sanity documentId with the drafts. prefix is refused naming the prefix to leave out, not the pattern', async () => {
    const m = testMock();
    const res = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_sanity', 'Weekly news', { __type: 'sanity', documentId: 'drafts.weekly-news' })])).expect(400);
    expect(res.body).toMatchObject({ provider: 'sanity', message: 'documentId must not begin with "drafts.": send it without that prefix' });
    expect(await listAll(m)).toEqual([]);
  });

  it('a draft saved without settings, or missing a required field, is refused when put on the schedule: 400 naming the channel and what to send, nothing charged, and it stays a draft (section 2.9)', async () => {
    const m = testMock();
    const bare = (await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'no settings', null)])).expect(200)).body[0].postId;
    const partial = (await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'no reply rule', { __type: 'x' })])).expect(200)).body[0].postId;
    const untyped = (await m.api('post', '/posts').send(body('draft', [entry('ch_payg_x', 'no __type', { who_can_reply_post: 'everyone' })])).expect(200)).body[0].postId;
    const balance = (await m.api('get', '/wallet').expect(200)).body.balanceCredits;
    const refusals = [];
    for (const id of [bare, partial, untyped]) refusals.push((await m.api('put', `/posts/${id}/status`).send({ status: 'schedule' }).expect(400)).body);
    expect(refusals.map((r) => r.message)).toEqual(['settings is required', 'who_can_reply_post is required', 'settings.__type is required: "x" for this channel']);
    for (const r of refusals) expect(r).toMatchObject({ provider: 'x', name: 'Northwind on X' });
    expect((await listAll(m)).map((p) => p.state)).toEqual(['DRAFT', 'DRAFT', 'DRAFT']);
    expect((await m.api('get', '/wallet').expect(200)).body.balanceCredits).toBe(balance);
  });

  it('refuses a status change on a published post', async () => {
    const m = testMock();
    const created = await m.api('post', '/posts').send(body('now', [entry('ch_payg_x', 'live')])).expect(200);
    await m.api('put', `/posts/${created.body[0].postId}/status`).send({ status: 'draft' }).expect(400);
  });

  it('sets a release id and lists no candidates while the link is known', async () => {
    const m = testMock();
    const created = await m.api('post', '/posts').send(body('now', [entry('ch_payg_x', 'live')])).expect(200);
    const id = created.body[0].postId;
    expect((await m.api('get', `/posts/${id}/missing`).expect(200)).body).toEqual([]);
    const res = await m.api('put', `/posts/${id}/release-id`).send({ releaseId: '1234567890123456789' }).expect(200);
    expect(res.body).toMatchObject({ id, releaseId: '1234567890123456789', releaseURL: 'https://x.com/northwind/status/1234567890123456789' });
    await m.api('put', `/posts/${id}/release-id`).send({}).expect(400);
    await m.api('put', `/posts/${id}/release-id`, KEYS.paid).send({ releaseId: '1' }).expect(404);
    await m.api('get', `/posts/${id}/missing`, KEYS.paid).expect(404);
  });
});

describe('DELETE /posts', () => {
  it('deletes the whole group by a post id or by group id, and 404s for another workspace', async () => {
    const m = testMock();
    const a = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', [{ content: 'a' }, { content: 'b' }])])).expect(200);
    await m.api('delete', `/posts/${a.body[0].postId}`, KEYS.paid).expect(404);
    const res = await m.api('delete', `/posts/${a.body[0].postId}`).expect(200);
    expect(res.body).toEqual({ group: expect.any(String), error: false, deletedFromPlatform: [], platformErrors: [] });
    expect(await listAll(m)).toEqual([]);
    await m.api('delete', `/posts/${a.body[0].postId}`).expect(404);
    const b = await m.api('post', '/posts').send(body('schedule', [entry('ch_payg_x', 'c', X, 'grp-b')])).expect(200);
    await m.api('delete', '/posts/group/grp-b', KEYS.paid).expect(404);
    await m.api('delete', '/posts/group/grp-b').expect(200);
    expect(b.body).toHaveLength(1);
    expect(await listAll(m)).toEqual([]);
  });

  it('deletes a published post from the platform only with deleteFromPlatform=true, where the network supports it', async () => {
    const m = testMock();
    const x = await m.api('post', '/posts').send(body('now', [entry('ch_payg_x', 'live on x')])).expect(200);
    const res = await m.api('delete', `/posts/${x.body[0].postId}?deleteFromPlatform=true`).expect(200);
    expect(res.body).toMatchObject({ error: false, deletedFromPlatform: [x.body[0].postId], platformErrors: [] });

    const calendarOnly = await m.api('post', '/posts').send(body('now', [entry('ch_payg_x', 'stays live')])).expect(200);
    const kept = await m.api('delete', `/posts/${calendarOnly.body[0].postId}`).expect(200);
    expect(kept.body).toMatchObject({ error: false, deletedFromPlatform: [] });

    const ig = await m
      .api('post', '/posts')
      .send(body('now', [entry('ch_payg_instagram', [{ content: 'pic', image: [{ id: 'm', path: 'https://cdn.example.com/p.png' }] }], { __type: 'instagram', post_type: 'post' })]))
      .expect(200);
    const igRes = await m.api('delete', `/posts/${ig.body[0].postId}?deleteFromPlatform=true`).expect(200);
    expect(igRes.body).toMatchObject({ error: true, deletedFromPlatform: [], platformErrors: [expect.objectContaining({ provider: 'instagram' })] });
    await m.api('delete', `/posts/${ig.body[0].postId}?deleteFromPlatform=maybe`).expect(400);
  });
});
