// The fault catalogue, The generic contract: error bodies, server errors: each fault a realistic deviation from the contract and the checks that catch it.
import type { FaultDefinition } from './helpers.ts';

/** The generic faults, in the catalogue's order. */
export const GENERIC: FaultDefinition[] = [
  {
    name: 'error-body-shape',
    area: 'generic',
    description: 'Validation failures answer 400 {"error": "Bad Request"}, without msg or message.',
    caughtBy: ['negative_data_rejection', 'response_schema_conformance'],
    override: () => (r) => (r.status === 400 && r.body && typeof r.body === 'object' && 'msg' in r.body ? { ...r, body: { error: 'Bad Request', statusCode: 400 } } : undefined),
  },
  {
    name: 'crash-on-missing-body',
    area: 'generic',
    description: 'POST /posts with no body crashes with a 500 instead of answering 400.',
    caughtBy: ['not_a_server_error', 'negative_data_rejection'],
    operations: ['createPosts'],
    override: () => (r, { request }) => (r.status === 400 && !request.headers.get('content-type') ? { status: 500, body: { statusCode: 500, message: "Cannot read properties of undefined (reading 'posts')" }, headers: {} } : undefined),
  },
  {
    name: 'bad-escape-500',
    area: 'generic',
    description: 'A path value that is not valid percent-encoding (`/posts/%ZZ/missing`) crashes the router with a 500 URIError instead of answering 400 or 404.',
    caughtBy: ['hostile_input', 'not_a_server_error'],
    override: () => (r, { request }) =>
      /%(?![0-9a-fA-F]{2})/.test(new URL(request.url).pathname) ? { status: 500, body: { statusCode: 500, message: 'URIError: URI malformed' }, headers: {} } : undefined,
  },
];
