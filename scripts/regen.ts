// npm run regen: rewrites every generated file from its source, in the order they depend on one another: the bundles
// and types from the documents, the docs' tables, the ready scenarios, the states map and unit costs (a run of every
// check against the in-process mock, most of the time this takes), and docs/spec-audit.md when the API reference sits
// beside the checkout. scripts/generated-sections.test.ts names this command whenever one of them is out of date.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEFAULT_REFERENCE } from './spec-audit.ts';

/** Each step: the npm script and what it writes. */
const STEPS: Array<[script: string, writes: string]> = [
  ['types', 'spec/generated/ (the bundles and the types)'],
  ['tables', "the docs' generated tables"],
  ['scenarios', 'fixtures/scenarios/'],
  ['states:map', 'suites/states-map.json and suites/unit-costs.json'],
  ...(existsSync(DEFAULT_REFERENCE) ? [['spec:audit', 'docs/spec-audit.md'] as [string, string]] : []),
];

for (const [script, writes] of STEPS) {
  const started = performance.now();
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) {
    console.error(`regen: npm run ${script} failed (exit ${r.status}); nothing after it was written`);
    process.exit(1);
  }
  console.log(`regen: ${writes} (npm run ${script}, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
if (STEPS.every(([s]) => s !== 'spec:audit')) console.log(`regen: docs/spec-audit.md left as it is: no API reference at ${DEFAULT_REFERENCE}`);
