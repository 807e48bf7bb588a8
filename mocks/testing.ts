// In-process harness for tests: a strict mock on a frozen clock and seeded ids, driven through supertest with no port.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import supertest from 'supertest';
import { MockClock } from './domain/clock.ts';
import { createMockApp, type MockApp } from './http/app.ts';
import type { MockOptions } from './http/state.ts';

export const API = '/api/public/v1';
/** The instant every test world starts at: a Monday, 09:00 UTC. */
export const T0 = Date.parse('2026-01-05T09:00:00.000Z');
export const KEYS = { free: 'demo-free-key', payg: 'demo-payg-key', paid: 'demo-paid-key' } as const;
/** A wallet refusal's `url`: the wallet page, relative to the app, with the refused workspace's link (mocks/http/wallet-link.ts). */
export const WALLET_LINK = /^\/wallet\?link=wl_[0-9a-f]{32}$/;

export interface TestMock {
  app: MockApp;
  clock: MockClock;
  server: Server;
  /** supertest against the in-process app. */
  http: ReturnType<typeof supertest>;
  /** A request to the public API with a workspace's key. */
  api(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, key?: string): supertest.Test;
}

export function testMock(options: MockOptions = {}): TestMock {
  const clock = options.clock ?? new MockClock({ frozenAt: T0 });
  const app = createMockApp({ seed: 42, strict: true, ...options, clock });
  const server = createServer(getRequestListener(app.fetch));
  const http = supertest(server);
  return {
    app,
    clock,
    server,
    http,
    api(method, path, key = KEYS.payg) {
      return http[method](`${API}${path}`).set('Authorization', key);
    },
  };
}

/** A workspace's wallet page (path and query), as its `topUpUrl` leads there: the key's workspace must use the wallet. */
export async function walletPage(m: TestMock, key: string): Promise<string> {
  const url = new URL((await m.api('get', '/wallet', key).expect(200)).body.topUpUrl);
  return `${url.pathname}${url.search}`;
}
