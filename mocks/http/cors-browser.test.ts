// CORS in a real browser: a page on another origin creates a draft and reads it back with fetch and a key, sends
// credentialed requests, reads an unknown path's 404 through its preflight, and is blocked by a mock that lists other
// origins, the mock's terminal saying why.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('is blocked by the browser when the mock lists only other origins, nothing is created, and the terminal says why', async () => {
    const told: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void told.push(String(line)));
    const result = await page.evaluate(async ([base, key]) => {
      try {
        return { ok: await (window as any).createAndRead(base, key, 'should not exist') };
      } catch (err) {
        return { error: String(err) };
      }
    }, [`${restricted.origin}${API}`, KEYS.payg]);
    spy.mockRestore();
    expect(result).toEqual({ error: expect.stringContaining('Failed to fetch') });
    // The preflight failed, so the POST was never sent.
    expect(await postContents(restricted)).not.toContain('should not exist');
    expect(told).toEqual([
      `[mock] CORS: refused the preflight for POST ${API}/posts from ${app.origin}: origin ${app.origin} is not allowed (--cors-origin http://localhost:5173): start the mock with --cors-origin ${app.origin} (or a list that holds it)`,
    ]);
  }, STEP_TIMEOUT_MS);

  it('sends credentialed requests (credentials: include), to a mock open to any origin and to one that lists the page', async () => {
    const listing = await startMock({ port: 0, seed: 42, strict: true, corsOrigins: [app.origin] });
    try {
      for (const mock of [open, listing]) {
        const result = await page.evaluate(async ([base, key]) => {
          const res = await fetch(`${base}/integrations`, { credentials: 'include', headers: { Authorization: key } });
          return { status: res.status, count: ((await res.json()) as unknown[]).length };
        }, [`${mock.origin}${API}`, KEYS.payg] as const);
        // Read at all, the answer passed the browser's check, which for credentials wants the page's own origin echoed
        // and Access-Control-Allow-Credentials (the page itself cannot read either header).
        expect(result.status, mock.origin).toBe(200);
        expect(result.count, mock.origin).toBeGreaterThan(0);
      }
    } finally {
      await listing.close();
    }
  }, STEP_TIMEOUT_MS);

  it('reads the 404 of a path that does not exist, in the Error shape, through the preflight its Authorization brings', async () => {
    const result = await page.evaluate(async ([base, key]) => {
      const res = await fetch(`${base}/postz`, { method: 'POST', headers: { Authorization: key, 'Content-Type': 'application/json' }, body: '{}' });
      return { status: res.status, body: await res.json() };
    }, [`${open.origin}${API}`, KEYS.payg] as const);
    expect(result).toEqual({ status: 404, body: { statusCode: 404, msg: 'Not Found', message: `Cannot POST ${API}/postz` } });
  }, STEP_TIMEOUT_MS);
});
