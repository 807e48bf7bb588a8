// The one validator compiles every schema of both documents, and reports every violation rather than the first.
import { describe, expect, it } from 'vitest';
import { createValidator, getValidator } from './validator.ts';
import { loadControlSpec } from './load.ts';

describe('validator', () => {
  it('compiles every request and response schema of the public document', () => {
    const validator = getValidator();
    expect(validator.operations).toHaveLength(40);
    // Every operation has at least a success response schema, so there is more than one schema per operation.
    expect(validator.compileAll()).toBeGreaterThan(80);
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

  it('coerces query parameters to their schema types and applies defaults', () => {
    const check = getValidator().byId('listWalletTransactions').validateRequest({ query: { page: '2' } });
    expect(check.ok).toBe(true);
    expect(check.query).toMatchObject({ page: 2, size: 20 });
  });
});
