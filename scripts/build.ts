// npm run build (and prepack): compile to dist/ as JavaScript with declarations (tsconfig.build.json), then copy beside
// the compiled code the files it reads at run time relative to its own location (import.meta.url): the contract
// documents and their bundles, the fixtures, the /docs page's script. The executable keeps its shebang and is made
// executable. A pattern that matches nothing fails the build, so a moved asset cannot ship a broken package.
//
// The command line (`spw`, dist/cli/run.js) is then bundled over tsc's output, split at its dynamic imports, so that
// `spw mock` loads a few files holding only the mock's code and its libraries instead of some 270 modules each
// resolved and read on its own, which was most of its start-up and a share of its memory at rest (`npm run bench`
// measures the package beside the checkout). The library entries (`.`, `./client`, `./msw`) stay tsc's unbundled
// modules, which an application's own bundler shakes.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { bundleConsole } from '../mocks/http/console-page.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

/** Read from disk at run time (grep import.meta.url, readFileSync, new URL( under spec/ mocks/ fixtures/ cli/). */
const RUNTIME_ASSETS = [
  'spec/*.yaml', // spec/load.ts: the documents (hashed to check the bundle is current; parsed when it is not)
  'spec/generated/*.json', // spec/load.ts: the bundles loaded at start
  'spec/generated/*.d.ts', // not read at run time, but client/index.d.ts imports its types from them
  'fixtures/*.json', // fixtures/load.ts: the seeded world
  'fixtures/scenarios/*.json', // the ready scenarios: `spw mock --scenario`, and the `./scenarios/*` export (docs/frontend.md)
  'mocks/http/docs-init.js', // mocks/http/docs.ts: the /docs page's script
  'suites/states-map.json', // suites/states-map.ts: which provider states each check uses
  'suites/unit-costs.json', // suites/unit-costs.ts: the requests each check sends, to order a concurrent run
];

const ENTRY = 'cli/bin.js';
/** Where mocks/http/console-page.ts looks for the console's script beside the compiled code. */
const CONSOLE_BUNDLE = 'mocks/console/console.bundle.js';

const started = Date.now();
rmSync(dist, { recursive: true, force: true });

// TypeScript 7 (the native compiler, installed as typescript-native): seconds instead of minutes on two cores. The
// `typescript` package (5.x) stays for openapi-typescript, which needs its JavaScript API.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error(`build: tsc -p tsconfig.build.json failed (status ${compiled.status ?? compiled.signal})`);
  process.exit(1);
}

let copied = 0;
for (const pattern of RUNTIME_ASSETS) {
  const files = globSync(pattern, { cwd: root });
  if (files.length === 0) {
    console.error(`build: no file matches ${pattern}`);
    process.exit(1);
  }
  for (const file of files) cpSync(join(root, file), join(dist, file));
  copied += files.length;
}

// The console page's script (mocks/console/), bundled and minified once here: the package serves this file and needs
// no esbuild at run time (a checkout bundles it on the page's first request instead).
writeFileSync(join(dist, CONSOLE_BUNDLE), await bundleConsole());

await bundleCli();

const entry = join(dist, ENTRY);
if (!readFileSync(entry, 'utf8').startsWith('#!/usr/bin/env node\n')) {
  console.error(`build: dist/${ENTRY} lost its shebang`);
  process.exit(1);
}
chmodSync(entry, 0o755);

console.log(`build: dist/ written (tsc, ${copied} assets copied, the console bundled, the command line bundled, dist/${ENTRY} executable) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/**
 * dist/cli/run.js and its chunks, all in dist/cli/. A module that finds its files from its own location keeps doing so:
 * its `import.meta.url` becomes the URL of its compiled file (dist/<its path>.js), where tsc put it and the assets sit
 * beside it, so every path it builds is the one the unbundled package used.
 */
async function bundleCli(): Promise<void> {
  const { build } = await import('esbuild');
  const outdir = join(dist, 'cli');
  const ownUrls: Plugin = {
    name: 'own-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const compiled = relative(outdir, join(dist, relative(root, args.path))).replace(/\.ts$/, '.js').split(sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(compiled)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
  await build({
    entryPoints: { run: join(root, 'cli', 'run.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    outdir,
    chunkNames: 'run-[name]-[hash]',
    // Loaded only by a checkout's console page (a package serves the prebuilt console bundle), and native.
    external: ['esbuild'],
    // The libraries written as CommonJS call require() for Node's own modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __spwCreateRequire } from 'node:module'; const require = __spwCreateRequire(import.meta.url);" },
    plugins: [ownUrls],
    logLevel: 'warning',
  });
}
