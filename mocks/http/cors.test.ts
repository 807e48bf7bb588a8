// CORS in-process: preflights for every documented path with its methods, allowed origins echoed with credentials on
// every answer (errors too), --cors-origin lists and off, the control API same-origin unless --control-cors, unknown API
// paths' preflights let through to their 404, and every refusal told on the terminal in one rate-limited line.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testMock, KEYS, T0, type TestMock } from '../testing.ts';
import { loadSpec, loadControlSpec } from '../../spec/load.ts';
import { CORS_MAX_AGE_SECONDS, REFUSAL_LOG, refusalLog } from './cors.ts';
import type { MockOptions } from './state.ts';

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
      expect(res.headers['access-control-allow-origin'], path).toBe(APP);
      expect(res.headers['access-control-allow-credentials'], path).toBe('true');
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

  it('lets the preflight of an unknown API path through, so the page reads the real 404 in the Error shape', async () => {
    const m = testMock();
    const pass = await preflight(m, `${API}/nowhere/at/all`, 'PATCH').expect(204);
    expect(pass.headers['access-control-allow-origin']).toBe(APP);
    expect(pass.headers['access-control-allow-methods']).toBe('PATCH');
    const real = await m.http.patch(`${API}/nowhere/at/all`).set('Origin', APP).set('Authorization', KEYS.payg).expect(404);
    expect(real.headers['access-control-allow-origin']).toBe(APP);
    expect(real.body).toEqual({ statusCode: 404, msg: 'Not Found', message: `Cannot PATCH ${API}/nowhere/at/all` });
    // A plain OPTIONS (no preflight) is the app's to answer: 404, readable.
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
      expect(res.headers['access-control-allow-origin'], `${res.status}`).toBe(APP);
      expect(res.headers['access-control-allow-credentials'], `${res.status}`).toBe('true');
      expect(res.headers.vary, `${res.status}`).toContain('Origin');
      expect(res.headers['access-control-expose-headers'], `${res.status}`).toContain('X-Cached-At');
    }
  });

  it('lets pages read uploaded files from /media-files', async () => {
    const m = testMock();
    const res = await m.http.options('/media-files/abc.png').set('Origin', APP).set('Access-Control-Request-Method', 'GET').expect(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
    const missing = await m.http.get('/media-files/abc.png').set('Origin', APP).expect(404);
    expect(missing.headers['access-control-allow-origin']).toBe(APP);
    // Without an Origin (curl, an <img>), any origin may read it.
    expect((await m.http.get('/media-files/abc.png').expect(404)).headers['access-control-allow-origin']).toBe('*');
  });
});

describe('--cors-origin', () => {
  it('echoes a listed origin with Vary: Origin, and gives no other origin the header', async () => {
    const m = testMock({ corsOrigins: [APP, 'https://app.example.com'] });
    const ok = await preflight(m, `${API}/posts`).expect(204);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
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

/** What the mock told its terminal about CORS during a test. */
let told: string[] = [];
const spy = () => vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void told.push(args.map(String).join(' ')));
const corsLines = () => told.filter((l) => l.startsWith('[mock] CORS'));

interface Exchange {
  name: string;
  mock?: MockOptions;
  /** A preflight for `method` (with `headers` asked for), or the request itself when `preflight` is false. */
  preflight?: boolean;
  method: string;
  path: string;
  origin?: string;
  headers?: string;
  status: number;
  allowOrigin?: string;
  credentials?: boolean;
  allowMethods?: string;
  allowHeaders?: string;
  /** The one line told, or none. */
  told?: RegExp;
}

const LISTED: MockOptions = { corsOrigins: [APP] };
const EVIL = 'http://evil.test';

const EXCHANGES: Exchange[] = [
  { name: 'any origin: a preflight is echoed with credentials', preflight: true, method: 'POST', path: `${API}/posts`, origin: APP, status: 204, allowOrigin: APP, credentials: true, allowMethods: 'GET, POST' },
  { name: 'any origin: a request is echoed with credentials', method: 'GET', path: `${API}/integrations`, origin: APP, status: 200, allowOrigin: APP, credentials: true },
  { name: 'any origin: no Origin (curl) gets *', method: 'GET', path: `${API}/integrations`, status: 200, allowOrigin: '*', credentials: false },
  { name: 'any origin: the origin "null" of a sandboxed page is echoed too', method: 'GET', path: `${API}/integrations`, origin: 'null', status: 200, allowOrigin: 'null', credentials: true },
  { name: 'a listed origin: echoed with credentials', mock: LISTED, preflight: true, method: 'DELETE', path: `${API}/posts/p1`, origin: APP, status: 204, allowOrigin: APP, credentials: true, allowMethods: 'DELETE' },
  {
    name: 'an origin not listed: the preflight is refused and told',
    mock: LISTED, preflight: true, method: 'POST', path: `${API}/posts`, origin: EVIL, status: 403,
    told: /^\[mock\] CORS: refused the preflight for POST \/api\/public\/v1\/posts from http:\/\/evil\.test: origin http:\/\/evil\.test is not allowed \(--cors-origin http:\/\/localhost:5173\): start the mock with --cors-origin http:\/\/evil\.test/,
  },
  {
    name: 'an origin not listed: a simple request is answered without the header, and told',
    mock: LISTED, method: 'GET', path: `${API}/openapi.json`, origin: EVIL, status: 200,
    told: /^\[mock\] CORS: refused GET \/api\/public\/v1\/openapi\.json \(answered, but the browser will not show it to the page\) from http:\/\/evil\.test: origin http:\/\/evil\.test is not allowed/,
  },
  {
    name: 'a method the path does not document: the documented ones are answered, and the refusal told',
    preflight: true, method: 'DELETE', path: `${API}/posts`, origin: APP, status: 204, allowOrigin: APP, allowMethods: 'GET, POST',
    told: /^\[mock\] CORS: refused the preflight for DELETE \/api\/public\/v1\/posts from http:\/\/localhost:5173: DELETE is not a documented method of \/api\/public\/v1\/posts \(GET, POST\)$/,
  },
  {
    name: 'a header that is not a header name: left out, and told by name',
    preflight: true, method: 'POST', path: `${API}/posts`, origin: APP, headers: 'authorization, x-request-id, bad header', status: 204, allowOrigin: APP,
    allowHeaders: 'authorization, content-type, x-request-id',
    told: /^\[mock\] CORS: refused the preflight for POST \/api\/public\/v1\/posts from http:\/\/localhost:5173: header "bad header" not allowed/,
  },
  {
    name: 'more headers than are echoed: the rest left out, and told',
    preflight: true, method: 'POST', path: `${API}/posts`, origin: APP, headers: Array.from({ length: 35 }, (_, i) => `x-h${i}`).join(','), status: 204, allowOrigin: APP,
    told: /header "x-h32", "x-h33", "x-h34" not allowed \(a header name is a token, and at most 32 are allowed\)/,
  },
  { name: 'an unknown API path: the preflight passes, nothing told', preflight: true, method: 'GET', path: `${API}/postz`, origin: APP, status: 204, allowOrigin: APP, credentials: true, allowMethods: 'GET' },
  { name: 'an unknown API path: its 404 is readable', method: 'GET', path: `${API}/postz`, origin: APP, status: 404, allowOrigin: APP, credentials: true },
  {
    name: 'a path outside the API (the base path left out): refused, and told so',
    preflight: true, method: 'GET', path: '/posts', origin: APP, status: 404,
    told: /^\[mock\] CORS: refused the preflight for GET \/posts from http:\/\/localhost:5173: \/posts is not under the API \(\/api\/public\/v1\).*is the base path missing from the URL\?$/,
  },
  {
    name: 'CORS off: refused, and told',
    mock: { corsOrigins: ['off'] }, preflight: true, method: 'GET', path: `${API}/integrations`, origin: APP, status: 404,
    told: /refused the preflight for GET \/api\/public\/v1\/integrations from http:\/\/localhost:5173: CORS is off \(--cors-origin off\)/,
  },
  {
    name: 'the control API without --control-cors: refused, and told what to start with',
    preflight: true, method: 'POST', path: '/_mock/reset', origin: APP, status: 404,
    told: /refused the preflight for POST \/_mock\/reset from http:\/\/localhost:5173: the control API is same-origin: start the mock with --control-cors --cors-origin http:\/\/localhost:5173/,
  },
  { name: 'the control API with --control-cors: echoed with credentials', mock: { corsOrigins: [APP], controlCors: true }, preflight: true, method: 'POST', path: '/_mock/reset', origin: APP, status: 204, allowOrigin: APP, credentials: true },
  { name: "the mock's own page posting to itself: no CORS, nothing told", method: 'POST', path: '/wallet', origin: 'http://127.0.0.1:4010', status: 400 },
];

describe('CORS exchanges, and what the terminal is told', () => {
  beforeEach(() => {
    told = [];
    spy();
  });
  afterEach(() => vi.restoreAllMocks());

  for (const x of EXCHANGES) {
    it(x.name, async () => {
      const m = testMock(x.mock);
      let req = x.preflight ? m.http.options(x.path).set('Access-Control-Request-Method', x.method) : m.http[x.method.toLowerCase() as 'get'](x.path);
      // The Host the browser would send for the mock it was told of.
      req = req.set('Host', '127.0.0.1:4010').set('Authorization', KEYS.payg);
      if (x.origin !== undefined) req = req.set('Origin', x.origin);
      if (x.headers !== undefined) req = req.set('Access-Control-Request-Headers', x.headers);
      const res = await req;
      expect(res.status).toBe(x.status);
      expect(res.headers['access-control-allow-origin']).toBe(x.allowOrigin);
      if (x.credentials !== undefined) expect(res.headers['access-control-allow-credentials']).toBe(x.credentials ? 'true' : undefined);
      if (x.allowOrigin !== undefined && x.allowOrigin !== '*') expect(res.headers.vary).toContain('Origin');
      if (x.allowMethods !== undefined) expect(res.headers['access-control-allow-methods']).toBe(x.allowMethods);
      if (x.allowHeaders !== undefined) expect(res.headers['access-control-allow-headers']).toBe(x.allowHeaders);
      const lines = corsLines();
      if (x.told) {
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(x.told);
        expect(lines[0]).not.toContain('\n');
      } else expect(lines).toEqual([]);
    });
  }

  it('a page refused in a loop gets one line a minute, which then says how many were left out', async () => {
    const m = testMock({ corsOrigins: [APP] });
    for (let i = 0; i < 200; i++) await preflight(m, `${API}/posts`, 'POST', 'authorization', EVIL).expect(403);
    expect(corsLines()).toHaveLength(1);

    const lines: string[] = [];
    let now = 0;
    const tell = refusalLog((l) => lines.push(l), () => now);
    for (let i = 0; i < 500; i++) tell('same', 'refused X');
    expect(lines).toEqual(['[mock] CORS: refused X']);
    now += REFUSAL_LOG.repeatMs;
    tell('same', 'refused X');
    expect(lines.at(-1)).toBe('[mock] CORS: refused X (499 more like it since the last such line)');
  });

  it('many different refusals in a minute: at most linesPerMinute lines, and one saying the rest is not shown', () => {
    const lines: string[] = [];
    let now = 1_000;
    const tell = refusalLog((l) => lines.push(l), () => now);
    for (let i = 0; i < 300; i++) tell(`path ${i}`, `refused /posts/${i}`);
    expect(lines).toHaveLength(REFUSAL_LOG.linesPerMinute + 1);
    expect(lines.at(-1)).toBe(`[mock] CORS: more than ${REFUSAL_LOG.linesPerMinute} refusals this minute; the rest of the minute is not shown`);
    now += 60_000;
    tell('path 299', 'refused /posts/299');
    expect(lines.at(-1)).toBe('[mock] CORS: refused /posts/299');
  });
});
