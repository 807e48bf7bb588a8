// The console in an app that runs the MSW export (mock.mountConsole), in Chromium: the app's own requests, answered by
// the worker, appear in the console's journal; an override set in the console fails the app's next call; a top-up and a
// ready scenario loaded there are what the app reads next. Nothing listens at the mock's origin.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../browser-testing.ts';

const STEP_TIMEOUT_MS = 120_000;
const require = createRequire(import.meta.url);
const KEY = 'demo-payg-key';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An app with the mock's console</title></head>
<body style="margin:0"><h1 style="font:16px sans-serif;margin:8px">My app</h1><div id="console" style="height:640px"></div>
<script type="module" src="/app.js"></script></body></html>`;

describe('the console in an app on the MSW export', () => {
  let site: { server: Server; origin: string };
  let browser: Browser;
  let page: Page;
  const panel = (id: string) => page.locator(`[role=tabpanel][data-panel=${id}]`);

  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [new URL('./console-demo-page.ts', import.meta.url).pathname],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    [site, browser] = await Promise.all([
      serveFiles({
        '/': ['text/html; charset=utf-8', PAGE],
        '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
        '/mockServiceWorker.js': ['text/javascript', readFileSync(require.resolve('msw/mockServiceWorker.js'))],
      }),
      launchChromium(),
    ]);
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(site.origin);
    await page.evaluate(() => window.mountConsole());
    await page.locator('.clock', { hasText: '2026-01-05 09:00:00 UTC' }).waitFor();
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => site?.server.close(ok));
  });

  it('shows the app\'s requests live; an override set in the console fails the app\'s next call, then clears itself', async () => {
    expect((await page.evaluate((key) => window.appCall('/integrations', key), KEY)).status).toBe(200);
    await panel('requests').locator('table.journal tr[data-seq]', { hasText: 'listIntegrations' }).waitFor();

    await page.locator('[role=tab][data-panel=overrides]').click();
    const form = panel('overrides').locator('form.override-form');
    await form.getByLabel('Operation').selectOption('listIntegrations');
    await form.getByLabel('Answer').selectOption('401');
    await form.getByRole('button', { name: 'Set the override' }).click();
    await page.locator('.badges', { hasText: '1 override' }).waitFor();
    expect((await page.evaluate((key) => window.appCall('/integrations', key), KEY)).status).toBe(401);
    expect((await page.evaluate((key) => window.appCall('/integrations', key), KEY)).status).toBe(200);
    await page.locator('.badges', { hasText: '0 overrides' }).waitFor();
  }, STEP_TIMEOUT_MS);

  it('a top-up and a ready scenario loaded in the console are what the app reads next', async () => {
    const before = (await page.evaluate((key) => window.appCall('/wallet', key), KEY)).body.balance as number;
    await page.locator('[role=tab][data-panel=workspaces]').click();
    await panel('workspaces').getByRole('tab', { name: /Northwind Outfitters/ }).click();
    await panel('workspaces').getByLabel('Credits', { exact: true }).fill('10');
    await panel('workspaces').getByRole('button', { name: 'Top up', exact: true }).click();
    await expect.poll(() => panel('workspaces').locator('[data-balance=ws_payg_demo]').textContent()).toBe((before + 10).toFixed(2));
    expect((await page.evaluate((key) => window.appCall('/wallet', key), KEY)).body.balance).toBe(before + 10);

    await page.locator('[role=tab][data-panel=scenarios]').click();
    await panel('scenarios').getByRole('button', { name: 'Load low-credits' }).click();
    await panel('scenarios').locator('.outcome', { hasText: 'Loaded low-credits' }).waitFor();
    expect((await page.evaluate((key) => window.appCall('/wallet', key), KEY)).body.balance).toBe(8.25);
  }, STEP_TIMEOUT_MS);
});
