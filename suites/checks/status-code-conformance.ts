// status_code_conformance: every status answered is one the document names for the operation.
import { register } from './registry.ts';

export const statusCodeConformance = register({
  name: 'status_code_conformance',
  area: 'generic',
  kind: 'response',
  description: 'Each answer has a status the document declares for that operation.',
  rule: 'Section 4 gives each endpoint its outputs and section 7 when each error status applies.',
  inspect(e, op) {
    if (e.status >= 500) return undefined; // not_a_server_error reports those
    const v = op.validateResponse(e.status, e.responseBody, e.responseHeaders).filter((x) => x.in === 'status');
    if (v.length === 0) return undefined;
    return { operation: op.operationId, received: `status ${e.status}`, documented: `one of ${op.responseStatuses.join(', ')} for ${op.method.toUpperCase()} ${op.path}` };
  },
});
