// The MSW export in a real browser: Debian's Chromium loads a page bundled with esbuild, registers msw's worker script,
// and walks create → list → schedule → wallet against the in-page mock (nothing listens at the mock's origin).
import { readFileSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../browser-testing.ts';

const STEP_TIMEOUT_MS = 120_000;
const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MSW demo</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}table{border-collapse:collapse}</style></head>
<body><h1>The Social Publishing mock, in this page</h1><div id="steps">starting the worker…</div>
<script type="module" src="/app.js"></script></body></html>`;

async function serve(): Promise<{ server: Server; origin: string }> {
  const bundle = await build({
    entryPoints: [new URL('./demo-page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return serveFiles({
    '/': ['text/html; charset=utf-8', PAGE],
    // A page with no mock of its own, for the other origin.
    '/blank': ['text/html; charset=utf-8', '<!doctype html><title>blank</title>'],
    '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
    '/mockServiceWorker.js': ['text/javascript', readFileSync(require.resolve('msw/mockServiceWorker.js'))],
  });
}

describe('the MSW export in Chromium', () => {
  let site: { server: Server; origin: string };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [site, browser] = await Promise.all([serve(), launchChromium()]);
    page = await browser.newPage();
    await page.goto(site.origin);
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => site?.server.close(ok));
  });

  it(
    'a page with the worker walks create → list → schedule, and the wallet balance drops by exactly the estimate',
    async ({ annotate }) => {
      const result = await page.evaluate(() => window.journey());
      expect(result.steps.map((s) => [s.step, s.status])).toEqual([
        ['GET /wallet', 200],
        ['POST /posts (draft)', 200],
        ['GET /posts', 200],
        ['POST /wallet/estimate', 200],
        ['PUT /posts/{id}/status', 200],
        ['GET /wallet', 200],
      ]);
      expect(result.steps[2]!.detail).toMatch(/ours DRAFT$/);
      const [before, after] = result.balances;
      expect(result.due).toBeGreaterThan(0);
      expect(before! - after!).toBeCloseTo(result.due, 9);
      // The in-page journal saw every request: the worker, not a server, answered them.
      expect(result.journal).toEqual(['getWallet 200', 'createPosts 200', 'listPosts 200', 'estimateWalletCharge 200', 'changePostStatus 200', 'getWallet 200']);
      mkdirSync('reports', { recursive: true });
      const path = 'reports/msw-browser.png';
      await page.screenshot({ path, fullPage: true });
      await annotate(`screenshot of the page after the journey: ${path}`, { path, contentType: 'image/png' });
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'latency configured on the export holds the answer in the browser for as long as it says',
    async () => {
      const { ms, latencyMs } = await page.evaluate(() => window.slowWallet());
      expect(latencyMs).toBe(400);
      expect(ms).toBeGreaterThanOrEqual(400);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'a page sets an override through the export and gets the overridden status, then the real one; Prefer and a dropped connection work through the worker',
    async () => {
      const { statuses, journal } = await page.evaluate(() => window.onDemand());
      expect(statuses).toEqual([401, 200, '401 code=401', 'rejected TypeError', 200]);
      expect(journal).toEqual(['getWallet 401 control', 'listGroups 401 prefer', 'listGroups 0 control']);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'a page of another origin cannot reach the in-page mock: its worker serves only its own origin, the world is kept',
    async () => {
      const before = await page.evaluate(() => window.journalSize());
      expect(before).toBeGreaterThan(0);
      const other = await browser.newPage();
      // 127.0.0.1 and localhost are two origins: the worker registered for the first does not control the second.
      await other.goto(`${site.origin.replace('127.0.0.1', 'localhost')}/blank`);
      const outcome = await other.evaluate(async () => {
        try {
          return (await fetch('http://127.0.0.1:4010/_mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status;
        } catch {
          return 'blocked';
        }
      });
      await other.close();
      expect(outcome).toBe('blocked');
      expect(await page.evaluate(() => window.journalSize())).toBe(before);
    },
    STEP_TIMEOUT_MS,
  );
});
