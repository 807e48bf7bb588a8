#!/usr/bin/env node
// The package's executable: check the Node.js version, turn on Node's compile cache, then load the command line. The
// check comes first and imports nothing named: on an older Node a named import this code needs (enableCompileCache
// from node:module, say) fails at link time with a SyntaxError that says nothing of versions. The cache keeps each
// module's compiled (and, from sources, type-stripped) code between runs, so the second start of the mock skips that
// work; it must be switched on before the modules load, hence this separate entry rather than a line in run.ts.
import module from 'node:module';

/** The oldest Node.js this package runs on: the floor of package.json's `engines`, tested in scripts/package.test.ts. */
const NEEDS = [22, 12];
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < NEEDS[0]! || (major === NEEDS[0] && minor < NEEDS[1]!)) {
  console.error(`spw needs Node.js ${NEEDS.join('.')} or later (22, 24 or 26, the maintained lines); this is Node.js ${process.versions.node}.`);
  process.exit(1);
}

module.enableCompileCache();
// The mock runs under a heap limit from its budgets, in a child Node given it (cli/heap.ts); everything else here.
const { mockHeapMiB, runWithHeapLimit } = await import('./heap.ts');
const heap = await mockHeapMiB();
if (heap !== undefined) {
  module.flushCompileCache();
  process.exit(await runWithHeapLimit(heap));
}
await import('./run.ts');
// Written now rather than at exit, so a mock that is killed rather than stopped still leaves its cache for the next start.
module.flushCompileCache();
