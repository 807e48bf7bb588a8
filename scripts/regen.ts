// npm run regen: rewrites every generated file from its source. The bundles and types come first, from the documents
// everything else reads; then, side by side (each writes files of its own, and they are mostly waiting on one core
// each): the docs' tables, the ready scenarios, the states map and unit costs (a run of every check against the
// in-process mock), and docs/spec-audit.md when the API reference sits beside the checkout; last, the state
// combinations the checks reach (a run of each check alone), whose table shares docs/rules.md with the rules audit.
// scripts/generated-sections.test.ts names this command whenever one of them is out of date.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEFAULT_REFERENCE } from './spec-audit.ts';

/** Each step: the npm script and what it writes. */
type Step = [script: string, writes: string];

const FIRST: Step = ['types', 'spec/generated/ (the bundles and the types)'];
const THEN: Step[] = [
  ['tables', "the docs' generated tables"],
  ['scenarios', 'fixtures/scenarios/'],
  ['states:map', 'suites/states-map.json and suites/unit-costs.json'],
  ...(existsSync(DEFAULT_REFERENCE) ? [['spec:audit', 'docs/spec-audit.md'] as Step] : []),
];

function step([script, writes]: Step): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.once('error', (err) => {
      console.error(`regen: could not start npm run ${script}: ${err.message}`);
      resolve(false);
    });
    child.once('close', (code) => {
      if (code === 0) console.log(`regen: ${writes} (npm run ${script}, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      else console.error(`regen: npm run ${script} failed (exit ${code}); what it writes was not rewritten\n${errors.trim()}`);
      resolve(code === 0);
    });
  });
}

// The combinations rewrite docs/rules.md, as the tables do: after them, so that neither writes over the other.
const LAST: Step = ['combinations', 'suites/combinations.json and its table in docs/rules.md'];

if (!(await step(FIRST))) process.exit(1);
const done = [...(await Promise.all(THEN.map(step))), await step(LAST)];
if (!THEN.some(([s]) => s === 'spec:audit')) console.log(`regen: docs/spec-audit.md left as it is: no API reference at ${DEFAULT_REFERENCE}`);
process.exitCode = done.every(Boolean) ? 0 : 1;
