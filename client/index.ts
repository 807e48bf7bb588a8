// The typed client for frontend teams: openapi-fetch over the types generated from spec/openapi.yaml. The suites
// read state through it too, so it is exercised against the mock on every test run.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from '../spec/generated/openapi.d.ts';

export type { components, operations, paths };
/** Every schema of the document by name: `Schemas['Post']`, `Schemas['Wallet']`... */
export type Schemas = components['schemas'];
export type SpwClient = Client<paths>;

/** The document's base path, written here because the client loads in browsers, without the document (a test holds the two equal). */
export const API_BASE_PATH = '/api/public/v1';

export interface SpwClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The API base URL (`https://host/api/public/v1`); a bare origin (`http://127.0.0.1:4010`) gets the base path. */
  baseUrl: string;
  /** The workspace API key or an OAuth access token (`pos_...`), sent as `Authorization` on its own, no `Bearer`. */
  apiKey?: string;
}

/** The API base URL for `url`: unchanged when it has a path, the document's base path added to a bare origin. */
export function apiBaseUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.origin}${path === '' ? API_BASE_PATH : path}`;
}

/**
 * A client whose paths, parameters, bodies and answers are typed from the document:
 * `const { data, error } = await client.GET('/posts', { params: { query: { startDate, endDate } } })`.
 */
export function createSpwClient(options: SpwClientOptions): SpwClient {
  const { baseUrl, apiKey, headers, ...rest } = options;
  return createClient<paths>({
    // Looked up on every request, not once: an interceptor installed after the client was made (msw/node's
    // server.listen() in a test's beforeAll) still sees the requests.
    fetch: (request: Request) => globalThis.fetch(request),
    ...rest,
    baseUrl: apiBaseUrl(baseUrl),
    headers: { ...(apiKey !== undefined ? { Authorization: apiKey } : {}), ...(headers as Record<string, string> | undefined) },
  });
}
