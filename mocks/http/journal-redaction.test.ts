// What the request journal never keeps: every name that carries a secret, in bodies (at any depth), queries and
// headers, whatever its case and separators; and every credential the mock knows, wherever it appears (paths included).
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0, type TestMock } from '../testing.ts';
import { isSecretName, Journal, REDACTED, type Exchange } from './journal.ts';

const SECRET = 'S3cr3t-value-0123456789';

/** Names that carry a secret, as clients spell them. */
const SECRET_NAMES = [
  'apiKey', 'api_key', 'api-key', 'API_KEY', 'X-Api-Key', 'x_api_key', 'ApiKey', 'openaiApiKey',
  'key', 'Key', 'KEY',
  'secret', 'Secret', 'clientSecret', 'client_secret', 'client-secret', 'webhookSecret', 'secretKey', 'secret_key', 'Secret-Key',
  'privateKey', 'private_key', 'private-key', 'PRIVATE_KEY',
  'token', 'Token', 'accessToken', 'access_token', 'access-token', 'refresh_token', 'refreshToken', 'id_token', 'csrf_token', 'X-Auth-Token',
  'password', 'Password', 'passwd', 'new_password',
  'authorization', 'Authorization', 'Proxy-Authorization',
  'bearer', 'Bearer',
  'code', 'auth_code', 'authorizationCode',
  'credentials',
];

/** Names that look alike and carry none: kept as sent. */
const PLAIN_NAMES = ['content', 'keyword', 'monkey', 'actionKey', 'statusCode', 'maxTokens', 'name', 'keys', 'codec'];

/** Where a named value can sit in a request, as the journal is handed it. */
const PLACES: Array<{ place: string; exchange: (name: string, value: unknown) => Partial<Exchange>; read: (entry: any, name: string) => unknown }> = [
  { place: 'body', exchange: (name, value) => ({ body: { [name]: value } }), read: (e, name) => e.body[name] },
  {
    place: 'nested body',
    exchange: (name, value) => ({ body: { posts: [{ value: [{ content: 'hi' }], settings: { [name]: value } }] } }),
    read: (e, name) => e.body.posts[0].settings[name],
  },
  { place: 'body array', exchange: (name, value) => ({ body: { list: [{ [name]: [value, value] }] } }), read: (e, name) => e.body.list[0][name][0] },
  {
    place: 'query',
    exchange: (name, value) => ({ url: `http://m/api/public/v1/posts?page=1&${encodeURIComponent(name)}=${encodeURIComponent(String(value))}` }),
    read: (e, name) => e.query[name],
  },
];

function recorded(over: Partial<Exchange>) {
  const journal = new Journal(true, () => 10);
  journal.record({
    method: 'POST', operationId: 'createPosts', apiPath: '/api/public/v1', pathTemplate: '/posts', params: {}, url: 'http://m/api/public/v1/posts',
    workspaceId: 'ws', status: 200, at: T0, receivedAt: T0, bodyBytes: 10, body: undefined, secrets: [], latencyMs: 0,
    ...over,
  });
  return journal.list()[0]!;
}

describe('journal redaction by name', () => {
  for (const { place, exchange, read } of PLACES) {
    for (const name of SECRET_NAMES) {
      it(`blanks ${name} in the ${place}`, () => {
        const entry = recorded(exchange(name, SECRET));
        expect(JSON.stringify(entry)).not.toContain(SECRET);
        expect(read(entry, name)).toBe(REDACTED);
      });
    }
    for (const name of PLAIN_NAMES) {
      it(`keeps ${name} in the ${place}`, () => {
        expect(read(recorded(exchange(name, SECRET)), name)).toBe(SECRET);
      });
    }
  }

  it('blanks every scalar under a secret name, however deep; null stays null', () => {
    const entry = recorded({ body: { token: { a: [1, 'x', true], b: null }, apiKey: 12345678, secret: null } });
    expect(entry.body).toEqual({ token: { a: [REDACTED, REDACTED, REDACTED], b: null }, apiKey: REDACTED, secret: null });
  });

  it('reads names without case or separators', () => {
    for (const name of SECRET_NAMES) expect(isSecretName(name), name).toBe(true);
    for (const name of PLAIN_NAMES) expect(isSecretName(name), name).toBe(false);
  });
});

describe('journal redaction of what a request carries, end to end', () => {
  const draft = (content: string) => ({
    type: 'draft',
    date: new Date(T0 + 3_600_000).toISOString(),
    shortLink: false,
    tags: [],
    posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content, image: [] }] }],
  });

  const journalText = async (m: TestMock) => JSON.stringify((await m.http.get('/_mock/requests').expect(200)).body);

  // Headers are never recorded; a secret-named header's value is also cut from the path, the query and the body.
  for (const name of SECRET_NAMES.filter((n) => !['authorization', 'Authorization'].includes(n))) {
    it(`a ${name} header's value is kept nowhere`, async () => {
      const m = testMock({ journalBodies: true });
      await m.api('post', `/posts?note=${SECRET}`).set(name, SECRET).send(draft(`pasted ${SECRET} here`));
      await m.api('delete', `/posts/${SECRET}`).set(name, SECRET);
      const text = await journalText(m);
      expect(text).not.toContain(SECRET);
      expect(text).toContain(`pasted ${REDACTED} here`);
      expect(text).toContain(`/api/public/v1/posts/${REDACTED}`);
    });
  }

  /** Credentials the mock handed out, each found by its value alone: none is the caller's own. */
  async function credentials(m: TestMock): Promise<Record<string, string>> {
    const rotated = (await m.http.post('/_mock/workspaces/ws_free_demo/rotate-key').expect(200)).body.apiKey as string;
    // Rotated again, the first rotated key is known to nobody: it is recognised by its form.
    await m.http.post('/_mock/workspaces/ws_free_demo/rotate-key').expect(200);
    const app = (await m.http.post('/_mock/workspaces/ws_paid_demo/oauth-app').send({ name: 'A', redirectUrl: 'https://app.example/cb' }).expect(201)).body;
    const codeFor = async () => {
      const page = await m.http.get(`/oauth/authorize?client_id=${app.clientId}&response_type=code`).expect(200);
      const nonce = page.text.match(/name="csrf_token" value="([^"]+)"/)![1]!;
      const res = await m.http.post('/oauth/authorize').type('form').send({ client_id: app.clientId, workspace: 'ws_paid_demo', decision: 'approve', csrf_token: nonce }).expect(302);
      return new URL(res.headers.location!).searchParams.get('code')!;
    };
    const exchanged = await m.http.post('/api/oauth/token').send({ grant_type: 'authorization_code', code: await codeFor(), client_id: app.clientId, client_secret: app.clientSecret }).expect(200);
    const ticket = await m.api('post', '/upload-ticket', KEYS.paid).send({ purpose: 'media' }).expect(200);
    return {
      'another workspace key': KEYS.paid,
      'a rotated key': rotated,
      'an OAuth access token': exchanged.body.access_token,
      'an OAuth client secret': app.clientSecret,
      'an unspent authorization code': await codeFor(),
      'an open upload ticket': new URL(ticket.body.uploadUrl).pathname.split('/').pop()!,
    };
  }

  it('blanks a known key or token in a path segment, a query value and a body string', async () => {
    const m = testMock({ journalBodies: true });
    const known = await credentials(m);
    await m.http.delete('/_mock/requests').expect(200);
    for (const [what, value] of Object.entries(known)) {
      await m.api('delete', `/posts/${encodeURIComponent(value)}`);
      await m.api('get', `/skills/${encodeURIComponent(value)}?search=${encodeURIComponent(value)}`);
      await m.api('post', '/posts').send(draft(`${what}: ${value}.`));
    }
    const { body } = await m.http.get('/_mock/requests').expect(200);
    const text = JSON.stringify(body);
    for (const [what, value] of Object.entries(known)) expect(text, what).not.toContain(value);
    const entries = body.entries as any[];
    expect(entries.filter((e) => e.operationId === 'deletePost').map((e) => e.path)).toEqual(Object.keys(known).map(() => `/api/public/v1/posts/${REDACTED}`));
    expect(entries.filter((e) => e.operationId === 'getSkill').map((e) => e.query.search)).toEqual(Object.keys(known).map(() => REDACTED));
    expect(entries.filter((e) => e.operationId === 'createPosts').map((e) => e.body.posts[0].value[0].content)).toEqual(Object.keys(known).map((what) => `${what}: ${REDACTED}.`));
    // An id that is no credential stays readable.
    await m.api('delete', '/posts/post_not_a_secret');
    expect((await m.http.get('/_mock/requests?operation=deletePost').expect(200)).body.entries.at(-1).path).toBe('/api/public/v1/posts/post_not_a_secret');
  });
});
