// The checkout's entry (`npm start`, `npm run mock`, `npm run verify`): plain JavaScript, so that Node's compile cache
// is on before the first TypeScript file loads. An entry written in TypeScript is type-stripped before any of its code
// runs, on every start, and that loads Node's type stripper: cli/bin.ts as the entry cost about a quarter of the
// checkout's start-up and 17 MiB at rest. The package's entry is compiled JavaScript already (dist/cli/bin.js).
// The version is checked here too, from package.json's `engines`: a Node too old to strip types would otherwise fail
// on loading bin.ts with a stack trace that says nothing of versions.
import { readFileSync } from 'node:fs';
import module from 'node:module';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const [, needMajor, needMinor] = /(\d+)\.(\d+)/.exec(engines).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(`spw needs Node.js ${needMajor}.${needMinor} or later (${engines}); this is Node.js ${process.versions.node}. From a checkout, npm start and npm run use the pinned Node of package.json.`);
  process.exit(1);
}
module.enableCompileCache?.();
await import('./bin.ts');
