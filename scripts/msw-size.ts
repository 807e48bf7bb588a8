// What the MSW export weighs in a browser app: esbuild bundles it with msw's setupWorker, minified, as a Vite or Next
// production build would, and prints the size raw and gzipped, and what the bytes are made of.
// Usage: npm run msw:size [-- --top 12]
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { arg, ROOT } from './lib/processes.ts';

const top = Number(arg('top', '12'));
const entry = `import { setupWorker } from 'msw/browser';
import { createMswMock } from './mocks/msw/index.ts';
export const worker = setupWorker(...createMswMock().handlers);`;

const result = await build({
  stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  metafile: true,
  logLevel: 'error',
});
const code = result.outputFiles[0]!.contents;
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`MSW export with setupWorker, minified: ${kib(code.length)}, gzip ${kib(gzipSync(code, { level: 9 }).length)}`);

/** A package name, or the repo folder a file belongs to. */
function part(file: string): string {
  const inModules = file.split('node_modules/').pop()!;
  if (inModules !== file) return inModules.split('/').slice(0, inModules.startsWith('@') ? 2 : 1).join('/');
  if (file.endsWith('.json')) return `${file} (document or fixture)`;
  return file.split('/').slice(0, 2).join('/');
}

const parts = new Map<string, number>();
for (const output of Object.values(result.metafile.outputs)) {
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) parts.set(part(file), (parts.get(part(file)) ?? 0) + bytesInOutput);
}
console.log('\nLargest parts (minified bytes before gzip):');
for (const [name, bytes] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${kib(bytes).padStart(8)}  ${((100 * bytes) / code.length).toFixed(1).padStart(5)} %  ${name}`);
}
