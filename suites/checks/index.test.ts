// A check runs only when suites/checks/index.ts imports its file: every file here is imported there, and every file
// imported registers a check, so a check that exists runs, and a missing import is named with the line to add.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('./', import.meta.url);
/** The registry and the index itself register nothing; tests are not checks. */
const NOT_CHECKS = new Set(['index.ts', 'registry.ts']);

export function checkFiles(dir: URL = DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_CHECKS.has(f))
    .sort();
}

export function importedFiles(dir: URL = DIR): string[] {
  return [...readFileSync(new URL('index.ts', dir), 'utf8').matchAll(/^import '\.\/([^']+)';$/gm)].map((m) => m[1]!);
}

describe('the check registry (suites/checks/index.ts)', () => {
  it('imports every check file, so that every check runs', () => {
    const imported = new Set(importedFiles());
    const missing = checkFiles().filter((f) => !imported.has(f));
    expect(missing.map((f) => `${f} is never imported, so its check never runs: add \`import './${f}';\` to suites/checks/index.ts (domain checks go last, in the order they should run)`)).toEqual([]);
  });

  it('imports only files that exist and register a check', () => {
    const files = new Set(checkFiles());
    const wrong = importedFiles().filter((f) => !files.has(f) || !/\bregister\(/.test(readFileSync(new URL(f, DIR), 'utf8')));
    expect(wrong.map((f) => `suites/checks/index.ts imports ./${f}, which is not a file of suites/checks/ that calls register(...): remove the line or register the check`)).toEqual([]);
  });
});
