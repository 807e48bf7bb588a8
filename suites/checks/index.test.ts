// A check runs only when suites/checks/index.ts imports its file: every file here is imported there, and every file
// imported registers a check, so a check that exists runs, and a missing import is named with the line to add. Each
// check's rule names the reference sections it rests on, which every report and the Checks table show.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import './index.ts';
import { allChecks } from './registry.ts';
import { sectionsOf } from '../sections.ts';
import { DEFAULT_REFERENCE } from '../../scripts/spec-audit.ts';

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

  it("each check's rule names a section of the reference", () => {
    // Where the reference sits beside the checkout, each section named is one of its headings.
    const headings = existsSync(DEFAULT_REFERENCE) ? new Set([...readFileSync(DEFAULT_REFERENCE, 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!)) : undefined;
    // Test files in the same worker (isolate: false) register checks of area `test` of their own: not the suites'.
    const wrong = allChecks().filter((c) => c.area !== 'test').flatMap((c) => {
      const sections = sectionsOf(c.rule);
      if (sections.length === 0) return [`${c.name}: its rule names no section: quote it as 'Section 4.5: "..."'`];
      return headings ? sections.filter((s) => s !== 'Conventions' && !headings.has(s)).map((s) => `${c.name}: section ${s} is not a heading of the reference`) : [];
    });
    expect(wrong).toEqual([]);
  });
});
