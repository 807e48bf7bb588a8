// Test runner configuration: domain unit tests sit beside the code, contract suites live in suites/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend minutes driving other programs (npm, Chromium, whole verify runs). A clean checkout (CI) has no
 * timing cache, and Vitest then runs files in the order it finds them; started first, these overlap with the short
 * files instead of one of them finishing alone at the end.
 */
const LONG_FIRST = [
  'scripts/doc-commands.test.ts',
  'scripts/package.test.ts',
  'scripts/add-check.test.ts',
  'mocks/http/docs.test.ts',
  'mocks/http/control/hostile.test.ts',
  'mocks/http/control/console-browser.test.ts',
  'suites/browser-realm.test.ts',
  'suites/shards.test.ts',
  'suites/mock.test.ts',
  'mocks/http/multipart.test.ts',
  'suites/faults.test.ts',
  'suites/concurrency.test.ts',
  'mocks/msw/parity-browser.test.ts',
  'client/frontend-stack-browser.test.ts',
];

const INCLUDE = ['spec/**/*.test.ts', 'mocks/**/*.test.ts', 'suites/**/*.test.ts', 'scripts/**/*.test.ts', 'proxy/**/*.test.ts', 'client/**/*.test.ts', 'cli/**/*.test.ts'];
/**
 * Test files that change process-wide state they cannot fully put back: msw/node and nock both intercept through
 * @mswjs/interceptors, which replaces the global Request (to record raw headers) and does not restore it on
 * nock.restore(). Any later file in the same worker that builds a Request then fails with "inferRawHeaders(...) is
 * not iterable"; which files share a worker depends on the order, so in the shared pool the failures came and went.
 */
export const OWN_PROCESS = ['mocks/msw/msw-node.test.ts', 'mocks/http/publishing.test.ts', 'mocks/http/public-url.test.ts', 'mocks/http/routes/media.test.ts'];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // Stable: the rest keep Vitest's own order (from its timing cache when there is one).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** docs/examples/ import the package by name, as an app does; in this checkout the names are its sources (tsconfig paths too). */
export const SELF_ALIAS = {
  'social-publishing-contract/client': fileURLToPath(new URL('./client/index.ts', import.meta.url)),
  'social-publishing-contract/msw': fileURLToPath(new URL('./mocks/msw/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias: SELF_ALIAS },
  test: {
    environment: 'node',
    // Two cores in CI: keep workers to the machine, and give property tests room.
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker's modules instead of each loading the spec, Ajv, Hono and fast-check again:
    // importing was 570 s of a 24-minute run on two shared cores. Files that change process-wide state (nock's
    // network switch, environment stubs) put it back in their afterAll / afterEach.
    isolate: false,
    sequence: { sequencer: LongFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: OWN_PROCESS } },
      // In a process of its own (isolate: a fresh fork per file), nothing an interceptor patches outlives its file.
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'reports/junit.xml' },
  },
});
