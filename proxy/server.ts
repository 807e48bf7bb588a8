// The validating proxy: forwards each request to the upstream as sent, streams the answer back as given, and checks the
// exchange against the public document (the request with the validator, the answer with the suites' response checks).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { apiBasePath } from '../spec/load.ts';
import { getValidator, type ContractValidator } from '../spec/validator.ts';
import { createOperationMatcher, type OperationMatcher } from '../spec/operation-match.ts';
import { TEXT_KEPT } from '../suites/exchange.ts';
import { responseChecks } from '../suites/response-checks.ts';
import type { Check } from '../suites/checks/registry.ts';
import { checkExchange, describe, isJsonType, type CapturedBody, type ExchangeVerdict, type ProxyCapture } from './exchange-check.ts';
import { ProxyRecorder, type ProxyReport } from './report.ts';

export const DEFAULT_PROXY_PORT = 4020;
/** The proxy's own routes; never forwarded. */
export const PROXY_PATH = '/_proxy';
/** JSON bodies up to this size are kept for checking; larger ones (and every non-JSON body) stream through unchecked. */
const MAX_CAPTURE_BYTES = 10 * 1024 * 1024;

// Hop-by-hop headers (RFC 9110 7.6.1) describe one connection, not the message: a proxy does not pass them on.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'upgrade']);

export interface ProxyOptions {
  /** The implementation's URL: an origin, or an origin with a path prefix that is put before every forwarded path. */
  upstream: string;
  /** Default 4020; 0 takes any free port. */
  port?: number;
  host?: string;
  /** Where the JSON summary is written on `writeReport()`, on `GET /_proxy/report` and (from the CLI) on exit. */
  reportFile?: string;
  /** Send the client's Host header upstream instead of the upstream's own (absolute URLs in answers then point at the proxy). */
  preserveHost?: boolean;
  log?: (line: string) => void;
  validator?: ContractValidator;
}

export interface RunningProxy {
  /** `http://host:port` */
  origin: string;
  upstream: string;
  server: http.Server;
  report(): ProxyReport;
  /** Writes the summary to `reportFile`; returns the path written, or undefined without one. */
  writeReport(): string | undefined;
  close(): Promise<void>;
}

/**
 * Keeps a copy of a body as it streams through, bounded: a JSON body whole up to MAX_CAPTURE_BYTES (it has a schema to
 * check), another answer's first TEXT_KEPT bytes (enough to show what came back, as the suites keep it), or nothing.
 */
class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  private kept = 0;
  private truncated = false;
  private skipped: string | undefined;

  private readonly keep: 'whole' | 'start' | 'none';

  constructor(keep: 'whole' | 'start' | 'none') {
    this.keep = keep;
    if (keep === 'none') this.skipped = 'not a JSON body';
  }

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.skipped || this.truncated) return;
    if (this.keep === 'start' && this.kept + chunk.length > TEXT_KEPT) {
      this.chunks.push(chunk.subarray(0, TEXT_KEPT - this.kept));
      this.truncated = true;
      return;
    }
    if (this.size > MAX_CAPTURE_BYTES) {
      this.skipped = `larger than ${MAX_CAPTURE_BYTES} bytes`;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
    this.kept += chunk.length;
  }

  result(): CapturedBody {
    if (this.skipped) return { size: this.size, bytes: undefined, skipped: this.skipped };
    return { size: this.size, bytes: Buffer.concat(this.chunks), ...(this.truncated ? { truncated: true } : {}) };
  }
}

/** Raw header pairs as an object, keeping each name's case and repeated headers (set-cookie) as lists. */
function headerObject(raw: string[], drop: (lowerName: string) => boolean): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const lowerToName = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    const lower = name.toLowerCase();
    if (drop(lower)) continue;
    const existing = lowerToName.get(lower);
    if (existing === undefined) {
      lowerToName.set(lower, name);
      out[name] = value;
    } else {
      const prev = out[existing]!;
      out[existing] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  return out;
}

function webHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header value the fetch Headers class refuses is still forwarded; it just is not checked.
    }
  }
  return headers;
}

function connectionTokens(value: string | undefined): Set<string> {
  return new Set((value ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, status === 200 ? 2 : 0);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function parseUpstream(upstream: string): URL {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(`--upstream ${upstream}: not a URL (e.g. http://127.0.0.1:4010)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream ${upstream}: only http and https upstreams are supported`);
  if (url.search || url.hash) throw new Error(`--upstream ${upstream}: give an origin or an origin with a path, without query or fragment`);
  return url;
}

/** What every exchange needs: where to forward, how to match and check, where to record. */
interface Proxying {
  options: ProxyOptions;
  upstream: URL;
  /** The upstream's path, put before every forwarded path. */
  upstreamPrefix: string;
  upstreamLabel: string;
  client: typeof http | typeof https;
  agent: http.Agent;
  matcher: OperationMatcher;
  checks: Check[];
  recorder: ProxyRecorder;
  log: (line: string) => void;
  writeReport(): string | undefined;
  /** The next exchange's number. */
  nextSeq(): number;
}

function setUp(options: ProxyOptions): Proxying {
  const upstream = parseUpstream(options.upstream);
  const upstreamPrefix = upstream.pathname.replace(/\/+$/, '');
  const upstreamLabel = `${upstream.origin}${upstreamPrefix}`;
  const client = upstream.protocol === 'https:' ? https : http;
  const validator = options.validator ?? getValidator();
  const checks = responseChecks();
  const recorder = new ProxyRecorder(validator, upstreamLabel, checks.map((c) => c.name));
  let seq = 0;
  return {
    options,
    upstream,
    upstreamPrefix,
    upstreamLabel,
    client,
    agent: new client.Agent({ keepAlive: true }),
    matcher: createOperationMatcher(validator, apiBasePath(validator.document)),
    checks,
    recorder,
    log: options.log ?? ((line: string) => console.log(line)),
    writeReport: () => (options.reportFile ? recorder.write(options.reportFile) : undefined),
    nextSeq: () => ++seq,
  };
}

/** Check a finished exchange, record it, and log what broke. */
function settle(p: Proxying, capture: ProxyCapture, upstreamError: string | undefined): void {
  let checked: ExchangeVerdict = { violations: [], verdicts: [] };
  try {
    checked = checkExchange(capture, p.checks);
  } catch (err) {
    p.log(`[proxy] could not check ${capture.method} ${capture.url}: ${(err as Error).message}`);
  }
  const { match } = capture;
  const operationId = match.kind === 'operation' ? match.op.operationId : null;
  const label = operationId ?? (match.kind === 'outside' ? '(outside the API)' : '(unknown operation)');
  const status = capture.answer?.status;
  p.recorder.record({
    operationId,
    outside: match.kind === 'outside',
    method: capture.method,
    url: capture.url,
    status: status ?? null,
    upstreamError: upstreamError !== undefined,
    violations: checked.violations,
    verdicts: checked.verdicts,
  });
  if (upstreamError) p.log(`[proxy] ${label} ${capture.method} ${capture.url} -> ${status ?? 502}: upstream error: ${upstreamError}`);
  if (checked.violations.length > 0) {
    p.log(`[proxy] contract broken: ${label} ${capture.method} ${capture.url} -> ${status ?? 'no answer'}: ${checked.violations.map(describe).join('; ')}`);
  }
}

/** `/_proxy/report`, the proxy's one route of its own; anything else under `/_proxy` is not forwarded either. */
function answerOwnRoute(p: Proxying, method: string, pathname: string, res: ServerResponse): void {
  if (pathname !== `${PROXY_PATH}/report`) {
    sendJson(res, 404, { statusCode: 404, msg: 'Not Found', message: `The proxy answers only GET ${PROXY_PATH}/report` });
    return;
  }
  if (method !== 'GET') {
    sendJson(res, 405, { statusCode: 405, msg: 'Method Not Allowed', message: `Use GET ${PROXY_PATH}/report` }, { allow: 'GET' });
    return;
  }
  try {
    p.writeReport();
  } catch (err) {
    p.log(`[proxy] could not write the report to ${p.options.reportFile}: ${(err as Error).message}`);
  }
  sendJson(res, 200, p.recorder.report);
}

/** The request as it goes upstream: hop-by-hop headers dropped, Host the upstream's unless preserved. */
function upstreamRequestFor(p: Proxying, req: IncomingMessage, method: string, targetPath: string): http.ClientRequest {
  const dropped = connectionTokens(req.headers.connection);
  const headers = headerObject(req.rawHeaders, (name) => HOP_BY_HOP.has(name) || dropped.has(name) || (name === 'host' && !p.options.preserveHost));
  if (!p.options.preserveHost) headers.Host = p.upstream.host;
  return p.client.request({
    protocol: p.upstream.protocol,
    hostname: p.upstream.hostname.replace(/^\[|\]$/g, ''),
    port: p.upstream.port || undefined,
    method,
    path: targetPath,
    headers,
    agent: p.agent,
  });
}

/** Forward one request, stream the answer back as given, and settle the exchange once, when it ends or breaks. */
function forward(p: Proxying, req: IncomingMessage, res: ServerResponse, method: string, url: string): void {
  const targetPath = p.upstreamPrefix + url;
  const seq = p.nextSeq();
  const started = performance.now();
  const match = p.matcher.match(method, new URL(`http://upstream${targetPath}`).pathname);
  const requestHeaders = webHeaders(req.rawHeaders);
  const requestCapture = new Capture(isJsonType(req.headers['content-type']) ? 'whole' : 'none');
  let done = false;
  let clientGone = false;
  const finish = (answer: ProxyCapture['answer'], upstreamError?: string) => {
    if (done) return;
    done = true;
    const capture: ProxyCapture = { seq, method, url, upstreamUrl: `${p.upstream.origin}${targetPath}`, match, requestHeaders, requestBody: requestCapture.result(), answer };
    settle(p, capture, upstreamError);
  };

  let upstreamRequest: http.ClientRequest;
  try {
    upstreamRequest = upstreamRequestFor(p, req, method, targetPath);
  } catch (err) {
    // Node refuses some targets outright (unescaped characters): that is the client's request, so a 400.
    sendJson(res, 400, { statusCode: 400, msg: 'Bad Request', message: `The proxy cannot forward this request: ${(err as Error).message}` });
    return;
  }

  upstreamRequest.on('response', (upstreamResponse) => {
    const status = upstreamResponse.statusCode ?? 502;
    const headers = webHeaders(upstreamResponse.rawHeaders);
    const droppedOut = connectionTokens(upstreamResponse.headers.connection);
    res.writeHead(status, upstreamResponse.statusMessage, headerObject(upstreamResponse.rawHeaders, (name) => HOP_BY_HOP.has(name) || droppedOut.has(name)));
    const responseCapture = new Capture((upstreamResponse.headers['content-type'] ?? '').includes('json') ? 'whole' : 'start');
    const answer = (body: CapturedBody) => ({ status, headers, body, ms: performance.now() - started });
    upstreamResponse.on('data', (chunk: Buffer) => responseCapture.add(chunk));
    upstreamResponse.on('end', () => finish(answer(responseCapture.result())));
    upstreamResponse.on('error', (err) => {
      res.destroy();
      if (!clientGone) finish(answer({ size: 0, bytes: undefined, skipped: 'the answer broke off' }), `the answer broke off: ${err.message}`);
    });
    upstreamResponse.pipe(res);
  });

  upstreamRequest.on('error', (err: NodeJS.ErrnoException) => {
    if (clientGone) return; // we cut it ourselves when the client went away
    const reason = `${p.upstreamLabel} ${err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'EHOSTUNREACH' ? 'unreachable' : 'failed'}: ${err.message}`;
    if (!res.headersSent) {
      sendJson(res, 502, { statusCode: 502, msg: 'Bad Gateway', message: `The proxy could not get an answer from the upstream ${reason}` }, { 'x-proxy-error': 'upstream' });
    } else {
      res.destroy();
    }
    finish(undefined, reason);
  });

  req.on('data', (chunk: Buffer) => requestCapture.add(chunk));
  req.on('error', () => upstreamRequest.destroy());
  res.on('close', () => {
    if (!res.writableFinished) {
      clientGone = true;
      upstreamRequest.destroy();
    }
  });
  req.pipe(upstreamRequest);
}

function handle(p: Proxying, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  // Only origin-form targets: an absolute or `//host` target must not steer the proxy to another host.
  if (!url.startsWith('/') || url.startsWith('//')) {
    sendJson(res, 400, { statusCode: 400, msg: 'Bad Request', message: 'The proxy forwards origin-form request targets only (/path?query)' });
    return;
  }
  const pathname = url.split('?')[0]!;
  if (pathname === PROXY_PATH || pathname.startsWith(`${PROXY_PATH}/`)) answerOwnRoute(p, method, pathname, res);
  else forward(p, req, res, method, url);
}

function createProxyServer(p: Proxying): http.Server {
  const server = http.createServer((req, res) => {
    try {
      handle(p, req, res);
    } catch (err) {
      // Whatever the request, the proxy keeps running: answer in the reference's error shape and say why.
      p.log(`[proxy] failed on ${req.method} ${req.url}: ${(err as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { statusCode: 500, msg: 'Proxy error', message: (err as Error).message });
      else res.destroy();
    }
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const p = setUp(options);
  const server = createProxyServer(p);
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? DEFAULT_PROXY_PORT, host);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shownHost}:${port}`,
    upstream: p.upstreamLabel,
    server,
    report: () => p.recorder.report,
    writeReport: p.writeReport,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        p.agent.destroy();
      }),
  };
}
