// Listening on a port is separate from building the app: the same app serves tests in-process with no port.
import { getRequestListener, type ServerType } from '@hono/node-server';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createMockApp, type MockApp } from './http/app.ts';
import { unhandled } from './http/core.ts';
import type { MockOptions } from './http/state.ts';
import { keepStateFile } from './state-file.ts';
import { answerParts, isNetworkError } from './http/pipeline.ts';
import { IncomingRequest } from './http/node-request.ts';

/** Bounds on connections, so that no client, slow or many, can hold the server (reference: not shown; mock decisions). */
export interface ConnectionLimits {
  /**
   * Open connections served at once. One past it gets a 503 in the Error shape (and `Retry-After`) without the
   * request reaching the mock, then the connection closes; twice as many are dropped by the kernel listener outright.
   * A browser opens six per origin and a parallel test runner some dozens: 512 is far above either.
   */
  maxConnections: number;
  /**
   * A request whose body stops arriving for this long is answered 408 and closed. A real client sends an upload
   * without pauses; one that stalls this long mid-body is gone. Waiting for an answer (a held --latency) is not idle.
   */
  bodyIdleMs: number;
  /**
   * The whole request, head and body, must arrive within this long (408 otherwise): the bound on a client that trickles
   * a byte at a time. 15 minutes takes the largest upload (a 1 GiB video) at 1.2 MB/s.
   */
  requestTimeoutMs: number;
  /**
   * Open connections one client address may hold; past it, its next is answered 503 like one past maxConnections.
   * Half the cap unless set (256 of the default 512): a client that holds connections open (slow bodies) leaves the other half to everyone else, as
   * nginx's limit_conn does per address. Every local client shares 127.0.0.1, and 256 is still far above a browser's
   * six or a test runner's dozens.
   */
  maxConnectionsPerAddress: number;
  /**
   * Once a request body has taken bodyRateGraceMs, it must have arrived at this many bytes a second on average, and
   * keep to it (checked each bodyRateGraceMs), else 408 and closed: a byte every 20 s never idles long enough for
   * bodyIdleMs, yet holds a connection for the whole requestTimeoutMs. 1,000 bytes/s is a hundredth of a slow mobile
   * upload (Apache's mod_reqtimeout asks 500 bytes/s after 20 s).
   */
  bodyMinBytesPerSecond: number;
  bodyRateGraceMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 512,
  bodyIdleMs: 30_000,
  requestTimeoutMs: 15 * 60_000,
  maxConnectionsPerAddress: 256,
  bodyMinBytesPerSecond: 1000,
  bodyRateGraceMs: 10_000,
};

export interface RunningMock {
  app: MockApp;
  server: ServerType;
  /** `http://host:port` */
  origin: string;
  close(): Promise<void>;
}

/** Publish due posts on the real clock even when nobody is calling (a frontend watching a calendar). */
const TICK_MS = 1000;

/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is short enough that on a slow or stalled
 * machine a client (undici, which `fetch` uses, trusts the `Keep-Alive: timeout` hint minus a second) sends its next
 * request on a connection the server is closing at that instant, and gets a socket error for a request never read.
 */
export const KEEP_ALIVE_MS = 65_000;

/** How long, and how much, a closing connection is still read so the client gets its answer instead of a reset. */
const LINGER = { ms: 2000, bytes: 1024 * 1024 };

const lingering = new WeakSet<Duplex>();

/**
 * Close as nginx's lingering close does. Closing a socket that still has unread bytes makes the kernel send a reset,
 * and a client still sending (a body over the limit, an endless chunked one) then loses the answer it was sent: so
 * half-close, read and drop what keeps arriving for a moment, within bounds, then close. Node's http server closes
 * through `destroySoon` after a response marked `Connection: close`; every server socket gets this in its place.
 */
function lingeringClose(socket: Duplex): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  socket.end();
  let read = 0;
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER.bytes) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER.ms).unref();
}

const answered = new WeakSet<Duplex>();

/**
 * What a dropped connection sends before it closes: a head with two Content-Length values that disagree, a framing
 * error RFC 9112 §6.3 tells a client to treat as unrecoverable. A connection closed with no byte of an answer would
 * do as a drop for Node's fetch, but Chromium resends a request whose reused keep-alive connection closes before any
 * answer arrives, since that is how an idle close looks: the page would then read the real answer on a fresh
 * connection, and the journal would hold a status-0 entry per resend. A broken answer is not resent; the page's fetch
 * rejects with a TypeError (net::ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_LENGTH in the network tab), as undici's does,
 * and curl reports the transfer cut short.
 */
const DROPPED_ANSWER = 'HTTP/1.1 502 Connection Dropped By The Mock\r\nContent-Length: 0\r\nContent-Length: 1\r\nConnection: close\r\n\r\n';

/** Drop the connection for an override's network error, so that no client resends the request (DROPPED_ANSWER). */
function dropConnection(socket: Duplex): void {
  if (answered.has(socket) || !socket.writable) {
    socket.destroy();
    return;
  }
  answered.add(socket);
  socket.write(DROPPED_ANSWER);
  // Lingering, so a request body still arriving does not turn the close into a reset that could overtake the head.
  lingeringClose(socket);
}

const ANSWERING = Symbol('spw.answering');

/** An answer the direct lane decided but does not write itself, handed to the Fetch adapter to send. */
const DECIDED = Symbol('spw.decided');

/**
 * A request target and Host the direct lane takes as they are: an origin-form path of plain URL characters with no dot
 * segment, and a lower-case host name with a four- or five-digit port. A Fetch request's URL for them is the two
 * joined, unchanged; anything else (an absolute URL, an IPv6 host, characters URL parsing would rewrite) goes through
 * the Fetch adapter, which parses it.
 */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** The path of a plain request target: up to its query or fragment. */
function targetPath(target: string): string {
  const q = target.indexOf('?');
  const h = target.indexOf('#');
  const end = q < 0 ? h : h < 0 ? q : Math.min(q, h);
  return end < 0 ? target : target.slice(0, end);
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', `Request head is larger than the ${Math.round(http.maxHeaderSize / 1024)} KiB the mock reads`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request did not arrive in time'],
};

/**
 * A request Node could not parse (a head over the size limit, bad framing) gets its status in the reference's Error
 * shape. Node's own answer destroys the socket at once, so a client still sending its head reads a reset instead of
 * the 431: here the socket closes lingering.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // Node may report the same broken head again as more of it arrives: the first report already answered.
  if (answered.has(socket)) return;
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP/1.1'];
  answerRaw(socket, status, reason, message);
}

/** The answer marked to close its connection (a copy when its headers cannot change). */
function closing(response: Response): Response {
  try {
    response.headers.set('connection', 'close');
    return response;
  } catch {
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    copy.headers.set('connection', 'close');
    return copy;
  }
}

/** Answer on the raw socket (no request reached the mock, or it must not) and close it lingering. */
function answerRaw(socket: Duplex, status: number, reason: string, message: string, extra = ''): void {
  if (answered.has(socket) || !socket.writable) {
    socket.destroy();
    return;
  }
  answered.add(socket);
  const body = JSON.stringify({ statusCode: status, msg: message, message });
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`,
  );
  lingeringClose(socket);
}

export interface ServerOptions {
  port?: number;
  host?: string;
  connections?: Partial<ConnectionLimits>;
  /**
   * Whether public operations on plain requests are answered on the direct lane (the default), or all through the
   * Fetch adapter and the app's router: for tests and benchmarks that compare the two, which answer alike.
   */
  directLane?: boolean;
}

export async function startMock(options: MockOptions & ServerOptions = {}): Promise<RunningMock> {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  // An address's share follows the cap it is given (--max-connections) unless set on its own.
  if (options.connections?.maxConnectionsPerAddress === undefined) limits.maxConnectionsPerAddress = Math.max(1, Math.ceil(limits.maxConnections / 2));
  const app = createMockApp(options);
  const keeper = options.stateFile ? keepStateFile(app.state, options.stateFile) : undefined;
  /** Sockets accepted past maxConnections: their request is answered 503 here and never reaches the mock. */
  const overCap = new WeakSet<object>();
  /**
   * The answer each connection is giving (its request is `res.req`), until it is sent. Kept on the socket, not in a
   * WeakMap, and told sent by the answer itself rather than by a 'finish' listener: both were paid on every request.
   */
  const answering = (socket: object): http.ServerResponse | undefined => {
    const res = (socket as { [ANSWERING]?: http.ServerResponse })[ANSWERING];
    return res && !res.writableFinished ? res : undefined;
  };
  const refuseOverCap = () =>
    new Response(JSON.stringify({ statusCode: 503, msg: `The mock serves at most ${limits.maxConnections} connections at once`, message: `The mock serves at most ${limits.maxConnections} open connections at once (--max-connections), at most ${limits.maxConnectionsPerAddress} of them from one address; try again when one closes` }), {
      status: 503,
      headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1', connection: 'close' },
    });
  /**
   * What follows every answer the app decides, on either path: the state file is told, and an override's network
   * error drops the connection with a broken answer, so the client's fetch rejects, once (true then).
   */
  const dropped = (response: Response, socket: Duplex | undefined): boolean => {
    keeper?.touch();
    if (!isNetworkError(response)) return false;
    if (socket) dropConnection(socket);
    return true;
  };
  // The raw Node request (`bindings.incoming`) must reach the app: uploads stream from it.
  const fetch: typeof app.fetch = async (request, bindings) => {
    const incoming = (bindings as { incoming?: http.IncomingMessage & { [DECIDED]?: Response } } | undefined)?.incoming;
    if (incoming?.[DECIDED]) return incoming[DECIDED];
    if (incoming && overCap.has(incoming.socket)) return refuseOverCap();
    const response = await app.fetch(request, bindings);
    if (dropped(response, incoming?.socket)) return new Response(null, { status: 500 });
    return incoming && !incoming.complete ? closing(response) : response;
  };
  /** Past the grace, a body slower on average than the minimum rate is answered 408 and its connection closed. */
  const watchBodyRate = (req: http.IncomingMessage): void => {
    const socket = req.socket;
    const from = socket.bytesRead;
    const started = Date.now();
    const check = () => {
      if (req.complete || socket.destroyed || answered.has(socket)) return;
      const seconds = (Date.now() - started) / 1000;
      if (socket.bytesRead - from >= limits.bodyMinBytesPerSecond * seconds) {
        setTimeout(check, limits.bodyRateGraceMs).unref();
        return;
      }
      answerRaw(socket, 408, 'Request Timeout', `The request body arrived slower than ${limits.bodyMinBytesPerSecond} bytes a second`);
    };
    setTimeout(check, limits.bodyRateGraceMs).unref();
  };
  const host = options.host ?? '127.0.0.1';
  const adapter = getRequestListener(fetch);
  /**
   * The direct lane: a public operation on a plain request is answered from node:http's request as it is, and its JSON
   * answer written to the socket from the parts it was built of. The Fetch adapter (a lazy Request over the message, a
   * Response read back into a head and a body) and the app's router cost more per request than reading a list does:
   * docs/architecture.md has the figures. Everything else, and every answer that is not plain JSON, goes through the
   * adapter and the app as before; both reach the same operation runner.
   */
  const lane = (req: http.IncomingMessage & { [DECIDED]?: Response }, res: http.ServerResponse): boolean => {
    const target = req.url ?? '';
    const hostHeader = req.headers.host;
    if (hostHeader === undefined || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target) || !PLAIN_HOST.test(hostHeader)) return false;
    const answer = app.direct(req.method ?? '', targetPath(target));
    if (!answer) return false;
    const request = new IncomingRequest(req, res, `http://${hostHeader}${target}`);
    // Any answer that is not plain JSON is handed to the adapter to send, as is a crash in writing one.
    const handOver = (response: Response) => {
      req[DECIDED] = response;
      void adapter(req, res);
    };
    const send = (response: Response) => {
      if (dropped(response, req.socket)) return;
      const parts = answerParts(response);
      if (!parts) return handOver(response);
      const { status, body, headers } = parts;
      // Content-Length after the answer's own headers, as the adapter writes it; an answer given before the body has
      // all arrived (a 401) closes the connection rather than read the rest to keep it.
      const close = req.complete ? {} : { Connection: 'close' };
      res.writeHead(status, { ...headers, ...close, 'Content-Length': typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength }).end(body);
    };
    answer(request as unknown as Request, req)
      .then(send)
      .catch((err: unknown) => (res.headersSent ? res.destroy() : handOver(unhandled(err))));
    return true;
  };
  const server = http.createServer(
    // Node checks the request timeout this often; its default (30 s) would let a short timeout run long.
    { requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(limits.requestTimeoutMs / 4))) },
    (req, res) => {
      (req.socket as { [ANSWERING]?: http.ServerResponse })[ANSWERING] = res;
      if (!req.complete) watchBodyRate(req);
      if (options.directLane === false || overCap.has(req.socket) || !lane(req, res)) void adapter(req, res);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must be allowed at least as long as a connection may idle before them (and Node requires
  // them within the whole request's time).
  server.headersTimeout = Math.min(KEEP_ALIVE_MS + 1000, limits.requestTimeoutMs);
  // The kernel-side backstop: past twice the cap, connections are dropped unanswered.
  server.maxConnections = limits.maxConnections * 2;
  server.on('clientError', answerClientError);
  let open = 0;
  const byAddress = new Map<string, number>();
  server.on('connection', (socket: Duplex & { destroySoon?: () => void; setTimeout(ms: number): void; remoteAddress?: string }) => {
    socket.destroySoon = () => lingeringClose(socket);
    open++;
    const address = socket.remoteAddress ?? '';
    const mine = (byAddress.get(address) ?? 0) + 1;
    byAddress.set(address, mine);
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
    if (open > limits.maxConnections || mine > limits.maxConnectionsPerAddress) {
      overCap.add(socket);
      // It gets one answer; one that sends nothing is not kept waiting for its head.
      socket.setTimeout(Math.min(2000, limits.bodyIdleMs));
    }
  });
  // Every socket gets this idle timer; only one silent in the middle of a request body is answered and closed here.
  // An idle keep-alive connection is keepAliveTimeout's, a head in progress headersTimeout's, a held answer nobody's.
  server.setTimeout(limits.bodyIdleMs, (socket: Duplex & { bytesRead: number }) => {
    const res = answering(socket);
    if (overCap.has(socket) && !res) return socket.destroy();
    const req = res?.req;
    if (!req || req.complete) return;
    // The timer may fire late, after a stall of this process (a long task, a collection, a core taken away) rather
    // than of the client: bytes it sent meanwhile wait in the kernel until the loop polls, which comes after timers.
    // One turn later they have been read, and only a socket that still brought nothing is idle.
    const read = socket.bytesRead;
    setImmediate(() => {
      if (socket.destroyed || req.complete || socket.bytesRead !== read) return;
      answerRaw(socket, 408, 'Request Timeout', `The request body stopped arriving for ${Math.round(limits.bodyIdleMs / 1000)} s`);
    });
  });
  const timer = setInterval(() => {
    const ticked = app.state.tick();
    if (ticked.published.length > 0 || ticked.failed.length > 0) keeper?.touch();
  }, TICK_MS);
  timer.unref();
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${shownHost}:${address.port}`;
  // From here on Host is checked and absolute URLs fall back to this address (mocks/http/access.ts); on every
  // interface (0.0.0.0, ::) no one address is right, and localhost at least works on this machine.
  const everywhere = host === '0.0.0.0' || host === '::';
  app.state.access.listening = { host: host.toLowerCase(), origin: everywhere ? `http://localhost:${address.port}` : origin };
  return {
    app,
    server,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        keeper?.close();
        server.close(() => resolve());
        (server as any).closeAllConnections?.();
      }),
  };
}
