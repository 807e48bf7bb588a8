// Proves every example in the contract documents validates against the schema it illustrates.
import { describe, expect, it } from 'vitest';
import { loadControlSpec, loadSpec, type OpenApiDocument } from './load.ts';
import { createValidator, getValidator, type ContractValidator } from './validator.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface ExampleCase {
  name: string;
  pointer: string;
  value: unknown;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolve(doc: OpenApiDocument, ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: any, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** The node and the pointer of its own content, following one $ref (requestBodies, responses). */
function follow(doc: OpenApiDocument, node: any, pointer: string): { node: any; pointer: string } {
  return node?.$ref ? { node: resolve(doc, node.$ref), pointer: node.$ref } : { node, pointer };
}

function examplesOf(media: any): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  if (media && 'example' in media) out.push(['example', media.example]);
  for (const [key, example] of Object.entries<any>(media?.examples ?? {})) out.push([key, example.value]);
  return out;
}

function collect(doc: OpenApiDocument): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const opPointer = `#/paths/${escape(path)}/${method}`;
      if (op.requestBody) {
        const body = follow(doc, op.requestBody, `${opPointer}/requestBody`);
        for (const [type, media] of Object.entries<any>(body.node.content ?? {})) {
          for (const [key, value] of examplesOf(media)) {
            cases.push({
              name: `${op.operationId} request ${type} ${key}`,
              pointer: `${body.pointer}/content/${escape(type)}/schema`,
              value,
            });
          }
        }
      }
      for (const [status, raw] of Object.entries<any>(op.responses ?? {})) {
        const response = follow(doc, raw, `${opPointer}/responses/${escape(status)}`);
        for (const [type, media] of Object.entries<any>(response.node.content ?? {})) {
          for (const [key, value] of examplesOf(media)) {
            cases.push({
              name: `${op.operationId} ${status} ${type} ${key}`,
              pointer: `${response.pointer}/content/${escape(type)}/schema`,
              value,
            });
          }
        }
      }
    }
  }
  return cases;
}

const documents: Array<{ file: string; doc: OpenApiDocument; validator: () => ContractValidator }> = [
  { file: 'spec/openapi.yaml', doc: loadSpec(), validator: getValidator },
  { file: 'spec/control.yaml', doc: loadControlSpec(), validator: () => createValidator(loadControlSpec()) },
];

for (const { file, doc, validator } of documents) {
  describe(`examples in ${file}`, () => {
    const cases = collect(doc);
    let built: ContractValidator | undefined;
    const v = (): ContractValidator => (built ??= validator());

    it('has examples to check', () => {
      expect(cases.length).toBeGreaterThan(20);
    });

    it.each(cases.map((c) => [c.name, c] as const))('%s validates against its schema', (_name, c) => {
      expect(v().validateAt(c.pointer, c.value)).toEqual([]);
    });
  });
}
