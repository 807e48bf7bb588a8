// response_schema_conformance: each answer's body matches the schema of its operation and status (the one validator).
import { describeViolations } from '../../spec/validator.ts';
import { register, show } from './registry.ts';

export const responseSchemaConformance = register({
  name: 'response_schema_conformance',
  area: 'generic',
  kind: 'response',
  description: 'Each answer body matches the schema the document gives for that operation and status.',
  rule: 'Sections 2 and 7: the resources, their field types, enums and required fields, and the error bodies.',
  inspect(e, op) {
    if (e.status >= 500) return undefined;
    if ((e.responseHeaders['content-type'] ?? 'application/json').includes('json') && e.responseBody !== undefined && !e.json) return undefined;
    const v = op.validateResponse(e.status, e.responseBody, e.responseHeaders).filter((x) => x.in === 'response-body');
    if (v.length === 0) return undefined;
    return {
      operation: op.operationId,
      received: `${e.status} ${show(e.responseBody, 240)}`,
      documented: `the ${e.status} schema of ${op.operationId}: ${describeViolations(v).slice(0, 4).join('; ')}`,
    };
  },
});
