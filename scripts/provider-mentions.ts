// npm run providers:mentions: how many source files name each provider, as a whole string literal ('sanity', "sanity",
// `sanity`) or as an object key (sanity: ..., 'linkedin-page': ...). A provider is meant to be written once, as a row in
// fixtures/providers.json and a schema in spec/openapi.yaml; every other file that names one is a place a newcomer
// adding a provider would have to find. Counted over the code outside spec/, fixtures/, docs/, tools/, tests and
// generated files, with the TypeScript parser, so a name inside a comment, a longer string or a regex does not count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Not counted: the contract and the fixtures (where a provider is meant to be written), docs, vendored tools, builds. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'spec', 'fixtures', 'docs', 'tools', '.git', 'coverage']);

/** Every provider the registry or the document names. */
export function knownProviders(root = ROOT): string[] {
  const registry = Object.keys((JSON.parse(readFileSync(join(root, 'fixtures/providers.json'), 'utf8')) as { providers: Record<string, unknown> }).providers);
  const documented = [...readFileSync(join(root, 'spec/openapi.yaml'), 'utf8').matchAll(/__type: \{const: ([a-z0-9-]+)\}/g)].map((m) => m[1]!);
  return [...new Set([...registry, ...documented])];
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) sourceFiles(join(dir, e.name), out);
    } else if (/\.(ts|mts|mjs|js|cjs)$/.test(e.name) && !/\.test\.ts$|\.d\.ts$/.test(e.name)) {
      out.push(join(dir, e.name));
    }
  }
  return out;
}

/** The strings a file writes whole as a literal or as a property name. */
function namesIn(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) found.add(n.text);
    else if ((ts.isPropertyAssignment(n) || ts.isPropertySignature(n) || ts.isShorthandPropertyAssignment(n)) && ts.isIdentifier(n.name)) found.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** For each provider, the files (relative to the repository) that name it. */
export function providerMentions(root = ROOT): Map<string, string[]> {
  const providers = knownProviders(root);
  const out = new Map<string, string[]>(providers.map((p) => [p, []]));
  for (const file of sourceFiles(root)) {
    const names = namesIn(file);
    for (const p of providers) if (names.has(p)) out.get(p)!.push(relative(root, file));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mentions = providerMentions();
  const verbose = process.argv.includes('--files');
  let total = 0;
  for (const [provider, files] of mentions) {
    total += files.length;
    console.log(`${provider.padEnd(22)} ${String(files.length).padStart(3)}${verbose && files.length > 0 ? `  ${files.join(' ')}` : ''}`);
  }
  console.log(`${'all providers'.padEnd(22)} ${String(total).padStart(3)} file-mentions`);
}
