// CI shards: every check runs in exactly one shard, the split is stable and balanced, and the shards' reports merged
// give the verdicts and the coverage of one unsharded run of the same seed; an incomplete set is refused, never a pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import './checks/index.ts';
import { allChecks, type Check } from './checks/registry.ts';
import { inProcessTarget } from './in-process.ts';
import { runChecks, type RunReport } from './runner.ts';
import { durationsOf, mergeReports, parseShard, shardOf } from './shards.ts';
import { checkCost } from './unit-costs.ts';

const properties = () => allChecks().filter((c) => c.kind === 'property' && !c.name.startsWith('test_'));

describe('--shard i/n', () => {
  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/4', { index: 2, count: 4 }],
    [' 4/4 ', { index: 4, count: 4 }],
  ])('%j reads as %j', (text, shard) => expect(parseShard(text)).toEqual(shard));
  it.each(['0/4', '5/4', '1/0', '1', 'a/b', '1/2/3', '-1/2', ''])('%j is refused', (text) => expect(() => parseShard(text)).toThrow(/expected i\/n/));

  it('property: for any count and any durations, every check is in exactly one shard, and the split does not depend on the order checks are listed in', () => {
    const checks = properties();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: checks.length, maxLength: checks.length }), (count, ms) => {
        const durations = Object.fromEntries(checks.map((c, i) => [c.name, ms[i]!]));
        const split = Array.from({ length: count }, (_, i) => shardOf(checks, { index: i + 1, count }, durations).map((c) => c.name));
        expect(split.flat().sort()).toEqual(checks.map((c) => c.name).sort());
        const reversed = Array.from({ length: count }, (_, i) => shardOf([...checks].reverse(), { index: i + 1, count }, durations).map((c) => c.name).sort());
        expect(reversed).toEqual(split.map((s) => [...s].sort()));
      }),
      { numRuns: 50 },
    );
  });

  it('property: balanced by the durations given, no shard carries more than the lightest plus the longest check', () => {
    const checks = properties();
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: checks.length, maxLength: checks.length }), (count, ms) => {
        const durations = Object.fromEntries(checks.map((c, i) => [c.name, ms[i]!]));
        const loads = Array.from({ length: count }, (_, i) => shardOf(checks, { index: i + 1, count }, durations).reduce((n: number, c: Check) => n + durations[c.name]!, 0));
        expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(Math.max(...ms));
      }),
      { numRuns: 50 },
    );
  });
});

describe('shards without --shard-timings', () => {
  it('are balanced by the requests each check sent in the recorded run: for 2 to 6 shards, no shard carries more than the lightest plus the costliest check', () => {
    const checks = properties();
    const cost = (c: Check) => checkCost(c.name, c.parts?.() ?? []);
    for (let count = 2; count <= 6; count++) {
      const loads = Array.from({ length: count }, (_, i) => shardOf(checks, { index: i + 1, count }).reduce((n, c) => n + cost(c), 0));
      expect(Math.max(...loads) - Math.min(...loads), `${count} shards: ${loads.join(', ')}`).toBeLessThanOrEqual(Math.max(...checks.map(cost)));
      expect(loads.reduce((a, b) => a + b, 0)).toBe(checks.reduce((n, c) => n + cost(c), 0));
    }
  });
});

describe('--shard-timings', () => {
  it("weighs a check with parts by the time its parts took together, not by its wall time (its parts ran side by side), and a check's parts stay in its shard", async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 11, runs: 1, checks: ['positive_data_acceptance', 'media_search'], concurrency: 4 });
    const [parted, plain] = report.results;
    const durations = durationsOf(report);
    expect(durations.positive_data_acceptance).toBe(Math.max(1, parted!.parts!.reduce((n, p) => n + p.ms, 0)));
    expect(durations.media_search).toBe(Math.max(1, plain!.ms));
    const split = [1, 2].map((index) => shardOf(properties(), { index, count: 2 }, durations).map((c) => c.name));
    expect(split.filter((names) => names.includes('positive_data_acceptance'))).toHaveLength(1);
  });
});

describe('spw report merge', () => {
  const verdicts = (r: RunReport) => Object.fromEntries(r.results.map((c) => [c.name, c.status]));
  const outcomes = (r: RunReport) => r.coverage.operations.map((o) => [o.operationId, o.asserted.join(','), o.reachedOnly.join(','), o.neverReached.join(',')]);

  it('three shards merged give the verdicts and the coverage of one unsharded run of the same seed', async () => {
    const whole = await runChecks(await inProcessTarget(), { seed: 11, runs: 1 });
    const shards: RunReport[] = [];
    for (let i = 1; i <= 3; i++) shards.push(await runChecks(await inProcessTarget(), { seed: 11, runs: 1, shard: { index: i, count: 3 } }));
    expect(shards.map((s) => s.results.filter((r) => r.kind === 'property').length).reduce((a, b) => a + b)).toBe(whole.results.filter((r) => r.kind === 'property').length);
    const merged = mergeReports(shards);
    expect(verdicts(merged)).toEqual(verdicts(whole));
    expect(outcomes(merged)).toEqual(outcomes(whole));
    expect([merged.coverage.percent, merged.coverage.counted, merged.coverage.asserted]).toEqual([whole.coverage.percent, whole.coverage.counted, whole.coverage.asserted]);
    expect(merged.ok).toBe(whole.ok);
    // Any one shard alone is not the whole: its coverage is short of the merged one.
    expect(Math.max(...shards.map((s) => s.coverage.asserted))).toBeLessThan(merged.coverage.asserted);
  }, 120_000);

  it('refuses shards that do not make one whole run: one missing, one of another run', async () => {
    const one = await runChecks(await inProcessTarget(), { seed: 5, runs: 1, checks: ['media_search', 'frozen_wallet'], shard: { index: 1, count: 2 } });
    const two = await runChecks(await inProcessTarget(), { seed: 5, runs: 1, checks: ['media_search', 'frozen_wallet'], shard: { index: 2, count: 2 } });
    const other = await runChecks(await inProcessTarget(), { seed: 6, runs: 1, checks: ['media_search', 'frozen_wallet'], shard: { index: 2, count: 2 } });
    expect(() => mergeReports([one])).toThrow(/missing 2\/2/);
    expect(() => mergeReports([one, one])).toThrow(/do not make one whole run/);
    expect(() => mergeReports([one, other])).toThrow(/different runs/);
    expect(mergeReports([one, two]).results.map((r) => r.name).sort()).toContain('frozen_wallet');
  }, 60_000);

  it('from the command line: two shards over HTTP-less runs, merged into JUnit and HTML, exit 0; a missing shard exits 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spw-shards-'));
    const bin = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
    for (const i of [1, 2]) {
      const r = run(['verify', '--in-process', '--seed', '3', '--runs', '1', '--checks', 'wallet', '--quiet', '--shard', `${i}/2`, '--json', join(dir, `s${i}.json`)]);
      expect(r.stdout).toContain(`Shard ${i}/2: this shard's coverage alone`);
      expect(r.status).toBe(0);
    }
    const merged = run(['report', 'merge', join(dir, 's1.json'), join(dir, 's2.json'), '--junit', join(dir, 'v.xml'), '--html', join(dir, 'v.html'), '--json', join(dir, 'v.json')]);
    expect(merged.status).toBe(0);
    expect(merged.stdout).toMatch(/Merged 2 report\(s\)/);
    const whole = JSON.parse(readFileSync(join(dir, 'v.json'), 'utf8')) as RunReport;
    expect(whole.results.filter((r) => r.area === 'wallet').every((r) => r.status === 'passed')).toBe(true);
    expect(readFileSync(join(dir, 'v.xml'), 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
    expect(readFileSync(join(dir, 'v.html'), 'utf8')).toContain('spw verify: <span class="ok">passed</span>');
    const missing = run(['report', 'merge', join(dir, 's1.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/missing 2\/2/);
    expect(run(['verify', '--in-process', '--shard', '3/2']).status).toBe(2);
  }, 120_000);
});
