// Parity in Chromium: the same script of steps over every operation (successes, and the 401, 400, 402, 404, 413 and
// 429 a UI must handle) runs through the MSW worker in a page and through the mock server on another origin, each on
// a fresh world with the same seed and frozen instant, and every step answers the same status with the same body shape.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../browser-testing.ts';
import { MockClock } from '../domain/clock.ts';
import { startMock, type RunningMock } from '../server.ts';
import { loadSpec } from '../../spec/load.ts';
import type { StepResult } from './parity-steps.ts';

const require = createRequire(import.meta.url);
const AT = Date.parse('2026-03-02T09:00:00.000Z');
const TIMEOUT = 180_000;

async function site(): Promise<{ server: Server; origin: string }> {
  const bundle = await build({ entryPoints: [new URL('./parity-page.ts', import.meta.url).pathname], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  return serveFiles({
    '/': ['text/html; charset=utf-8', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parity</title></head><body><script type="module" src="/app.js"></script></body></html>'],
    '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
    '/mockServiceWorker.js': ['text/javascript', readFileSync(require.resolve('msw/mockServiceWorker.js'))],
  });
}

describe('the same steps through the worker and through the server, in Chromium', () => {
  let page: { server: Server; origin: string };
  let mock: RunningMock;
  let browser: Browser;
  let worker: StepResult[];
  let server: StepResult[];

  beforeAll(async () => {
    [page, mock, browser] = await Promise.all([site(), startMock({ port: 0, seed: 1, clock: new MockClock({ frozenAt: AT }), strict: true }), launchChromium()]);
    // Two contexts: the worker registered by the first must not stand between the second page and the server.
    const run = async (mode: 'worker' | 'server') => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(page.origin);
      await tab.waitForFunction(() => typeof window.parity === 'function');
      const results = await tab.evaluate(([m, base, at]) => window.parity(m as 'worker' | 'server', base as string, at as number), [mode, `${mock.origin}/api/public/v1`, AT] as const);
      await context.close();
      return results;
    };
    worker = await run('worker');
    server = await run('server');
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    await new Promise((ok) => page?.server.close(ok));
  });

  it('every step answers what it is written for, through the worker and through the server', () => {
    const off = (r: StepResult[]) => r.filter((s) => s.status !== s.want).map((s) => `${s.step}: ${s.status}, not ${s.want}`);
    expect(off(worker)).toEqual([]);
    expect(off(server)).toEqual([]);
  });

  it('step by step, the worker answers the status and the body shape the server does', () => {
    const view = (r: StepResult[]) => r.map((s) => `${s.step} → ${s.status} ${s.shape}`);
    expect(view(worker)).toEqual(view(server));
  });

  it('the script covers every operation of the document and every refusal a UI must handle', () => {
    const operations = Object.values(loadSpec().paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.values(item).map((op) => op?.operationId))
      .filter(Boolean);
    expect(new Set(worker.map((s) => s.operationId))).toEqual(new Set(operations));
    for (const status of [200, 400, 401, 402, 404, 413, 429]) expect(worker.some((s) => s.status === status), `a ${status}`).toBe(true);
  });
});
