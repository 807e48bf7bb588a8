// The validating proxy: forwards each request to the upstream as sent, streams the answer back as given, and checks the exchange against the public document.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { apiBasePath } from '../spec/load.ts';
import { getValidator, type ContractValidator } from '../spec/validator.ts';
import { checkExchange, describe, isJsonType, type CapturedBody, type Exchange, type ProxyViolation } from './exchange-check.ts';
import { createOperationMatcher } from '../spec/operation-match.ts';
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

/** Keeps a copy of a body as it streams through, up to a bound; only JSON is kept, since only JSON has a schema to check. */
class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  private skipped: string | undefined;

  constructor(wanted: boolean) {
    if (!wanted) this.skipped = 'not a JSON body';
  }

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.skipped) return;
    if (this.size > MAX_CAPTURE_BYTES) {
      this.skipped = `larger than ${MAX_CAPTURE_BYTES} bytes`;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }

  result(): CapturedBody {
    return this.skipped ? { size: this.size, bytes: undefined, skipped: this.skipped } : { size: this.size, bytes: Buffer.concat(this.chunks) };
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

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = parseUpstream(options.upstream);
  const upstreamPrefix = upstream.pathname.replace(/\/+$/, '');
  const upstreamLabel = `${upstream.origin}${upstreamPrefix}`;
  const client = upstream.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const validator = options.validator ?? getValidator();
  const matcher = createOperationMatcher(validator, apiBasePath(validator.document));
  const recorder = new ProxyRecorder(validator, upstreamLabel);
  const log = options.log ?? ((line: string) => console.log(line));

  const writeReport = (): string | undefined => (options.reportFile ? recorder.write(options.reportFile) : undefined);

  const settle = (exchange: Exchange & { upstreamError?: string }): void => {
    let violations: ProxyViolation[] = [];
    try {
      violations = checkExchange(exchange);
    } catch (err) {
      log(`[proxy] could not check ${exchange.method} ${exchange.url}: ${(err as Error).message}`);
    }
    const operationId = exchange.match.kind === 'operation' ? exchange.match.op.operationId : null;
    const label = operationId ?? (exchange.match.kind === 'outside' ? '(outside the API)' : '(unknown operation)');
    recorder.record({
      operationId,
      outside: exchange.match.kind === 'outside',
      method: exchange.method,
      url: exchange.url,
      status: exchange.status ?? null,
      upstreamError: exchange.upstreamError !== undefined,
      violations,
    });
    if (exchange.upstreamError) {
      log(`[proxy] ${label} ${exchange.method} ${exchange.url} -> ${exchange.status ?? 502}: upstream error: ${exchange.upstreamError}`);
    }
    if (violations.length > 0) {
      log(`[proxy] contract broken: ${label} ${exchange.method} ${exchange.url} -> ${exchange.status ?? 'no answer'}: ${violations.map(describe).join('; ')}`);
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    // Only origin-form targets: an absolute or `//host` target must not steer the proxy to another host.
    if (!url.startsWith('/') || url.startsWith('//')) {
      sendJson(res, 400, { statusCode: 400, msg: 'Bad Request', message: 'The proxy forwards origin-form request targets only (/path?query)' });
      return;
    }
    const pathname = url.split('?')[0]!;
    if (pathname === `${PROXY_PATH}/report`) {
      if (method !== 'GET') {
        sendJson(res, 405, { statusCode: 405, msg: 'Method Not Allowed', message: `Use GET ${PROXY_PATH}/report` }, { allow: 'GET' });
        return;
      }
      try {
        writeReport();
      } catch (err) {
        log(`[proxy] could not write the report to ${options.reportFile}: ${(err as Error).message}`);
      }
      sendJson(res, 200, recorder.report);
      return;
    }
    if (pathname === PROXY_PATH || pathname.startsWith(`${PROXY_PATH}/`)) {
      sendJson(res, 404, { statusCode: 404, msg: 'Not Found', message: `The proxy answers only GET ${PROXY_PATH}/report` });
      return;
    }

    const targetPath = upstreamPrefix + url;
    const targetPathname = new URL(`http://upstream${targetPath}`).pathname;
    const match = matcher.match(method, targetPathname);
    const requestHeaders = webHeaders(req.rawHeaders);
    const requestCapture = new Capture(isJsonType(req.headers['content-type']));
    const dropped = connectionTokens(req.headers.connection);
    const headers = headerObject(req.rawHeaders, (name) => HOP_BY_HOP.has(name) || dropped.has(name) || (name === 'host' && !options.preserveHost));
    if (!options.preserveHost) headers.Host = upstream.host;

    let done = false;
    let clientGone = false;
    const finish = (part: { status?: number; responseHeaders?: Headers; responseBody?: CapturedBody; upstreamError?: string }) => {
      if (done) return;
      done = true;
      settle({ method, url, match, requestHeaders, requestBody: requestCapture.result(), ...part });
    };

    let upstreamRequest: http.ClientRequest;
    try {
      upstreamRequest = client.request({
        protocol: upstream.protocol,
        hostname: upstream.hostname.replace(/^\[|\]$/g, ''),
        port: upstream.port || undefined,
        method,
        path: targetPath,
        headers,
        agent,
      });
    } catch (err) {
      // Node refuses some targets outright (unescaped characters): that is the client's request, so a 400.
      sendJson(res, 400, { statusCode: 400, msg: 'Bad Request', message: `The proxy cannot forward this request: ${(err as Error).message}` });
      return;
    }

    upstreamRequest.on('response', (upstreamResponse) => {
      const status = upstreamResponse.statusCode ?? 502;
      const responseHeaders = webHeaders(upstreamResponse.rawHeaders);
      const droppedOut = connectionTokens(upstreamResponse.headers.connection);
      res.writeHead(status, upstreamResponse.statusMessage, headerObject(upstreamResponse.rawHeaders, (name) => HOP_BY_HOP.has(name) || droppedOut.has(name)));
      const responseCapture = new Capture(isJsonType(upstreamResponse.headers['content-type'] ?? 'application/json'));
      upstreamResponse.on('data', (chunk: Buffer) => responseCapture.add(chunk));
      upstreamResponse.on('end', () => finish({ status, responseHeaders, responseBody: responseCapture.result() }));
      upstreamResponse.on('error', (err) => {
        res.destroy();
        if (!clientGone) finish({ status, responseHeaders, responseBody: { size: 0, bytes: undefined, skipped: 'the answer broke off' }, upstreamError: `the answer broke off: ${err.message}` });
      });
      upstreamResponse.pipe(res);
    });

    upstreamRequest.on('error', (err: NodeJS.ErrnoException) => {
      if (clientGone) return; // we cut it ourselves when the client went away
      const reason = `${upstreamLabel} ${err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'EHOSTUNREACH' ? 'unreachable' : 'failed'}: ${err.message}`;
      if (!res.headersSent) {
        sendJson(res, 502, { statusCode: 502, msg: 'Bad Gateway', message: `The proxy could not get an answer from the upstream ${reason}` }, { 'x-proxy-error': 'upstream' });
        finish({ upstreamError: reason });
      } else {
        res.destroy();
        finish({ upstreamError: reason });
      }
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
  };

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      // Whatever the request, the proxy keeps running: answer in the reference's error shape and say why.
      log(`[proxy] failed on ${req.method} ${req.url}: ${(err as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { statusCode: 500, msg: 'Proxy error', message: (err as Error).message });
      else res.destroy();
    }
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PROXY_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shownHost}:${address.port}`,
    upstream: upstreamLabel,
    server,
    report: () => recorder.report,
    writeReport,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
