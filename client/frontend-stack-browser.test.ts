// docs/frontend.md's server-rendered stack in Chromium, from the guide's own examples: a compose page that holds no key
// calls the API with the typed client at a base URL relative to the page, through the app's same-origin route
// (docs/examples/next-server.ts), which adds the key and forwards to a started mock server; the Playwright steps of
// docs/examples/playwright-mock.ts drive it with the typed control client (a forced 429, a dropped connection seen as
// the route's 502, a 402 whose url resolves against the app host, a moved clock). And the Storybook setup of the
// guide, type-checked and bundled against the real msw-storybook-addon 3.x (tools/storybook), its loader run for a story.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../mocks/browser-testing.ts';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { SELF_ALIAS } from '../vitest.config.ts';
import { forwardToApi, ROUTE } from '../docs/examples/next-server.ts';
import { networkDropped, outOfCredits, publishedWhenDue, rateLimited } from '../docs/examples/playwright-mock.ts';
import { createMockControl, type MockControl } from './index.ts';

const STEP_TIMEOUT_MS = 120_000;
/** What client/storybook-page.ts puts on the page (kept out of the project's typecheck with the addon it imports). */
type StoryPage = { story(name: 'OutOfCredits' | 'NoHandlers'): Promise<number | string> };
const require = createRequire(import.meta.url);
const STORYBOOK_TOOLS = fileURLToPath(new URL('../tools/storybook/', import.meta.url));
const ALIAS = { ...SELF_ALIAS, 'social-publishing-contract/scenarios': fileURLToPath(new URL('../fixtures/scenarios', import.meta.url)) };

const COMPOSE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Compose</title></head>
<body><h1>Compose</h1><button id="publish">Publish</button><script type="module" src="/app.js"></script></body></html>`;
const STORY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Story</title></head>
<body><script type="module" src="/story.js"></script></body></html>`;

async function bundle(entry: string, nodePaths: string[] = []): Promise<Uint8Array> {
  const out = await build({ entryPoints: [fileURLToPath(new URL(entry, import.meta.url))], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent', alias: ALIAS, nodePaths });
  return out.outputFiles[0]!.contents;
}

/** The app: its compose page, and its route under /api/spw (the example's handler, as Next.js would mount it). */
async function serveApp(app: Uint8Array): Promise<{ server: Server; origin: string }> {
  const route = getRequestListener(forwardToApi);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith(`${ROUTE}/`)) return void route(req, res);
    if (path === '/compose') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(COMPOSE_PAGE);
    if (path === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(app);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('a server-rendered app: key on the server, a same-origin route, Playwright and Storybook from the guide', () => {
  let mockServer: RunningMock;
  let app: { server: Server; origin: string };
  let browser: Browser;
  let page: Page;
  let mock: MockControl;
  const saved = { api: process.env.SPW_API_URL, key: process.env.SPW_API_KEY };

  beforeAll(async () => {
    mockServer = await startMock({ port: 0, seed: 7 });
    process.env.SPW_API_URL = `${mockServer.origin}/api/public/v1`;
    process.env.SPW_API_KEY = 'demo-payg-key';
    mock = createMockControl({ baseUrl: mockServer.origin });
    let appBundle: Uint8Array;
    [appBundle, browser] = await Promise.all([bundle('./frontend-stack-page.ts'), launchChromium()]);
    app = await serveApp(appBundle);
    page = await browser.newPage();
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    process.env.SPW_API_URL = saved.api;
    process.env.SPW_API_KEY = saved.key;
    if (saved.api === undefined) delete process.env.SPW_API_URL;
    if (saved.key === undefined) delete process.env.SPW_API_KEY;
    await browser?.close();
    await new Promise((ok) => app?.server.close(ok));
    await mockServer?.close();
  });

  beforeEach(() => mock.reset());

  it('in the page, a relative base URL resolves against the page, and a client with no key reads the channels through the route', async () => {
    await page.goto(`${app.origin}/compose`);
    expect(await page.evaluate(() => window.stack.base())).toBe(`${app.origin}/api/spw`);
    expect(await page.evaluate(() => window.stack.channels())).toContain('linkedin');
    // The route added the key: the mock saw the pay-as-you-go workspace's request, and the page never held the key.
    expect((await mock.requests({ operation: 'listIntegrations' })).map((e) => [e.status, e.workspaceId])).toEqual([[200, 'ws_payg_demo']]);
    expect(await page.content()).not.toContain('demo-payg-key');
  }, STEP_TIMEOUT_MS);

  it.each([
    ['a forced 429 shows in the API’s words', rateLimited],
    ['a dropped connection reaches the page as the route’s 502', networkDropped],
    ['a 402’s url leads to the wallet page on the app’s host', outOfCredits],
    ['a scheduled post publishes when the clock moves', publishedWhenDue],
  ])('the Playwright example: %s', async (_, step) => {
    await step(page, mock, `${app.origin}/compose`);
  }, STEP_TIMEOUT_MS);

  describe('Storybook with msw-storybook-addon 3.x', () => {
    let site: { server: Server; origin: string } | undefined;
    let typecheck: Promise<{ code: number; output: string }>;

    beforeAll(async () => {
      // The addon alone, from its own lockfile (its storybook peer left out: see tools/storybook/.npmrc).
      if (!existsSync(`${STORYBOOK_TOOLS}node_modules/msw-storybook-addon/package.json`)) {
        const installed = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: STORYBOOK_TOOLS, encoding: 'utf8' });
        if (installed.status !== 0) throw new Error(`npm ci in tools/storybook failed:\n${installed.stdout}\n${installed.stderr}`);
      }
      // The preview and the story against the addon's own declarations, while the page is bundled and served.
      const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));
      typecheck = new Promise((resolve) =>
        execFile(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: STORYBOOK_TOOLS }, (err, stdout, stderr) => resolve({ code: err ? 1 : 0, output: stdout + stderr })),
      );
      const story = await bundle('./storybook-page.ts', [`${STORYBOOK_TOOLS}node_modules`]);
      site = await serveFiles({
        '/': ['text/html; charset=utf-8', STORY_PAGE],
        '/story.js': ['text/javascript', story],
        '/mockServiceWorker.js': ['text/javascript', readFileSync(require.resolve('msw/mockServiceWorker.js'))],
      });
    }, STEP_TIMEOUT_MS);

    afterAll(async () => {
      if (site) await new Promise((ok) => site!.server.close(ok));
    });

    it("the preview's CSF3 loader starts the worker and answers a story from its own scenario, then drops its handlers for the next story", async () => {
      const storyPage = await browser.newPage();
      await storyPage.goto(site!.origin);
      const lowCredits = JSON.parse(readFileSync(new URL('../fixtures/scenarios/low-credits.json', import.meta.url), 'utf8'));
      const payg = lowCredits.workspaces.find((w: { id: string }) => w.id === 'ws_payg_demo');
      expect(await storyPage.evaluate(() => (window as unknown as StoryPage).story('OutOfCredits'))).toBe(payg.wallet.balance / 100);
      expect(await storyPage.evaluate(() => (window as unknown as StoryPage).story('NoHandlers'))).not.toBe(payg.wallet.balance / 100);
      await storyPage.close();
    }, STEP_TIMEOUT_MS);

    it('the preview and the story type-check against the addon', async () => {
      const { code, output } = await typecheck;
      expect(output.trim()).toBe('');
      expect(code).toBe(0);
    }, STEP_TIMEOUT_MS);

    it("2.x's recipe (initialize from 'msw-storybook-addon') does not build against 3.x: the guide's warning holds", async () => {
      const failed = await build({
        stdin: { contents: "import { initialize, mswLoader } from 'msw-storybook-addon'; initialize(); export default { loaders: [mswLoader] };", resolveDir: STORYBOOK_TOOLS },
        // Storybook's own modules stay outside, as in a project that has Storybook: only the addon's exports are read.
        bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent', external: ['storybook/*'],
      }).then(() => 'built', (err: { errors?: Array<{ text: string }> }) => (err.errors ?? []).map((e) => e.text).join('\n'));
      expect(failed).toMatch(/No matching export .* for import "initialize"/);
    });
  });
});
