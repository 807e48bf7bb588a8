// Writes suites/states-map.json from a run of every check against the in-process mock through its hook (seed 7, one
// run per property, as suites/coverage-reached.test.ts runs it); --check fails when the file differs. Also writes
// suites/unit-costs.json, the requests of each check and part at the default 10 runs (seed 1): what orders a concurrent
// run and weighs shards, so it is refreshed with the map but not held to it (a stale cost only orders less well); and
// suites/unit-posts.json, the POST /posts of each from the same run, which `--posts-per-hour` plans by.
import { readFileSync, writeFileSync } from 'node:fs';
import '../suites/checks/index.ts';
import { allChecks } from '../suites/checks/registry.ts';
import { inProcessTarget } from '../suites/in-process.ts';
import { runChecks } from '../suites/runner.ts';
import { statesMapOf, statesMapText } from '../suites/states-map.ts';
import { costsOf, costsText, postsFromReport, postsText } from '../suites/unit-costs.ts';

const file = new URL('../suites/states-map.json', import.meta.url);
const report = await runChecks(await inProcessTarget(), { seed: 7, runs: 1, checks: allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name) });
const text = statesMapText(statesMapOf(report));
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('suites/states-map.json is out of date: run `npm run regen` (or `npm run states:map`) and commit it.');
    process.exit(1);
  }
  console.log('ok suites/states-map.json');
} else {
  writeFileSync(file, text);
  console.log('wrote suites/states-map.json');
  const checks = allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name);
  const tenRuns = await runChecks(await inProcessTarget(), { seed: 1, runs: 10, checks });
  writeFileSync(new URL('../suites/unit-costs.json', import.meta.url), costsText(costsOf(tenRuns)));
  console.log('wrote suites/unit-costs.json');
  // What `--posts-per-hour` plans by: the POST /posts each unit sends, from the same run.
  writeFileSync(new URL('../suites/unit-posts.json', import.meta.url), postsText(postsFromReport(tenRuns)));
  console.log('wrote suites/unit-posts.json');
}
