// The validating proxy against real upstreams: a clean mock (no violation, everything passed through as is), a mock with faults, a dead upstream.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { PNG } from '../mocks/http/media-samples.ts';
import { startProxy, type RunningProxy } from './server.ts';
import { API, KEYS } from '../mocks/testing.ts';

const stopAfter: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stopAfter.reverse()) await stop();
});

async function proxyFor(upstream: string, extra: { reportFile?: string } = {}): Promise<{ proxy: RunningProxy; lines: string[] }> {
  const lines: string[] = [];
  const proxy = await startProxy({ upstream, port: 0, log: (line) => lines.push(line), ...extra });
  stopAfter.push(() => proxy.close());
  return { proxy, lines };
}

async function mockWith(options: { faults?: string[]; strict?: boolean } = {}): Promise<RunningMock> {
  const mock = await startMock({ port: 0, seed: 42, ...options });
  stopAfter.push(() => mock.close());
  return mock;
}

function call(origin: string, method: string, path: string, init: { key?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(init.key ? { authorization: init.key } : {}), ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  return fetch(`${origin}${path}`, { method, headers, body });
}

describe('in front of a clean mock', () => {
  let mock: RunningMock;
  let proxy: RunningProxy;
  let lines: string[];
  let reportFile: string;

  beforeAll(async () => {
    mock = await mockWith({ strict: true });
    reportFile = join(mkdtempSync(join(tmpdir(), 'spw-proxy-')), 'nested', 'report.json');
    ({ proxy, lines } = await proxyFor(mock.origin, { reportFile }));
  });

  it('answers exactly what the upstream answers, status, headers and bytes', async () => {
    for (const [method, path, key] of [
      ['GET', `${API}/integrations`, KEYS.payg],
      ['GET', `${API}/wallet`, KEYS.free],
      ['GET', `${API}/integrations`, undefined],
      ['GET', `${API}/integration-settings/ch_nope`, KEYS.payg],
      ['GET', `${API}/openapi.json`, undefined],
    ] as const) {
      const direct = await call(mock.origin, method, path, { key });
      const proxied = await call(proxy.origin, method, path, { key });
      expect(proxied.status, path).toBe(direct.status);
      expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expect(Buffer.from(await proxied.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer())), `${method} ${path} bytes`).toBe(true);
    }
  });

  it('forwards request bodies, JSON and streamed multipart, and files outside the API', async () => {
    const estimate = await call(proxy.origin, 'POST', `${API}/wallet/estimate`, { key: KEYS.payg, json: { provider: 'x', contents: ['Spring launch is live.'] } });
    expect(estimate.status).toBe(200);
    expect(await estimate.json()).toEqual(await (await call(mock.origin, 'POST', `${API}/wallet/estimate`, { key: KEYS.payg, json: { provider: 'x', contents: ['Spring launch is live.'] } })).json());

    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'through-proxy.png');
    const upload = await call(proxy.origin, 'POST', `${API}/upload`, { key: KEYS.payg, body: form });
    expect(upload.status).toBe(200);
    const media = (await upload.json()) as { path: string; name: string };
    expect(media.name).toBe('through-proxy.png');
    const file = await fetch(`${proxy.origin}${new URL(media.path).pathname}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('reports no violation across those calls, with counts per operation', async () => {
    const answer = await fetch(`${proxy.origin}/_proxy/report`);
    const report = await answer.json();
    expect(lines.filter((l) => l.includes('contract broken'))).toEqual([]);
    expect(report.violations).toEqual([]);
    expect(report.totals).toMatchObject({ violating: 0, unknownOperation: 0, upstreamErrors: 0, outsideApi: 1, checked: 7 });
    expect(report.operations.listIntegrations).toMatchObject({ method: 'GET', path: '/integrations', calls: 2, violating: 0, statuses: { '200': 1, '401': 1 } });
    expect(report.operations.uploadMedia).toMatchObject({ calls: 1, statuses: { '200': 1 } });
    expect(report.operations.createPosts).toMatchObject({ calls: 0 });
    // The suites' response checks judged every answer of an operation.
    expect(report.checks.response_schema_conformance).toEqual({ passed: 7, failed: 0, notVerified: 0, notVerifiedBecause: {} });
    expect(Object.values(report.checks).every((c: any) => c.failed === 0 && c.notVerified === 0)).toBe(true);
    // GET /_proxy/report also wrote the file given with --report.
    expect(JSON.parse(readFileSync(reportFile, 'utf8'))).toEqual(report);
  });
});

describe('in front of a mock with faults that break the contract', () => {
  let proxy: RunningProxy;
  let lines: string[];

  beforeAll(async () => {
    const mock = await mockWith({ faults: ['error-body-shape', 'crash-on-missing-body'] });
    ({ proxy, lines } = await proxyFor(mock.origin));
  });

  it('error-body-shape: reports the 400 body that is not the reference Error, and passes it through as it is', async () => {
    const res = await call(proxy.origin, 'GET', `${API}/media?page=0`, { key: KEYS.payg });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Bad Request', statusCode: 400 });
    const entry = proxy.report().violations.find((v) => v.operationId === 'listMedia');
    expect(entry).toMatchObject({ method: 'GET', url: `${API}/media?page=0`, status: 400 });
    expect(entry!.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'query', path: 'page' }),
        expect.objectContaining({ in: 'response-body', message: expect.stringMatching(/required property 'msg'|must match/) }),
      ]),
    );
    expect(lines.some((l) => l.includes('contract broken: listMedia GET /api/public/v1/media?page=0 -> 400') && l.includes('response body'))).toBe(true);
  });

  it('crash-on-missing-body: reports the 500 with the operation, in the words of the check verify runs', async () => {
    const res = await call(proxy.origin, 'POST', `${API}/posts`, { key: KEYS.payg });
    expect(res.status).toBe(500);
    const entry = proxy.report().violations.find((v) => v.operationId === 'createPosts');
    expect(entry?.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'body', message: 'request body is required' }),
        expect.objectContaining({ in: 'status', path: '500', check: 'not_a_server_error', message: expect.stringMatching(/^received 500 .*; documented .*never 5xx/) }),
      ]),
    );
    expect(proxy.report().checks.not_a_server_error).toMatchObject({ failed: 1 });
    expect(proxy.report().operations.createPosts).toMatchObject({ calls: 1, violating: 1, statuses: { '500': 1 } });
  });

  it('reports calls the document does not have', async () => {
    expect((await call(proxy.origin, 'GET', `${API}/no-such-thing`, { key: KEYS.payg })).status).toBe(404);
    expect((await call(proxy.origin, 'POST', `${API}/integrations`, { key: KEYS.payg })).status).toBe(404);
    const unknown = proxy.report().violations.filter((v) => v.operationId === null);
    expect(unknown.map((v) => v.violations[0]!.message)).toEqual([
      expect.stringContaining('unknown operation: no path of the document matches /no-such-thing'),
      expect.stringContaining('POST /integrations is not documented (documented there: GET)'),
    ]);
    expect(proxy.report().totals.unknownOperation).toBe(2);
  });
});

describe('upstreams that misbehave', () => {
  it('answers 502 in the reference error shape when the upstream is down, logs it, and keeps serving', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const { proxy, lines } = await proxyFor(`http://127.0.0.1:${port}`);
    for (let i = 0; i < 2; i++) {
      const res = await call(proxy.origin, 'GET', `${API}/wallet`, { key: KEYS.payg });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ statusCode: 502, msg: 'Bad Gateway', message: expect.stringContaining(`http://127.0.0.1:${port} unreachable: connect ECONNREFUSED`) });
    }
    expect(lines.filter((l) => l.startsWith('[proxy] getWallet GET /api/public/v1/wallet -> 502: upstream error'))).toHaveLength(2);
    expect(proxy.report().totals).toMatchObject({ exchanges: 2, upstreamErrors: 2, violating: 0, conforming: 0 });
    expect(proxy.report().operations.getWallet!.statuses).toEqual({ '502': 2 });
  });

  it('reads a gzip-encoded answer to check it, and hands the compressed bytes on untouched', async () => {
    const body = gzipSync(JSON.stringify({ balance: 'lots' }));
    const upstream: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length, 'x-upstream': 'yes' });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    stopAfter.push(() => new Promise((resolve) => upstream.close(() => resolve())));
    const { proxy, lines } = await proxyFor(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`);
    const { request } = await import('node:http');
    // node:http rather than fetch, which would decompress: the client must get the very bytes the upstream sent.
    const raw = await new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
      const req = request(`${proxy.origin}${API}/wallet`, { headers: { authorization: KEYS.payg, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(raw).toMatchObject({ status: 200, headers: { 'content-encoding': 'gzip', 'x-upstream': 'yes' } });
    expect(raw.bytes.equals(body)).toBe(true);
    expect(proxy.report().violations[0]!.violations.some((v) => v.in === 'response-body')).toBe(true);
    expect(lines.some((l) => l.includes('contract broken: getWallet GET /api/public/v1/wallet -> 200: response body'))).toBe(true);
  });

  async function upstreamAnswering(headers: Record<string, string>, body: string | Buffer): Promise<string> {
    const upstream: Server = createServer((_req, res) => {
      res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    stopAfter.push(() => new Promise((resolve) => upstream.close(() => resolve())));
    return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  }

  it('reports an answer that is not JSON by its content type, in the check verify runs', async () => {
    const { proxy, lines } = await proxyFor(await upstreamAnswering({ 'content-type': 'text/html' }, '<h1>wallet</h1>'));
    expect((await call(proxy.origin, 'GET', `${API}/wallet`, { key: KEYS.payg })).status).toBe(200);
    expect(proxy.report().violations[0]!.violations).toEqual([
      expect.objectContaining({ in: 'content-type', check: 'content_type_conformance', message: expect.stringContaining('content type text/html is not documented for 200') }),
    ]);
    expect(lines.some((l) => l.includes('-> 200: response (content_type_conformance): received Content-Type text/html'))).toBe(true);
  });

  it('does not pass a check on a body it could not read: the checks that need it are not verified', async () => {
    const { proxy, lines } = await proxyFor(await upstreamAnswering({ 'content-type': 'application/json', 'content-encoding': 'zstd' }, 'not zstd at all'));
    expect((await call(proxy.origin, 'GET', `${API}/wallet`, { key: KEYS.payg })).status).toBe(200);
    const { checks, totals } = proxy.report();
    const why = 'needs the answer body, which was not kept (content-encoding zstd is not one the proxy can read)';
    expect(checks.response_schema_conformance).toEqual({ passed: 0, failed: 0, notVerified: 1, notVerifiedBecause: { [why]: 1 } });
    // The status is judged without the body.
    expect(checks.not_a_server_error).toMatchObject({ passed: 1, notVerified: 0 });
    expect(totals).toMatchObject({ violating: 0 });
    expect(lines).toEqual([]);
  });

  it('refuses a request target that would point it at another host', async () => {
    const { proxy } = await proxyFor('http://127.0.0.1:9');
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: Number(new URL(proxy.origin).port), path: '//example.com/x' }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
  });
});

describe('spw proxy --help', () => {
  it('names the upstream, the port, the report and what is checked', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['cli/run.ts', 'proxy', '--help']);
    for (const text of ['--upstream <url>', '--port <port>', '--host <host>', '--report <file>', '/_proxy/report', 'undocumented status', 'default: "4020"']) {
      expect(stdout).toContain(text);
    }
  });
});
