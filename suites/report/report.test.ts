// The reports say exactly what was verified: a check that passed on part of what it covers is never shown as wholly passed
// without naming the rest, and a check that could not run is never counted as passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { CheckResult, RunReport } from '../runner.ts';
import { toJUnit } from './junit.ts';
import { HEARTBEAT_MS, printSummary, progressLine, terminalReporter, waitingFor } from './terminal.ts';

const result = (r: Partial<CheckResult> & Pick<CheckResult, 'name' | 'status'>): CheckResult => ({
  area: 'generic',
  kind: 'property',
  description: '',
  sections: ['3'],
  states: [],
  notes: [],
  failures: [],
  assertions: 1,
  requests: 1,
  ms: 10,
  ...r,
});

const report: RunReport = {
  target: 'http://127.0.0.1:4010/api/public/v1',
  seed: 7,
  runs: 1,
  startedAt: '2026-11-22T00:00:00.000Z',
  durationMs: 1000,
  requests: 10,
  requestsPerSecond: 10,
  limited: { answers: 0, waitedMs: 0 },
  coverage: { percent: 100, counted: 0, asserted: 0, reachedOnly: 0, neverReached: 0, operations: [] },
  ok: false,
  results: [
    result({ name: 'whole_check', status: 'passed', assertions: 4 }),
    result({ name: 'part_check', status: 'passed in part', assertions: 2, notes: ['uploadMediaFromUrl: needs a public https image URL (--media-url)'] }),
    result({ name: 'asked_check', status: 'passed', assertions: 1, notAsked: ['generateVideo: needs the key of a paid workspace'] }),
    result({ name: 'keyless_check', status: 'not verified', area: 'wallet', assertions: 0, notes: ['needs the key of a pay-as-you-go workspace'] }),
    result({ name: 'broken_check', status: 'failed', area: 'posts', failures: [{ check: 'broken_check', received: '500', documented: '200' }] }),
    result({ name: 'schema_check', status: 'passed', kind: 'response', assertions: 12, notes: ['12 answers inspected'] }),
  ],
};

function summary(): string {
  let text = '';
  printSummary(report, new Writable({ write: (chunk, _enc, done) => ((text += String(chunk)), done()) }));
  return text;
}

describe('verify reports', () => {
  it('the terminal summary names the parts a passed check did not exercise, apart from the checks not verified at all', () => {
    const text = summary();
    const inPart = text.slice(text.indexOf('Verified in part'));
    expect(inPart).toContain('part_check: uploadMediaFromUrl: needs a public https image URL');
    const notVerified = text.slice(text.indexOf('Not verified'), text.indexOf('Verified in part'));
    expect(notVerified).toContain('keyless_check: needs the key');
    expect(notVerified).not.toContain('part_check');
    expect(text).not.toMatch(/(whole_check|schema_check):/);
    // A part the run was not given what it needs for is named apart, and the check stays passed.
    expect(text.slice(text.indexOf('Not asked'))).toContain('asked_check: generateVideo: needs the key of a paid workspace');
    expect(text).toContain('1 failed, 3 passed, 1 passed in part, 1 not verified · 8 assertions');
    // Findings by cause, counted with the words every report uses; departures first, each with its id.
    expect(text).toContain('Findings: 1 departure in 1 check, 0 operations not implemented, 1 check not verified');
    expect(text.indexOf('Departures: 1 in 1 check')).toBeLessThan(text.indexOf('Not verified: 1 check'));
    expect(text).toContain('F1) broken_check · reference §3');
  });

  it('the JUnit report skips what was not verified, fails what failed, and notes a check verified in part', () => {
    const xml = toJUnit(report);
    // Each testcase first names the reference sections it enforces (and the states it used) as properties.
    const PROPS = '<properties><property name="reference" value="3"/></properties>';
    const testcase = (name: string) => xml.match(new RegExp(`<testcase [^>]*name="${name}"[^>]*>([\\s\\S]*?)</testcase>`))?.[1]?.replace(PROPS, '');
    expect(xml.match(/<testcase /g)?.length).toBe(xml.split(PROPS).length - 1);
    expect(testcase('whole_check')).toBe('');
    expect(testcase('part_check')).toBe('<system-out>verified in part; not exercised: uploadMediaFromUrl: needs a public https image URL (--media-url)</system-out>');
    expect(testcase('keyless_check')).toMatch(/^<skipped message="not verified: needs the key/);
    expect(testcase('broken_check')).toMatch(/^<failure /);
    expect(testcase('broken_check')).toContain('reference: §3');
    expect(testcase('schema_check')).toBe('');
    expect(xml).toMatch(/<testsuites [^>]*tests="6" failures="1" skipped="1" assertions="8"/);
    // Suites by cause, in the reports' order: the counts, the departures, what was not verified, then the rest by area.
    const names = [...xml.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['findings', 'departures', 'not verified', 'generic', 'coverage']);
    expect(xml).toContain('<property name="findings.departures" value="1"/><property name="findings.departureChecks" value="1"/><property name="findings.notImplemented" value="0"/><property name="findings.notVerified" value="1"/>');
    expect(xml).toContain('<testsuite name="not verified" tests="1" failures="0" skipped="1" assertions="0">');
    expect(xml).toContain('<testsuite name="departures" tests="1" failures="1" skipped="0" assertions="1">');
    expect(xml).toMatch(/<testcase [^>]*name="whole_check" assertions="4"/);
  });

  it("a JUnit failure of one part of a check names the part and the selection that replays it alone", () => {
    const parted: RunReport = {
      ...report,
      results: [result({ name: 'settings_refused', status: 'failed', failures: [{ check: 'settings_refused', part: 'tiktok', operation: 'createPosts', received: '200', documented: '400' }] })],
    };
    const xml = toJUnit(parted);
    expect(xml).toContain('<failure message="[tiktok] createPosts 200">');
    expect(xml).toContain('part: tiktok (replay it alone: --checks settings_refused/tiktok)');
    // A failure of a check without parts says nothing of parts.
    expect(toJUnit(report)).not.toContain('part: ');
  });

  it("the closing CI line read from verify's JUnit report counts the failed, the skipped and the passed in part, and exits 1 on a failure", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spw-junit-')), 'verify.xml');
    writeFileSync(file, toJUnit(report));
    const summary = spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/junit-summary.ts', import.meta.url)), file, 'spw verify'], { encoding: 'utf8' });
    expect(summary.stdout.trim()).toBe('spw verify: 4 passed (1 in part), 1 failed, 1 skipped');
    expect(summary.status).toBe(1);
  });

  it("the closing CI line counts vitest's skipped tests, which its report gives per file and not on its root", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spw-junit-')), 'junit.xml');
    writeFileSync(file, [
      '<?xml version="1.0" encoding="UTF-8" ?>',
      '<testsuites name="vitest tests" tests="7" failures="0" errors="0" time="1">',
      '  <testsuite name="a.test.ts" tests="4" failures="0" errors="0" skipped="0" time="0"></testsuite>',
      '  <testsuite name="b.test.ts" tests="3" failures="0" errors="0" skipped="3" time="0"></testsuite>',
      '</testsuites>',
    ].join('\n'));
    const summary = spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/junit-summary.ts', import.meta.url)), file], { encoding: 'utf8' });
    expect(summary.stdout.trim()).toBe('vitest: 4 passed, 0 failed, 3 skipped');
    expect(summary.status).toBe(0);
  });
});

describe('the live line on a terminal', () => {
  it('counts checks done and running, failures, requests a second and the time left at this pace', () => {
    expect(progressLine({ total: 10, requests: () => 500 }, 4, 1, 'running frozen_wallet', 2000)).toBe('  [4/10] running frozen_wallet · 1 failed · 250 requests/s · ~3 s left');
    expect(progressLine({ total: 10, requests: () => 0 }, 0, 0, 'running x', 0)).toBe('  [0/10] running x · 0 failed · 0 requests/s');
  });

  it('with recorded costs, the time left is by the share of the cost done: the costliest checks start first, so a count of checks would say too much', () => {
    const costs = { big: 600, mid: 300, small1: 50, small2: 50 };
    // The big one done in 6 s: 60% of the cost, 4 s left (a count of checks, 1 of 4, would say 18 s).
    expect(progressLine({ total: 4, requests: () => 600, costs }, 1, 0, 'running mid', 6000, 600)).toBe('  [1/4] running mid · 0 failed · 100 requests/s · ~4 s left');
    // No cost known for what is done yet: by the count.
    expect(progressLine({ total: 4, requests: () => 0, costs }, 1, 0, 'running mid', 6000, 0)).toBe('  [1/4] running mid · 0 failed · 0 requests/s · ~18 s left');
  });

  it('rewrites one line on a terminal, and writes none in a log (each result has its own line there)', () => {
    const written = (live: boolean) => {
      let text = '';
      const out = new Writable({ write(chunk, _enc, cb) { text += String(chunk); cb(); } });
      const r = terminalReporter(out, false, { total: 2, requests: () => 3 }, live);
      r.onStart({ name: 'media_search' } as never);
      r.onResult(result({ name: 'media_search', status: 'passed' }));
      return text;
    };
    expect(written(true)).toMatch(/^.*\[0\/2\] running media_search · 0 failed .*\r/);
    expect(written(false)).not.toContain('running media_search');
    expect(written(false)).toContain('media_search');
  });

  it('in a log, a check that waits a minute on a rate limit still gets a line at least every HEARTBEAT_MS, saying what it waits for; nothing after stop()', () => {
    vi.useFakeTimers();
    try {
      const lines: Array<{ at: number; text: string }> = [];
      const out = new Writable({ write(chunk, _enc, cb) { for (const t of String(chunk).split('\n').filter(Boolean)) lines.push({ at: Date.now(), text: t }); cb(); } });
      const r = terminalReporter(out, false, { total: 3, requests: () => 10, waiting: () => 'waiting 40 s more after a 429 on POST http://t/posts (no Retry-After)' }, false);
      r.onStart({ name: 'exact_balance' } as never);
      vi.advanceTimersByTime(60_000);
      const gaps = lines.map((l, i) => l.at - (i === 0 ? 0 : lines[i - 1]!.at));
      expect(lines.length).toBeGreaterThanOrEqual(5);
      expect(Math.max(...gaps.slice(1))).toBeLessThanOrEqual(HEARTBEAT_MS);
      expect(lines[0]!.text).toMatch(/^  \[0\/3\] running exact_balance · 0 failed · \d+ requests\/s · waiting 40 s more after a 429 on POST http:\/\/t\/posts \(no Retry-After\)$/);
      r.stop();
      const before = lines.length;
      vi.advanceTimersByTime(60_000);
      expect(lines.length).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names what a run waits for: a 429 wait first, else an answer outstanding for more than two seconds', () => {
    const inflight = new Map([[1, { what: 'GET http://t/wallet', since: 1000 }], [2, { what: 'GET http://t/posts', since: 4000 }]]);
    expect(waitingFor({ inflight }, 2500)).toBeUndefined();
    expect(waitingFor({ inflight }, 9000)).toBe('waiting 8 s for an answer to GET http://t/wallet');
    expect(waitingFor({ inflight, waiting: { what: 'a 429 on POST http://t/posts', until: 12_000 } }, 9000)).toBe('waiting 3 s more after a 429 on POST http://t/posts');
  });
});
