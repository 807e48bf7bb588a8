// The hostile catalogue, run as a round: every test that plays an attacker against the mock, the suites and the
// command line, at the sizes a round asks for (3,000 generated hostile requests instead of CI's 400, the memory fill
// at a quarter of the default budgets instead of a thirty-second), with the totals of each part. `--record` writes
// docs/perf/hostile.json, from which docs/security.md's table is generated (`npm run hostile:table`, and
// scripts/generated-sections.test.ts fails when it is out of date). Not a test: it takes minutes, and what it runs is
// in `npm test` at CI's sizes already.
// Usage: npm run hostile:round [-- --cases 3000 --memory-scale 0.25 --record]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';
import { ROOT, arg, flag, machine } from './lib/processes.ts';

/** The catalogue: each part, what it plays. */
export const CATALOGUE: Array<{ file: string; what: string }> = [
  { file: 'suites/hostile.test.ts', what: 'generated hostile requests on every public operation: no 5xx, no world change on a refusal' },
  { file: 'mocks/http/control/hostile.test.ts', what: 'hostile input to every control API operation' },
  { file: 'mocks/http/variations-fuzz.test.ts', what: 'every method on every path, every variation on' },
  { file: 'mocks/http/hardening.test.ts', what: 'deep JSON, prototype names, unbounded bodies, internal addresses, over-long heads' },
  { file: 'mocks/http/budgets.test.ts', what: 'every byte budget filled past its cap' },
  { file: 'mocks/memory.test.ts', what: 'every reachable budget full, the heap under its limit' },
  { file: 'mocks/state-file.test.ts', what: 'the state file under kill -9 and hostile files' },
  { file: 'mocks/connections.test.ts', what: 'slow, dripping and abandoned connections' },
  { file: 'mocks/http/clock-bounds.test.ts', what: 'clocks moved out of range; worlds of many workspaces (a clock walk over 200,000)' },
  { file: 'mocks/http/console-page.test.ts', what: 'the console page: one script by its hash, no key, unframable, Host checked' },
  { file: 'suites/states-hostile.test.ts', what: "a states hook's hostile answers" },
  { file: 'suites/bounded.test.ts', what: 'hostile targets: endless, dripping, gzip bomb, 600 MB, 200,000 items, redirects, huge headers' },
  { file: 'suites/hostile-report.test.ts', what: "hostile reports: bounds, keys sent only where named, the terminal's text" },
  { file: 'suites/faults.test.ts', what: "every fault caught, and every script of its report run with bash against a mock with the fault (FAULT_SCRIPTS=all)" },
];

const DATA = join(ROOT, 'docs', 'perf', 'hostile.json');

export const HOSTILE_TABLE: GeneratedSection = {
  file: join(ROOT, 'docs', 'security.md'),
  name: 'hostile-round',
  command: 'npm run hostile:table',
  generate: () => {
    if (!existsSync(DATA)) return '_Not recorded yet: `npm run hostile:round -- --record`._';
    const d = JSON.parse(readFileSync(DATA, 'utf8'));
    const lines = ['| part | what it plays | tests | passed | failed | seconds |', '|---|---|---|---|---|---|'];
    for (const p of d.parts) lines.push(`| \`${p.file}\` | ${cell(p.what)} | ${p.tests} | ${p.passed} | ${p.failed} | ${p.seconds} |`);
    const t = d.totals;
    lines.push(`| **all** | ${d.cases.toLocaleString('en')} generated hostile requests, the memory fill at ${d.memoryScale} of the budgets | ${t.tests} | ${t.passed} | ${t.failed} | ${t.seconds} |`);
    const m = d.machine;
    lines.push('', `Run on ${m.cpus} × ${m.cpuModel}, Node ${m.node.replace(/^v/, '')}, load ${m.loadAverage[0]} at the start (a busy loop got ${Math.round(m.cpuAvailability.share * 100)} % of a core${m.cpuAvailability.share < 0.9 ? ': a busy machine, so the seconds are long' : ''}).`);
    return lines.join('\n');
  },
};

interface VitestJson {
  testResults: Array<{ name: string; startTime: number; endTime: number; assertionResults: Array<{ status: string }> }>;
}

async function main(): Promise<void> {
  const cases = Number(arg('cases', '3000'));
  const memoryScale = Number(arg('memory-scale', '0.25'));
  const info = await machine();
  const out = join(mkdtempSync(join(tmpdir(), 'spw-hostile-')), 'round.json');
  console.log(`The hostile catalogue: ${CATALOGUE.length} parts, ${cases} generated hostile requests, the memory fill at ${memoryScale} of the budgets`);
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...CATALOGUE.map((p) => p.file), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--testTimeout=1800000'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, HOSTILE_RUNS: String(cases), MEMORY_SCALE: String(memoryScale), FAULT_SCRIPTS: 'all' },
  });
  const result = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
  const parts = CATALOGUE.map((p) => {
    const r = result.testResults.find((t) => t.name.endsWith(p.file));
    const statuses = r?.assertionResults.map((a) => a.status) ?? [];
    return { ...p, tests: statuses.length, passed: statuses.filter((s) => s === 'passed').length, failed: statuses.filter((s) => s === 'failed').length, seconds: r ? Math.round((r.endTime - r.startTime) / 1000) : 0 };
  });
  const sum = (k: 'tests' | 'passed' | 'failed' | 'seconds') => parts.reduce((n, p) => n + p[k], 0);
  const totals = { tests: sum('tests'), passed: sum('passed'), failed: sum('failed'), seconds: sum('seconds') };
  console.log(`\n${totals.passed} of ${totals.tests} passed, ${totals.failed} failed, in ${totals.seconds} s`);
  if (flag('record')) {
    writeFileSync(DATA, `${JSON.stringify({ machine: info, cases, memoryScale, parts, totals }, null, 2)}\n`);
    writeSection(HOSTILE_TABLE);
    console.log('recorded docs/perf/hostile.json and docs/security.md\'s table');
  }
  process.exitCode = run.status === 0 && totals.failed === 0 ? 0 : 1;
}

if (import.meta.main) {
  if (flag('table')) writeSection(HOSTILE_TABLE);
  else await main();
}
