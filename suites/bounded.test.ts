// verify and replay against hostile targets of the test's own, on 127.0.0.1: an endless body, a slow drip, a gzip bomb, a
// 600 MB answer, a list of 200,000 items, redirects, huge headers. Each ends as a finding on the operation asked, in
// bounded time, having read a bounded part of the answer; and the run goes on to a verdict.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { BoundHit, boundsOf, parseSize } from './bounded.ts';
import { CheckFailed } from './check-failed.ts';
import { runChecks } from './runner.ts';
import { createTarget } from './target.ts';
import './checks/index.ts';

type Mode = 'endless' | 'drip' | 'gzip-bomb' | 'huge' | 'huge-declared' | 'list' | 'redirect' | 'redirect-away' | 'headers' | 'fine';
let mode: Mode = 'fine';
/** Bytes the hostile server managed to send on its last answer: what the client let through. */
let sent = 0;
/** Authorization headers the other server (a redirect's destination) received. */
const elsewhere: string[] = [];
let server: Server;
let other: Server;
let origin: string;
let otherOrigin: string;

const MB = 1024 * 1024;

/** Write `chunk` until `total` bytes are sent or the client goes away, waiting when the socket is full (never holding more). */
function stream(res: ServerResponse, chunk: Buffer, total: number, out: NodeJS.WritableStream = res): void {
  let written = 0;
  const more = () => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      sent = written;
      if (!out.write(chunk)) return void out.once('drain', more);
    }
    out.end();
  };
  res.on('close', () => out.end());
  more();
}

function hostile(res: ServerResponse): void {
  sent = 0;
  switch (mode) {
    case 'endless': // JSON that never closes: bounded here at 2 GB, far past any bound of the client
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      return stream(res, Buffer.from('{"id":"x","name":"an endless list"},'.repeat(1000)), 2000 * MB);
    case 'drip': {
      res.writeHead(200, { 'content-type': 'application/json' });
      let n = 0;
      const t = setInterval(() => (res.destroyed || ++n > 600 ? (clearInterval(t), res.end()) : res.write(' ')), 100);
      res.on('close', () => clearInterval(t));
      return;
    }
    case 'gzip-bomb': {
      // 1 GB of spaces inside a JSON string, sent gzip-compressed: about a thousandth of that on the wire.
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.write('["');
      return stream(res, Buffer.alloc(MB, ' '), 1024 * MB, gzip);
    }
    case 'huge':
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return stream(res, Buffer.alloc(MB, 'a'), 600 * MB);
    case 'huge-declared':
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(600 * MB) });
      return stream(res, Buffer.alloc(MB, 'a'), 600 * MB);
    case 'list':
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(Array.from({ length: 200_000 }, (_, i) => ({ id: `c${i}` }))));
    case 'redirect':
      res.writeHead(302, { location: '/api/public/v1/integrations' });
      return void res.end();
    case 'redirect-away':
      res.writeHead(307, { location: `${otherOrigin}/steal` });
      return void res.end();
    case 'headers':
      res.writeHead(200, { 'content-type': 'application/json', 'x-huge': 'a'.repeat(200 * 1024) });
      return void res.end('[]');
    default:
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end('{"msg":"not here"}');
  }
}

const listen = (s: Server) => new Promise<string>((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.endsWith('/integrations')) return hostile(res);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"msg":"no"}');
  });
  other = createServer((req, res) => {
    elsewhere.push(req.headers.authorization ?? '');
    res.end('[]');
  });
  origin = await listen(server);
  otherOrigin = await listen(other);
});
afterAll(() => {
  server.closeAllConnections();
  other.closeAllConnections();
  server.close();
  other.close();
});

/** One call of listIntegrations with the paid key, against the hostile server in `m`; what it threw. */
async function callIn(m: Mode, bounds = {}): Promise<{ error: unknown; ms: number }> {
  mode = m;
  const target = await createTarget({ target: origin, keys: { paid: 'k-paid-secret' }, bounds });
  const started = performance.now();
  try {
    await new ApiClient(target).call({ operationId: 'listIntegrations', auth: { kind: 'paid' } });
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

function finding(error: unknown): CheckFailed {
  expect(error).toBeInstanceOf(BoundHit);
  const f = error as CheckFailed;
  expect(f.operation).toBe('listIntegrations');
  expect(f.received).toContain('GET /api/public/v1/integrations');
  return f;
}

describe('a client that bounds what it reads', () => {
  it('an endless JSON body: a finding "answer larger than 16 MiB", the server stopped after little more', async () => {
    const { error } = await callIn('endless');
    expect(finding(error).received).toMatch(/^an answer larger than 16 MiB/);
    expect(sent).toBeLessThan(64 * MB);
  });

  it('a slow drip: a finding "no whole answer in N s", after N s and not waited on again for that operation', async () => {
    mode = 'drip';
    const target = await createTarget({ target: origin, keys: { paid: 'k' }, bounds: { timeoutMs: 700 } });
    const api = new ApiClient(target);
    const first = Date.now();
    const error = await api.call({ operationId: 'listIntegrations' }).catch((e: unknown) => e);
    expect(finding(error).received).toMatch(/^no whole answer in 0\.7 s/);
    expect(Date.now() - first).toBeLessThan(5000);
    const again = Date.now();
    const second = await api.call({ operationId: 'listIntegrations' }).catch((e: unknown) => e);
    expect(finding(second).received).toContain('not waited for again');
    expect(Date.now() - again).toBeLessThan(200);
  });

  it('a gzip bomb: bounded by its decoded size', async () => {
    const { error } = await callIn('gzip-bomb', { maxBytes: 4 * MB });
    expect(finding(error).received).toMatch(/^an answer larger than 4 MiB/);
    // The server compressed (and could send) little more than the client decoded before it stopped.
    expect(sent).toBeLessThan(256 * MB);
  });

  it('a 600 MB answer, streamed: read up to the bound and no further, memory flat', async () => {
    const heap = process.memoryUsage().heapUsed;
    const { error } = await callIn('huge');
    expect(finding(error).received).toMatch(/^an answer larger than 16 MiB/);
    expect(sent).toBeLessThan(64 * MB);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * MB);
  });

  it('a 600 MB answer that says so in content-length: refused before its body is read', async () => {
    const { error } = await callIn('huge-declared');
    expect(finding(error).received).toMatch(/^an answer larger than 16 MiB/);
    expect(sent).toBeLessThan(64 * MB);
  });

  it('a list of 200,000 items: a finding, not walked; raised by --max-list-items', async () => {
    expect(finding((await callIn('list')).error).received).toMatch(/^a list of more than 10000 items/);
    expect((await callIn('list', { maxListItems: 200_000 })).error).toBeUndefined();
  });

  it('redirects are the answer, never followed: a loop ends, and the key never goes where the target points', async () => {
    mode = 'redirect';
    const target = await createTarget({ target: origin, keys: { paid: 'k-paid-secret' } });
    const e = await new ApiClient(target).call({ operationId: 'listIntegrations', auth: { kind: 'paid' } });
    expect(e.status).toBe(302);
    mode = 'redirect-away';
    // The typed client's requests too (a Request object, its own redirect mode).
    const r = await new ApiClient(target).typed('paid').GET('/integrations');
    expect(r.response.status).toBe(307);
    expect(elsewhere).toEqual([]);
  });

  it('huge headers: a finding naming the head, not a crash', async () => {
    const { error } = await callIn('headers');
    expect(finding(error).received).toMatch(/^answer headers larger than/);
  });

  it('a run against a target whose list never ends goes on to a verdict, the bound a finding on its operation', async () => {
    mode = 'endless';
    const target = await createTarget({ target: origin, keys: { paid: 'k' }, bounds: { maxBytes: MB } });
    const report = await runChecks(target, { seed: 1, runs: 1, checks: ['group_filter_lists_exactly_its_channels'] });
    const failures = report.results.flatMap((r) => r.failures);
    expect(failures.map((f) => [f.operation, f.received.split(',')[0]])).toContainEqual(['listIntegrations', 'an answer larger than 1 MiB (read no further)']);
  }, 30_000);

  it('reads the bounds from flags as people write them, and refuses the unreadable', () => {
    expect(parseSize('16MiB')).toBe(16 * MB);
    expect(parseSize('512k')).toBe(512 * 1024);
    expect(boundsOf({ maxAnswerSize: '1G', requestTimeout: '1.5', maxListItems: '20' })).toEqual({ maxBytes: 1024 * MB, timeoutMs: 1500, maxListItems: 20 });
    expect(() => boundsOf({ maxAnswerSize: 'lots' })).toThrow(/--max-answer-size lots/);
    expect(() => boundsOf({ maxAnswerSize: '2G' })).toThrow(/at most 1 GiB/);
    expect(() => boundsOf({ requestTimeout: '0' })).toThrow(/--request-timeout 0/);
    expect(() => boundsOf({ maxListItems: '1e9' })).toThrow(/--max-list-items/);
  });
});
