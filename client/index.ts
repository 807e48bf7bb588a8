// The typed client for frontend teams: openapi-fetch over the types generated from spec/openapi.yaml. The suites
// read state through it too, so it is exercised against the mock on every test run.
import createClient, { defaultBodySerializer, type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from '../spec/generated/openapi.d.ts';

export type { components, operations, paths };
// The mock's control client: a test's reset, scenario, clock, journal, overrides and faults.
export * from './control.ts';
/** Every schema of the document by name: `Schemas['Post']`, `Schemas['Wallet']`... */
export type Schemas = components['schemas'];
export type SpwClient = Client<paths>;

/** The document's base path, written here because the client loads in browsers, without the document (a test holds the two equal). */
export const API_BASE_PATH = '/api/public/v1';

export interface SpwClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /**
   * The API base URL (`https://host/api/public/v1`); a bare origin (`http://127.0.0.1:4010`) gets the base path. In a
   * page it may be relative to the page (`/api/spw`, a same-origin route of the app; `''` for the page's origin);
   * on the server, where there is no page, it must be absolute.
   */
  baseUrl: string;
  /** The workspace API key or an OAuth access token (`pos_...`), sent as `Authorization` on its own, no `Bearer`. */
  apiKey?: string;
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * The API base URL for `url`: unchanged when it has a path, the document's base path added to a bare origin. A
 * relative `url` resolves against the page (`location`), as the page's own `fetch` would resolve it; `''` is the
 * page's origin. Without a page (server-rendered code, Node) a relative URL names nothing: that throws, saying so.
 */
export function apiBaseUrl(url: string): string {
  const u = ABSOLUTE.test(url) ? new URL(url) : new URL(url === '' ? '/' : url, pageUrl(url));
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.origin}${path === '' ? API_BASE_PATH : path}`;
}

function pageUrl(url: string): string {
  const href = (globalThis as { location?: { href?: unknown } }).location?.href;
  if (typeof href === 'string' && ABSOLUTE.test(href)) return href;
  throw new TypeError(
    `createSpwClient: the base URL '${url}' is relative, and there is no page to resolve it against (no window.location: ` +
      'this code runs on the server, in a server component, a route handler or Node). On the server give the absolute URL ' +
      "of the API (createSpwClient({ baseUrl: 'https://api.example.com/api/public/v1', apiKey })), or of your app's own " +
      "route (new URL('/api/spw', origin).href), and a `fetch` of your own if the request must go another way.",
  );
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

/** The JSON error bodies operation `O` documents (its 4xx and 5xx answers). */
type ErrorBodiesOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: `${S & (string | number)}` extends `4${string}` | `5${string}` ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never }[keyof R]
  : never;

/**
 * Every error body the document gives any operation: the general `Error` (`{msg}`, `{message}` as a sentence or a
 * list), `Unauthorized`, the wallet's and the plan's refusals, a post's settings problem. The `error` of any call of
 * the typed client is one of these.
 */
export type SpwError = ErrorBodiesOf<operations[keyof operations]>;

/**
 * The text to show for an error answer of any operation, whatever its shape: a settings problem names the channel
 * (`Acme on X: who_can_reply_post is required`), a list of messages is joined, `message` is preferred to `msg` (a
 * 400's `msg` is only `Bad Request`). `const { error } = await api.POST(...); if (error) show(errorText(error))`.
 */
export function errorText(error: SpwError): string {
  const body = error as { msg?: unknown; message?: unknown; name?: unknown; provider?: unknown; statusCode?: unknown };
  const listed = Array.isArray(body.message) ? body.message.filter((m): m is string => typeof m === 'string').join('; ') : body.message;
  const text = typeof listed === 'string' && listed !== '' ? listed : typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined;
  if (text !== undefined && typeof body.provider === 'string' && typeof body.name === 'string') return `${body.name}: ${text}`;
  if (text !== undefined) return text;
  return typeof body.statusCode === 'number' ? `The API answered ${body.statusCode} with no message` : 'The API answered an error with no message';
}

type Settings = components['schemas']['ChannelSettings'];
/** The providers whose settings the document describes: a post's `settings` for one of them is checked field by field. */
export type DescribedProvider = Exclude<Settings, components['schemas']['SettingsOther']>['__type'];

/**
 * The settings of a channel whose provider the document does not describe (`__type` only, `SettingsOther`):
 * `settings: otherSettings('bluesky')`, or `otherSettings(channel.identifier)`. A described provider is refused at
 * compile time (`otherSettings('x')`: write `{ __type: 'x', who_can_reply_post: ... }`, checked field by field).
 */
export function otherSettings<P extends string>(provider: P extends DescribedProvider ? never : P): components['schemas']['SettingsOther'] {
  // The brand exists only in the types: at run time the settings are the plain `{ __type }` the document asks for.
  return { __type: provider } as unknown as components['schemas']['SettingsOther'];
}
