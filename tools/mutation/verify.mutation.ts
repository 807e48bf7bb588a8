// The mutation benchmark's only tests: each conformance check run by the real runner against the in-process mock that Stryker mutated.
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/checks/registry.ts';
import { inProcessTarget } from '../../suites/in-process.ts';
import { runChecks } from '../../suites/runner.ts';

// Same seed and case count on every run, so a mutant is killed or survives for its own sake, not the generator's.
const SEED = 7;
const RUNS = 3;

// runner.ts registers the checks when imported; the response checks judge every answer the property check before them drew.
const checks = allChecks();
const responseChecks = checks.filter((c) => c.kind === 'response').map((c) => c.name);

describe('verify against the mutated mock', () => {
  for (const check of checks.filter((c) => c.kind === 'property')) {
    it(check.name, async () => {
      const target = await inProcessTarget();
      const report = await runChecks(target, { seed: SEED, runs: RUNS, checks: [check.name, ...responseChecks] });
      // Against the unmutated mock, with control, every check passes: a check not verified here saw the mutant too.
      const notPassed = report.results.filter((r) => r.status !== 'passed');
      expect(notPassed.map((r) => ({ check: r.name, status: r.status, why: r.failures[0] ?? r.notes[0] }))).toEqual([]);
    });
  }
});
