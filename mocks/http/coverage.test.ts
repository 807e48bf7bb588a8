// The spec is the truth: every operation of each document has a handler, and every handler answers an operation.
import { describe, expect, it } from 'vitest';
import { getValidator, createValidator } from '../../spec/validator.ts';
import { loadControlSpec } from '../../spec/load.ts';
import { publicHandlers } from './routes/index.ts';
import { controlHandlers } from './control/index.ts';
import type { HandlerMap } from './pipeline.ts';

function compare(operationIds: string[], handlers: HandlerMap) {
  const ops = new Set(operationIds);
  const keys = new Set(Object.keys(handlers));
  return {
    withoutHandler: [...ops].filter((id) => !keys.has(id)).sort(),
    withoutOperation: [...keys].filter((id) => !ops.has(id)).sort(),
  };
}

describe('handler coverage', () => {
  it('spec/openapi.yaml: every operation has a public handler and every public handler an operation', () => {
    const ids = getValidator().operations.map((o) => o.operationId);
    expect(ids.length).toBeGreaterThan(0);
    expect(compare(ids, publicHandlers)).toEqual({ withoutHandler: [], withoutOperation: [] });
  });

  it('spec/control.yaml: every operation has a control handler and every control handler an operation', () => {
    const ids = createValidator(loadControlSpec()).operations.map((o) => o.operationId);
    expect(ids.length).toBeGreaterThan(0);
    expect(compare(ids, controlHandlers)).toEqual({ withoutHandler: [], withoutOperation: [] });
  });
});
