// content_type_conformance: the Content-Type of each answer is one the document declares, and JSON parses.
import { register } from './registry.ts';

export const contentTypeConformance = register({
  name: 'content_type_conformance',
  area: 'generic',
  kind: 'response',
  description: 'Each answer carries a documented Content-Type, and a JSON answer is valid JSON.',
  rule: 'Conventions: "Request and response bodies are JSON unless a row says multipart."',
  inspect(e, op) {
    if (e.status >= 500) return undefined;
    const v = op.validateResponse(e.status, e.responseBody, e.responseHeaders).filter((x) => x.in === 'content-type');
    const type = e.responseHeaders['content-type'];
    if (v.length > 0) {
      return { operation: op.operationId, received: `Content-Type ${type ?? '(none)'} with status ${e.status}`, documented: v[0]!.message };
    }
    if (type === undefined && e.responseBody !== undefined && op.responseStatuses.includes(String(e.status))) {
      return { operation: op.operationId, received: `no Content-Type header on a ${e.status} with a body`, documented: 'application/json' };
    }
    if ((type ?? '').includes('json') && e.responseBody !== undefined && !e.json) {
      return { operation: op.operationId, received: `a ${e.status} labelled JSON that does not parse: ${String(e.responseBody).slice(0, 120)}`, documented: 'a JSON body' };
    }
    return undefined;
  },
});
