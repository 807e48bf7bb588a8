// Answers on demand: `Prefer` per request and POST /_mock/overrides for the next calls make any public operation answer
// a documented status with the document's example, drop the connection, or wait, without running it (nothing changes),
// and the journal says what overrode each answer.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getValidator, type CompiledOperation } from '../../spec/validator.ts';
import { MockClock } from '../domain/clock.ts';
import { startMock, type RunningMock } from '../server.ts';
import { API, KEYS, T0, testMock, type TestMock } from '../testing.ts';
import type { MockApp } from './app.ts';
import { documentedStatuses, MAX_OVERRIDES, parsePrefer, SERVER_ERROR_RETRY_AFTER_SECONDS, SERVER_ERRORS } from './overrides.ts';

const ORIGIN = 'http://127.0.0.1:4010';
const validator = getValidator();
const X = { __type: 'x', who_can_reply_post: 'everyone' };
const draft = {
  type: 'draft',
  date: new Date(T0 + 86_400_000).toISOString(),
  shortLink: false,
  tags: [],
  posts: [{ integration: { id: 'ch_payg_x' }, settings: X, value: [{ content: 'overridden or not', image: [] }] }],
};

/** Everything an operation could change (the world, the clock, the limits), as a digest that prints short. */
function fingerprint(app: MockApp): string {
  const s = app.state;
  const world = JSON.stringify(s.world, (_key, value) => {
    if (value instanceof Map) return [...value.entries()];
    if (value instanceof Set) return [...value.values()];
    return value;
  });
  return createHash('sha256').update(JSON.stringify([world, s.clock.now(), s.config])).digest('hex');
}

/** The document's example for an operation's status (the unnamed one, else the first named). */
function documentedExample(operationId: string, status: number, name?: string): unknown {
  const doc = validator.document as Record<string, any>;
  let response = validator.byId(operationId).operation.responses[String(status)];
  if (response.$ref) response = response.$ref.slice(2).split('/').reduce((node: any, key: string) => node[key], doc);
  const media = response.content['application/json'];
  if (name && name !== 'example') return media.examples[name].value;
  return media.example ?? Object.values<{ value: unknown }>(media.examples)[0]!.value;
}

/** The operation's URL with every path parameter filled in: the operation does not run, so any value does. */
const urlOf = (op: CompiledOperation) => `${ORIGIN}${API}${op.path.replace(/\{[^}]+\}/g, 'x')}`;

function send(app: MockApp, op: CompiledOperation, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  const init: RequestInit = { method: op.method.toUpperCase(), headers: { authorization: KEYS.payg, ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return app.fetch(new Request(urlOf(op), init));
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  return text === '' ? undefined : JSON.parse(text);
}

const lastEntry = (m: TestMock) => m.app.state.journal.list().at(-1)!;

// Every public operation and every status it documents, success and refusal alike.
const EVERY_STATUS = validator.operations.flatMap((op) => documentedStatuses(op).map((status) => [`${op.operationId} ${status}`, op, status] as const));

describe('Prefer: code=<status>, on every public operation', () => {
  it('covers every documented refusal of every operation', () => {
    const refusals = EVERY_STATUS.filter(([, , s]) => s >= 300);
    expect(new Set(EVERY_STATUS.map(([, op]) => op.operationId)).size).toBe(validator.operations.length);
    expect(refusals.length).toBeGreaterThan(validator.operations.length * 2);
  });

  it.each(EVERY_STATUS)('%s: answers it with a body the document accepts, without running the operation', async (_name, op, status) => {
    const m = testMock();
    const before = fingerprint(m.app);
    const res = await send(m.app, op, { prefer: `code=${status}` });
    expect(res.status).toBe(status);
    expect(res.headers.get('preference-applied')).toBe(`code=${status}`);
    const body = await readBody(res);
    expect(op.validateResponse(status, body, res.headers)).toEqual([]);
    expect(fingerprint(m.app)).toBe(before);
    expect(lastEntry(m)).toMatchObject({ operationId: op.operationId, status, workspaceId: op.secured ? 'ws_payg_demo' : null, override: { by: 'prefer', status } });
  });
});

// Every public operation and every server error a deployment sends, though the document lists none.
const EVERY_SERVER_ERROR = validator.operations.flatMap((op) => SERVER_ERRORS.map((status) => [`${op.operationId} ${status}`, op, status] as const));

describe('server errors on demand: 500, 502, 503 and 504 on every public operation', () => {
  it('are the four a deployment sends, and no operation documents one', () => {
    expect(SERVER_ERRORS).toEqual([500, 502, 503, 504]);
    expect(validator.operations.filter((op) => documentedStatuses(op).some((s) => s >= 500)).map((op) => op.operationId)).toEqual([]);
  });

  it.each(EVERY_SERVER_ERROR)('%s by Prefer: the Error shape, without running the operation', async (_name, op, status) => {
    const m = testMock();
    const before = fingerprint(m.app);
    const res = await send(m.app, op, { prefer: `code=${status}` });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('preference-applied')).toBe(`code=${status}`);
    expect(res.headers.get('retry-after')).toBe(status === 503 ? String(SERVER_ERROR_RETRY_AFTER_SECONDS) : null);
    const body = await readBody(res);
    expect(validator.validateAt('#/components/schemas/Error', body)).toEqual([]);
    expect(body).toMatchObject({ statusCode: status, msg: expect.any(String), message: expect.any(String) });
    expect(fingerprint(m.app)).toBe(before);
    expect(lastEntry(m)).toMatchObject({ operationId: op.operationId, status, override: { by: 'prefer', status } });
  });

  it('by an override, for the next calls: createPosts answers 502 once, then for real', async () => {
    const m = testMock();
    const set = await m.http.post('/_mock/overrides').send({ operationId: 'createPosts', status: 502, times: 1 }).expect(201);
    const failed = await m.api('post', '/posts').send(draft).expect(502);
    expect(failed.headers['x-mock-override']).toBe(set.body.id);
    expect(failed.body).toEqual({ statusCode: 502, msg: 'Bad Gateway', message: 'Bad Gateway' });
    await m.api('post', '/posts').send(draft).expect(200);
  });

  it('a server error has no examples to name', async () => {
    const m = testMock();
    const res = await m.api('get', '/groups').set('Prefer', 'code=500, example=x').expect(400);
    expect(res.body.message).toMatch(/listGroups 500 has no examples/);
    await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 500, example: 'x' }).expect(400);
  });
});

describe('Prefer, the rest of its syntax', () => {
  const createPosts = validator.byId('createPosts');

  it.each([
    ['a named example of a status', 'createPosts', 'code=400, example=settings', 400, 'code=400, example=settings'],
    ['a named example without a code: the status holding it', 'getWallet', 'example=paidPlan', 200, 'example=paidPlan'],
    ['the unnamed example by its name', 'listGroups', 'code=401; x=y, example=example', 401, 'code=401, example=example'],
    ["Prism's static mode: the lowest success's example", 'listGroups', 'dynamic=false', 200, 'dynamic=false'],
    ['names in any case, a quoted value', 'getPostAnalytics', 'Code=200, EXAMPLE="missing"', 200, 'code=200, example=missing'],
    ['two Prefer headers read as one list, the first of a name winning', 'createPosts', 'code=402, code=400', 402, 'code=402'],
  ])('%s', async (_what, operationId, prefer, status, applied) => {
    const m = testMock();
    const op = validator.byId(operationId);
    const res = await send(m.app, op, { prefer });
    expect(res.status).toBe(status);
    expect(res.headers.get('preference-applied')).toBe(applied);
    const body = await readBody(res);
    const example = documentedExample(operationId, status, /example="?(\w+)/i.exec(prefer)?.[1]) as Record<string, unknown>;
    // A settings problem names a channel of the caller's world (below), not the document's example channel.
    expect(body).toEqual('provider' in example ? { ...example, name: 'Northwind on X' } : example);
    expect(op.validateResponse(status, body, res.headers)).toEqual([]);
  });

  describe("a forced settings problem names a channel of the caller's workspace, not the document's example channel", () => {
    const withChannels = (...ids: string[]) => ({ ...draft, type: 'schedule', posts: ids.map((id) => ({ ...draft.posts[0]!, integration: { id } })) });

    it('with Prefer: the channel the request named, of the example’s provider, and the example’s message', async () => {
      const m = testMock();
      const res = await send(m.app, createPosts, { prefer: 'code=400, example=settings', authorization: KEYS.paid }, withChannels('ch_paid_linkedin', 'ch_paid_x'));
      expect(await res.json()).toEqual({ statusCode: 400, provider: 'x', name: 'Lumen Studio on X', message: 'who_can_reply_post is required' });
    });

    it('through the control API: a channel of another provider named alone is the one named, said plainly', async () => {
      const m = testMock();
      await m.http.post('/_mock/overrides').send({ operationId: 'createPosts', status: 400, example: 'settings', times: 1 }).expect(201);
      const res = await send(m.app, createPosts, {}, withChannels('ch_payg_linkedin'));
      const body = await res.json();
      expect(body).toEqual({ statusCode: 400, provider: 'linkedin', name: 'Northwind on LinkedIn', message: 'the settings do not match what linkedin requires' });
      expect(createPosts.validateResponse(400, body, res.headers)).toEqual([]);
    });

    it("a channel id of another workspace is not named: the caller's own channel of the example's provider is", async () => {
      const m = testMock();
      const res = await send(m.app, createPosts, { prefer: 'code=400, example=settings' }, withChannels('ch_paid_x'));
      expect(await res.json()).toMatchObject({ provider: 'x', name: 'Northwind on X' });
    });
  });

  it('answers a 429 the document shows no body for with the mock’s own 429, and a Retry-After to show', async () => {
    const m = testMock();
    const res = await send(m.app, createPosts, { prefer: 'code=429' }, draft);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    expect(res.headers.get('retry-after')).toBe('60');
  });

  it('gives a documented header its value: X-Cached-At from the mock clock', async () => {
    const m = testMock();
    const res = await send(m.app, validator.byId('getChannelAnalytics'), { prefer: 'code=200' });
    expect(res.headers.get('x-cached-at')).toBe(new Date(T0).toISOString());
  });

  it('with a real body, still never runs the operation: Prefer: code=200 on createPosts creates nothing', async () => {
    const m = testMock();
    const before = fingerprint(m.app);
    const res = await send(m.app, createPosts, { prefer: 'code=200' }, draft);
    expect(res.status).toBe(200);
    expect(fingerprint(m.app)).toBe(before);
    expect((await send(m.app, createPosts, {}, draft)).status).toBe(200);
    expect(fingerprint(m.app)).not.toBe(before);
  });

  it.each([
    ['return=minimal'],
    ['respond-async, wait=5'],
    ['dynamic=true'],
    ['handling=lenient'],
  ])('leaves the answer to the operation for preferences that are not its own: %s', async (prefer) => {
    const m = testMock();
    const res = await send(m.app, createPosts, { prefer }, draft);
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(lastEntry(m).override).toBeUndefined();
  });

  it.each([
    ['an undocumented status, naming the documented ones', 'listGroups', 'code=409', /listGroups does not document 409; it documents 200, 401, and any operation answers 500, 502, 503, 504/],
    ['a code that is not a status', 'listGroups', 'code=abc', /code=abc: give a status listGroups documents \(200, 401\)/],
    ['an unknown example, naming those there are', 'createPosts', 'code=400, example=nope', /createPosts 400 has no example named 'nope'; it has error, settings/],
    ['an example no status holds', 'getWallet', 'example=nope', /getWallet has no example named 'nope'; its examples are wallet \(200\), paidPlan \(200\), example \(401\)/],
    ['an error the mock cannot make', 'listGroups', 'error=timeout', /error=timeout: the mock drops the connection with error=network/],
    ['a network error with a code', 'listGroups', 'error=network, code=401', /cannot also answer a code/],
    ['a negative delay', 'listGroups', 'delay=-1', /delay=-1: give whole milliseconds from 0 to 60000/],
    ['a delay over a minute', 'listGroups', 'delay=60001', /from 0 to 60000/],
  ])('refuses %s with a 400 that says why, and changes nothing', async (_what, operationId, prefer, message) => {
    const m = testMock();
    const before = fingerprint(m.app);
    const res = await send(m.app, validator.byId(operationId), { prefer });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { statusCode: number; msg: string; message: string };
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(message);
    expect(body.message.startsWith('Prefer: ')).toBe(true);
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(fingerprint(m.app)).toBe(before);
    expect(lastEntry(m).override).toMatchObject({ by: 'prefer', refused: expect.stringMatching(message) });
  });

  it('parses RFC 7240: parameters dropped, quoted strings kept whole, names lowered, the first occurrence kept', () => {
    expect([...parsePrefer('code=429; foo=bar, example="a, \\"b\\"", respond-async,  Delay = 5 , code=500')]).toEqual([
      ['code', '429'],
      ['example', 'a, "b"'],
      ['respond-async', undefined],
      ['delay', '5'],
    ]);
  });
});

describe('POST /_mock/overrides: the next calls, or until cleared', () => {
  it('answers the next 2 createPosts with the 402 example, changing nothing, then the real answer', async () => {
    const m = testMock();
    const set = await m.http.post('/_mock/overrides').send({ operationId: 'createPosts', status: 402, times: 2 }).expect(201);
    expect(set.body).toEqual({ id: 'ovr_1', operationId: 'createPosts', status: 402, example: 'example', times: 2, remaining: 2, used: 0 });
    const before = fingerprint(m.app);
    const example = documentedExample('createPosts', 402);
    for (const remaining of [1, 0]) {
      const res = await m.api('post', '/posts').send(draft).expect(402);
      expect(res.body).toEqual(example);
      expect(res.headers['x-mock-override']).toBe('ovr_1');
      expect(fingerprint(m.app)).toBe(before);
      const listed = (await m.http.get('/_mock/overrides').expect(200)).body;
      expect(listed.overrides).toEqual(remaining === 0 ? [] : [{ ...set.body, remaining, used: 1 }]);
    }
    const real = await m.api('post', '/posts').send(draft).expect(200);
    expect(real.headers['x-mock-override']).toBeUndefined();
    expect(fingerprint(m.app)).not.toBe(before);
    expect(m.app.state.journal.list({ operation: 'createPosts' }).map((e) => [e.status, e.override])).toEqual([
      [402, { by: 'control', id: 'ovr_1', status: 402, example: 'example' }],
      [402, { by: 'control', id: 'ovr_1', status: 402, example: 'example' }],
      [200, undefined],
    ]);
  });

  it('without times holds until cleared, one by id or all at once; the oldest of an operation applies first', async () => {
    const m = testMock();
    const first = (await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 401 }).expect(201)).body;
    expect(first).toMatchObject({ times: null, remaining: null });
    await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', example: 'example' }).expect(201);
    for (let i = 0; i < 3; i++) await m.api('get', '/groups').expect(401);
    expect((await m.http.get('/_mock/overrides').expect(200)).body.overrides[0]).toMatchObject({ id: first.id, used: 3, remaining: null });
    expect((await m.http.delete(`/_mock/overrides/${first.id}`).expect(200)).body).toEqual({ deleted: true });
    await m.http.delete(`/_mock/overrides/${first.id}`).expect(404);
    // The second, by its example name alone, is the lowest status holding it: the 200 example, not the world's groups.
    const canned = await m.api('get', '/groups').expect(200);
    expect(canned.body).toEqual(documentedExample('listGroups', 200));
    expect((await m.http.delete('/_mock/overrides').expect(200)).body).toEqual({ cleared: 1 });
    const real = await m.api('get', '/groups').expect(200);
    expect(real.body).not.toEqual(canned.body);
  });

  it('is cleared by a reset, and its ids are never reused', async () => {
    const m = testMock();
    await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 401 }).expect(201);
    await m.http.post('/_mock/reset').expect(200);
    expect((await m.http.get('/_mock/overrides').expect(200)).body).toEqual({ cap: MAX_OVERRIDES, overrides: [] });
    await m.api('get', '/groups').expect(200);
    expect((await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 401 }).expect(201)).body.id).toBe('ovr_2');
  });

  it('gives way to the request’s own Prefer, which spends none of it', async () => {
    const m = testMock();
    await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 401, times: 1 }).expect(201);
    const res = await m.api('get', '/groups').set('Prefer', 'dynamic=false').expect(200);
    expect(res.headers['preference-applied']).toBe('dynamic=false');
    expect((await m.http.get('/_mock/overrides').expect(200)).body.overrides[0]).toMatchObject({ remaining: 1, used: 0 });
    await m.api('get', '/groups').expect(401);
  });

  it.each([
    ['an unknown operation', { operationId: 'createPost', status: 402 }, /No public operation is called 'createPost'/],
    ['a status the operation does not document, naming those it does', { operationId: 'listGroups', status: 409 }, /listGroups does not document 409; it documents 200, 401/],
    ['an unknown example', { operationId: 'getWallet', status: 200, example: 'nope' }, /getWallet 200 has no example named 'nope'; it has wallet, paidPlan/],
    ['nothing to do', { operationId: 'listGroups', times: 3 }, /Give status/],
    ['a network error with a status', { operationId: 'listGroups', status: 401, error: 'network' }, /cannot also answer a status/],
    ['a control operation', { operationId: 'resetWorld', status: 200 }, /No public operation is called 'resetWorld'/],
    ['a delay over a minute', { operationId: 'listGroups', delayMs: 60_001 }, /delayMs/],
    ['zero times', { operationId: 'listGroups', status: 401, times: 0 }, /times/],
    ['an error other than network', { operationId: 'listGroups', error: 'timeout' }, /error/],
  ])('refuses %s with a 400, keeping nothing', async (_what, body, message) => {
    const m = testMock();
    const res = await m.http.post('/_mock/overrides').send(body).expect(400);
    expect([res.body.message].flat().join(' ')).toMatch(message);
    expect((await m.http.get('/_mock/overrides').expect(200)).body.overrides).toEqual([]);
  });

  it(`keeps at most ${MAX_OVERRIDES}`, async () => {
    const m = testMock();
    for (let i = 0; i < MAX_OVERRIDES; i++) await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 401 }).expect(201);
    const refused = await m.http.post('/_mock/overrides').send({ operationId: 'listGroups', status: 401 }).expect(400);
    expect(refused.body.message).toMatch(`at most ${MAX_OVERRIDES} overrides`);
    expect((await m.http.get('/_mock/overrides').expect(200)).body.overrides).toHaveLength(MAX_OVERRIDES);
  });
});

describe('a delay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Start a request and wait until the pipeline has decided its answer (it is journaled, then held). */
  async function started(m: TestMock, path: string, init: RequestInit = {}) {
    const before = m.app.state.journal.size;
    let settled = false;
    const response = m.app.fetch(new Request(`${ORIGIN}${path}`, init)).finally(() => {
      settled = true;
    });
    // setImmediate is not faked: it lets the pipeline run up to its timer.
    while (m.app.state.journal.size === before && !settled) await new Promise((r) => setImmediate(r));
    return { response, settled: () => settled };
  }

  it.each([
    ['Prefer: delay with a code holds the canned answer', { prefer: 'code=404, delay=1500' }, undefined, 404],
    ['Prefer: delay alone holds the real answer', { prefer: 'delay=1500' }, undefined, 200],
    ['a control override with delayMs alone holds the real answer', {}, { operationId: 'getSkill', delayMs: 1500, times: 1 }, 200],
  ])('%s no less than it says, in place of --latency', async (_what, headers, control, status) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const m = testMock({ latency: '20' });
    if (control) await m.app.fetch(new Request(`${ORIGIN}/_mock/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(control) }));
    const req = await started(m, `${API}/skills/first-post`, { headers: { authorization: KEYS.paid, ...headers } });
    await vi.advanceTimersByTimeAsync(1499);
    expect(req.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(req.settled()).toBe(true);
    expect((await req.response).status).toBe(status);
    expect(lastEntry(m)).toMatchObject({ operationId: 'getSkill', status, latencyMs: 1500, override: { delayMs: 1500 } });
  });
});

describe('a network error under the Node server', () => {
  let mock: RunningMock | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('drops the connection (fetch rejects) for Prefer: error=network and for an override, then answers for real', async () => {
    mock = await startMock({ port: 0, seed: 1, clock: new MockClock({ frozenAt: T0 }) });
    const url = `${mock.origin}${API}/groups`;
    const headers = { authorization: KEYS.payg };
    await expect(fetch(url, { headers: { ...headers, prefer: 'error=network' } })).rejects.toThrow(TypeError);
    const set = await fetch(`${mock.origin}/_mock/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId: 'listGroups', error: 'network', times: 1 }) });
    expect(set.status).toBe(201);
    const { id } = (await set.json()) as { id: string };
    await expect(fetch(url, { headers })).rejects.toThrow(TypeError);
    const real = await fetch(url, { headers });
    expect(real.status).toBe(200);
    await real.body?.cancel();
    const journal = (await (await fetch(`${mock.origin}/_mock/requests?operation=listGroups`)).json()) as { entries: Array<{ status: number; override?: unknown }> };
    expect(journal.entries.map((e) => [e.status, e.override])).toEqual([
      [0, { by: 'prefer', error: 'network' }],
      [0, { by: 'control', id, error: 'network' }],
      [200, undefined],
    ]);
  });
});

describe('the journal of an overridden request, with bodies kept', () => {
  it.each([
    ['Prefer', (m: TestMock) => m.api('post', '/posts').set('Prefer', 'code=402').send(draft).expect(402)],
    ['an override', async (m: TestMock) => {
      await m.http.post('/_mock/overrides').send({ operationId: 'createPosts', status: 402, times: 1 }).expect(201);
      await m.api('post', '/posts').send(draft).expect(402);
    }],
    ['a network error', async (m: TestMock) => {
      const dropped = await m.app.fetch(new Request(`${ORIGIN}${API}/posts`, { method: 'POST', headers: { authorization: KEYS.payg, 'content-type': 'application/json', prefer: 'error=network', 'content-length': String(JSON.stringify(draft).length) }, body: JSON.stringify(draft) }));
      expect(dropped.type).toBe('error');
    }],
  ])('%s: the body the app sent is kept, as for a request the operation answered', async (_by, send) => {
    const m = testMock({ journalBodies: true });
    await send(m);
    expect(lastEntry(m)).toMatchObject({ operationId: 'createPosts', body: draft, bodyBytes: JSON.stringify(draft).length });
  });

  it('without bodies kept, an overridden request still records its size only', async () => {
    const m = testMock();
    await m.api('post', '/posts').set('Prefer', 'code=402').send(draft).expect(402);
    expect(lastEntry(m).body).toBeUndefined();
    expect(lastEntry(m).bodyBytes).toBe(JSON.stringify(draft).length);
  });
});

describe('CORS for a page that sends Prefer', () => {
  it('a preflight asking for Prefer is allowed, and the page can read Preference-Applied and X-Mock-Override', async () => {
    const m = testMock();
    const preflight = await m.http
      .options(`${API}/posts`)
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, prefer')
      .expect(204);
    expect(preflight.headers['access-control-allow-headers']!.split(', ')).toContain('prefer');
    const res = await m.api('get', '/groups').set('Origin', 'http://localhost:5173').set('Prefer', 'code=401').expect(401);
    expect(res.headers['access-control-expose-headers']!.split(', ')).toEqual(expect.arrayContaining(['Preference-Applied', 'X-Mock-Override']));
  });
});
