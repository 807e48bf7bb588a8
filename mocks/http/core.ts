// Builds the mock as a fetch(Request) => Response function: the public API and the control API, both routed from their
// documents. No Node built-ins: each runtime hands in its effects (app.ts for the server, mocks/msw for MSW).
import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { apiBasePath } from '../../spec/documents.ts';
import type { ContractValidator } from '../../spec/validator.ts';
import { dropAnswerParts, isNetworkError, operationRunner, type HandlerMap, type Run } from './pipeline.ts';
import { publicHandlers } from './routes/index.ts';
import { controlHandlers } from './control/index.ts';
import { createState, type MockOptions, type MockState } from './state.ts';
import type { Effects } from './effects.ts';
import { faultLayer, type FaultLayer } from './faults.ts';
import type { RawIncoming } from './files.ts';
import { serveMediaFile } from './media-files.ts';
import { controlRefusal, hostRefusal } from './access.ts';
import { corsHeadersOf, createCors, documentedResponseHeaders, withCors, type Cors } from './cors.ts';
import { WALLET_PAGE_OPERATIONS } from './control/wallet-page.ts';
import { remembered } from './remembered.ts';

/** What @hono/node-server hands the app beside the Request: the raw Node request, read directly for uploads. */
export interface NodeBindings {
  incoming?: RawIncoming;
}

/** A public operation's answer to one request, as `fetch` gives it (CORS headers included), called without the router. */
export type DirectAnswer = (request: Request, incoming?: RawIncoming) => Promise<Response>;

export interface MockApp {
  fetch(request: Request, env?: NodeBindings): Promise<Response>;
  /**
   * The public operation a request of this method and path goes to, for an edge that answers it without building the
   * rest of a Fetch request (mocks/server.ts); `fetch` answers through it too. Undefined for everything else, which
   * `fetch` routes: HEAD and OPTIONS, a path with a percent sign, the control API, pages and files, and every request
   * while a fault is on.
   */
  direct(method: string, pathname: string): DirectAnswer | undefined;
  state: MockState;
  /** Whether a path is the mock's to answer (its API, control API, files and pages); a host app's own paths are not. */
  serves(pathname: string): boolean;
}

export const CONTROL_PATH = '/_mock';

function honoPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, ':$1');
}

/** Where an operation of a document is mounted: its server's path, or the origin when it overrides servers with `{origin}`. */
function mountPoint(validator: ContractValidator, op: { operation: Record<string, any>; path: string }, fallback: string): string {
  const servers = op.operation.servers ?? validator.document.paths?.[op.path]?.servers;
  if (Array.isArray(servers) && servers.length > 0) {
    return String(servers[0].url).replace(/^\{origin\}/, '').replace(/^https?:\/\/[^/]+/, '');
  }
  return fallback;
}

export { MEDIA_FILES_PATH } from '../domain/media.ts';
import { MEDIA_FILES_PATH } from '../domain/media.ts';

/** The paths a mock answers: folders it owns whole, and single pages at the origin. */
interface Territory {
  folders: Set<string>;
  pages: Set<string>;
}

interface Mounting {
  state: MockState;
  cors: Cors;
  apiPath: string;
  territory: Territory;
  /** The faults switched on, as layers around operations; absent when none is. */
  faults?: FaultLayer;
  /** The public operations, routed as the app routes them, for `direct`; absent while a fault is on. */
  lane?: TrieRouter<Run>;
}

function mount(app: Hono<{ Bindings: NodeBindings }>, { state, cors, apiPath, territory, faults, lane }: Mounting, validator: ContractValidator, handlers: HandlerMap, base: string): void {
  for (const op of validator.operations) {
    const handler = handlers[op.operationId];
    if (!handler) continue; // the coverage test reports operations without a handler
    const at = mountPoint(validator, op, base);
    // The wallet page sits where wallet refusals point (config walletPath), not only at the document's default path.
    const path = WALLET_PAGE_OPERATIONS.has(op.operationId) ? state.config.walletPath : op.path;
    // The control API is guarded from web pages; the pages it serves at the origin (OAuth consent) are meant for browsers.
    const guarded = at === CONTROL_PATH;
    // The wallet page changes the world from a form: only a Host that names this mock reaches it (DNS rebinding).
    const hostChecked = WALLET_PAGE_OPERATIONS.has(op.operationId);
    if (at === apiPath) cors.route('public', op.method, at + path);
    else if (guarded) cors.route('control', op.method, at + path);
    if (at === apiPath || guarded) territory.folders.add(at);
    else territory.pages.add(at + path);
    const run = operationRunner(
      state,
      op,
      faults ? faults.handler(op.operationId, handler) : handler,
      { apiPath, validate: true, public: at === apiPath },
      faults?.decide(op.operationId),
    );
    if (at === apiPath && !guarded && !hostChecked) lane?.add(op.method.toUpperCase(), at + honoPath(path), run);
    app.on(op.method.toUpperCase(), at + honoPath(path), (c) =>
      (guarded && controlRefusal(state.access, c.req.raw)) ||
      (hostChecked && hostRefusal(state.access, c.req.raw)) ||
      run(c.req.raw, c.req.param() as Record<string, string>, c.env?.incoming),
    );
  }
}

/** What differs between runtimes. */
export interface Platform {
  /** The effects a mock starts with (options.effects replace some of them). */
  effects(): Effects;
  /** Routes only this runtime serves, mounted beside the documents' operations. */
  extend?(app: Hono<{ Bindings: NodeBindings }>, state: MockState, apiPath: string): void;
}

export function createMockCore(options: MockOptions, platform: Platform): MockApp {
  const state = createState(options, platform.effects);
  const apiPath = apiBasePath();
  const cors = createCors(state.access, {
    apiPath,
    controlPath: CONTROL_PATH,
    mediaPath: MEDIA_FILES_PATH,
    // Retry-After too (the mock's, on a 429), and what says an answer was overridden (mocks/http/overrides.ts): a page
    // cannot read a header CORS does not expose.
    exposeHeaders: [...documentedResponseHeaders(state.validator.document), 'Retry-After', 'Preference-Applied', 'X-Mock-Override'],
  });
  const territory: Territory = { folders: new Set([MEDIA_FILES_PATH]), pages: new Set() };
  const plainTick = state.tick;
  // The app is built for the faults switched on; switching them (PUT /_mock/faults, a reset) builds it again, so with
  // none on, nothing of them is on the request path. The state (world, journal, overrides) is kept.
  const build = (): { app: Hono<{ Bindings: NodeBindings }>; lane?: TrieRouter<Run>; found: Map<string, DirectAnswer | null>; incoming?: (request: Request) => Request; outgoing?: (response: Response) => Promise<Response> } => {
    state.tick = plainTick;
    state.notYet = undefined;
    const faults = faultLayer(state);
    // Not strict about trailing slashes: the real service answers `/posts/` like `/posts`.
    const app = new Hono<{ Bindings: NodeBindings }>({ strict: false });
    // The router Hono falls back to, with the same routes in the same order: the same request finds the same operation.
    const lane = faults ? undefined : new TrieRouter<Run>();
    const mounting: Mounting = { state, cors, apiPath, territory, faults, lane };
    mount(app, mounting, state.validator, publicHandlers, apiPath);
    mount(app, mounting, state.controlValidator, controlHandlers, CONTROL_PATH);
    app.get('/', (c) => c.redirect(`${apiPath}/openapi.json`));
    platform.extend?.(app, state, apiPath);
    // Uploaded bytes at the `path` media answers carry (outside the public document, like the app host's own files).
    app.get(`${MEDIA_FILES_PATH}/:name`, (c) => serveMediaFile(state, c.req.param('name')));
    app.notFound((c) =>
      c.json({ statusCode: 404, msg: 'Not Found', message: `Cannot ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
    );
    app.onError((err) => unhandled(err));
    return { app, lane, found: new Map(), incoming: faults?.incoming, outgoing: faults?.outgoing };
  };
  let built = build();
  state.setFaults = (names) => {
    state.faults = new Set(names);
    built = build();
  };
  // CORS wraps the whole app, so every answer takes its headers: errors, 404s and the pipeline's early 413 alike.
  // A dropped connection (an override's network error, `Response.error()`) has no headers to take.
  const decorated = (request: Request, response: Response, headers: Readonly<Record<string, string>> | undefined): Response => {
    if (isNetworkError(response)) return response;
    // Decorating adds headers to the answer, which its parts would then not hold.
    if (headers && !withCors.has(response)) dropAnswerParts(response);
    return cors.decorate(request, response, headers);
  };
  // A public operation is called as the router would call it, without the router: Hono's context, its middleware chain
  // and its promise layers cost more per request than the operation's own reading of a list (docs/architecture.md).
  const direct = (method: string, pathname: string): DirectAnswer | undefined => {
    if (!built.lane || method === 'HEAD' || method === 'OPTIONS' || pathname.includes('%')) return undefined;
    // As the app routes without strict trailing slashes: one is dropped.
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const lane = built.lane;
    // A client asks the same few paths again and again: each is routed once, and its answering function made once
    // (bounded, as paths come from clients).
    return remembered(built.found, `${method} ${path}`, 1024, () => {
      const [first] = lane.match(method, path)[0] as Array<[Run, Record<string, string>]>;
      return first ? answering(first[0], Object.freeze(first[1])) : null;
    }) ?? undefined;
  };
  /** A public operation's answer with its path's parameters (shared by every request of the path: frozen). */
  const answering = (run: Run, params: Readonly<Record<string, string>>): DirectAnswer => async (request, incoming) => {
    const headers = cors.headersFor(request);
    if (headers) corsHeadersOf.set(request, headers);
    let response: Response;
    try {
      response = await run(request, params, incoming);
    } catch (err) {
      response = unhandled(err);
    }
    return decorated(request, response, headers);
  };
  const fetch = async (arrived: Request, given?: NodeBindings): Promise<Response> => {
    const request = built.incoming ? built.incoming(arrived) : arrived;
    // A request rewritten on arrival (a variation's ids read back) is read from its own body: the raw Node stream
    // holds what arrived, not what the mock is to read.
    const env = request === arrived ? given : { ...given, incoming: undefined };
    const preflight = cors.preflight(request);
    if (preflight) return preflight;
    const answer = direct(request.method, pathOf(request.url));
    if (answer) return answer(request, env?.incoming);
    const headers = cors.headersFor(request);
    if (headers) corsHeadersOf.set(request, headers);
    const answered = (await built.app.fetch(request, env)) as Response;
    const response = built.outgoing && !isNetworkError(answered) ? await built.outgoing(answered) : answered;
    return decorated(request, response, headers);
  };
  state.dispatch = (request) => fetch(request);
  const folders = [...territory.folders];
  const serves = (pathname: string): boolean => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return territory.pages.has(path) || folders.some((folder) => path === folder || path.startsWith(`${folder}/`));
  };
  return { fetch, direct, state, serves };
}

/** A crash on the way to an answer, told on the terminal and answered 500 in the Error shape. */
export function unhandled(err: unknown): Response {
  console.error('[mock] unhandled error:', err);
  const body = { statusCode: 500, msg: 'Internal mock error', message: (err as Error)?.message ?? String(err) };
  return new Response(JSON.stringify(body), { status: 500, headers: { 'content-type': 'application/json' } });
}

/** A URL's path as the app's router reads it: from the first slash after the origin, up to the query or fragment. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf(':') + 4);
  let end = start;
  while (end < url.length) {
    const c = url.charCodeAt(end);
    if (c === 63 || c === 35) break;
    end++;
  }
  return url.slice(start, end);
}

