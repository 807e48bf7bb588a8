import { describe, expect, it } from 'vitest';
import { KEYS, T0, testMock } from '../mocks/testing.ts';
import { apiBasePath } from '../spec/load.ts';
import { PNG } from '../mocks/http/media-samples.ts';
import { API_BASE_PATH, apiBaseUrl, createSpwClient, errorText } from './index.ts';

describe('the typed client', () => {
  const m = testMock();
  const client = (apiKey?: string) => createSpwClient({ baseUrl: 'http://mock.test', apiKey, fetch: (req: Request) => m.app.fetch(req) });

  it("its base path is the document's (the client cannot read the document: it must load in a browser)", () => {
    expect(API_BASE_PATH).toBe(apiBasePath());
  });

  it('adds the base path to a bare origin and keeps an explicit one', () => {
    expect(apiBaseUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/api/public/v1');
    expect(apiBaseUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010/api/public/v1');
    expect(apiBaseUrl('https://api.example.com/api/public/v1/')).toBe('https://api.example.com/api/public/v1');
  });

  it('with no page (server-rendered code, Node), a relative base URL is refused, saying an absolute one is needed', () => {
    expect('window' in globalThis || 'location' in globalThis).toBe(false);
    for (const relative of ['/api/spw', '', 'api/public/v1']) {
      expect(() => createSpwClient({ baseUrl: relative, apiKey: 'k' })).toThrow(/is relative, and there is no page to resolve it against[\s\S]*absolute URL/);
    }
  });

  it('sends the key on its own and reads typed answers: channels, a draft created, then listed', async () => {
    const api = client(KEYS.paid);
    const channels = await api.GET('/integrations');
    expect(channels.response.status).toBe(200);
    const linkedin = channels.data!.find((c) => c.identifier === 'linkedin')!;
    expect(linkedin.id).toBeTruthy();

    const date = new Date(T0 + 3_600_000).toISOString();
    const created = await api.POST('/posts', {
      body: { type: 'draft', date, shortLink: false, tags: [], posts: [{ integration: { id: linkedin.id }, value: [{ content: 'From the typed client', image: [] }] }] },
    });
    expect(created.response.status).toBe(200);
    const postId = created.data![0]!.postId;

    const listed = await api.GET('/posts', { params: { query: { startDate: new Date(T0).toISOString(), endDate: new Date(T0 + 86_400_000).toISOString() } } });
    expect(listed.data!.posts.map((p) => p.id)).toContain(postId);
  });

  it('gives the documented error body when the key is missing', async () => {
    const res = await client().GET('/integrations');
    expect(res.response.status).toBe(401);
    expect(res.error).toMatchObject({ msg: 'No API Key found' });
  });
});

describe('the typed client: every error is an object in a documented shape', () => {
  /** A client whose server answers `status` with `body` (and `type`) to every request. */
  const answering = (status: number, body: string, type = 'application/json') =>
    createSpwClient({ baseUrl: 'http://mock.test', apiKey: 'k', fetch: async () => new Response(body === '' ? null : body, { status, headers: { 'content-type': type } }) });

  it.each([
    ['a text 429 (its body not shown in the reference)', 429, 'Too Many Requests', 'text/plain', { statusCode: 429, message: 'Too Many Requests' }],
    ['an empty 404', 404, '', 'application/json', { statusCode: 404, message: '' }],
    ['a bare JSON string', 400, '"nope"', 'application/json', { statusCode: 400, message: '"nope"' }],
    ['a JSON array', 500, '[1,2]', 'application/json', { statusCode: 500, message: '[1,2]' }],
    ['an object with neither msg nor message', 429, '{"retry":true}', 'application/json', { statusCode: 429, message: '{"retry":true}' }],
  ])('%s comes back as { statusCode, message: <text> }', async (_, status, body, type, want) => {
    const { data, error, response } = await answering(status, body, type).GET('/integrations');
    expect(response.status).toBe(status);
    expect(data).toBeUndefined();
    expect(error).toEqual(want);
  });

  it.each([
    ['Unauthorized', 401, { msg: 'Invalid API key' }],
    ['Error with a message list', 400, { statusCode: 400, message: ['a', 'b'] }],
    ['WalletRefusal', 402, { message: 'Top up', wallet: {}, url: '/billing' }],
    ['PostValidationError', 400, { statusCode: 400, provider: 'x', name: 'X', message: 'too long' }],
  ])('a documented %s body passes untouched', async (_, status, body) => {
    const { error } = await answering(status, JSON.stringify(body)).GET('/integrations');
    expect(error).toEqual(body);
  });

  it.each([
    ['Unauthorized', { msg: 'Invalid API key' }, 'Invalid API key'],
    ['Error with a message list (msg only says Bad Request)', { statusCode: 400, msg: 'Bad Request', message: ['size must not be greater than 100', 'page must be a number'] }, 'size must not be greater than 100; page must be a number'],
    ['Error with msg only', { statusCode: 404, msg: 'Post not found' }, 'Post not found'],
    ['WalletRefusal', { message: 'Not enough credits in your wallet.', wallet: true, url: '/wallet' }, 'Not enough credits in your wallet.'],
    ['PlanRefusal', { statusCode: 402, message: 'A paid plan is needed', url: 'https://app.example.com/billing' }, 'A paid plan is needed'],
    ['PostValidationError, naming the channel', { statusCode: 400, provider: 'x', name: 'Acme on X', message: 'who_can_reply_post is required' }, 'Acme on X: who_can_reply_post is required'],
    ['a body the client wrapped', { statusCode: 429, message: '' }, 'The API answered 429 with no message'],
  ])('errorText of %s', (_, body, text) => {
    expect(errorText(body)).toBe(text);
  });

  it('errorText takes the error of a real answer, with no narrowing first', async () => {
    const { error } = await answering(401, JSON.stringify({ msg: 'No API Key found' })).POST('/posts', { body: { type: 'draft', date: '2026-01-01T00:00:00Z', shortLink: false, tags: [], posts: [] } });
    expect(error && errorText(error)).toBe('No API Key found');
  });

  it('a success is untouched', async () => {
    const { data, error } = await answering(200, '[]').GET('/integrations');
    expect(error).toBeUndefined();
    expect(data).toEqual([]);
  });
});

describe('the typed client: uploads take a Blob, a File or a FormData', () => {
  const m = testMock();
  const api = createSpwClient({ baseUrl: 'http://mock.test', apiKey: KEYS.payg, fetch: (req: Request) => m.app.fetch(req) });
  const png = () => new Blob([PNG], { type: 'image/png' });
  const form = () => {
    const f = new FormData();
    f.append('file', png(), 'form.png');
    return f;
  };

  it('a ticket upload: mint, then send { file } to the ticket, no cast and no key', async () => {
    const minted = await api.POST('/upload-ticket', { body: { purpose: 'media' } });
    if (minted.error) throw new Error(`no ticket: ${JSON.stringify(minted.error)}`);
    const token = new URL(minted.data.uploadUrl).pathname.split('/').pop()!;
    const anonymous = createSpwClient({ baseUrl: 'http://mock.test', fetch: (req: Request) => m.app.fetch(req) });
    const { data, error, response } = await anonymous.POST('/upload-ticket/{token}', { params: { path: { token } }, body: { file: new File([PNG], 'ticket.png', { type: 'image/png' }) } });
    if (error) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
    expect(data).toMatchObject({ name: expect.stringMatching(/\.png$/), originalName: 'ticket.png' });
  });

  it.each([
    ['a Blob', () => ({ file: png() })],
    ['a File', () => ({ file: new File([PNG], 'file.png', { type: 'image/png' }) })],
    ['a FormData', form],
  ] as const)('POST /upload with %s', async (_name, body) => {
    const { data, error } = await api.POST('/upload', { body: body() });
    expect(error).toBeUndefined();
    expect(data?.path).toMatch(/^http/);
  });

  it('a brief file with a brief ticket', async () => {
    const minted = await api.POST('/upload-ticket', { body: { purpose: 'brief' } });
    const token = new URL(minted.data!.uploadUrl).pathname.split('/').pop()!;
    const { response } = await api.POST('/brief-upload/{token}', { params: { path: { token } }, body: form() });
    expect(response.status).toBe(200);
  });

  it('a JSON body is still sent as JSON', async () => {
    const { response } = await api.POST('/upload-ticket', { body: { purpose: 'media' } });
    expect(response.status).toBe(200);
  });
});
