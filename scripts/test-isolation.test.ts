// Interception is process-wide (nock and msw/node replace the global Request through @mswjs/interceptors and never put
// it back), so every test file that loads an interceptor must run in a process of its own, or files after it in the
// same worker fail depending on the order. This keeps the list in vitest.config.ts complete as files are added.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_PROCESS } from '../vitest.config.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const SKIP = new Set(['node_modules', 'dist', 'reports', '.git', 'tools', '.stryker-tmp']);
/** Files whose match is code they write for a child process to run, not an import of their own. */
const IN_CHILD_PROCESS: Record<string, string> = {
  'scripts/package.test.ts': 'writes an msw/node consumer into a packed-package project and runs it with node',
};
/** An import of anything that installs a process-wide interceptor. */
const INTERCEPTS = /from\s+['"](nock|msw\/node|@mswjs\/interceptors[^'"]*)['"]/;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('test isolation', () => {
  const intercepting = testFiles(ROOT).filter((f) => INTERCEPTS.test(readFileSync(join(ROOT, f), 'utf8')));

  it('finds the intercepting files it guards (the scan itself works)', () => {
    expect(intercepting).toContain('mocks/msw/msw-node.test.ts');
  });

  it('every test file that loads nock or msw/node runs in a process of its own', () => {
    expect(intercepting.filter((f) => !OWN_PROCESS.includes(f) && !(f in IN_CHILD_PROCESS))).toEqual([]);
  });
});
