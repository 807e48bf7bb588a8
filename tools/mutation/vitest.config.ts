// Vitest configuration of the mutation benchmark (npm run mutation): its one test file, which the project's own vitest run never picks up.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Stryker runs this from a sandbox copy of the repository: the root is wherever this file was copied to.
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tools/mutation/verify.mutation.ts'],
    environment: 'node',
    pool: 'forks',
    // A mutant can turn a loop endless or a wait long: Stryker's own timeout decides, not vitest's.
    testTimeout: 120_000,
  },
});
