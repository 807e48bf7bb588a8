// The console (/_mock/console) in Debian's Chromium, panel by panel, against a running mock: an app request appears in
// the journal live and a 402 is explained; the clock publishes a scheduled post; a top-up moves a balance; the world
// saved to a file loads back; an override fails the next call and clears; a fault shows while on. Then the locks: a page
// of another origin drives nothing, and under --control-token the console does nothing until the token is typed.
// Screenshots of each panel at 1280x720 go to reports/console-*.png (docs/img/ holds the ones the guide shows).
import { mkdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startMock, type RunningMock } from '../../server.ts';
import { launchChromium, serveFiles } from '../../browser-testing.ts';
import { MockClock } from '../../domain/clock.ts';
import { API, KEYS, T0 } from '../../testing.ts';

const STEP_TIMEOUT_MS = 120_000;
/**
 * One page action's bound, well inside a test's: a step that waits for what never comes fails naming its locator,
 * instead of the whole test timing out with nothing said.
 */
const ACTION_TIMEOUT_MS = 30_000;
const TOKEN = 'console-t0ken-typed-in';
const VIEWPORT = { width: 1280, height: 720 };
const iso = (ms: number) => new Date(ms).toISOString();

async function control(mock: RunningMock, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${mock.origin}/_mock${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

async function api(mock: RunningMock, method: string, path: string, key: string, body?: unknown): Promise<Response> {
  return fetch(`${mock.origin}${API}${path}`, {
    method,
    headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function post(channel: string, content: string, at: number) {
  return { type: 'schedule', date: iso(at), shortLink: false, tags: [], posts: [{ integration: { id: channel }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content, image: [] }] }] };
}

/** What the console said of a copy: `Copied.`, or why the browser refused the clipboard (said at once, not waited out). */
async function copyOutcome(scope: Locator): Promise<string> {
  const said = scope.getByText(/^(Copied\.|The browser refused the clipboard.*)$/);
  await said.waitFor();
  return (await said.textContent()) ?? '';
}

async function balanceOf(mock: RunningMock, workspace: string, token?: string): Promise<number> {
  const world = await control(mock, 'GET', '/scenario', undefined, token);
  return world.workspaces.find((w: any) => w.id === workspace).wallet.balance / 100;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync('reports', { recursive: true });
  // From the top of the panel (a step may have scrolled to what it pressed).
  await page.locator('main').evaluate((el) => el.scrollTo(0, 0));
  await page.locator('.details').evaluate((el) => el.scrollTo(0, 0));
  await page.screenshot({ path: `reports/console-${name}.png` });
}

describe('the console in Chromium', () => {
  let mock: RunningMock;
  let locked: RunningMock;
  let hostile: { server: Server; origin: string };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const tab = (id: string) => page.locator(`[role=tab][data-panel=${id}]`);
  const panel = (id: string) => page.locator(`[role=tabpanel][data-panel=${id}]`);
  const row = (text: string | RegExp) => panel('requests').locator('table.journal tr[data-seq]', { hasText: text });
  const said = () => page.locator('.said');

  beforeAll(async () => {
    [mock, locked, hostile, browser] = await Promise.all([
      startMock({ port: 0, seed: 42, strict: true, journalBodies: true, clock: new MockClock({ frozenAt: T0 }) }),
      startMock({ port: 0, seed: 42, strict: true, controlToken: TOKEN, clock: new MockClock({ frozenAt: T0 }) }),
      serveFiles({ '/': ['text/html; charset=utf-8', '<!doctype html><title>Another site</title><h1>Another site</h1>'] }),
      launchChromium(),
    ]);
    context = await browser.newContext({ viewport: VIEWPORT });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mock.origin });
    page = await context.newPage();
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await page.goto(`${mock.origin}/_mock/console`);
    await page.locator('.clock', { hasText: '2026-01-05 09:00:00 UTC' }).waitFor();
  }, 3 * STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([mock?.close(), locked?.close(), new Promise((resolve) => (hostile ? hostile.server.close(resolve) : resolve(undefined)))]);
  });

  it('Requests: an app request appears without a reload, a 402 says the wallet could not cover it, and copies as curl', async () => {
    expect(await api(mock, 'GET', '/integrations', KEYS.payg).then((r) => r.status)).toBe(200);
    await row('listIntegrations').waitFor();

    // A workspace with one credit cannot pay for a post with a link on X (30 credits).
    const short = await control(mock, 'POST', '/workspaces', { name: 'Short Shop', plan: 'free', topUpCredits: 1 });
    const channels = (await (await api(mock, 'GET', '/integrations', short.apiKey)).json()) as Array<{ id: string; identifier: string }>;
    const x = channels.find((c) => c.identifier === 'x')!.id;
    expect((await api(mock, 'POST', '/posts', short.apiKey, post(x, 'Sale https://example.com', T0 + 3_600_000))).status).toBe(402);

    await row('402').click();
    const details = panel('requests').locator('.details');
    await details.locator('h3', { hasText: 'POST /api/public/v1/posts → 402 Payment Required' }).waitFor();
    await expect.poll(() => details.locator('.decided').textContent()).toMatch(/The wallet refused: it did not cover the action/);
    // The workspace was made a moment ago: the details name it once the console has read the workspaces again.
    await details.getByText(`Short Shop (${short.id})`).waitFor();

    // Filters: by status, then by operation.
    await panel('requests').getByLabel('Status').fill('402');
    await expect.poll(() => panel('requests').locator('table.journal tr[data-seq]').count()).toBe(1);
    await panel('requests').getByLabel('Status').fill('');
    await panel('requests').getByLabel('Operation').fill('listIntegrations');
    await expect.poll(() => panel('requests').locator('table.journal tr[data-seq]').count()).toBe(2);
    await panel('requests').getByLabel('Operation').fill('');

    // Keyboard: the selected row is the one in the tab order; arrows move the selection.
    await row('402').focus();
    await page.keyboard.press('ArrowDown');
    await details.locator('h3', { hasText: 'GET /api/public/v1/integrations → 200' }).waitFor();
    await page.keyboard.press('ArrowUp');
    await details.locator('h3', { hasText: '→ 402' }).waitFor();

    // The line shown and copied masks the key, as the Workspaces panel does; the key is copied only when asked.
    await details.getByRole('button', { name: 'Copy as curl' }).click();
    expect(await copyOutcome(details)).toBe('Copied.');
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toBe(await details.locator('pre.curl').textContent());
    expect(curl).not.toContain(short.apiKey);
    expect(curl).toContain(`curl -X POST '${mock.origin}${API}/posts' -H 'Authorization: ${short.apiKey.slice(0, 4)}…${short.apiKey.slice(-4)}' -H 'Content-Type: application/json' --data-raw '{"type":"schedule"`);
    await details.getByRole('button', { name: 'Copy with the key' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`-H 'Authorization: ${short.apiKey}'`);
    await shoot(page, 'requests');
  }, STEP_TIMEOUT_MS);

  it('Requests: a long journal is a few rows in the page, the keyboard reaches its oldest, and new requests keep the reader in place', async () => {
    await control(mock, 'PUT', '/limits', { caps: { journal: 5000 } });
    for (let i = 0; i < 1200; i += 50) await Promise.all(Array.from({ length: 50 }, () => api(mock, 'GET', '/groups', KEYS.paid).then((r) => r.arrayBuffer())));
    const count = panel('requests').locator('.count');
    await count.filter({ hasText: '1,203 matching of 1,203 received' }).waitFor();
    const drawn = panel('requests').locator('table.journal tr[data-seq]');
    expect(await drawn.count()).toBeLessThan(100);
    expect(await panel('requests').locator('table.journal').getAttribute('aria-rowcount')).toBe('1204');

    await drawn.first().focus();
    await page.keyboard.press('End');
    await panel('requests').locator('tr[data-seq="1"][aria-selected=true]').waitFor();
    await panel('requests').locator('.details h3', { hasText: 'GET /api/public/v1/integrations → 200' }).waitFor();

    // Twenty more arrive while the oldest is read: it stays in sight, where it was.
    const place = () => panel('requests').locator('tr[data-seq="1"]').evaluate((row) => Math.round(row.getBoundingClientRect().top));
    const before = await place();
    await Promise.all(Array.from({ length: 20 }, () => api(mock, 'GET', '/groups', KEYS.paid).then((r) => r.arrayBuffer())));
    await count.filter({ hasText: '1,223 matching' }).waitFor();
    expect(Math.abs((await place()) - before)).toBeLessThanOrEqual(1);

    await page.keyboard.press('Home');
    await panel('requests').locator('tr[data-seq="1223"][aria-selected=true]').waitFor();
  }, STEP_TIMEOUT_MS);

  it('Requests: a 402 an override gave names the override, not the wallet, and shows the body the app sent', async () => {
    const set = await control(mock, 'POST', '/overrides', { operationId: 'createPosts', status: 402, times: 1 });
    expect((await api(mock, 'POST', '/posts', KEYS.payg, post('ch_payg_x', 'Overridden sale', T0 + 7_200_000))).status).toBe(402);
    await row(/override/).click();
    const details = panel('requests').locator('.details');
    await details.locator('h3', { hasText: 'POST /api/public/v1/posts → 402 Payment Required' }).waitFor();
    const decided = await details.locator('.decided').textContent();
    expect(decided).toContain(`Override ${set.id} of the control API answered 402`);
    expect(decided).not.toMatch(/wallet refused/i);
    expect(await row(/override/).textContent()).not.toMatch(/wallet refused/);
    expect(await details.locator('pre.json').textContent()).toContain('Overridden sale');
  }, STEP_TIMEOUT_MS);

  it('Time: moving the clock an hour publishes the scheduled post the panel lists next', async () => {
    const [created] = (await (await api(mock, 'POST', '/posts', KEYS.payg, post('ch_payg_x', 'Launch day https://example.com', T0 + 30 * 60_000))).json()) as Array<{ postId: string }>;
    await tab('time').click();
    const next = panel('time').locator('tbody tr', { hasText: 'Launch day' });
    await next.waitFor();
    expect(await next.textContent()).toContain('in 30 min');
    await shoot(page, 'time');

    await panel('time').getByRole('button', { name: '+1 h', exact: true }).click();
    await panel('time').locator('.result', { hasText: `published 1 (${created!.postId})` }).waitFor();
    const world = await control(mock, 'GET', '/scenario');
    expect(world.workspaces.find((w: any) => w.id === 'ws_payg_demo').posts.find((p: any) => p.id === created!.postId).state).toBe('PUBLISHED');
    await page.locator('.clock', { hasText: '2026-01-05 10:00:00 UTC · frozen' }).waitFor();
    await next.waitFor({ state: 'detached' });

    // To an instant, then running and frozen again.
    await panel('time').getByLabel('Move to (UTC)').fill('2026-01-05 12:00');
    await panel('time').getByRole('button', { name: 'Move the clock', exact: true }).click();
    await panel('time').locator('.result', { hasText: '2026-01-05 12:00:00 UTC, frozen' }).waitFor();
    await panel('time').getByRole('button', { name: /Resume/ }).click();
    await expect.poll(async () => (await control(mock, 'GET', '/clock')).frozen).toBe(false);
    await panel('time').getByRole('button', { name: 'Freeze', exact: true }).click();
    await expect.poll(async () => (await control(mock, 'GET', '/clock')).frozen).toBe(true);
  }, STEP_TIMEOUT_MS);

  it('Workspaces: a top-up changes the balance; the key is masked and copied whole', async () => {
    await tab('workspaces').click();
    await panel('workspaces').getByRole('tab', { name: /Northwind Outfitters/ }).click();
    const balance = panel('workspaces').locator('[data-balance=ws_payg_demo]');
    await balance.waitFor();
    const before = await balanceOf(mock, 'ws_payg_demo');
    await expect.poll(async () => Number(await balance.textContent())).toBe(before);
    expect(await panel('workspaces').textContent()).not.toContain(KEYS.payg);

    await panel('workspaces').getByLabel('Credits', { exact: true }).fill('25');
    await panel('workspaces').getByRole('button', { name: 'Top up', exact: true }).click();
    await expect.poll(() => balance.textContent()).toBe((before + 25).toFixed(2));
    expect(await balanceOf(mock, 'ws_payg_demo')).toBe(before + 25);
    await said().filter({ hasText: `Northwind Outfitters: balance ${(before + 25).toFixed(2)} credits` }).waitFor();

    await panel('workspaces').getByRole('button', { name: 'Copy the API key of Northwind Outfitters' }).click();
    expect(await copyOutcome(panel('workspaces'))).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(KEYS.payg);

    // A request that writes makes the console read the world again and draw the detail anew: what the copy said stays.
    const note = panel('workspaces').getByRole('status');
    await note.evaluate((el) => el.setAttribute('data-drawn-before', ''));
    expect((await api(mock, 'POST', '/posts', KEYS.payg, {})).status).toBe(400);
    await panel('workspaces').locator('[role=status]:not([data-drawn-before])').waitFor({ state: 'attached' });
    expect(await note.textContent()).toBe('Copied.');
    await shoot(page, 'workspaces');
  }, STEP_TIMEOUT_MS);

  it('Posts: by state and channel, each with what it cost the wallet', async () => {
    const later = (hours: number) => T0 + 3 * 3_600_000 + hours * 3_600_000;
    await api(mock, 'POST', '/posts', KEYS.payg, post('ch_payg_x', 'Spring sale starts tomorrow https://example.com/sale', later(20)));
    await api(mock, 'POST', '/posts', KEYS.payg, { ...post('ch_payg_x', 'Idea: behind the scenes thread', later(30)), type: 'draft' });
    await api(mock, 'POST', '/posts', KEYS.payg, post('ch_payg_x', 'Weekly roundup', later(44)));
    await tab('posts').click();
    await panel('posts').getByLabel('Workspace').selectOption('ws_payg_demo');
    await panel('posts').getByLabel('State').selectOption('PUBLISHED');
    const launched = panel('posts').locator('tbody tr', { hasText: 'Launch day' });
    await launched.waitFor();
    expect(await launched.textContent()).toMatch(/published.*Northwind on X \(x\).*−30\.00/);
    // In sight, not only in the DOM: the list is as tall as its rows.
    expect(await panel('posts').locator('.scroll').evaluate((el) => el.clientHeight)).toBeGreaterThan(50);
    await panel('posts').getByLabel('State').selectOption('ERROR');
    await panel('posts').locator('tbody', { hasText: 'No post matches.' }).waitFor();
    await panel('posts').getByLabel('State').selectOption('DRAFT');
    await panel('posts').locator('tbody tr', { hasText: 'behind the scenes' }).waitFor();
    await panel('posts').getByLabel('State').selectOption('');
    await shoot(page, 'posts');
  }, STEP_TIMEOUT_MS);

  it('Scenarios: the world saved to a file loads back; a ready scenario loads by name; reset', async () => {
    await tab('scenarios').click();
    const saving = page.waitForEvent('download');
    await panel('scenarios').getByRole('button', { name: 'Save the world to a file' }).click();
    const file = await saving;
    expect(file.suggestedFilename()).toBe('mock-world-2026-01-05T12-00.json');
    mkdirSync('reports', { recursive: true });
    const saved = 'reports/console-saved-world.json';
    await file.saveAs(saved);
    const world = JSON.parse(readFileSync(saved, 'utf8'));
    const savedBalance = world.workspaces.find((w: any) => w.id === 'ws_payg_demo').wallet.balance / 100;
    expect(world.workspaces.map((w: any) => w.name)).toContain('Short Shop');

    // The world moves on, then comes back from the file.
    await control(mock, 'POST', '/workspaces/ws_payg_demo/wallet/top-up', { credits: 100 });
    await control(mock, 'POST', '/clock', { advanceSeconds: 86_400 });
    await panel('scenarios').getByLabel('Load a scenario file').setInputFiles(saved);
    await panel('scenarios').locator('.outcome', { hasText: 'Loaded console-saved-world.json: the world now has 4 workspaces.' }).waitFor();
    expect(await balanceOf(mock, 'ws_payg_demo')).toBe(savedBalance);
    expect((await control(mock, 'GET', '/clock')).now).toBe(world.clock.now);

    // A file that breaks a rule is refused whole, each problem named, and the world stays.
    await panel('scenarios').getByLabel('Load a scenario file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...world, scenarioVersion: 2 })) });
    await panel('scenarios').locator('.problems li', { hasText: 'scenarioVersion' }).waitFor();
    expect(await balanceOf(mock, 'ws_payg_demo')).toBe(savedBalance);

    await panel('scenarios').getByRole('button', { name: 'Load low-credits' }).click();
    await panel('scenarios').locator('.outcome', { hasText: 'Loaded low-credits' }).waitFor();
    expect(await balanceOf(mock, 'ws_payg_demo')).toBe(8.25);
    await shoot(page, 'scenarios');

    const reset = panel('scenarios').getByRole('button', { name: 'Reset the world' });
    await reset.click();
    await panel('scenarios').getByRole('button', { name: 'Press again to reset' }).click();
    await said().filter({ hasText: 'The world is back to how the mock started.' }).waitFor();
    expect((await control(mock, 'GET', '/workspaces')).map((w: any) => w.id)).toEqual(['ws_free_demo', 'ws_payg_demo', 'ws_paid_demo']);
  }, STEP_TIMEOUT_MS);

  it('Overrides & faults: an override fails the next call and is gone; one until cleared stays until Clear; a fault shows while on', async () => {
    await tab('overrides').click();
    const form = panel('overrides').locator('form.override-form');
    await form.getByLabel('Operation').selectOption('listIntegrations');
    await form.getByLabel('Answer').selectOption('401');
    await form.getByLabel('For the next calls').fill('1');
    await form.getByRole('button', { name: 'Set the override' }).click();
    await page.locator('.badges', { hasText: '1 override' }).waitFor();
    const refused = await api(mock, 'GET', '/integrations', KEYS.payg);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-mock-override')).toMatch(/^ovr_/);
    // Spent: the panel and the header say so without a reload, and the next call is answered for real.
    await panel('overrides').getByText('None: every operation answers for real.').waitFor();
    await page.locator('.badges', { hasText: '0 overrides' }).waitFor();
    expect((await api(mock, 'GET', '/integrations', KEYS.payg)).status).toBe(200);

    await form.getByLabel('Operation').selectOption('getWallet');
    await form.getByLabel('Answer').selectOption('network');
    await form.getByLabel('For the next calls').fill('');
    await form.getByRole('button', { name: 'Set the override' }).click();
    const active = panel('overrides').locator('tr[data-override]', { hasText: 'getWallet' });
    await active.waitFor();
    await expect(api(mock, 'GET', '/wallet', KEYS.payg)).rejects.toThrow();
    await expect(api(mock, 'GET', '/wallet', KEYS.payg)).rejects.toThrow();

    await panel('overrides').getByRole('checkbox', { name: /double-charge/ }).check();
    await page.locator('.badges', { hasText: '1 fault on' }).waitFor();
    expect((await control(mock, 'GET', '/faults')).active).toEqual(['double-charge']);
    await shoot(page, 'overrides');

    await active.getByRole('button', { name: /Clear override/ }).click();
    await panel('overrides').getByText('None: every operation answers for real.').waitFor();
    expect((await api(mock, 'GET', '/wallet', KEYS.payg)).status).toBe(200);
    await panel('overrides').getByRole('checkbox', { name: /double-charge/ }).uncheck();
    await page.locator('.badges', { hasText: '0 faults on' }).waitFor();
    expect((await control(mock, 'GET', '/faults')).active).toEqual([]);

    // Every request of this walk is in the journal, the dropped ones too.
    await tab('requests').click();
    await panel('requests').getByLabel('Status').fill('0');
    await expect.poll(() => panel('requests').locator('table.journal tr[data-seq]').count()).toBe(2);
  }, STEP_TIMEOUT_MS);

  it('Overrides: the form offers the server errors a deployment sends, and the next call answers one in the Error shape', async () => {
    await tab('overrides').click();
    const form = panel('overrides').locator('form.override-form');
    await form.getByLabel('Operation').selectOption('listIntegrations');
    await form.getByLabel('Answer').selectOption('503');
    await form.getByLabel('For the next calls').fill('1');
    await form.getByRole('button', { name: 'Set the override' }).click();
    await page.locator('.badges', { hasText: '1 override' }).waitFor();
    const down = await api(mock, 'GET', '/integrations', KEYS.payg);
    expect([down.status, await down.json()]).toEqual([503, { statusCode: 503, msg: 'Service Unavailable', message: 'Service Unavailable' }]);
    await page.locator('.badges', { hasText: '0 overrides' }).waitFor();
  }, STEP_TIMEOUT_MS);

  it('a page of another origin drives nothing: no read, no change, no frame', async () => {
    const before = await balanceOf(mock, 'ws_payg_demo');
    const seq = (await control(mock, 'GET', '/requests')).lastSeq;
    const other = await context.newPage();
    await other.goto(hostile.origin);
    const outcome = await other.evaluate(async (target) => {
      const tries: Record<string, string> = {};
      const attempt = async (name: string, run: () => Promise<Response>) => {
        try {
          const res = await run();
          tries[name] = res.type === 'opaque' ? 'opaque' : String(res.status);
        } catch {
          tries[name] = 'blocked';
        }
      };
      const json = { 'content-type': 'application/json' };
      await attempt('read the console', () => fetch(`${target}/_mock/console`));
      await attempt('read the workspaces', () => fetch(`${target}/_mock/workspaces`));
      await attempt('top up with JSON', () => fetch(`${target}/_mock/workspaces/ws_payg_demo/wallet/top-up`, { method: 'POST', headers: json, body: '{"credits":500}' }));
      await attempt('top up without a preflight', () => fetch(`${target}/_mock/workspaces/ws_payg_demo/wallet/top-up`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"credits":500}' }));
      await attempt('reset without a preflight', () => fetch(`${target}/_mock/reset`, { method: 'POST', mode: 'no-cors' }));
      const frame = document.createElement('iframe');
      frame.src = `${target}/_mock/console`;
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      return tries;
    }, mock.origin);
    expect(outcome).toEqual({
      'read the console': 'blocked',
      'read the workspaces': 'blocked',
      'top up with JSON': 'blocked',
      'top up without a preflight': 'opaque',
      'reset without a preflight': 'opaque',
    });
    // The frame was refused (frame-ancestors, X-Frame-Options): no console runs inside another site.
    for (const frame of other.frames()) expect(await frame.locator('.console').count().catch(() => 0)).toBe(0);
    // A form posted across origins is refused too (its Origin), and nothing moved.
    await other.evaluate((target) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'text/plain';
      form.action = `${target}/_mock/workspaces/ws_payg_demo/wallet/top-up`;
      const field = document.createElement('input');
      field.name = '{"credits":500,"x":"';
      field.value = '"}';
      form.append(field);
      document.body.append(form);
      form.submit();
    }, mock.origin);
    await other.waitForURL(/wallet\/top-up/);
    expect(await other.locator('body').textContent()).toMatch(/other origins|application\/json/);
    await other.close();
    expect(await balanceOf(mock, 'ws_payg_demo')).toBe(before);
    expect((await control(mock, 'GET', '/requests')).lastSeq).toBe(seq);
  }, STEP_TIMEOUT_MS);

  it('at busy-workspace\'s size: Posts newest first in a window around the clock\'s now, paged; Move to follows the clock', async () => {
    await page.goto(`${mock.origin}/_mock/console`);
    await tab('scenarios').click();
    await panel('scenarios').getByRole('button', { name: 'Load busy-workspace' }).click();
    await panel('scenarios').locator('.outcome', { hasText: 'Loaded busy-workspace' }).waitFor();

    // Time: the field offers the clock's now, and keeps following it as the clock moves.
    await tab('time').click();
    const to = panel('time').getByLabel('Move to (UTC)');
    await expect.poll(() => to.inputValue()).toBe('2026-01-05 09:00');
    await panel('time').getByRole('button', { name: '+1 day' }).click();
    await expect.poll(() => to.inputValue()).toBe('2026-01-06 09:00');
    await panel('time').getByRole('button', { name: '+1 min' }).click();
    await expect.poll(() => to.inputValue()).toBe('2026-01-06 09:01');
    // What a person typed is theirs until they move the clock.
    await to.fill('2026-01-07 12:00');
    await panel('time').getByRole('button', { name: '+1 h' }).click();
    await panel('time').locator('.result', { hasText: '2026-01-06 10:01' }).waitFor();
    expect(await to.inputValue()).toBe('2026-01-07 12:00');

    await tab('posts').click();
    await panel('posts').getByLabel('Workspace').selectOption('ws_payg_demo');
    const rows = panel('posts').locator('tbody tr[data-post]');
    const dates = async () => (await rows.locator('td:first-child').allTextContents()).map((t) => t.slice(0, 16));
    const nowLine = panel('posts').locator('tbody tr.now-line');
    await nowLine.waitFor();
    expect(await nowLine.textContent()).toContain('2026-01-06 10:01');
    // Newest first, the clock's now inside the window: the week around it is in sight without a filter.
    const around = await dates();
    expect(around.length).toBeGreaterThan(20);
    expect(around).toEqual([...around].sort().reverse());
    expect(around.some((d) => d.startsWith('2026-01-06'))).toBe(true);
    expect(around.some((d) => d.startsWith('2026-01-05'))).toBe(true);
    // The scenario's own size and newest post, read from it rather than written here: it is regenerated as rows change.
    const busy = JSON.parse(readFileSync(new URL('../../../fixtures/scenarios/busy-workspace.json', import.meta.url), 'utf8'));
    const posts = busy.workspaces.find((w: { id: string }) => w.id === 'ws_payg_demo').posts as Array<{ publishAt: number }>;
    const newest = new Date(Math.max(...posts.map((p) => p.publishAt))).toISOString().slice(0, 16).replace('T', ' ');
    await expect.poll(() => panel('posts').locator('.count').textContent()).toMatch(new RegExp(`Showing [\\d,]+–[\\d,]+ of ${posts.length.toLocaleString('en')} matching, newest first`));

    await panel('posts').getByRole('button', { name: 'Older' }).click();
    await expect.poll(async () => (await dates())[0]! <= around.at(-1)! && (await dates()).at(-1)! < around.at(-1)!).toBe(true);
    await panel('posts').getByRole('button', { name: 'Newest' }).click();
    await expect.poll(async () => (await dates())[0]).toBe(newest);
    await panel('posts').getByRole('button', { name: 'Around now' }).click();
    await expect.poll(() => dates()).toEqual(around);
  }, STEP_TIMEOUT_MS);

  it('under --control-token the console does nothing until the token is typed, and keeps it nowhere', async () => {
    const before = await balanceOf(locked, 'ws_payg_demo', TOKEN);
    await page.goto(`${locked.origin}/_mock/console#workspaces`);
    await page.locator('.badges', { hasText: 'locked' }).waitFor();
    const html = await page.content();
    for (const key of Object.values(KEYS)) expect(html).not.toContain(key);
    // The panels are inert: no control in them can be reached or pressed.
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull();
    expect(await page.locator('main').evaluate((el) => el.querySelectorAll('[role=tab]').length)).toBe(0);
    // And the control API refuses this page's calls without the token.
    expect(await page.evaluate(() => fetch('/_mock/workspaces/ws_payg_demo/wallet/top-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credits":5}' }).then((r) => r.status))).toBe(401);

    await page.getByLabel('Control token').fill('wrong');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('That is not the control token.').waitFor();
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull();

    await page.getByLabel('Control token').fill(TOKEN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => page.locator('main').getAttribute('inert')).toBeNull();
    await panel('workspaces').getByRole('tab', { name: /Northwind Outfitters/ }).click();
    await panel('workspaces').getByLabel('Credits', { exact: true }).fill('5');
    await panel('workspaces').getByRole('button', { name: 'Top up', exact: true }).click();
    await expect.poll(() => panel('workspaces').locator('[data-balance=ws_payg_demo]').textContent()).toBe((before + 5).toFixed(2));
    expect(await balanceOf(locked, 'ws_payg_demo', TOKEN)).toBe(before + 5);

    // Nothing kept it: a reload is locked again.
    await page.reload();
    await page.locator('.badges', { hasText: 'locked' }).waitFor();
    expect(await page.evaluate(() => document.cookie + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).toBe('{}{}');
  }, STEP_TIMEOUT_MS);
});
