// The out-of-credits loop in Chromium, as a frontend walks it: an app page on loopback (another origin than the mock's)
// is refused with 402 for credits, follows the refusal's link to the wallet page of the workspace that was refused (not
// the first one), tops up, comes back to the app and retries, and the post is taken. Against a running mock (the
// server, CORS) and against the MSW export in the page (the worker), where the page opens over the app.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startMock, type RunningMock } from '../../server.ts';
import { launchChromium, serveFiles } from '../../browser-testing.ts';
import { API, KEYS, WALLET_LINK } from '../../testing.ts';
import lowCredits from '../../../fixtures/scenarios/low-credits.json' with { type: 'json' };

const STEP_TIMEOUT_MS = 120_000;
const require = createRequire(import.meta.url);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * What the app does, in both pages: schedule a post with a link on X (30 credits; the scenario leaves demo-payg-key's
 * workspace, Northwind, with 8.25), and report the answer.
 */
const SCHEDULE = `async (base) => {
  const res = await fetch(base + '/posts', {
    method: 'POST',
    headers: { Authorization: '${KEYS.payg}', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      type: 'schedule', date: new Date(Date.now() + 86400000).toISOString(), shortLink: false, tags: [],
      posts: [{ integration: { id: 'ch_payg_x' }, value: [{ content: 'Our launch: https://example.com/launch', image: [] }], settings: { __type: 'x', who_can_reply_post: 'everyone' } }],
    }),
  });
  return { status: res.status, body: await res.json() };
}`;

/** The app against a running mock: on a 402 it sends the person to the refusal's link (relative to the app host, the API's origin), asking to come back here. */
const SERVER_APP = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><h1>App</h1>
<script>
window.schedule = ${SCHEDULE};
window.topUp = (apiOrigin, url) => {
  const to = new URL(url, apiOrigin);
  to.searchParams.set('return', location.href);
  location.assign(to.href);
};
</script></body></html>`;

/** The app with the mock in the page: the same call, and the wallet page opened through the export. */
const WORKER_APP = `
import { setupWorker } from 'msw/browser';
import { createMswMock } from ${JSON.stringify(here('../../msw/index.ts'))};
import lowCredits from ${JSON.stringify(here('../../../fixtures/scenarios/low-credits.json'))};
const mock = createMswMock({ scenario: lowCredits, strict: true });
const ready = setupWorker(...mock.handlers).start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledFrame: 'bypass', quiet: true });
const schedule = ${SCHEDULE};
window.schedule = async () => { await ready; return schedule(mock.apiBase); };
window.topUp = (url) => mock.openWallet(url);
window.loadedAt = performance.timeOrigin;
`;

const WORKER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><h1>App, with the mock in the page</h1><script type="module" src="/app.js"></script></body></html>`;

const close = (server: Server | undefined) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));

describe('the out-of-credits loop in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  });

  describe('against a running mock, from an app on another origin', () => {
    let mock: RunningMock;
    let app: { server: Server; origin: string };
    let page: Page;

    beforeAll(async () => {
      [mock, app] = await Promise.all([startMock({ port: 0, strict: true, scenario: lowCredits }), serveFiles({ '/': ['text/html; charset=utf-8', SERVER_APP] })]);
      page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
    }, STEP_TIMEOUT_MS);

    afterAll(async () => {
      await page?.close();
      await Promise.all([mock?.close(), close(app?.server)]);
    });

    it('refused for credits, follows the link to the refused workspace, tops up, returns, retries and succeeds', async () => {
      const back = `${app.origin}/?screen=composer`;
      await page.goto(back);
      expect(new URL(app.origin).port).not.toBe(new URL(mock.origin).port);
      const base = `${mock.origin}${API}`;
      const refused = await page.evaluate((b) => (window as any).schedule(b), base);
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK) });
      // topUpUrl leads to the same page.
      const wallet = await (await fetch(`${base}/wallet`, { headers: { authorization: KEYS.payg } })).json();
      expect(wallet.topUpUrl).toBe(`${mock.origin}${refused.body.url}`);

      await page.evaluate(([origin, url]) => (window as any).topUp(origin, url), [mock.origin, refused.body.url] as const);
      await page.waitForURL((url) => url.origin === mock.origin);
      // Northwind is the second workspace: the page shows it, not the first (Juniper).
      expect(await page.locator('#workspace').textContent()).toBe('Northwind Outfitters');
      expect(await page.locator('#balance').textContent()).toBe('8.25');
      await page.locator('#credits').fill('50');
      await page.locator('button[value=top-up]').click();
      await expect.poll(() => page.locator('.notice').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('Credits added.');
      expect(await page.locator('#balance').textContent()).toBe('58.25');

      await page.locator('#return').click();
      await page.waitForURL(back);
      const retried = await page.evaluate((b) => (window as any).schedule(b), base);
      expect(retried.status).toBe(200);
      const after = await (await fetch(`${base}/wallet`, { headers: { authorization: KEYS.payg } })).json();
      expect(after.balance).toBe(28.25);
      // The first workspace was never touched.
      expect((await (await fetch(`${base}/wallet`, { headers: { authorization: KEYS.free } })).json()).balance).toBe(0);
    }, STEP_TIMEOUT_MS);
  });

  describe('against a running mock: the refused post kept across the wallet page\'s load (docs/examples/keep-refused-action.ts)', () => {
    let mock: RunningMock;
    let site: { server: Server; origin: string };
    let page: Page;

    beforeAll(async () => {
      mock = await startMock({ port: 0, strict: true, scenario: lowCredits });
      // The example as an app bundles it, importing the package by name (here, its sources).
      const app = `
import { createSpwClient } from 'social-publishing-contract/client';
import { retryRefusedPost, topUpThenRetry } from ${JSON.stringify(here('../../../docs/examples/keep-refused-action.ts'))};
const apiOrigin = ${JSON.stringify(mock.origin)};
const api = createSpwClient({ baseUrl: apiOrigin, apiKey: ${JSON.stringify(KEYS.payg)} });
const post = {
  type: 'schedule', date: new Date(Date.now() + 86400000).toISOString(), shortLink: false, tags: [],
  posts: [{ integration: { id: 'ch_payg_x' }, value: [{ content: 'Our launch: https://example.com/launch', image: [] }], settings: { __type: 'x', who_can_reply_post: 'everyone' } }],
};
window.retried = retryRefusedPost(api);
window.publish = async () => {
  const { error, response } = await api.POST('/posts', { body: post });
  if (response.status === 402 && error && 'wallet' in error) topUpThenRetry(post, error.url, apiOrigin);
  return response.status;
};
`;
      const bundle = await build({
        stdin: { contents: app, resolveDir: here('.'), loader: 'ts', sourcefile: 'refused-action-app.ts' },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        alias: { 'social-publishing-contract/client': here('../../../client/index.ts') },
        write: false,
        logLevel: 'silent',
      });
      site = await serveFiles({
        '/': ['text/html; charset=utf-8', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body><h1>App</h1><script type="module" src="/app.js"></script></body></html>'],
        '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
      });
      page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
    }, STEP_TIMEOUT_MS);

    afterAll(async () => {
      await page?.close();
      await Promise.all([mock?.close(), close(site?.server)]);
    });

    it('refused, the post is kept while the wallet page loads; back in a fresh page it is sent again, once, and taken', async () => {
      await page.goto(`${site.origin}/?screen=composer`);
      expect(await page.evaluate(() => (window as any).retried)).toBeUndefined();
      const leaving = page.waitForURL((url) => url.origin === mock.origin);
      expect(await page.evaluate(() => (window as any).publish())).toBe(402);
      await leaving;
      await page.locator('#credits').fill('50');
      await page.locator('button[value=top-up]').click();
      await expect.poll(() => page.locator('.notice').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('Credits added.');
      await page.locator('#return').click();
      await page.waitForURL(`${site.origin}/?screen=composer`);
      expect(await page.evaluate(() => (window as any).retried)).toBe(200);
      // Sent once: a reload finds nothing waiting.
      await page.reload();
      expect(await page.evaluate(() => (window as any).retried)).toBeUndefined();
      const journal = await (await fetch(`${mock.origin}/_mock/requests?operation=createPosts`)).json();
      expect(journal.entries.map((e: { status: number }) => e.status)).toEqual([402, 200]);
    }, STEP_TIMEOUT_MS);
  });

  describe('with the mock in the page (the MSW worker), where no server runs', () => {
    let site: { server: Server; origin: string };
    let page: Page;

    beforeAll(async () => {
      const bundle = await build({
        stdin: { contents: WORKER_APP, resolveDir: here('.'), loader: 'ts', sourcefile: 'wallet-loop-app.ts' },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      });
      site = await serveFiles({
        '/': ['text/html; charset=utf-8', WORKER_PAGE],
        '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
        '/mockServiceWorker.js': ['text/javascript', readFileSync(require.resolve('msw/mockServiceWorker.js'))],
      });
      page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.goto(site.origin);
    }, STEP_TIMEOUT_MS);

    afterAll(async () => {
      await page?.close();
      await close(site?.server);
    });

    it('refused for credits, opens the link over the app, tops up the refused workspace, returns, retries and succeeds', async () => {
      const loadedAt = await page.evaluate(() => (window as any).loadedAt);
      const refused = await page.evaluate(() => (window as any).schedule());
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK) });

      const returned = page.evaluate((url) => (window as any).topUp(url).then(() => 'back'), refused.body.url);
      const wallet = page.frameLocator('dialog.spw-wallet iframe');
      await expect.poll(() => wallet.locator('#workspace').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('Northwind Outfitters');
      expect(await wallet.locator('#balance').textContent()).toBe('8.25');
      await wallet.locator('#credits').fill('50');
      await wallet.locator('button[value=top-up]').click();
      await expect.poll(() => wallet.locator('.notice').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('Credits added.');
      expect(await wallet.locator('#balance').textContent()).toBe('58.25');
      await page.locator('#spw-wallet-back').click();
      expect(await returned).toBe('back');
      expect(await page.locator('dialog.spw-wallet').count()).toBe(0);

      // The same page, never reloaded: its world kept the top-up.
      expect(await page.evaluate(() => (window as any).loadedAt)).toBe(loadedAt);
      const retried = await page.evaluate(() => (window as any).schedule());
      expect(retried.status).toBe(200);
    }, STEP_TIMEOUT_MS);
  });
});
