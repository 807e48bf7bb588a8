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

export async function startMock(options: MockOptions & { port?: number; host?: string } = {}): Promise<RunningMock> {
  const app = createMockApp(options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
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
