// The in-process run reaches and asserts every outcome a client can provoke: an outcome that drops back to "never reached" fails here, naming it.
import { describe, expect, it } from 'vitest';
import { allChecks } from './checks/registry.ts';
import './checks/index.ts';
import { inProcessTarget } from './in-process.ts';
import { runChecks } from './runner.ts';
import { readFileSync } from 'node:fs';
import { statesMapOf, statesMapText } from './states-map.ts';

/** Outcomes a single check reaches and asserts when it runs on its own, each with that check. */
const PROVOKED_BY: Array<[check: string, operationId: string, outcome: string]> = [
  ['unknown_names_refused', 'getSocialConnectUrl', '400'],
  ['unknown_names_refused', 'getSkill', '404'],
  ['unknown_names_refused', 'saveBriefDocument', '404'],
  ['use_after_free', 'deleteBriefDocument', '404'],
  ['settings_refused', 'createPosts', '400'],
  ['refusal_saves_nothing', 'changePostStatus', '402'],
  ['refusal_saves_nothing', 'changePostStatus', '402 credits short on pay-as-you-go'],
  ['negative_data_rejection', 'uploadMediaFromUrl', '400'],
  ['post_analytics_link', 'getPostAnalytics', '200 {missing: true}'],
];

const open = (report: Awaited<ReturnType<typeof runChecks>>) =>
  report.coverage.operations.filter((o) => o.reachedOnly.length + o.neverReached.length > 0).map((o) => `${o.operationId}: reached only [${o.reachedOnly.join(', ')}], never reached [${o.neverReached.join(', ')}]`);

describe('response coverage of the in-process mock', () => {
  it('every check through the mock\'s hook, one run per property: every documented outcome but the one the reference gives no trigger for is reached and asserted, no check is left unverified, and the states map is the committed one', async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 7, runs: 1, checks: allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name) });
    expect(open(report)).toEqual([]);
    expect(report.coverage.percent).toBe(100);
    const out = report.coverage.operations.flatMap((o) => o.unprovokable.map((u) => `${o.operationId} ${u.id}`));
    expect(out).toEqual(['getPostAnalytics 402']);
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => `${r.name}: ${r.status} ${r.notes[0] ?? ''}`)).toEqual([]);
    expect(report.ok).toBe(true);
    // `npm run states:map` (a step of `npm run regen`) writes the file from this same run.
    expect(statesMapText(statesMapOf(report)), 'suites/states-map.json is not what this run records: run `npm run regen` (or `npm run states:map`) and commit what it writes').toBe(readFileSync(new URL('./states-map.json', import.meta.url), 'utf8'));
  }, 120_000);

  for (const check of [...new Set(PROVOKED_BY.map(([c]) => c))]) {
    const outcomes = PROVOKED_BY.filter(([c]) => c === check).map(([, op, id]) => `${op} ${id}`);
    it(`${check} alone reaches and asserts ${outcomes.join('; ')}`, async () => {
      const report = await runChecks(await inProcessTarget(), { seed: 7, runs: 1, checks: [check] });
      expect(report.results.map((r) => r.status)).toEqual(['passed']);
      const asserted = new Set(report.coverage.operations.flatMap((o) => o.asserted.map((id) => `${o.operationId} ${id}`)));
      expect(outcomes.filter((o) => !asserted.has(o))).toEqual([]);
    }, 60_000);
  }
});
