// The Node server answers public operations on a direct lane (mocks/server.ts) and everything else through the Fetch
// adapter and the app's router. The lane must answer exactly what the router would: the same script of steps over all
// every operation runs against a server with the lane and one without, each on a fresh world with the same seed and
// frozen instant, and every answer is the same status, headers and bytes. Requests the lane leaves to the adapter
// (odd targets and hosts, HEAD, percent signs) are checked to answer alike too.
import * as net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockClock } from './domain/clock.ts';
import { runParitySteps } from './msw/parity-steps.ts';
import { startMock, type RunningMock } from './server.ts';
import { KEYS } from './testing.ts';

const AT = Date.parse('2026-03-02T09:00:00.000Z');
const API = '/api/public/v1';
/** Headers that differ between any two answers (the time sent), or between two servers (their port). */
const VARYING = new Set(['date']);

interface Seen {
  request: string;
  status: number;
  headers: string;
  body: string;
}

function seen(label: string, status: number, headers: Headers, text: string, origin: string): Seen {
  // Upload tickets and wallet links are unguessable: each world hands out its own.
  const body = text
    .replaceAll(origin, 'ORIGIN')
    .replaceAll(encodeURIComponent(origin), 'ORIGIN')
    .replace(/"(token|uploadUrl)":"[^"]*"/g, '"$1":"…"')
    .replace(/wl_[0-9a-f]+/g, 'wl_…');
  const shown = [...headers].filter(([k]) => !VARYING.has(k)).map(([k, v]) => `${k}: ${v.replaceAll(origin, 'ORIGIN')}`).join('\n');
  return { request: label, status, headers: shown, body };
}

async function send(m: RunningMock, label: string, path: string, init: RequestInit): Promise<Seen> {
  const res = await fetch(`${m.origin}${API}${path}`, init);
  return seen(label, res.status, res.headers, await res.text(), m.origin);
}

/** Every exchange of the parity script against one server, as the client saw it. */
async function script(mock: RunningMock): Promise<Seen[]> {
  const out: Seen[] = [];
  const plain = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await plain(input, init);
    const text = await res.text();
    const url = String(input instanceof Request ? input.url : input).replaceAll(mock.origin, 'ORIGIN').replace(/(upload-ticket|brief-upload)\/[^/?]+/, '$1/TICKET');
    out.push(seen(`${init?.method ?? 'GET'} ${url}`, res.status, res.headers, text, mock.origin));
    return new Response(res.status === 204 ? null : text, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  try {
    await runParitySteps(`${mock.origin}${API}`, AT);
  } finally {
    globalThis.fetch = plain;
  }
  return out;
}

/** Send raw bytes on a connection and read the answer's status line and body until the server closes or goes quiet. */
function raw(origin: string, text: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let got = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (got += d));
    socket.setTimeout(1500, () => socket.end());
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('the direct lane answers what the Fetch adapter and the router answer', () => {
  let lane: RunningMock;
  let routed: RunningMock;
  let viaLane: Seen[];
  let viaRouter: Seen[];

  beforeAll(async () => {
    [lane, routed] = await Promise.all([
      startMock({ port: 0, seed: 1, clock: new MockClock({ frozenAt: AT }), strict: true }),
      startMock({ port: 0, seed: 1, clock: new MockClock({ frozenAt: AT }), strict: true, directLane: false }),
    ]);
    viaLane = await script(lane);
    viaRouter = await script(routed);
  }, 120_000);

  afterAll(async () => {
    await lane?.close();
    await routed?.close();
  });

  it('step by step over every operation, the same status, headers and bytes', () => {
    expect(viaLane.length).toBeGreaterThan(60);
    expect(viaLane).toEqual(viaRouter);
  });

  // Requests a UI or a test sends besides the script: CORS, a Prefer override, trailing slashes, queries, refusals.
  const cases: Array<[string, string, RequestInit]> = [
    ['a page of another origin', '/integrations', { headers: { authorization: KEYS.paid, origin: 'http://localhost:5173' } }],
    ['a page of a refused origin', '/integrations', { headers: { authorization: KEYS.paid, origin: 'https://evil.example' } }],
    ['a trailing slash', '/integrations/', { headers: { authorization: KEYS.paid } }],
    ['a query', '/integrations?group=none&x=%C3%A9', { headers: { authorization: KEYS.paid } }],
    ['a Prefer override the document allows', '/integrations', { headers: { authorization: KEYS.paid, prefer: 'code=401' } }],
    ['a Prefer override it does not', '/integrations', { headers: { authorization: KEYS.paid, prefer: 'code=418' } }],
    ['a Prefer example', '/integrations', { headers: { authorization: KEYS.paid, prefer: 'example=default' } }],
    ['HEAD', '/integrations', { method: 'HEAD', headers: { authorization: KEYS.paid } }],
    ['a percent-encoded path', '/integration-settings/ch%5Fpaid%5Fx', { headers: { authorization: KEYS.paid } }],
    ['an undocumented method', '/integrations', { method: 'PATCH', headers: { authorization: KEYS.paid } }],
    ['a path of no operation', '/nothing-here', { headers: { authorization: KEYS.paid } }],
    ['a JSON body that is not JSON', '/posts', { method: 'POST', headers: { authorization: KEYS.paid, 'content-type': 'application/json' }, body: '{"type":' }],
    ['an empty body', '/posts', { method: 'POST', headers: { authorization: KEYS.paid, 'content-type': 'application/json' } }],
    ['a body too large', '/posts', { method: 'POST', headers: { authorization: KEYS.paid, 'content-type': 'application/json' }, body: `{"x":"${'a'.repeat(5 * 1024 * 1024)}"}` }],
  ];
  it.each(cases)('%s: the same answer', async (label, path, init) => {
    const [a, b] = await Promise.all([lane, routed].map((m) => send(m, label, path, init)));
    expect(a).toEqual(b);
  });

  it('a chunked body: the same answer', async () => {
    const chunked = (): RequestInit => ({ method: 'POST', headers: { authorization: KEYS.paid, 'content-type': 'application/json' }, body: new Blob(['{"type":"draft"}']).stream(), duplex: 'half' }) as RequestInit;
    const [a, b] = await Promise.all([lane, routed].map((m) => send(m, 'chunked', '/posts', chunked())));
    expect(a!.status).toBe(400);
    expect(a).toEqual(b);
  });

  // Targets and hosts the lane leaves to the adapter, sent as raw bytes since fetch writes neither.
  const rawCases: Array<[string, (host: string) => string]> = [
    ['an absolute-form target', (host) => `GET http://${host}${API}/integrations HTTP/1.1\r\nhost: ${host}\r\nauthorization: ${KEYS.paid}\r\nconnection: close\r\n\r\n`],
    ['an upper-case Host', (host) => `GET ${API}/integrations HTTP/1.1\r\nhost: LocalHost:${host.split(':')[1]}\r\nauthorization: ${KEYS.paid}\r\nconnection: close\r\n\r\n`],
    ['a Host with port 80', () => `GET ${API}/integrations HTTP/1.1\r\nhost: localhost:80\r\nauthorization: ${KEYS.paid}\r\nconnection: close\r\n\r\n`],
    ['no Host', () => `GET ${API}/integrations HTTP/1.0\r\nauthorization: ${KEYS.paid}\r\n\r\n`],
    ['a dot segment', (host) => `GET ${API}/posts/../integrations HTTP/1.1\r\nhost: ${host}\r\nauthorization: ${KEYS.paid}\r\nconnection: close\r\n\r\n`],
    ['a key sent twice', (host) => `GET ${API}/integrations HTTP/1.1\r\nhost: ${host}\r\nauthorization: ${KEYS.paid}\r\nauthorization: ${KEYS.free}\r\nconnection: close\r\n\r\n`],
  ];
  it.each(rawCases)('%s: the same answer', async (_, request) => {
    const [a, b] = await Promise.all(
      [lane, routed].map(async (m) => {
        const answer = (await raw(m.origin, request(new URL(m.origin).host))).replaceAll(new URL(m.origin).host, 'HOST');
        // Header order means nothing to HTTP (Node writes its own Content-Length after Connection, a set one before).
        const [head, ...body] = answer.split('\r\n\r\n');
        const [status, ...lines] = head!.split('\r\n');
        return [status, ...lines.filter((l) => !/^date:/i.test(l)).sort(), '', body.join('\r\n\r\n')].join('\n');
      }),
    );
    expect(a).toMatch(/^HTTP\/1\.[01] \d{3} /);
    expect(a).toEqual(b);
  });

  it('a client gone while its answer is held is recorded, and the lane keeps serving', async () => {
    for (const m of [lane, routed]) {
      await fetch(`${m.origin}/_mock/latency`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latency: '800' }) });
      const controller = new AbortController();
      const held = fetch(`${m.origin}${API}/integrations`, { headers: { authorization: KEYS.paid }, signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await expect(held).rejects.toThrow();
      await fetch(`${m.origin}/_mock/latency`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latency: 'off' }) });
      expect((await fetch(`${m.origin}${API}/integrations`, { headers: { authorization: KEYS.paid } })).status).toBe(200);
    }
  });
});
