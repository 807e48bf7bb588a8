// status_code_conformance: every status answered is one the document names for the operation.
import { register } from './registry.ts';
import { record } from '../json.ts';

/** Whether a request path holds a `%` that does not start a percent-encoded byte. */
function undecodable(url: string): boolean {
  return /%(?![0-9a-fA-F]{2})/.test(url.split(/[?#]/)[0]!);
}

export const statusCodeConformance = register({
  name: 'status_code_conformance',
  area: 'generic',
  kind: 'response',
  description: 'Each answer has a status the document declares for that operation.',
  rule: 'Section 4 gives each endpoint its outputs and section 7 when each error status applies ("400 Invalid request or validation failure", for any endpoint).',
  inspect(e, op) {
    if (e.status >= 500) return undefined; // not_a_server_error reports those
    const v = op.validateResponse(e.status, e.responseBody, e.responseHeaders).filter((x) => x.in === 'status');
    if (v.length === 0) return undefined;
    // A path that is not valid percent-encoding is an invalid request before any lookup: section 7's 400 applies to
    // every endpoint, whether or not the endpoint's own row lists it (404 is as good an answer: nothing is found).
    if (e.status === 400 && undecodable(e.url)) {
      const body = record(e.responseBody);
      const isError = typeof body?.statusCode === 'number' && (typeof body.msg === 'string' || typeof body.message === 'string' || Array.isArray(body.message));
      return isError ? undefined : { operation: op.operationId, received: `400 ${JSON.stringify(e.responseBody)?.slice(0, 200)}`, documented: 'a 400 for an invalid request carries the Error body (section 7: statusCode, msg, message)' };
    }
    return { operation: op.operationId, received: `status ${e.status}`, documented: `one of ${op.responseStatuses.join(', ')} for ${op.method.toUpperCase()} ${op.path}` };
  },
});
