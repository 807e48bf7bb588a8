// The app host's pages in a real browser: the OAuth consent page is approved and lands on the app's redirect URL with a
// code that exchanges for a working token; under --control-token, consent, the wallet page and /docs take the token
// typed into the page, and refuse without it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startMock, type RunningMock } from '../../server.ts';
import { launchChromium } from '../../browser-testing.ts';
import { API, KEYS } from '../../testing.ts';

// A healthy run takes seconds; the bound only stops a hang on a CI machine starved of CPU.
const STEP_TIMEOUT_MS = 120_000;
const TOKEN = 'locked-t0ken-for-the-pages';

/** The app's OAuth callback on loopback: another origin than the mock's, as a real app's is. */
function serveCallback(): Promise<{ server: Server; url: string; hits: URL[] }> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://callback'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>App</title><h1>Connected</h1>');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/callback`, hits })),
  );
}

async function control(mock: RunningMock, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${mock.origin}/_mock${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json() as Promise<any>;
}

/** Click a button that submits a form to the app, and say where the browser went: the URL, or why it refused to go. */
async function submitToApp(page: Page, button: string, target: string): Promise<string> {
  const refused = new Promise<string>((resolve) => page.on('console', (m) => /Content Security Policy/.test(m.text()) && resolve(`refused: ${m.text()}`)));
  await page.locator(button).click();
  return Promise.race([page.waitForURL((url) => url.href.startsWith(target)).then(() => page.url()), refused]);
}

async function exchange(mock: RunningMock, app: { clientId: string; clientSecret: string }, code: string) {
  const res = await fetch(`${mock.origin}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the app host pages in Chromium', () => {
  let open: RunningMock;
  let locked: RunningMock;
  let callback: { server: Server; url: string; hits: URL[] };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [open, locked, callback] = await Promise.all([
      startMock({ port: 0, seed: 42, strict: true }),
      startMock({ port: 0, seed: 42, strict: true, controlToken: TOKEN }),
      serveCallback(),
    ]);
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
  }, 3 * STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([open?.close(), locked?.close(), new Promise((resolve) => (callback ? callback.server.close(resolve) : resolve(undefined)))]);
  });

  it('approves an app on the consent page, lands on its redirect URL with a code, and the code exchanges for a token that works', async () => {
    const app = await control(open, 'POST', '/workspaces/ws_payg_demo/oauth-app', { name: 'Scheduler', redirectUrl: callback.url });
    await page.goto(`${open.origin}/oauth/authorize?client_id=${app.clientId}&response_type=code&state=st-browser`);
    await page.locator('#workspace').selectOption('ws_paid_demo');
    const where = await submitToApp(page, 'button[value=approve]', callback.url);
    expect(where.startsWith(callback.url), where).toBe(true);
    const landed = new URL(where);
    expect(await page.locator('h1').textContent()).toBe('Connected');

    expect(landed.searchParams.get('state')).toBe('st-browser');
    const code = landed.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9]{40}$/);
    // The app's server got the code too (the browser also asks it for a favicon).
    expect(callback.hits.filter((hit) => hit.pathname === '/oauth/callback').at(-1)?.searchParams.get('code')).toBe(code);

    const token = await exchange(open, app, code);
    expect(token).toMatchObject({ status: 200, body: { id: 'ws_paid_demo', token_type: 'bearer' } });
    const withToken = await fetch(`${open.origin}${API}/integrations`, { headers: { authorization: token.body.access_token } });
    const withKey = await fetch(`${open.origin}${API}/integrations`, { headers: { authorization: KEYS.paid } });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toEqual(await withKey.json());
    // A code is single use.
    expect((await exchange(open, app, code)).body).toMatchObject({ error: 'invalid_grant' });
  }, STEP_TIMEOUT_MS);

  it('under --control-token, approving needs the token typed into the consent page', async () => {
    const app = await control(locked, 'POST', '/workspaces/ws_payg_demo/oauth-app', { name: 'Scheduler', redirectUrl: callback.url }, TOKEN);
    const consentUrl = `${locked.origin}/oauth/authorize?client_id=${app.clientId}&response_type=code&state=st-locked`;
    const calls = () => callback.hits.filter((hit) => hit.pathname === '/oauth/callback').length;
    const before = calls();

    await page.goto(consentUrl);
    await page.locator('button[value=approve]').click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('The control token is needed');
    expect(calls()).toBe(before);

    await page.goto(consentUrl);
    await page.locator('#control-token').fill(TOKEN);
    const where = await submitToApp(page, 'button[value=approve]', callback.url);
    expect(where.startsWith(callback.url), where).toBe(true);
    const code = new URL(where).searchParams.get('code')!;
    const token = await exchange(locked, app, code);
    expect(token).toMatchObject({ status: 200, body: { id: 'ws_payg_demo' } });
    expect((await fetch(`${locked.origin}${API}/integrations`, { headers: { authorization: token.body.access_token } })).status).toBe(200);
  }, STEP_TIMEOUT_MS);

  it('under --control-token, the wallet page adds credits only with the token typed in', async () => {
    const wallet = async () => (await (await fetch(`${locked.origin}${API}/wallet`, { headers: { authorization: KEYS.free } })).json()) as { balance: number; topUpUrl: string };
    const balance = async () => (await wallet()).balance;
    const start = await balance();
    const { topUpUrl } = await wallet();

    await page.goto(topUpUrl);
    await page.locator('#credits').fill('7');
    await page.locator('button[value=top-up]').click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('The control token is needed');
    expect(await balance()).toBe(start);

    await page.goto(topUpUrl);
    await page.locator('#credits').fill('7');
    await page.locator('#control-token-top-up').fill(TOKEN);
    await page.locator('button[value=top-up]').click();
    await expect.poll(() => page.locator('.notice').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('Credits added.');
    expect(await balance()).toBe(start + 7);
  }, STEP_TIMEOUT_MS);

  it('under --control-token, /docs lists no key until the token is typed in, then shows every key from the control API', async () => {
    await page.goto(`${locked.origin}/docs`, { waitUntil: 'domcontentloaded' });
    const html = await page.content();
    for (const key of Object.values(KEYS)) expect(html).not.toContain(key);
    await page.locator('#control-token').fill('wrong');
    await page.locator('#show-keys').click();
    await expect.poll(() => page.locator('#keys-status').textContent(), { timeout: STEP_TIMEOUT_MS }).toMatch(/not the control token/);
    expect(await page.locator('[data-demo-key]').count()).toBe(0);

    await page.locator('#control-token').fill(TOKEN);
    await page.locator('#show-keys').click();
    await page.locator(`[data-demo-key="${KEYS.payg}"]`).waitFor();
    const shown = await page.locator('[data-demo-key]').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.demoKey));
    expect(shown).toEqual(expect.arrayContaining(Object.values(KEYS)));
    // The key whose world fills the page's examples is marked here too, as when the server lists the keys.
    expect(await page.locator('[data-demo-key][data-examples="true"]').evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.demoKey))).toEqual([KEYS.paid]);
    // The token is not kept by the page: a reload asks again.
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.locator('[data-demo-key]').count()).toBe(0);
  }, STEP_TIMEOUT_MS);
});
