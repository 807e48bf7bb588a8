// The run's verdict, case by case: the exit-code table of docs/suites.md as a table of results and what they come to.
import { describe, expect, it } from 'vitest';
import type { CheckResult, RunReport, Status } from './run-report.ts';
import { runVerdict, type VerdictOptions } from './verdict.ts';

const check = (name: string, status: Status, kind: CheckResult['kind'] = 'property'): CheckResult => ({
  name,
  area: 'posts',
  kind,
  description: '',
  sections: [],
  states: [],
  status,
  notes: status === 'not verified' ? ['needs a key'] : status === 'passed in part' ? ['a part stopped'] : [],
  failures: [],
  assertions: status === 'not verified' ? 0 : 3,
  requests: 1,
  ms: 1,
});
const report = (statuses: Status[], extra: { hook?: string; percent?: number } = {}): Pick<RunReport, 'results' | 'coverage' | 'hook'> => ({
  results: [...statuses.map((s, i) => check(`c${i}`, s)), check('not_a_server_error', 'passed', 'response')],
  coverage: { percent: extra.percent ?? 100, counted: 1, asserted: 1, reachedOnly: 0, neverReached: 0, operations: [] },
  hook: extra.hook,
});

const P = 'passed' as const, IP = 'passed in part' as const, F = 'failed' as const, NV = 'not verified' as const;
const CASES: Array<[string, Status[], { hook?: string; percent?: number }, VerdictOptions, RegExp | undefined]> = [
  ['every check passed', [P, P, P], {}, {}, undefined],
  ['a failure', [P, F, P], {}, {}, /1 check\(s\) found departures from the contract: c1/],
  ['nothing verified (no keys): response checks alone do not count', [NV, NV, NV], {}, {}, /^Nothing was verified: none of the 3 check\(s\) could run against this target \(needs a key\)/],
  ['only a sliver verified', [P, NV, NV, NV], {}, {}, /^Only 1 of 4 check\(s\) reached a verdict \(25%, under --min-verified 50%\)/],
  ['half verified meets the default', [P, IP, NV, NV], {}, {}, undefined],
  ['a lower --min-verified lets a sliver pass', [P, NV, NV, NV], {}, { minVerified: 25 }, undefined],
  ['in part without a gate passes', [P, IP], {}, {}, undefined],
  ['a hook gates: in part fails', [P, IP], { hook: 'http://h' }, {}, /^A run gated by a states hook must verify every check whole: 1 verified only in part \(c1\)/],
  ['a hook gates: not verified fails', [P, NV], { hook: 'http://h' }, {}, /^A run gated by a states hook must verify every check whole: 1 not verified \(c1\)/],
  ['--min-coverage gates: in part fails', [P, IP], {}, { minCoverage: 0 }, /^A run gated by --min-coverage must verify every check whole/],
  ['--min-coverage under the minimum', [P, P], { percent: 40 }, { minCoverage: 50 }, /^Response coverage 40% is under --min-coverage 50%/],
  ['a gated run with every check whole passes', [P, P], { hook: 'http://h' }, { minCoverage: 100 }, undefined],
];

describe('the run verdict (exit 0 only when the contract was asserted)', () => {
  for (const [name, statuses, extra, options, reason] of CASES) {
    it(`${name}: ${reason ? 'fails, saying why' : 'passes'}`, () => {
      const v = runVerdict(report(statuses, extra), options);
      expect(v.ok).toBe(reason === undefined);
      if (reason) expect(v.reasons.some((r) => reason.test(r)), v.reasons.join('\n')).toBe(true);
      else expect(v.reasons).toEqual([]);
    });
  }
});
