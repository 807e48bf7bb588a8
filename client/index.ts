// The typed client for frontend teams: openapi-fetch over the types generated from spec/openapi.yaml. The suites
// read state through it too, so it is exercised against the mock on every test run.
import createClient, { defaultBodySerializer, type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
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

const isMessage = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((m) => typeof m === 'string'));

/**
 * Every error answer comes back in an error shape the document names: a body that is not a JSON object with a string
 * `msg` or a `message` (possible where the reference does not show the body, as for POST /posts' 429; or an empty
 * body) comes back as `{ statusCode, message: <the body's text> }`, the general Error shape its types promise. So
 * `error` is an object whenever the status is not 2xx, and after `if (error) return`, `data` is the success body.
 * Documented error bodies pass untouched. (The suites judge what came over the wire, before this.)
 */
export const errorsAsObjects: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const text = await response.clone().text();
    try {
      const body: unknown = JSON.parse(text);
      if (body !== null && typeof body === 'object' && (typeof (body as { msg?: unknown }).msg === 'string' || isMessage((body as { message?: unknown }).message))) return undefined;
    } catch {
      // not JSON: wrapped below
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify({ statusCode: response.status, message: text }), { status: response.status, statusText: response.statusText, headers });
  },
};

const isFields = (body: unknown): body is Record<string, unknown> =>
  body !== null && typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype;

/**
 * The body serializer: a multipart body written as its fields (`{ file: blob }`, a Blob or a File, as the types say)
 * is sent as the FormData it stands for, a File under its own name; a FormData as it is; any other body as
 * openapi-fetch sends it (JSON). The browser (or undici) then writes the multipart boundary and Content-Type.
 */
export function multipartBodies(body: unknown, headers?: unknown): unknown {
  if (isFields(body) && Object.values(body).some((value) => value instanceof Blob)) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined) continue;
      if (value instanceof Blob) form.append(name, value);
      else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return form;
  }
  // openapi-fetch's own serializer reads the headers too (a form-urlencoded body), though its types do not say so.
  return (defaultBodySerializer as (body: unknown, headers?: unknown) => unknown)(body, headers);
}

/**
 * A client whose paths, parameters, bodies and answers are typed from the document:
 * `const { data, error } = await client.GET('/posts', { params: { query: { startDate, endDate } } })`; after
 * `if (error) return`, `data` is the success body and `error` was one of the operation's documented error shapes.
 * An upload takes `{ file }` (a Blob or a File) or a FormData: `client.POST('/upload', { body: { file } })`.
 */
export function createSpwClient(options: SpwClientOptions): SpwClient {
  const { baseUrl, apiKey, headers, ...rest } = options;
  const client = createClient<paths>({
    // Looked up on every request, not once: an interceptor installed after the client was made (msw/node's
    // server.listen() in a test's beforeAll) still sees the requests.
    fetch: (request: Request) => globalThis.fetch(request),
    bodySerializer: multipartBodies,
    ...rest,
    baseUrl: apiBaseUrl(baseUrl),
    headers: { ...(apiKey !== undefined ? { Authorization: apiKey } : {}), ...(headers as Record<string, string> | undefined) },
  });
  client.use(errorsAsObjects);
  return client;
}
