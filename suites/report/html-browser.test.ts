// The HTML report in Chromium (Debian's): one file opened from disk fetches nothing, shows the verdict, each failure with
// its reference sections, request, answer and curl line, the coverage table and the states used, and escapes what a
// target sent (an answer carrying markup stays text).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../mocks/browser-testing.ts';
import { inProcessTarget } from '../in-process.ts';
import { runChecks, type RunReport } from '../runner.ts';
import '../checks/index.ts';
import { toHtml } from './html.ts';

let browser: Browser;
let report: RunReport;

beforeAll(async () => {
  browser = await launchChromium();
  // A real run that fails: the double-charge fault, caught by the wallet checks, through the mock's states hook.
  report = await runChecks(await inProcessTarget({ faults: ['double-charge'] }), { seed: 5, runs: 1, checks: ['estimate_equals_charge', 'frozen_wallet', 'media_search'] });
  // A target that answers markup: it must stay text in the report.
  report.results[0]!.failures.push({ check: report.results[0]!.name, received: '<img src=x onerror="window.__pwned=1">', documented: '<script>window.__pwned=2</script>', exchange: { request: 'GET http://t/<b>x</b>', status: 500, answer: '<iframe src="http://127.0.0.1:9/"></iframe>' } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the HTML report in Chromium', () => {
  it('opens from a file with no request to anywhere, and shows the verdict, failures with their reference, coverage and states', async () => {
    expect(report.ok).toBe(false);
    const file = join(mkdtempSync(join(tmpdir(), 'spw-html-')), 'report.html');
    writeFileSync(file, toHtml(report));
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url() !== pathToFileURL(file).href) requests.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(file).href);
    expect(await page.locator('h1').innerText()).toBe('spw verify: failed');
    const failures = page.locator('details[id^="failure-"]');
    expect(await failures.count()).toBe(report.results.reduce((n, r) => n + r.failures.length, 0));
    const first = await failures.first().innerText();
    expect(first).toMatch(/Reference: §/);
    expect(first).toMatch(/Received:/);
    expect(first).toMatch(/curl -sS -i|#!\/usr\/bin\/env bash/);
    expect(first).toMatch(/Request: (GET|POST|PUT|DELETE) http/);
    // One coverage row per operation, one check row per check, the states the checks used.
    expect(await page.locator('#coverage tbody tr').count()).toBe(report.coverage.operations.length);
    expect(await page.locator('#checks tbody tr').count()).toBe(report.results.length);
    const states = await page.locator('#states-heading + p').innerText();
    for (const s of ['workspaces.reset', 'wallet.frozen']) expect(states).toContain(s);
    // The markup the target sent is text: nothing ran, nothing loaded.
    const last = await failures.last().innerText();
    expect(last).toContain('<img src=x onerror="window.__pwned=1">');
    expect(last).toContain('<iframe src="http://127.0.0.1:9/"></iframe>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img, iframe, script').count()).toBe(0);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('opens on the departures, and filters its tables with no script: a radio button per verdict keeps those rows alone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spw-html-')), 'report.html');
    // One operation with every outcome asserted, so that the coverage filter has a row to leave out.
    const coverage = { ...report.coverage, operations: report.coverage.operations.map((o, i) => (i === 0 ? { ...o, reachedOnly: [], neverReached: [] } : o)) };
    writeFileSync(file, toHtml({ ...report, coverage }));
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(pathToFileURL(file).href);
    expect(await page.locator('script').count()).toBe(0);
    // The first heading of the page's body is the departures', and its first failure is in view without scrolling.
    expect(await page.locator('main h2').first().innerText()).toMatch(/^Departures: \d+ departures? in \d+ checks?$/);
    expect(await page.locator('details[id^="failure-"]').first().isVisible()).toBe(true);
    expect((await page.locator('details[id^="failure-"]').first().boundingBox())!.y).toBeLessThan(720);
    const visible = (table: string) => page.locator(`#${table} tbody tr`).evaluateAll((rows) => rows.filter((r) => (r as HTMLElement).offsetParent !== null).map((r) => r.querySelector('td')!.textContent));
    const statusOf = new Map(report.results.map((r) => [r.name, r.status]));
    expect(await visible('checks')).toEqual(report.results.map((r) => r.name));
    for (const [label, status] of [['failed', 'failed'], ['not verified', 'not verified'], ['passed', 'passed']] as const) {
      await page.locator('label', { hasText: new RegExp(`^${label} \\(`) }).click();
      const shown = await visible('checks');
      expect(shown).toEqual(report.results.filter((r) => r.status === status).map((r) => r.name));
      expect(shown.every((n) => statusOf.get(n!) === status)).toBe(true);
    }
    await page.locator('label[for="checks-all"]').click();
    expect(await visible('checks')).toHaveLength(report.results.length);
    // Coverage: the operations with something not asserted alone.
    await page.locator('label[for="coverage-gaps"]').click();
    const gaps = coverage.operations.filter((o) => o.reachedOnly.length + o.neverReached.length > 0).map((o) => o.operationId);
    expect(await visible('coverage')).toEqual(gaps);
    expect(gaps).toHaveLength(coverage.operations.length - 1);
    await page.locator('label[for="coverage-all"]').click();
    expect(await visible('coverage')).toHaveLength(coverage.operations.length);
    await page.close();
  }, 60_000);
});
