// Test runner configuration: domain unit tests sit beside the code, contract suites live in suites/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/**/*.test.ts', 'mocks/**/*.test.ts', 'suites/**/*.test.ts', 'scripts/**/*.test.ts', 'proxy/**/*.test.ts', 'client/**/*.test.ts'],
    environment: 'node',
    // Two cores in CI: keep workers to the machine, and give property tests room.
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker's modules instead of each loading the spec, Ajv, Hono and fast-check again:
    // importing was 570 s of a 24-minute run on two shared cores. Files that change process-wide state (nock's
    // network switch, environment stubs) put it back in their afterAll / afterEach.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'reports/junit.xml' },
  },
});
