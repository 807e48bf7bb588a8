// npm run mutation: StrykerJS mutates the mock and runs the conformance checks against each mutant; prints the score per file and what survived.
// Usage: npm run mutation [-- --mutate <area|file|glob>[,...]] [--incremental [--retest <file>[,...]]] [any other `stryker run` flag]
//   areas: domain (mocks/domain), http (mocks/http); default both. A file may be named by path or by its name in
//   either area (`wallet` = mocks/domain/wallet.ts). Each selection keeps its own incremental file under reports/mutation/.
//   --retest drops the undetected mutants of those files (an area, file names, paths or globs) from the incremental
//   file first, so they are tested again while every kill is reused: Stryker reuses a mutant's result while its file
//   and the test file are unchanged, and the test file (verify.mutation.ts) does not change when a check is added.
//   After weakening a check, use --force instead: a kill it made would be reused.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, type MutationReport } from './mutation-report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOL = 'tools/mutation';
const STRYKER = `${TOOL}/node_modules/@stryker-mutator/core/bin/stryker.js`;
const REPORT = 'reports/mutation/mutation.json';

/** Never mutated: unit tests and their helpers, and the fault catalogue (code that only runs when a fault is switched on). */
const NEVER = ['!**/*.test.ts', '!mocks/domain/wallet-testing.ts', '!mocks/http/faults.ts', '!mocks/http/faults/**'];
const AREAS: Record<string, string[]> = {
  domain: ['mocks/domain/**/*.ts'],
  http: ['mocks/http/**/*.ts'],
};

/** The patterns a selection names: areas, paths or globs, and files named as in either area. */
function patternsOf(selection: string, flag: string): string[] {
  return selection.split(',').map((s) => s.trim()).filter(Boolean).flatMap((s): string[] => {
    if (AREAS[s]) return AREAS[s];
    if (/[/*]/.test(s) || s.endsWith('.ts')) return [s];
    const named = ['mocks/domain', 'mocks/http'].map((dir) => `${dir}/${s}.ts`).filter((p) => existsSync(`${ROOT}/${p}`));
    if (named.length === 0) throw new Error(`${flag} ${s}: not an area (${Object.keys(AREAS).join(', ')}), a path, or a file of mocks/domain or mocks/http`);
    return named;
  });
}

/** Takes `flag <value>` out of args. */
function take(args: string[], ...flags: string[]): string | undefined {
  const at = args.findIndex((a) => flags.includes(a));
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  if (value === undefined) throw new Error(`${flags[0]} needs a value`);
  return value;
}

const args = process.argv.slice(2);
const selection = take(args, '--mutate', '-m');
const retest = take(args, '--retest');
const mutate = [...patternsOf(selection ?? 'domain,http', '--mutate'), ...NEVER];

if (!existsSync(`${ROOT}/${STRYKER}`)) {
  console.log(`Installing StrykerJS into ${TOOL} (once; kept out of the main install)…`);
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: `${ROOT}/${TOOL}`, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

// One incremental file per selection: Stryker rewrites it from each run, so a run of one file would drop another's results.
const slug = (selection ?? 'all').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
const incremental = `reports/mutation/incremental-${slug}.json`;
if (retest !== undefined && !args.includes('--incremental')) throw new Error('--retest drops results from the incremental file: use it with --incremental');
if (existsSync(`${ROOT}/${incremental}`)) {
  const kept = JSON.parse(readFileSync(`${ROOT}/${incremental}`, 'utf8')) as MutationReport;
  // A file no longer mutated (now in NEVER) would otherwise be carried over from the incremental file into the report.
  const excluded = NEVER.map((p) => p.slice(1));
  for (const f of Object.keys(kept.files)) if (excluded.some((p) => path.matchesGlob(f, p))) delete kept.files[f];
  if (retest !== undefined) {
    const drop = patternsOf(retest, '--retest');
    let dropped = 0;
    for (const [f, file] of Object.entries(kept.files)) {
      if (!drop.some((d) => path.matchesGlob(f, d))) continue;
      const undetected = file.mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
      file.mutants = file.mutants.filter((m) => !undetected.includes(m));
      dropped += undetected.length;
    }
    console.log(`Testing again: ${dropped} undetected mutant(s) of ${retest}`);
  }
  writeFileSync(`${ROOT}/${incremental}`, JSON.stringify(kept));
}
const strykerArgs = [STRYKER, 'run', `${TOOL}/stryker.config.json`, '--mutate', mutate.join(','), '--incrementalFile', incremental, ...args];
console.log(`node ${strykerArgs.join(' ')}`);
const run = spawnSync(process.execPath, strykerArgs, { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

console.log(`\n${formatReport(JSON.parse(readFileSync(`${ROOT}/${REPORT}`, 'utf8')) as MutationReport)}`);
console.log(`\nFull report: ${REPORT.replace('.json', '.html')}`);
