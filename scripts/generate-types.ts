// Generates spec/generated/*.d.ts from the contract documents with openapi-typescript; `--check` fails on drift.
import openapiTS, { astToString, oapiRef } from 'openapi-typescript';
import ts from 'typescript';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const COMMAND = 'npm run types';
const root = new URL('../', import.meta.url);

const targets = [
  { source: 'spec/openapi.yaml', output: 'spec/generated/openapi.d.ts' },
  { source: 'spec/control.yaml', output: 'spec/generated/control.d.ts' },
  { source: 'spec/states.yaml', output: 'spec/generated/states.d.ts' },
];

const BLOB = ts.factory.createTypeReferenceNode('Blob');
const FORM_DATA = ts.factory.createTypeReferenceNode('FormData');

const SCHEMAS = '#/components/schemas/';

/**
 * The schemas of the providers `ChannelSettings` describes, in its order: each `allOf` branch choosing one by its
 * `__type` const. Read from the document, so a provider added there (docs/dev/adding-a-provider.md) joins the union.
 */
function providerSettings(document: any): string[] {
  const branches: any[] = document?.components?.schemas?.ChannelSettings?.allOf ?? [];
  return branches.map((b) => b?.then?.$ref).filter((ref): ref is string => typeof ref === 'string' && ref.startsWith(SCHEMAS)).map((ref) => ref.slice(SCHEMAS.length));
}

const schemaRef = (name: string) => oapiRef(`${SCHEMAS}${name}`);

/**
 * `ChannelSettings` as a union discriminated on `__type`, one member per provider schema: the JSON Schema's if/then
 * chain types as `{__type: string} & unknown`, which let `{__type: 'x'}` compile though X requires
 * `who_can_reply_post`. A provider the document does not describe has settings of `__type` only (`SettingsOther`):
 * its `__type` is branded, since a plain string would also take `'x'` and let every known provider's settings skip
 * their checks; `otherSettings(provider)` (client/index.ts) makes one, refusing a described provider at compile time.
 */
function settingsTypes(document: any): Map<string, ts.TypeNode> {
  const providers = providerSettings(document);
  const brand = ts.factory.createTypeLiteralNode([
    ts.factory.createPropertySignature([ts.factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)], 'settingsOfAProviderNotDescribed', undefined, ts.factory.createLiteralTypeNode(ts.factory.createTrue())),
  ]);
  const other = ts.factory.createTypeLiteralNode([
    ts.factory.createPropertySignature(undefined, '__type', undefined, ts.factory.createIntersectionTypeNode([ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword), brand])),
  ]);
  return new Map<string, ts.TypeNode>([
    [`${SCHEMAS}ChannelSettings`, ts.factory.createUnionTypeNode([...providers.map(schemaRef), schemaRef('SettingsOther')])],
    [`${SCHEMAS}SettingsOther`, other],
    [`${SCHEMAS}CreatePostsEntry/settings`, schemaRef('ChannelSettings')],
  ]);
}

async function render(source: string): Promise<string> {
  const settings = source.endsWith('openapi.yaml') ? settingsTypes(parse(await readFile(new URL(source, root), 'utf8'))) : new Map<string, ts.TypeNode>();
  const ast = await openapiTS(new URL(source, root), {
    // An error answer whose body the reference does not show (POST /posts' 429) types as the general Error shape
    // rather than unknown: a union with unknown is unknown, which left a client's `error` untyped for the whole
    // operation. The typed client (client/index.ts, errorsAsObjects) makes that true at run time. The document itself
    // stays open: only the types a client reads its answers through say more.
    postTransform(type, { path }) {
      const typed = settings.get(path ?? '');
      if (typed) return typed;
      const errorBody = source.endsWith('openapi.yaml') && /\/responses\/[45]\d\d\/content\/[^/]+$/.test(path ?? '');
      if (errorBody && type.kind === ts.SyntaxKind.UnknownKeyword) return oapiRef('#/components/schemas/Error');
      if (/\/content\/multipart~1form-data$/.test(path ?? '')) return ts.factory.createUnionTypeNode([type, FORM_DATA]);
      return undefined;
    },
    // A multipart file field is bytes, not text: a client sends a Blob (a File is one) there. And the whole multipart
    // body may be the FormData a page already has. The typed client (client/index.ts, multipartBodies) sends either.
    transform(schema, { path }) {
      const filePart = /\/content\/multipart~1form-data\/[^/]+$/.test(path ?? '');
      return filePart && typeof schema === 'object' && schema.type === 'string' && 'contentMediaType' in schema ? BLOB : undefined;
    },
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

/** Each types file as its document gives it now, with whether the committed file is that. */
export async function typeFiles(): Promise<Array<{ source: string; output: string; text: string; fresh: boolean }>> {
  return Promise.all(targets.map(async ({ source, output }) => {
    const text = await render(source);
    return { source, output, text, fresh: (await readOrEmpty(new URL(output, root))) === text };
  }));
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  let drifted = false;
  for (const { source, output, text, fresh } of await typeFiles()) {
    const outputUrl = new URL(output, root);
    if (check) {
      if (!fresh) {
        drifted = true;
        console.error(`${output} is out of date with ${source}. Run \`npm run regen\` (or \`${COMMAND}\`) and commit the result.`);
      } else {
        console.log(`ok ${output}`);
      }
    } else {
      await mkdir(new URL('.', outputUrl), { recursive: true });
      await writeFile(outputUrl, text);
      console.log(`wrote ${fileURLToPath(outputUrl)}`);
    }
  }
  process.exit(drifted ? 1 : 0);
}
