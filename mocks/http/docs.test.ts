// The /docs reference in a real browser: every operation of the public document is listed, "Try it out" reaches the mock, nothing leaves the origin.
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startMock, type RunningMock } from '../server.ts';
import { launchChromium } from '../browser-testing.ts';
import { loadSpec } from '../../spec/load.ts';
import { API, KEYS } from '../testing.ts';

const SCREENSHOT = 'reports/docs-page.png';
// A healthy run takes seconds; the bounds only stop a hang. They leave room for a CI machine that other jobs are
// starving of CPU: on the two-vCPU development VM, at 6-8 % of a core and beside the package test's npm install, the
// page took over 120 s to render its operations (70 s on a better hour).
const STEP_TIMEOUT_MS = 300_000;

function documentOperationIds(): string[] {
  const ids: string[] = [];
  for (const item of Object.values<Record<string, any>>(loadSpec().paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method)) ids.push(op.operationId);
    }
  }
  return ids.sort();
}

describe('the interactive reference at /docs', () => {
  let mock: RunningMock;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  let loadMs = 0;

  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 42, strict: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    page.on('request', (request) => requested.push(request.url()));
    const started = performance.now();
    // Ready means rendered: wait for the operations, not for the load events.
    await page.goto(`${mock.origin}/docs`, { waitUntil: 'commit' });
    await page.locator('.opblock-summary-operation-id').first().waitFor();
    loadMs = performance.now() - started;
  }, 3 * STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('lists every operation of the public document, and only those', async () => {
    const shown = await page.locator('.opblock-summary-operation-id').allTextContents();
    expect([...new Set(shown.map((s) => s.trim()))].sort()).toEqual(documentOperationIds());
    console.log(`[docs] /docs rendered ${shown.length} operations in ${Math.round(loadMs)} ms`);
  });

  it('authorizes with a demo key and runs GET /integrations against the mock itself', async () => {
    await page.locator(`[data-demo-key="${KEYS.payg}"]`).click();
    const operation = page.locator('.opblock', { has: page.locator('.opblock-summary-operation-id', { hasText: /^listIntegrations$/ }) });
    await operation.locator('.opblock-summary-control').click();
    await operation.locator('button.try-out__btn').click();
    const sent = page.waitForRequest((r) => r.url() === `${mock.origin}${API}/integrations`);
    await operation.locator('button.execute').click();
    expect((await sent).headers().authorization).toBe(KEYS.payg);

    const status = operation.locator('.live-responses-table tr.response .response-col_status');
    await expect.poll(() => status.first().textContent().then((t) => t?.trim()), { timeout: STEP_TIMEOUT_MS }).toBe('200');
    const shownBody = await operation.locator('.live-responses-table tr.response .response-col_description pre').first().textContent();
    const direct = await fetch(`${mock.origin}${API}/integrations`, { headers: { authorization: KEYS.payg } });
    expect(JSON.parse(shownBody ?? '')).toEqual(await direct.json());

    mkdirSync('reports', { recursive: true });
    // From the top of the page down to the answer shown: the banner with the keys, the operations, the request made.
    const answer = await operation.locator('.live-responses-table tr.response').first().boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    const bottom = answer ? answer.y + scrolled + answer.height + 24 : 900;
    await page.screenshot({ path: SCREENSHOT, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: Math.ceil(bottom) } });
    expect(existsSync(SCREENSHOT)).toBe(true);
  }, 3 * STEP_TIMEOUT_MS);

  it('loads every asset from the mock: no CDN, no validator badge, nothing else on the network', () => {
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => !url.startsWith(`${mock.origin}/`) && !url.startsWith('data:'))).toEqual([]);
    // The page's own edition (examples from the live world), not the contract's document.
    expect(requested).toContain(`${mock.origin}/docs/openapi.json`);
  });

  // With the key the page marks, the pre-filled examples run as they are. One GET with a path
  // parameter, the scheduled POST /posts (a date after the clock, a channel of the workspace) and a PATCH.
  it.each([
    ['getIntegrationSettings', /\/integration-settings\/ch_paid_x$/],
    ['createPosts', /\/posts$/],
    ['saveBriefDocument', /\/brief\/foundation\/branding-assets$/],
  ])('%s runs its pre-filled example unedited with the marked key and answers 2xx', async (operationId, path) => {
    const marked = page.locator('[data-demo-key][data-examples="true"]');
    expect(await marked.getAttribute('data-demo-key')).toBe(KEYS.paid);
    await marked.click();
    const operation = page.locator('.opblock', { has: page.locator('.opblock-summary-operation-id', { hasText: new RegExp(`^${operationId}$`) }) });
    await operation.locator('.opblock-summary-control').click();
    await operation.locator('button.try-out__btn').click();
    const sent = page.waitForRequest((r) => r.url().startsWith(`${mock.origin}${API}/`) && path.test(new URL(r.url()).pathname));
    await operation.locator('button.execute').click();
    const request = await sent;
    expect(request.headers().authorization).toBe(KEYS.paid);
    const status = operation.locator('.live-responses-table tr.response .response-col_status');
    await expect.poll(() => status.first().textContent().then((t) => t?.trim()), { timeout: STEP_TIMEOUT_MS }).toMatch(/^2\d\d$/);
    if (operationId === 'createPosts') expect(Date.parse(JSON.parse(request.postData() ?? '{}').date)).toBeGreaterThan(Date.now());
  }, 3 * STEP_TIMEOUT_MS);

  it('after a post is created, a reload puts its id in the post operations, and changePostStatus runs unedited', async () => {
    const { posts } = await (await fetch(`${mock.origin}${API}/posts?startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z`, { headers: { authorization: KEYS.paid } })).json();
    expect(posts.length).toBeGreaterThan(0);
    await page.reload({ waitUntil: 'commit' });
    await page.locator('.opblock-summary-operation-id').first().waitFor();
    await page.locator('[data-demo-key][data-examples="true"]').click();
    const operation = page.locator('.opblock', { has: page.locator('.opblock-summary-operation-id', { hasText: /^changePostStatus$/ }) });
    await operation.locator('.opblock-summary-control').click();
    await operation.locator('button.try-out__btn').click();
    const sent = page.waitForRequest((r) => /\/posts\/[^/]+\/status$/.test(r.url()));
    await operation.locator('button.execute').click();
    expect(posts.map((p: { id: string }) => p.id)).toContain(new URL((await sent).url()).pathname.split('/').at(-2));
    const status = operation.locator('.live-responses-table tr.response .response-col_status');
    await expect.poll(() => status.first().textContent().then((t) => t?.trim()), { timeout: STEP_TIMEOUT_MS }).toBe('200');
  }, 3 * STEP_TIMEOUT_MS);
});
