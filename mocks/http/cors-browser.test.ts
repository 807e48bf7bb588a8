// CORS in a real browser: a page on another origin creates a draft and reads it back with fetch and a key, is blocked by a mock that lists other origins, and walks the top-up page back to itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startMock, type RunningMock } from '../server.ts';
import { launchChromium } from '../browser-testing.ts';
import { API, KEYS } from '../testing.ts';

// A healthy run takes a second or two; the bound stops a hang, with room for a CI machine starved of CPU.
const STEP_TIMEOUT_MS = 120_000;

/** The app a frontend team would write, reduced to one function: create a draft, then list the posts around it. */
const APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><h1>App</h1>
<script>
window.createAndRead = async (base, key, content) => {
  const date = new Date(Date.now() + 3600000).toISOString();
  const created = await fetch(base + '/posts', {
    method: 'POST',
    headers: { Authorization: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      type: 'draft', date, shortLink: false, tags: [],
      posts: [{ integration: { id: 'ch_payg_x' }, value: [{ content, image: [] }], settings: { __type: 'x', who_can_reply_post: 'everyone' } }],
    }),
  });
  const createdBody = await created.json();
  const range = new URLSearchParams({ startDate: new Date(Date.now() - 86400000).toISOString(), endDate: new Date(Date.now() + 2 * 86400000).toISOString() });
  const listed = await fetch(base + '/posts?' + range, { headers: { Authorization: key } });
  const listedBody = await listed.json();
  return { createStatus: created.status, createdBody, listStatus: listed.status, contents: listedBody.posts.map((p) => p.content) };
};
</script></body></html>`;

function servePage(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(APP_PAGE);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

async function postContents(mock: RunningMock): Promise<string[]> {
  const range = new URLSearchParams({ startDate: new Date(Date.now() - 86400000).toISOString(), endDate: new Date(Date.now() + 2 * 86400000).toISOString() });
  const res = await fetch(`${mock.origin}${API}/posts?${range}`, { headers: { authorization: KEYS.payg } });
  return ((await res.json()) as { posts: Array<{ content: string }> }).posts.map((p) => p.content);
}

describe('a web page on another origin calls the mock', () => {
  let open: RunningMock;
  let restricted: RunningMock;
  let app: { server: Server; origin: string };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [open, restricted, app] = await Promise.all([
      startMock({ port: 0, seed: 42, strict: true }),
      startMock({ port: 0, seed: 42, strict: true, corsOrigins: ['http://localhost:5173'] }),
      servePage(),
    ]);
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${app.origin}/`);
  }, 3 * STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([open?.close(), restricted?.close(), new Promise((resolve) => (app ? app.server.close(resolve) : resolve(undefined)))]);
  });

  it('creates a draft with an Authorization header and reads it back in GET /posts', async () => {
    expect(new URL(app.origin).port).not.toBe(new URL(open.origin).port);
    const result = await page.evaluate(([base, key]) => (window as any).createAndRead(base, key, 'from the browser'), [`${open.origin}${API}`, KEYS.payg]);
    expect(result.createStatus).toBe(200);
    expect(result.listStatus).toBe(200);
    expect(result.contents).toContain('from the browser');
    expect(await postContents(open)).toContain('from the browser');
  }, STEP_TIMEOUT_MS);

  it('is blocked by the browser when the mock lists only other origins, and nothing is created', async () => {
    const result = await page.evaluate(async ([base, key]) => {
      try {
        return { ok: await (window as any).createAndRead(base, key, 'should not exist') };
      } catch (err) {
        return { error: String(err) };
      }
    }, [`${restricted.origin}${API}`, KEYS.payg]);
    expect(result).toEqual({ error: expect.stringContaining('Failed to fetch') });
    // The preflight failed, so the POST was never sent.
    expect(await postContents(restricted)).not.toContain('should not exist');
  }, STEP_TIMEOUT_MS);

  it('walks out of credits -> top-up page -> back to the app', async () => {
    const wallet = await page.evaluate(
      async ([base, key]) => (await fetch(`${base}/wallet`, { headers: { Authorization: key } })).json(),
      [`${open.origin}${API}`, KEYS.free] as const,
    );
    expect(wallet.balance).toBe(0);
    const back = `${app.origin}/?from=wallet`;
    await page.goto(`${wallet.topUpUrl}?workspace=ws_free_demo&return=${encodeURIComponent(back)}`);
    await page.locator('#credits').fill('12.5');
    await page.locator('button[value=top-up]').click();
    await expect.poll(() => page.locator('.notice').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('Credits added.');
    expect(await page.locator('#balance').textContent()).toBe('12.50');
    await page.locator('#return').click();
    await page.waitForURL(back);
    const after = await page.evaluate(
      async ([base, key]) => (await fetch(`${base}/wallet`, { headers: { Authorization: key } })).json(),
      [`${open.origin}${API}`, KEYS.free] as const,
    );
    expect(after).toMatchObject({ balance: 12.5, payAsYouGo: true });
  }, STEP_TIMEOUT_MS);
});
