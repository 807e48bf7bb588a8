// The one validator compiles every schema of both documents, and reports every violation rather than the first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createValidator, getValidator } from './validator.ts';
import { loadControlSpec } from './load.ts';

/** A `#/...` pointer's target in the document. */
function resolve(document: any, ref: string): any {
  return ref
    .slice(2)
    .split('/')
    .reduce((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

describe('validator', () => {
  it('compiles every request and response schema of the public document', () => {
    const validator = getValidator();
    // Every method of every path of the document, and nothing else.
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
    const inDocument = Object.values(validator.document.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) => methods.flatMap((m) => (item[m]?.operationId ? [item[m].operationId] : [])));
    expect(validator.operations.map((o) => o.operationId).sort()).toEqual(inDocument.sort());
    // Every operation has at least a success response schema, so there is more than one schema per operation.
    expect(validator.compileAll()).toBeGreaterThan(2 * validator.operations.length);
  });

  it('compiles every schema of the control document', () => {
    const validator = createValidator(loadControlSpec());
    expect(validator.operations.length).toBeGreaterThan(25);
    expect(validator.compileAll()).toBeGreaterThan(25);
  });

  it('collects every violation of a request, not just the first', () => {
    const check = getValidator()
      .byId('estimateWalletCharge')
      .validateRequest({ body: { contents: [], inter: 4000 }, contentType: 'application/json' });
    expect(check.ok).toBe(false);
    const paths = check.violations.map((v) => v.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['/', '/contents', '/inter']));
  });

  it('property: a parameter value judged again (remembered) gets the verdict a fresh validator gives it', () => {
    // Every operation with parameters, each sent once, twice (a repeated query parameter) or not at all, with values
    // that pass, fail and coerce.
    const ops = getValidator().operations.filter((op) => (op.operation.parameters ?? []).length > 0);
    const value = fc.constantFrom('1', '2', '-3', '0.5', 'true', 'x', '', 'a,b', '2026-01-05T00:00:00.000Z', 'not-a-date', 'ch_paid_x', '7', '99999');
    const remembering = getValidator();
    fc.assert(
      fc.property(fc.constantFrom(...ops), fc.array(fc.array(value, { maxLength: 2 }), { minLength: 8, maxLength: 8 }), (op, sent) => {
        const params = remembering.document.paths[op.path].parameters ?? [];
        const all = [...params, ...op.operation.parameters].map((p: { $ref?: string }) => (p.$ref ? resolve(remembering.document, p.$ref) : p)) as Array<{ name: string; in: string }>;
        const query: Record<string, string[]> = {};
        const path: Record<string, string> = {};
        all.forEach((p, i) => {
          const values = sent[i % 8]!;
          if (p.in === 'path') path[p.name] = values[0] ?? 'x';
          else if (p.in === 'query' && values.length > 0) query[p.name] = values;
        });
        const input = { path, query };
        const first = remembering.byId(op.operationId).validateRequest(input);
        const again = remembering.byId(op.operationId).validateRequest(input);
        const fresh = createValidator(remembering.document).byId(op.operationId).validateRequest(input);
        expect(again).toEqual(fresh);
        expect(first).toEqual(fresh);
      }),
      { numRuns: 200 },
    );
  });

  it('coerces query parameters to their schema types and applies defaults', () => {
    const check = getValidator().byId('listWalletTransactions').validateRequest({ query: { page: '2' } });
    expect(check.ok).toBe(true);
    expect(check.query).toMatchObject({ page: 2, size: 20 });
  });
});
