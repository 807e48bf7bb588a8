// Listening on a port is separate from building the app: the same app serves tests in-process with no port.
import { serve, type ServerType } from '@hono/node-server';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createMockApp, type MockApp } from './http/app.ts';
import type { MockOptions } from './http/state.ts';
import { keepStateFile } from './state-file.ts';

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

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', `Request head is larger than the ${Math.round(http.maxHeaderSize / 1024)} KiB the mock reads`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request head did not arrive in time'],
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
  answered.add(socket);
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP/1.1'];
  const body = JSON.stringify({ statusCode: status, msg: message, message });
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  lingeringClose(socket);
}

export async function startMock(options: MockOptions & { port?: number; host?: string } = {}): Promise<RunningMock> {
  const app = createMockApp(options);
  const keeper = options.stateFile ? keepStateFile(app.state, options.stateFile) : undefined;
  // The raw Node request (`bindings.incoming`) must reach the app: uploads stream from it.
  const fetch: typeof app.fetch = keeper
    ? async (request, bindings) => {
        const response = await app.fetch(request, bindings);
        keeper.touch();
        return response;
      }
    : app.fetch;
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  // `serve` without `createServer` options makes a node:http server; the union type also admits HTTP/2.
  const http1 = server as http.Server;
  http1.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must be allowed at least as long as a connection may idle before them.
  http1.headersTimeout = KEEP_ALIVE_MS + 1000;
  http1.on('clientError', answerClientError);
  http1.on('connection', (socket: Duplex & { destroySoon?: () => void }) => {
    socket.destroySoon = () => lingeringClose(socket);
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
