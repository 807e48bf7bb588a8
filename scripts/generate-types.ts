// Generates spec/generated/*.d.ts from the contract documents with openapi-typescript; `--check` fails on drift.
import openapiTS, { astToString } from 'openapi-typescript';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const COMMAND = 'npm run types';
const root = new URL('../', import.meta.url);

const targets = [
  { source: 'spec/openapi.yaml', output: 'spec/generated/openapi.d.ts' },
  { source: 'spec/control.yaml', output: 'spec/generated/control.d.ts' },
];

async function render(source: string): Promise<string> {
  const ast = await openapiTS(new URL(source, root), {
    // Open objects ("fields not shown") must type as Record<string, unknown>, not Record<string, never>.
    emptyObjectsUnknown: true,
    // A field with a default is still optional to send (creationMethod, size): keep it optional in the types.
    defaultNonNullable: false,
  });
  const header = `// Generated from ${source} by scripts/generate-types.ts; never edit by hand. Regenerate with: ${COMMAND}\n`;
  return header + astToString(ast);
}

async function readOrEmpty(path: URL): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

const check = process.argv.includes('--check');
let drifted = false;

for (const { source, output } of targets) {
  const fresh = await render(source);
  const outputUrl = new URL(output, root);
  if (check) {
    const committed = await readOrEmpty(outputUrl);
    if (committed !== fresh) {
      drifted = true;
      console.error(`${output} is out of date with ${source}. Run \`${COMMAND}\` and commit the result.`);
    } else {
      console.log(`ok ${output}`);
    }
  } else {
    await mkdir(new URL('.', outputUrl), { recursive: true });
    await writeFile(outputUrl, fresh);
    console.log(`wrote ${fileURLToPath(outputUrl)}`);
  }
}

process.exit(drifted ? 1 : 0);
