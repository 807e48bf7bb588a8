// The fault catalogue, The generic contract: error bodies, server errors: each fault a realistic deviation from the contract and the checks that catch it.
import { forgetting, type FaultDefinition } from './helpers.ts';

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
  {
    name: 'description-stub',
    area: 'generic',
    description: 'GET /openapi.json answers a stub the framework generated: OpenAPI 3.0.3, version 0.0.1, and only the health check among its paths.',
    caughtBy: ['response_schema_conformance'],
    operations: ['getOpenApiDocument'],
    override: () => (r) => (r.status === 200 ? { ...r, body: { openapi: '3.0.3', info: { title: 'api', version: '0.0.1' }, paths: { '/health': { get: {} } } } } : undefined),
  },
  {
    name: 'description-half-the-api',
    area: 'generic',
    description: 'GET /openapi.json is well formed (3.1, version 1.0.0) but describes only the channels and posts paths: the rest were never added to it.',
    caughtBy: ['documented_variant_meaning'],
    operations: ['getOpenApiDocument'],
    override: () => (r) => {
      if (r.status !== 200) return undefined;
      const paths = Object.fromEntries(Object.entries(r.body.paths as Record<string, unknown>).filter(([p]) => p.startsWith('/posts') || p.startsWith('/integrations')));
      return { ...r, body: { ...r.body, paths } };
    },
  },
  {
    name: 'video-function-identifier-defaulted',
    area: 'generic',
    description: 'POST /video/function runs a function sent without `identifier` (section 4: `{identifier, functionName}` required) as one of the default video type, `image-text-slides`.',
    caughtBy: ['negative_data_rejection'],
    handlers: {
      runVideoFunction: forgetting(
        (v) => v.path === '/' && v.keyword === 'required' && v.params?.missingProperty === 'identifier',
        (b) => ({ identifier: 'image-text-slides', ...b }),
      ),
    },
  },
];
