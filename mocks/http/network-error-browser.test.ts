// A network error asked for once is seen once by a page in Chromium. Chromium resends a request whose keep-alive
// connection closes before any byte of an answer arrives (it cannot tell a drop from an idle close), so a connection
// merely closed would be retried on a fresh one and the page would read the real answer; the mock's drop must be one
// the browser gives up on at the first try, with one journal entry per page fetch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startMock, type RunningMock } from '../server.ts';
import { launchChromium, serveFiles } from '../browser-testing.ts';
import { API, KEYS } from '../testing.ts';
import { PNG } from './media-samples.ts';

// A healthy run takes a second or two; the bound stops a hang, with room for a CI machine starved of CPU.
const STEP_TIMEOUT_MS = 120_000;

/** The page's side: one fetch, and what it came to (a status, or the rejection's name). */
const APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><h1>App</h1>
<script>
window.call = async (url, init) => {
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return err.name;
  }
};
window.upload = (url, base64) => {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'a.png');
  return window.call(url, { method: 'POST', headers: { Authorization: '${KEYS.payg}' }, body: form });
};
</script></body></html>`;

interface Entry {
  status: number;
  override?: { by: string; error?: string };
}

describe('a network error in Chromium', () => {
  let mock: RunningMock;
  let site: Awaited<ReturnType<typeof serveFiles>>;
  let browser: Browser;
  let page: Page;

  const journal = async (operation: string): Promise<Entry[]> =>
    ((await (await fetch(`${mock.origin}/_mock/requests?operation=${operation}`)).json()) as { entries: Entry[] }).entries;
  const override = async (body: object) => {
    const res = await fetch(`${mock.origin}/_mock/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
  };
  const call = (path: string, headers: Record<string, string> = {}) =>
    page.evaluate(([url, h]) => (window as any).call(url, { headers: h }), [`${mock.origin}${API}${path}`, { Authorization: KEYS.payg, ...headers }] as const);

  beforeAll(async () => {
    [mock, site] = await Promise.all([startMock({ port: 0, seed: 44 }), serveFiles({ '/': ['text/html; charset=utf-8', APP_PAGE] })]);
    browser = await launchChromium();
  }, 3 * STEP_TIMEOUT_MS);

  beforeEach(async () => {
    await fetch(`${mock.origin}/_mock/reset`, { method: 'POST' });
    // A fresh page each time, whose first calls leave keep-alive connections open: the case where Chromium resends.
    await page?.close();
    page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${site.origin}/`);
    for (let i = 0; i < 3; i++) expect(await call('/wallet')).toBe(200);
    await fetch(`${mock.origin}/_mock/requests`, { method: 'DELETE' });
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([mock?.close(), new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)))]);
  });

  it('an override with times: 1 fails the page fetch it meets, once, then the next answers', { timeout: STEP_TIMEOUT_MS }, async () => {
    await override({ operationId: 'getWallet', error: 'network', times: 1 });
    expect(await call('/wallet')).toBe('TypeError');
    expect(await call('/wallet')).toBe(200);
    expect((await journal('getWallet')).map((e) => e.status)).toEqual([0, 200]);
  });

  it('Prefer: error=network fails one page fetch and leaves one journal entry', { timeout: STEP_TIMEOUT_MS }, async () => {
    expect(await call('/wallet', { Prefer: 'error=network' })).toBe('TypeError');
    expect((await journal('getWallet')).map((e) => [e.status, e.override])).toEqual([[0, { by: 'prefer', error: 'network' }]]);
  });

  it('an upload the override drops fails once, its body left unread, and the next upload is stored', { timeout: STEP_TIMEOUT_MS }, async () => {
    await override({ operationId: 'uploadMedia', error: 'network', times: 1 });
    const upload = () => page.evaluate(([url, png]) => (window as any).upload(url, png), [`${mock.origin}${API}/upload`, PNG.toString('base64')] as const);
    expect(await upload()).toBe('TypeError');
    expect(await upload()).toBe(200);
    expect((await journal('uploadMedia')).map((e) => e.status)).toEqual([0, 200]);
  });
});
