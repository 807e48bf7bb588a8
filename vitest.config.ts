// Test runner configuration: domain unit tests sit beside the code, contract suites live in suites/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/**/*.test.ts', 'mocks/**/*.test.ts', 'suites/**/*.test.ts', 'scripts/**/*.test.ts', 'proxy/**/*.test.ts', 'client/**/*.test.ts'],
    environment: 'node',
    // Two cores in CI: keep workers to the machine, and give property tests room.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'reports/junit.xml' },
  },
});
