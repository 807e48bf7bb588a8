// The request journal as a frontend test uses it: what the app sent, filtered, redacted, bounded, cleared.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0 } from '../testing.ts';
import { Journal, redact, REDACTED, JOURNAL_BODY_CHARS, type Exchange } from './journal.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const X = { __type: 'x', who_can_reply_post: 'everyone' };

function post(type: 'draft' | 'schedule', content: string) {
  return {
    type,
    date: iso(T0 + 3_600_000),
    shortLink: false,
    tags: [],
    posts: [{ integration: { id: 'ch_payg_x' }, settings: X, value: [{ content, image: [] }] }],
  };
}

describe('request journal', () => {
  it('lets a test assert the app sent exactly one createPosts with type: schedule', async () => {
    const m = testMock({ journalBodies: true });
    await m.api('post', '/posts').send(post('draft', 'first idea')).expect(200);
    await m.api('post', '/posts').send(post('schedule', 'launch day')).expect(200);
    await m.api('get', '/integrations').expect(200);

    const { body } = await m.http.get('/_mock/requests?operation=createPosts').expect(200);
    const scheduled = body.entries.filter((e: any) => e.body?.type === 'schedule');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]).toMatchObject({
      method: 'POST',
      path: '/api/public/v1/posts',
      operationId: 'createPosts',
      workspaceId: 'ws_payg_demo',
      status: 200,
      at: iso(T0),
      body: { type: 'schedule', posts: [{ value: [{ content: 'launch day' }] }] },
    });
    expect(scheduled[0].bodyBytes).toBe(Buffer.byteLength(JSON.stringify(post('schedule', 'launch day'))));
    expect(Date.parse(scheduled[0].receivedAt)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(body).toMatchObject({ bodies: true, cap: 1000, forgotten: 0 });
    expect(body.entries).toHaveLength(2);
  });

  it('records the query under the names the validator read, refused or not (a leading ? is part of the first name)', async () => {
    const m = testMock();
    await m.api('get', '/integrations??customer=a&customer=b').expect(200);
    await m.api('get', '/posts?startDate=soon&endDate=2026-01-12T00:00:00.000Z').expect(400);
    const { body } = await m.http.get('/_mock/requests').expect(200);
    expect(body.entries.map((e: any) => e.query)).toEqual([{ '?customer': 'a', customer: 'b' }, { startDate: 'soon', endDate: '2026-01-12T00:00:00.000Z' }]);
  });

  it('keeps no bodies unless asked, and records only the public API', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(post('draft', 'secret plans')).expect(200);
    await m.http.get('/_mock/workspaces').expect(200);
    await m.http.get('/docs').set('host', '127.0.0.1');
    const { body } = await m.http.get('/_mock/requests').expect(200);
    expect(body.bodies).toBe(false);
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0].operationId).toBe('createPosts');
    expect(body.entries[0]).not.toHaveProperty('body');
    expect(body.entries[0].bodyBytes).toBeGreaterThan(0);
  });

  it('filters by operation, workspace, status (or class), method, path, since and after', async () => {
    const m = testMock();
    await m.api('get', '/integrations').expect(200);
    await m.api('get', '/integrations', KEYS.paid).expect(200);
    await m.api('get', '/integrations', 'wrong-key').expect(401);
    m.clock.advance(60_000);
    await m.api('get', `/posts?startDate=${iso(T0)}&endDate=${iso(T0 + 86_400_000)}`).expect(200);
    const list = async (q: string) => (await m.http.get(`/_mock/requests?${q}`).expect(200)).body.entries as any[];

    expect((await list('workspace=ws_paid_demo')).map((e) => e.operationId)).toEqual(['listIntegrations']);
    expect((await list('status=401')).map((e) => e.workspaceId)).toEqual([null]);
    expect(await list('status=4xx')).toHaveLength(1);
    expect(await list('status=2xx')).toHaveLength(3);
    expect((await list('operation=listPosts'))[0]).toMatchObject({ query: { startDate: iso(T0) }, at: iso(T0 + 60_000) });
    expect(await list(`since=${iso(T0 + 1)}`)).toHaveLength(1);
    expect(await list('method=get&path=/api/public/v1/integrations')).toHaveLength(3);
    expect((await list('after=2')).map((e) => e.seq)).toEqual([3, 4]);
    await m.http.get('/_mock/requests?status=200x').expect(400);
  });

  it('never records API keys, and blanks upload tickets in paths and secrets in bodies', async () => {
    const m = testMock({ journalBodies: true });
    const ticket = await m.api('post', '/upload-ticket').send({ purpose: 'media' }).expect(200);
    const token = new URL(ticket.body.uploadUrl).pathname.split('/').pop()!;
    await m.http.post(`/api/public/v1/upload-ticket/${token}`).attach('file', Buffer.from('not an image'), 'x.png');
    // A key pasted into a post's content is cut out too.
    await m.api('post', '/posts').send(post('draft', `my key is ${KEYS.payg}`)).expect(200);

    const { body } = await m.http.get('/_mock/requests').expect(200);
    const text = JSON.stringify(body);
    expect(text).not.toContain(KEYS.payg);
    expect(text).not.toContain(token);
    const upload = body.entries.find((e: any) => e.operationId === 'uploadWithTicket');
    expect(upload).toMatchObject({ path: `/api/public/v1/upload-ticket/${REDACTED}`, workspaceId: 'ws_payg_demo' });
    expect(body.entries.at(-1).body.posts[0].value[0].content).toBe(`my key is ${REDACTED}`);
    expect(redact({ apiKey: 'k', client_secret: 's', nested: [{ access_token: 't', key: 'k2', keyword: 'brand-voice' }] }, [])).toEqual({
      apiKey: REDACTED,
      client_secret: REDACTED,
      nested: [{ access_token: REDACTED, key: REDACTED, keyword: 'brand-voice' }],
    });
  });

  it('keeps the newest caps.journal entries, counts the forgotten, and is cleared by DELETE and by a reset', async () => {
    const m = testMock();
    await m.http.put('/_mock/limits').send({ caps: { journal: 2 } }).expect(200);
    for (let i = 0; i < 5; i++) await m.api('get', '/integrations').expect(200);
    let { body } = await m.http.get('/_mock/requests').expect(200);
    expect(body).toMatchObject({ cap: 2, forgotten: 3 });
    expect(body.entries.map((e: any) => e.seq)).toEqual([4, 5]);

    expect((await m.http.delete('/_mock/requests').expect(200)).body).toEqual({ cleared: 2 });
    expect((await m.http.get('/_mock/requests').expect(200)).body.entries).toEqual([]);
    await m.api('get', '/integrations').expect(200);
    expect((await m.http.get('/_mock/requests').expect(200)).body.entries[0].seq).toBe(6);

    await m.http.post('/_mock/reset').expect(200);
    ({ body } = await m.http.get('/_mock/requests').expect(200));
    expect(body).toMatchObject({ cap: 1000, forgotten: 0, entries: [] });

    await m.http.put('/_mock/limits').send({ caps: { journal: 0 } }).expect(200);
    await m.api('get', '/integrations').expect(200);
    expect((await m.http.get('/_mock/requests').expect(200)).body.entries).toEqual([]);
  });

  it('keeps a large body as the start of its text, within the bound', () => {
    const journal = new Journal(true, () => 10);
    const big = { content: 'x'.repeat(JOURNAL_BODY_CHARS * 2) };
    const exchange: Exchange = {
      method: 'POST', operationId: 'createPosts', apiPath: '/api/public/v1', pathTemplate: '/posts', params: {}, url: 'http://m/api/public/v1/posts',
      workspaceId: 'ws', status: 200, at: T0, receivedAt: T0, bodyBytes: 40_000, body: big, secrets: [], latencyMs: 0,
    };
    journal.record(exchange);
    const [entry] = journal.list();
    expect(entry).toMatchObject({ bodyTruncated: true });
    expect(entry!.body).toBeUndefined();
    expect(entry!.bodyText).toHaveLength(JOURNAL_BODY_CHARS);
  });

  it('does constant work per request at its cap (a ring: the oldest slot is reused, nothing shifts)', () => {
    const journal = new Journal(false, () => 1000);
    const exchange: Exchange = {
      method: 'GET', operationId: 'listIntegrations', apiPath: '/api/public/v1', pathTemplate: '/integrations', params: {}, url: 'http://m/api/public/v1/integrations',
      workspaceId: 'ws', status: 200, at: T0, receivedAt: T0, bodyBytes: 0, body: undefined, secrets: [], latencyMs: 0,
    };
    for (let i = 0; i < 5000; i++) journal.record(exchange);
    expect(journal.size).toBe(1000);
    expect(journal.forgotten).toBe(4000);
    const seqs = journal.list().map((e) => e.seq);
    expect(seqs[0]).toBe(4001);
    expect(seqs.at(-1)).toBe(5000);
  });

  it.each([
    ['now', T0],
    ['the epoch', 0],
    ['before the epoch', -1],
    ['the last moment of year 9999', 253_402_300_799_999],
    ['year 10000', 253_402_300_800_000],
    ['before year 0', -62_167_219_200_001],
  ])('counts an entry at %s as the bytes it is read as (times kept as numbers, read as ISO strings)', (_, at) => {
    const journal = new Journal(false, () => 10);
    journal.record({
      method: 'GET', operationId: 'listIntegrations', apiPath: '/api/public/v1', pathTemplate: '/integrations', params: {}, url: 'http://m/api/public/v1/integrations?x=é',
      workspaceId: 'ws', status: 200, at, receivedAt: T0, bodyBytes: 0, body: undefined, secrets: [], latencyMs: 0,
    });
    const [entry] = journal.list();
    expect(entry!.at).toBe(new Date(at).toISOString());
    expect(journal.bytes).toBe(Buffer.byteLength(JSON.stringify(entry)));
  });

  it('property: the bytes it counts for any entries are the bytes of their JSON as read', () => {
    // Strings of every kind: quotes, backslashes, control characters, accents, astral pairs and lone surrogates.
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '/', ' ', '"', '\\', '\n', '\u0001', '\u007f', 'é', '€', '😀', '\ud800', '\udc00') });
    const exchange = fc.record({
      method: fc.constantFrom('GET', 'POST', 'DELETE'),
      operationId: text,
      pathTemplate: fc.constantFrom('/integrations', '/posts/{id}', '/upload-ticket/{token}'),
      // A path parameter comes decoded from a URL, which never holds a lone surrogate.
      id: fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', 'é', '😀', 'key_secret_value') }),
      query: fc.option(fc.dictionary(fc.constantFrom('q', 'apiKey', 'é'), text), { nil: undefined }),
      workspaceId: fc.option(text, { nil: null }),
      status: fc.constantFrom(200, 204, 400, 401, 402, 500),
      refusal: fc.option(fc.record({ message: text, name: text, provider: text }), { nil: undefined }),
      // NaN: an in-process request may say any Content-Length; JSON writes it as null.
      bodyBytes: fc.option(fc.oneof(fc.nat(), fc.constant(Number.NaN)), { nil: null }),
      body: fc.option(fc.jsonValue(), { nil: undefined }),
      latencyMs: fc.nat(60_000),
      at: fc.integer({ min: -62_167_219_200_001, max: 253_402_300_800_000 }),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.boolean(), fc.array(exchange, { minLength: 1, maxLength: 5 }), (bodies, xs) => {
        const journal = new Journal(bodies, () => 3);
        for (const x of xs) {
          const search = x.query ? `?${new URLSearchParams(x.query)}` : '';
          journal.record({
            method: x.method, operationId: x.operationId, apiPath: '/api/public/v1', pathTemplate: x.pathTemplate, params: { id: x.id, token: x.id },
            url: `http://m/api/public/v1/x${search}`, workspaceId: x.workspaceId, status: x.status, at: x.at, receivedAt: T0, bodyBytes: x.bodyBytes,
            body: x.body, secrets: ['key_secret_value'], latencyMs: x.latencyMs + x.fraction, refusal: x.refusal,
          });
        }
        const listed = journal.list();
        expect(journal.bytes).toBe(listed.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e)), 0));
      }),
      { numRuns: 300 },
    );
  });

  it("gathers the request's own secrets only for an entry that has something to redact", () => {
    const journal = new Journal(false, () => 10);
    let gathered = 0;
    const secrets = () => {
      gathered++;
      return ['key_1234567890'];
    };
    const base = { method: 'GET', operationId: 'listIntegrations', apiPath: '/api/public/v1', params: {}, workspaceId: 'ws', at: T0, receivedAt: T0, bodyBytes: 0, body: undefined, latencyMs: 0, secrets };
    journal.record({ ...base, pathTemplate: '/integrations', url: 'http://m/api/public/v1/integrations', status: 200 });
    expect(gathered).toBe(0);
    journal.record({ ...base, pathTemplate: '/integrations', url: 'http://m/api/public/v1/integrations?group=key_1234567890', status: 200 });
    expect(gathered).toBe(1);
    expect(journal.list()[1]!.query).toEqual({ group: REDACTED });
  });

  it('property: a credential the world knows is cut out of any text around it, and text holding none is kept as it is', () => {
    const credentialChar = fc.constantFrom(...'abcXYZ019_-');
    const credential = fc.string({ unit: credentialChar, minLength: 8, maxLength: 30 });
    // Around it, anything that cannot be part of a credential's run (or the text's end).
    const around = fc.string({ unit: fc.constantFrom(...' .:/?="\'é😀\u0000'), maxLength: 3 });
    const words = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(credential, around, around, words, words, (secret, left, right, before, after) => {
        const known = (value: string) => value === secret;
        const text = `${before}${left || ' '}${secret}${right || ' '}${after}`;
        const kept = redact(text, [], known) as string;
        // The words around may themselves hold the credential's run or be one: only the credential's own place is pinned.
        expect(kept.includes(`${left || ' '}${REDACTED}${right || ' '}`) || kept === REDACTED).toBe(true);
        const plain = `${before}${left}${after}`;
        if (!plain.includes(secret) && !/(?:key|pos|pcs)_/.test(plain)) expect(redact(plain, [], known)).toBe(plain);
      }),
      { numRuns: 500 },
    );
  });
});

