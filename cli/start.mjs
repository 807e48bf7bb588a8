// The checkout's entry (`npm start`, `npm run mock`, `npm run verify`): plain JavaScript, so that Node's compile cache
// is on before the first TypeScript file loads. An entry written in TypeScript is type-stripped before any of its code
// runs, on every start, and that loads Node's type stripper: cli/bin.ts as the entry cost about a quarter of the
// checkout's start-up and 17 MiB at rest. The package's entry is compiled JavaScript already (dist/cli/bin.js).
import module from 'node:module';

module.enableCompileCache?.();
await import('./bin.ts');
