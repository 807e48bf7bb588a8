// Each finding of the hostile-client review, reproduced against a listening mock: deep JSON, prototype names, unbounded bodies, stored consents, internal addresses, the control API driven by a web page, Host in URLs, aborts, over-long heads.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as net from 'node:net';
import { startMock, type RunningMock } from '../server.ts';
import { KEYS } from '../testing.ts';
import { BODY_LIMITS, nestsDeeperThan } from './body.ts';
import { heldBytes, jsonBytes } from '../domain/caps.ts';

const API = '/api/public/v1';
let mock: RunningMock;
let port: number;

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 42, strict: true, allowedHosts: ['mock.test'] });
  port = Number(new URL(mock.origin).port);
});
afterAll(() => mock.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request over a raw socket, the way a sloppy or hostile client sends it. Not node:http: other test files in the
 * same worker load nock, whose interceptor buffers a request body before passing it on, which an endless body never ends.
 * `body` may be a function that writes it itself (and may never end it); the answer is read until the server closes.
 */
function send(method: string, path: string, headers: Record<string, string>, body?: string | ((socket: net.Socket) => void)): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    // A server that answers early and closes makes the client's next write fail: the answer is already read.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer to ${method} ${path}: ${JSON.stringify(raw.slice(0, 100))}`));
      const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
      const fields: Record<string, string> = {};
      for (const line of lines) fields[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      let text = raw.slice(split + 4);
      if (fields['transfer-encoding'] === 'chunked') {
        let out = '';
        for (let at = 0; ; ) {
          const eol = text.indexOf('\r\n', at);
          const size = parseInt(text.slice(at, eol), 16);
          if (!size) break;
          out += text.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        text = out;
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers: fields, body: text });
    });
    const all: Record<string, string> = { host: `127.0.0.1:${port}`, connection: 'close', ...headers };
    if (typeof body === 'string') all['content-length'] = String(Buffer.byteLength(body));
    socket.write(`${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
    if (typeof body === 'string') socket.write(body);
    else body?.(socket);
  });
}

const json = (key: string = KEYS.payg) => ({ 'content-type': 'application/json', authorization: key });

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const draft = (settings: unknown) => ({
  type: 'draft',
  date: '2026-02-01T10:00:00.000Z',
  shortLink: false,
  tags: [],
  posts: [{ integration: { id: 'ch_payg_linkedin' }, settings, value: [{ content: 'hello', image: [] }] }],
});

async function postCount(key: string = KEYS.payg): Promise<number> {
  const res = await send('GET', `${API}/posts?startDate=2020-01-01T00:00:00Z&endDate=2030-01-01T00:00:00Z`, { authorization: key });
  return JSON.parse(res.body).posts.length;
}

describe('1. deep JSON', () => {
  it('a draft whose settings nest 2,000 levels is a 400, not a 500, and saves nothing', async () => {
    const before = await postCount();
    const res = await send('POST', `${API}/posts`, json(), JSON.stringify(draft(nested(2000))));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toMatch(/nests deeper than 64 levels/);
    expect(await postCount()).toBe(before);
  });

  it('nesting up to the limit is taken: extra fields are kept, not refused', async () => {
    const res = await send('POST', `${API}/posts`, json(), JSON.stringify(draft({ __type: 'linkedin', extra: nested(50) })));
    expect(res.status).toBe(200);
  });

  it('the depth scan skips brackets inside strings and escaped quotes', () => {
    expect(nestsDeeperThan(JSON.stringify({ s: '[[[[[[{{{{{{"\\' }), 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
  });
});

describe('2. /docs/assets names of Object.prototype members', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('/docs/assets/%s is a 404', async (name) => {
    const res = await send('GET', `/docs/assets/${name}`, {});
    expect(res.status).toBe(404);
  });
});

describe('3. body limits hold while reading', () => {
  /** A chunked body that never ends: only a server that answers at the limit, without reading on, can answer it. */
  const endless = (socket: net.Socket) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    let stopped = false;
    socket.once('data', () => (stopped = true));
    socket.once('close', () => (stopped = true));
    // One frame a turn of the event loop: the mock answers from this same process, so a loop that only stops on
    // backpressure could starve it (and with nock loaded in the worker, writes may never push back at all).
    const pump = () => {
      if (stopped) return;
      if (socket.write(frame)) setImmediate(pump);
      else socket.once('drain', pump);
    };
    pump();
  };

  it.each([
    ['POST', `${API}/wallet/estimate`, BODY_LIMITS.jsonBytes, 'application/json'],
    ['POST', `${API}/posts`, BODY_LIMITS.jsonBytes, 'application/json'],
    ['POST', '/api/oauth/token', BODY_LIMITS.formBytes, 'application/json'],
    ['POST', '/api/oauth/token', BODY_LIMITS.formBytes, 'application/x-www-form-urlencoded'],
    ['POST', '/oauth/authorize', BODY_LIMITS.formBytes, 'application/x-www-form-urlencoded'],
  ])('%s %s answers 413 to an endless chunked body once past %i bytes (%s)', async (method, path, limit, type) => {
    const res = await send(method, path, { 'content-type': type, authorization: KEYS.payg, 'transfer-encoding': 'chunked' }, endless);
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ statusCode: 413, msg: `Request body is larger than ${limit} bytes`, message: `Request body is larger than ${limit} bytes` });
  });

  it('a Content-Length over the limit is refused before any byte of the body is sent', async () => {
    const res = await send('POST', `${API}/posts`, { ...json(), 'content-length': String(600 * 1024 * 1024) }, () => undefined);
    expect(res.status).toBe(413);
  });

  it('a refused body leaves the world as it was', async () => {
    const before = await postCount();
    const big = JSON.stringify({ ...draft({ __type: 'linkedin' }), pad: 'x'.repeat(BODY_LIMITS.jsonBytes) });
    expect((await send('POST', `${API}/posts`, json(), big)).status).toBe(413);
    expect(await postCount()).toBe(before);
  });
});

describe('4. consent pages are bounded', () => {
  it('unanswered consent pages past the cap forget the oldest; the newest can still be answered', async () => {
    const state = mock.app.state;
    const ws = [...state.world.workspaces.values()].find((w) => w.plan === 'paid')!;
    const app = await send('POST', `/_mock/workspaces/${ws.id}/oauth-app`, { 'content-type': 'application/json' }, JSON.stringify({ name: 'Hostile', redirectUrl: 'https://app.example.com/cb' }));
    const { clientId } = JSON.parse(app.body);
    const cap = state.config.caps.pendingConsents;
    const bigState = 'S'.repeat(12 * 1024);
    for (let i = 0; i < cap + 50; i++) {
      const res = await mock.app.fetch(new Request(`${mock.origin}/oauth/authorize?client_id=${clientId}&response_type=code&state=${bigState}${i}`));
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    // 12 KiB states reach the byte budget before the record cap: both hold, and the newest page is kept.
    const consents = state.world.oauth.consents;
    expect(consents.size).toBeLessThanOrEqual(cap);
    const held = heldBytes(consents, () => consents.values());
    expect(held).toBeLessThanOrEqual(state.config.caps.pendingConsentBytes);
    expect(held + jsonBytes([...consents.values()].at(-1))).toBeGreaterThan(state.config.caps.pendingConsentBytes);
    expect([...consents.values()].at(-1)!.state).toBe(`${bigState}${cap + 49}`);
  });
});

describe('5. IPv4-compatible IPv6 addresses are internal', () => {
  it.each(['https://[::127.0.0.1]/hook', 'https://[::a9fe:a9fe]/hook', 'https://[::7f00:1]/hook'])('webhook registration refuses %s', async (url) => {
    const res = await send('POST', '/_mock/workspaces/ws_payg_demo/webhooks', { 'content-type': 'application/json' }, JSON.stringify({ name: 'h', url }));
    expect(res.status).toBe(400);
  });
});

describe('6. web pages cannot drive the control API', () => {
  const workspaces = async () => JSON.parse((await send('GET', '/_mock/workspaces', {})).body).length as number;

  it('JSON sent as text/plain (no preflight in a browser) is refused with 415 and creates nothing', async () => {
    const before = await workspaces();
    const res = await send('POST', '/_mock/workspaces', { 'content-type': 'text/plain' }, JSON.stringify({ name: 'x', plan: 'free' }));
    expect(res.status).toBe(415);
    expect(await workspaces()).toBe(before);
  });

  it('a rebound host name cannot read the keys; localhost, IP addresses and --allowed-host can', async () => {
    const evil = await send('GET', '/_mock/workspaces', { host: `evil.example.com:${port}` });
    expect(evil.status).toBe(403);
    expect(evil.body).not.toContain(KEYS.paid);
    expect((await send('GET', '/docs', { host: 'evil.example.com' })).status).toBe(403);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `mock.test:${port}`, 'app.localhost']) {
      expect((await send('GET', '/_mock/workspaces', { host })).status, host).toBe(200);
    }
  });

  it('a cross-origin page is refused by its Origin or Sec-Fetch-Site; the same origin is not', async () => {
    expect((await send('GET', '/_mock/workspaces', { origin: 'https://evil.example.com' })).status).toBe(403);
    expect((await send('GET', '/_mock/workspaces', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await send('GET', '/_mock/workspaces', { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('--control-token: every control request needs the bearer token', async () => {
    const guarded = await startMock({ port: 0, seed: 1, controlToken: 's3cret' });
    try {
      expect((await fetch(`${guarded.origin}/_mock/workspaces`)).status).toBe(401);
      expect((await fetch(`${guarded.origin}/_mock/workspaces`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`${guarded.origin}/_mock/workspaces`, { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200);
      // The public API and the OAuth pages are not the control API.
      expect((await fetch(`${guarded.origin}${API}/is-connected`, { headers: { authorization: KEYS.paid } })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('7. absolute URLs never come from an unchecked Host', () => {
  it('an unknown Host gets URLs on the listening address; a known one keeps its own', async () => {
    const evil = JSON.parse((await send('POST', `${API}/upload-ticket`, { authorization: KEYS.payg, host: 'evil.example.com' })).body);
    expect(evil.uploadUrl.startsWith(`${mock.origin}${API}/upload-ticket/`)).toBe(true);
    const local = JSON.parse((await send('GET', `${API}/wallet`, { authorization: KEYS.payg, host: `localhost:${port}` })).body);
    expect(local.topUpUrl).toMatch(new RegExp(`^http://localhost:${port}/wallet\\?link=wl_[0-9a-f]{32}$`));
    const doc = JSON.parse((await send('GET', `${API}/openapi.json`, { host: 'evil.example.com' })).body);
    expect(doc.servers[0].url).toBe(`${mock.origin}${API}`);
  });

  it('--public-url wins over every Host', async () => {
    const behind = await startMock({ port: 0, seed: 1, publicUrl: 'https://mock.example.org' });
    try {
      const res = await fetch(`${behind.origin}${API}/upload-ticket`, { method: 'POST', headers: { authorization: KEYS.payg } });
      expect((await res.json()).uploadUrl).toMatch(/^https:\/\/mock\.example\.org\/api\/public\/v1\/upload-ticket\//);
    } finally {
      await behind.close();
    }
  });
});

describe('8. client aborts', () => {
  it('a client that goes away mid-body is not logged as a mock failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`POST ${API}/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${KEYS.payg}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"type":`);
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on('close', () => setTimeout(resolve, 300));
      });
      expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringMatching(/failed/));
    } finally {
      errors.mockRestore();
    }
  });
});

describe('9. over-long request heads', () => {
  it.each([64, 512])('a %i KiB header gets a whole 431 in the Error shape, not a reset', async (kib) => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.write(`GET ${API}/is-connected HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(kib * 1024)}\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 431 });
  });
});

describe('5. an oversized unsupported upload', () => {
  it('is answered its 400 whatever its size (60 MB here), not a reset, and nothing is kept', async () => {
    const before = mock.app.state.world.workspaces.get('ws_payg_demo')!.media.items.length;
    const form = new FormData();
    // Not an image or a video by its bytes: refused on its first bytes, the rest read and dropped.
    form.append('file', new Blob([new Uint8Array(60 * 1024 * 1024).fill(0x41)], { type: 'image/png' }), 'big.png');
    const res = await fetch(`${mock.origin}${API}/upload`, { method: 'POST', headers: { authorization: KEYS.payg }, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/Unsupported file type/);
    expect(mock.app.state.world.workspaces.get('ws_payg_demo')!.media.items.length).toBe(before);
  }, 60_000);
});
