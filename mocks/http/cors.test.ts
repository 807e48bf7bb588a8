// CORS in-process: preflights for every documented path with its methods, allow-origin on every answer (errors too), --cors-origin lists and off, the control API same-origin unless --control-cors.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0, type TestMock } from '../testing.ts';
import { loadSpec, loadControlSpec } from '../../spec/load.ts';
import { CORS_MAX_AGE_SECONDS } from './cors.ts';

const APP = 'http://localhost:5173';
const API = '/api/public/v1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const HOUR = 3_600_000;

function documentedPaths(document: Record<string, any>): Array<{ path: string; methods: string[] }> {
  return Object.entries<Record<string, any>>(document.paths ?? {}).map(([path, item]) => ({
    path,
    methods: Object.keys(item).filter((k) => METHODS.includes(k)).map((m) => m.toUpperCase()).sort(),
  }));
}

/** A concrete path for a template: every parameter a value no literal segment has. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'p1');

function preflight(m: TestMock, path: string, method = 'POST', headers = 'authorization,content-type', origin = APP) {
  return m.http.options(path).set('Origin', origin).set('Access-Control-Request-Method', method).set('Access-Control-Request-Headers', headers);
}

const draft = () => ({
  type: 'draft',
  date: new Date(T0 + HOUR).toISOString(),
  shortLink: false,
  tags: [],
  posts: [{ integration: { id: 'ch_payg_x' }, value: [{ content: 'hello', image: [] }], settings: { __type: 'x', who_can_reply_post: 'everyone' } }],
});

describe('CORS on the public API, on by default', () => {
  it('answers the preflight of every documented path with that path’s documented methods', async () => {
    const m = testMock();
    const paths = documentedPaths(loadSpec());
    expect(paths.length).toBeGreaterThan(20);
    for (const { path, methods } of paths) {
      const res = await preflight(m, API + concrete(path), methods[0]);
      expect(res.status, path).toBe(204);
      expect(res.headers['access-control-allow-origin'], path).toBe('*');
      expect(res.headers['access-control-allow-methods']!.split(', '), path).toEqual(methods);
    }
  });

  it('allows Authorization, Content-Type and the well-formed headers asked for, for two hours', async () => {
    const m = testMock();
    const res = await preflight(m, `${API}/posts`, 'POST', 'Authorization, X-Request-Id, bad header, content-type').expect(204);
    expect(res.headers['access-control-allow-headers']!.split(', ')).toEqual(['authorization', 'content-type', 'x-request-id']);
    expect(res.headers['access-control-max-age']).toBe(String(CORS_MAX_AGE_SECONDS));
    expect(CORS_MAX_AGE_SECONDS).toBe(7200);
    expect(res.headers.vary).toContain('Access-Control-Request-Headers');
    // Asked for nothing, the usual headers are still allowed.
    const bare = await m.http.options(`${API}/integrations`).set('Origin', APP).set('Access-Control-Request-Method', 'GET').expect(204);
    expect(bare.headers['access-control-allow-headers']).toBe('authorization, content-type');
  });

  it('leaves an undocumented path or a plain OPTIONS to the app (404)', async () => {
    const m = testMock();
    await preflight(m, `${API}/nowhere`).expect(404);
    const plain = await m.http.options(`${API}/posts`).expect(404);
    expect(plain.headers['access-control-allow-origin']).toBe('*');
  });

  it('puts Access-Control-Allow-Origin on successes and on every error, and exposes X-Cached-At', async () => {
    const m = testMock({ config: { postsPerHour: 1 } });
    const withOrigin = (t: ReturnType<TestMock['api']>) => t.set('Origin', APP);
    const answers = [
      await withOrigin(m.api('get', '/integrations')).expect(200),
      await withOrigin(m.api('post', '/posts')).send(draft()).expect(200),
      await withOrigin(m.api('post', '/posts')).send(draft()).expect(429),
      await withOrigin(m.api('get', '/integrations', 'wrong-key')).expect(401),
      await withOrigin(m.api('post', '/generate-video', KEYS.free)).send({ prompt: 'teaser' }).expect(402),
      await withOrigin(m.api('get', '/posts/nope/status')).expect(404),
      await withOrigin(m.api('get', '/nowhere')).expect(404),
      await withOrigin(m.api('get', '/posts?startDate=x', KEYS.paid)).expect(400),
      // Refused before the operation, by size alone.
      await withOrigin(m.api('post', '/posts', KEYS.paid)).set('Content-Type', 'application/json').send(`{"pad":"${'x'.repeat(6 * 1024 * 1024)}"}`).expect(413),
    ];
    for (const res of answers) {
      expect(res.headers['access-control-allow-origin'], `${res.status}`).toBe('*');
      expect(res.headers['access-control-expose-headers'], `${res.status}`).toContain('X-Cached-At');
    }
  });

  it('lets pages read uploaded files from /media-files', async () => {
    const m = testMock();
    const res = await m.http.options('/media-files/abc.png').set('Origin', APP).set('Access-Control-Request-Method', 'GET').expect(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
    const missing = await m.http.get('/media-files/abc.png').set('Origin', APP).expect(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('--cors-origin', () => {
  it('echoes a listed origin with Vary: Origin, and gives no other origin the header', async () => {
    const m = testMock({ corsOrigins: [APP, 'https://app.example.com'] });
    const ok = await preflight(m, `${API}/posts`).expect(204);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    expect(ok.headers.vary).toContain('Origin');
    const read = await m.api('get', '/integrations').set('Origin', 'https://app.example.com').expect(200);
    expect(read.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(read.headers.vary).toContain('Origin');

    const refused = await preflight(m, `${API}/posts`, 'POST', 'authorization', 'http://evil.test').expect(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.body.message).toContain('--cors-origin http://evil.test');
    const other = await m.api('get', '/integrations').set('Origin', 'http://evil.test').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toContain('Origin');
  });

  it('off: no preflight answer and no header', async () => {
    const m = testMock({ corsOrigins: ['off'] });
    await preflight(m, `${API}/posts`).expect(404);
    const res = await m.api('get', '/integrations').set('Origin', APP).expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the control API and CORS', () => {
  it('stays same-origin by default: no preflight answer, and another origin is refused', async () => {
    const m = testMock();
    await preflight(m, '/_mock/reset').expect(404);
    const res = await m.http.post('/_mock/reset').set('Origin', APP).expect(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with --control-cors, answers preflights with the documented methods and takes the allowed origins', async () => {
    const m = testMock({ corsOrigins: [APP], controlCors: true });
    for (const { path, methods } of documentedPaths(loadControlSpec()).filter((p) => !loadControlSpec().paths[p.path].servers)) {
      const res = await preflight(m, `/_mock${concrete(path)}`, methods[0]).expect(204);
      expect(res.headers['access-control-allow-methods']!.split(', '), path).toEqual(methods);
    }
    const reset = await m.http.post('/_mock/reset').set('Origin', APP).set('Sec-Fetch-Site', 'cross-site').expect(200);
    expect(reset.headers['access-control-allow-origin']).toBe(APP);
    await m.http.post('/_mock/reset').set('Origin', 'http://evil.test').expect(403);
    // The app host's pages (consent, wallet) stay same-origin.
    await preflight(m, '/wallet').expect(404);
  });

  it('with --control-cors still checks Host and the control token', async () => {
    const m = testMock({ corsOrigins: [APP], controlCors: true, controlToken: 't0ken' });
    m.app.state.access.listening = { host: '127.0.0.1', origin: 'http://127.0.0.1:4010' };
    await m.http.get('/_mock/workspaces').set('Origin', APP).set('Host', 'rebound.evil.test').set('Authorization', 'Bearer t0ken').expect(403);
    await m.http.get('/_mock/workspaces').set('Origin', APP).set('Host', '127.0.0.1:4010').expect(401);
    await m.http.get('/_mock/workspaces').set('Origin', APP).set('Host', '127.0.0.1:4010').set('Authorization', 'Bearer t0ken').expect(200);
  });
});
