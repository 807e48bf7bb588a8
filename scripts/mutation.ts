// npm run mutation: StrykerJS mutates the mock and runs the conformance checks against each mutant; prints the score per file and what survived.
// Usage: npm run mutation [-- --mutate <area|file|glob>[,...]] [--incremental] [any other `stryker run` flag]
//   areas: domain (mocks/domain), http (mocks/http); default both. A file may be named by path or by its name in
//   either area (`wallet` = mocks/domain/wallet.ts). Each selection keeps its own incremental file under reports/mutation/.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatReport, type MutationReport } from './mutation-report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOL = 'tools/mutation';
const STRYKER = `${TOOL}/node_modules/@stryker-mutator/core/bin/stryker.js`;
const REPORT = 'reports/mutation/mutation.json';

/** Never mutated: unit tests, and the fault catalogue (code that only runs when a fault is switched on). */
const NEVER = ['!**/*.test.ts', '!mocks/http/faults.ts'];
const AREAS: Record<string, string[]> = {
  domain: ['mocks/domain/**/*.ts'],
  http: ['mocks/http/**/*.ts'],
};

function expand(selection: string): string[] {
  const patterns = selection.split(',').map((s) => s.trim()).filter(Boolean).flatMap((s): string[] => {
    if (AREAS[s]) return AREAS[s];
    if (/[/*]/.test(s) || s.endsWith('.ts')) return [s];
    const named = ['mocks/domain', 'mocks/http'].map((dir) => `${dir}/${s}.ts`).filter((p) => existsSync(`${ROOT}/${p}`));
    if (named.length === 0) throw new Error(`--mutate ${s}: not an area (${Object.keys(AREAS).join(', ')}), a path, or a file of mocks/domain or mocks/http`);
    return named;
  });
  return [...patterns, ...NEVER];
}

const args = process.argv.slice(2);
const at = args.findIndex((a) => a === '--mutate' || a === '-m');
const selection = at >= 0 ? args[at + 1] : undefined;
if (at >= 0) args.splice(at, 2);
const mutate = expand(selection ?? 'domain,http');

if (!existsSync(`${ROOT}/${STRYKER}`)) {
  console.log(`Installing StrykerJS into ${TOOL} (once; kept out of the main install)…`);
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: `${ROOT}/${TOOL}`, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

// One incremental file per selection: Stryker rewrites it from each run, so a run of one file would drop another's results.
const slug = (selection ?? 'all').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
const strykerArgs = [STRYKER, 'run', `${TOOL}/stryker.config.json`, '--mutate', mutate.join(','), '--incrementalFile', `reports/mutation/incremental-${slug}.json`, ...args];
console.log(`node ${strykerArgs.join(' ')}`);
const run = spawnSync(process.execPath, strykerArgs, { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

console.log(`\n${formatReport(JSON.parse(readFileSync(`${ROOT}/${REPORT}`, 'utf8')) as MutationReport)}`);
console.log(`\nFull report: ${REPORT.replace('.json', '.html')}`);
