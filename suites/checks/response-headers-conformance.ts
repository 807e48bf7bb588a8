// response_headers_conformance: headers the document requires are present and well formed (X-Cached-At on channel analytics).
import { describeViolations } from '../../spec/validator.ts';
import { register } from './registry.ts';

export const responseHeadersConformance = register({
  name: 'response_headers_conformance',
  area: 'generic',
  kind: 'response',
  description: 'Headers the document declares on an answer are present and match their schema (X-Cached-At is a date-time).',
  rule: 'Section 4.4: GET /analytics/<integration> answers with "header X-Cached-At (date-time, when the numbers were read from the network)".',
  inspect(e, op) {
    if (e.status >= 500) return undefined;
    const v = op.validateResponse(e.status, e.responseBody, e.responseHeaders).filter((x) => x.in === 'response-header');
    if (v.length === 0) return undefined;
    return {
      operation: op.operationId,
      received: `${e.status} with headers ${Object.keys(e.responseHeaders).join(', ')}`,
      documented: describeViolations(v).join('; '),
    };
  },
});
