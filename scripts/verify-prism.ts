// The suites against a server nobody here wrote: Stoplight Prism's stateless mock of our own document
// (`prism mock spec/openapi.yaml`). Prints, per check, whether it passed, failed (and on what) or could not be verified,
// and writes the report. The README's "Against Prism" table comes from this run.
// Usage: npm run prism:install && npm run verify:prism [-- --seed 1 --runs 5 --out reports/prism-verify.json]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { allChecks } from '../suites/checks/registry.ts';
import '../suites/checks/index.ts';
import { verify } from '../suites/verify.ts';
import { ROOT, arg, freePort, prismArgv, startServer } from './lib/processes.ts';

const seed = arg('seed', '1');
const runs = arg('runs', '5');
const out = arg('out', join(ROOT, 'reports', 'prism-verify.json'));
const LAST = 'hostile_input';

async function main() {
  const port = await freePort();
  console.log('Starting Prism (pinned in tools/prism) on our document...');
  const prism = await startServer('prism', prismArgv('mock', port, [join(ROOT, 'spec', 'openapi.yaml'), '--verboseLevel', 'error']), port, '/openapi.json', 180_000);
  console.log(`Prism answered after ${(prism.startupMs / 1000).toFixed(1)} s\n`);
  try {
    // Prism checks that a key is present, not which: any value stands for each workspace.
    const run = (checks: string) =>
      verify({ target: prism.origin, basePath: '/', keyFree: 'prism-free-key', keyPayg: 'prism-payg-key', keyPaid: 'prism-paid-key', seed, runs, quiet: true, checks });
    // hostile_input's malformed path (GET /posts/%ZZ/missing) stops Prism answering at all, so it runs last: the checks
    // before it then judge Prism itself, not a server that has gone away.
    const names = allChecks().map((c) => c.name);
    const first = await run(names.filter((n) => n !== LAST).join(','));
    const last = await run(LAST);
    if (!first || !last) return;
    const report = { ...first, results: [...first.results, ...last.results] };
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
    console.log('\nPer check, with the first failure of each:');
    for (const r of report.results) {
      const first = r.failures[0];
      const why = first ? `${first.operation ?? ''} received ${first.received.slice(0, 160)}; documented ${first.documented.slice(0, 160)}` : r.notes.join('; ').slice(0, 200);
      console.log(`  ${r.status.padEnd(13)} ${r.name.padEnd(34)} ${why}`);
    }
    console.log(`\nWrote ${out}`);
    // A stateless mock is expected to fail stateful checks: this script reports, it does not gate.
  } finally {
    await prism.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
