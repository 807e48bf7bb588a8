// The layering, checked by `npm run deps` (part of `npm run check`). From the bottom up:
//
//   spec/      the documents, their generated types, the one validator and the one operation matcher: imports no
//              other layer
//   client/    the typed client over spec/generated: what frontends load, so it imports nothing else of the package
//   mocks/     the stateful mock (with fixtures/, its seed data): spec/, fixtures/, and client/ (the MSW export's
//              `mock` is the control client, in memory)
//   suites/    the conformance checks: spec/ and client/; the mock only through suites/in-process.ts, the target that
//              serves the mock app without a port (DESIGN: no suite imports mock internals)
//   proxy/     the validating proxy: spec/, and suites/ (whose checks it runs on live traffic), never the mock
//   cli/       the command line, the top: it may import every layer, and no layer imports it
//
// Tests (*.test.ts) may reach across layers to set up what they test (a suite or client test starts a mock), except
// upward out of spec/ and mocks/: a test of the mock that needs the command line belongs in cli/. scripts/ (build, benchmarks, generators) is not shipped, so shipped code must not
// import it. No module takes part in an import circle, type-only imports included: a circle of types is still two
// modules that cannot be understood, or moved, one without the other.
const TEST = '\\.test\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: break it by moving what both sides need below them (see mocks/domain/world.ts).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'spec-imports-no-layer',
      severity: 'error',
      comment: 'spec/ is the base every layer derives from: it imports none of them.',
      from: { path: '^spec/' },
      to: { path: '^(client|fixtures|mocks|suites|proxy|cli)/' },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment: 'social-publishing-contract/client loads nothing else of the package (frontends import it).',
      from: { path: '^client/', pathNot: TEST },
      to: { path: '^(fixtures|mocks|suites|proxy|cli)/' },
    },
    {
      name: 'mocks-not-upward',
      severity: 'error',
      comment: 'The mock is a layer below the suites, the proxy and the command line: it imports none of them.',
      from: { path: '^(mocks|fixtures)/' },
      to: { path: '^(suites|proxy|cli)/' },
    },
    {
      name: 'suites-not-upward',
      severity: 'error',
      comment: 'The suites check any implementation; the proxy and the command line use them, not the other way.',
      from: { path: '^suites/' },
      to: { path: '^(proxy|cli)/' },
    },
    {
      name: 'suites-reach-the-mock-in-process-only',
      severity: 'error',
      comment: 'A suite checks a target through its API; only suites/in-process.ts serves the mock app itself.',
      from: { path: '^suites/', pathNot: [TEST, '^suites/in-process\\.ts$'] },
      to: { path: '^mocks/' },
    },
    {
      name: 'proxy-not-to-mock-or-cli',
      severity: 'error',
      comment: 'The proxy checks any implementation: it does not know the mock, and the command line starts it.',
      from: { path: '^proxy/', pathNot: TEST },
      to: { path: '^(mocks|cli)/' },
    },
    {
      name: 'nothing-imports-cli',
      severity: 'error',
      comment: 'The command line is the top layer; the library entry (index.ts) exports the layers, not the program.',
      from: { path: '^(spec|client|fixtures|mocks|suites|proxy)/|^index\\.ts$' },
      to: { path: '^cli/' },
    },
    {
      name: 'shipped-code-not-to-scripts',
      severity: 'error',
      comment: 'scripts/ is not built into dist/: a shipped module importing it breaks the installed package.',
      from: { path: '^(spec|client|fixtures|mocks|suites|proxy|cli)/|^index\\.ts$', pathNot: TEST },
      to: { path: '^scripts/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the cruiser cannot resolve would pass every rule above unseen. msw-storybook-addon is installed apart ' +
        '(tools/storybook), by the one test that bundles the Storybook example against it.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^msw-storybook-addon/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|tmp|tools|reports)/' },
    // Type-only imports count: they make circles too (and are erased from the JavaScript the cruiser would otherwise see).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Imports name their .ts files (allowImportingTsExtensions); packages resolve through their `exports` as TypeScript
    // does, `types` first (msw/browser maps `node` to null, and its types are what this repo's code imports).
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
    },
  },
};
