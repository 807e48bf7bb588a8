// Listening on a port is separate from building the app: the same app serves tests in-process with no port.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createMockApp, type MockApp } from './http/app.ts';
import type { MockOptions } from './http/state.ts';

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

export async function startMock(options: MockOptions & { port?: number; host?: string } = {}): Promise<RunningMock> {
  const app = createMockApp(options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  // `serve` without `createServer` options makes a node:http server; the union type also admits HTTP/2.
  const http1 = server as import('node:http').Server;
  http1.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must be allowed at least as long as a connection may idle before them.
  http1.headersTimeout = KEEP_ALIVE_MS + 1000;
  const timer = setInterval(() => app.state.tick(), TICK_MS);
  timer.unref();
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    app,
    server,
    origin: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        (server as any).closeAllConnections?.();
      }),
  };
}
