// not_a_server_error: no answer is a 5xx.
import { register, show } from './registry.ts';

export const notAServerError = register({
  name: 'not_a_server_error',
  area: 'generic',
  kind: 'response',
  description: 'No request, valid or not, gets a 5xx answer.',
  rule: 'Section 7 lists every status an operation answers: 400, 401, 402, 404, 413, 429. None is a 5xx.',
  inspect(e) {
    if (e.status < 500) return undefined;
    return {
      operation: e.operationId,
      received: `${e.status} ${show(e.responseBody, 300)}`,
      documented: 'a status from section 7 (400, 401, 402, 404, 413, 429) or a success, never 5xx',
    };
  },
});
