// The request pipeline, written once as stages: route (done by the app), authenticate, admit, parse, validate, act, check output.
import type { RawIncoming } from './files.ts';
import { DomainError, invalid } from '../domain/errors.ts';
import { authenticate, identify, type Credential } from '../domain/auth.ts';
import { workspaceEnv, type Env, type World, type Workspace } from '../domain/world.ts';
import type { CompiledOperation, Violation } from '../../spec/validator.ts';
import { describeViolations } from '../../spec/validator.ts';
import { errorReply } from './errors.ts';
import { BodyTooLarge, bodyBytesRead, readJson } from './body.ts';
import { publicOrigin } from './access.ts';
import { CORS_HEADER_NAMES, corsHeadersOf, withCors } from './cors.ts';
import { searchParamsOf } from './url-parts.ts';
import { walletLink } from './wallet-link.ts';
import type { MockState } from './state.ts';
import { hold } from './latency.ts';
import { knownSecrets, requestSecrets, type Exchange, type NodeHeaders } from './journal.ts';
import { cannedResponse, journalOverride, namesAChannel, planFor, preferPlan, settingsProblemFor, type Plan } from './overrides.ts';

export interface Ctx {
  state: MockState;
  world: World;
  env: Env;
  /** The mock clock's now, read once per request. */
  now: number;
  /** The caller's workspace. Undefined only on the operations the document marks `security: []`. */
  ws: Workspace;
  credential: Credential | null;
  op: CompiledOperation;
  params: Record<string, any>;
  query: Record<string, any>;
  /** The query as sent, parsed once for the validator and the journal (unset until the input is read). */
  searchParams?: URLSearchParams;
  body: any;
  /** The request's violations that the operation's `defer` kept for it to report. */
  deferred: Violation[];
  request: Request;
  /** The raw Node request under a real server (absent in-process): uploads stream from it without the Web stream detour. */
  incoming?: RawIncoming;
  /** The origin absolute URLs start with: --public-url, else the checked origin the client used (mocks/http/access.ts). */
  origin: string;
  /** The public API root on this mock: origin + /api/public/v1. */
  apiBase: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A ready response (HTML, file bytes, redirects); skips JSON encoding. Validated for status and type only. */
  response?: Response;
}

export type Handle = (ctx: Ctx) => Reply | Promise<Reply>;

export interface OperationHandler {
  handle: Handle;
  /** Runs after authentication, before input is read (the hourly post limit counts every request). */
  admit?: (ctx: Ctx) => void;
  /**
   * Violations the operation reports itself, in its own words and order, found in `ctx.deferred` (createPosts: the
   * settings of entries to be scheduled, checked after emptiness and named by channel). The request is still
   * validated once, here.
   */
  defer?: (ctx: Ctx, violation: Violation) => boolean;
  /** The handler reads the request body itself (multipart uploads, forms). */
  rawBody?: boolean;
  /**
   * The answer is the same for the same key until a request that may change the world (any method but GET and HEAD)
   * arrives: its 200 is encoded once and sent again as bytes. Only for answers that depend on nothing a GET changes.
   */
  memo?: (ctx: Ctx) => string;
}

export type HandlerMap = Record<string, OperationHandler | Handle>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Encoded answers of one operation, good while the world is the same one at the same revision. */
export class Memo {
  /** Keys come from requests (a query value): bounded, and emptied whole when full. */
  static readonly MAX = 256;
  readonly #state: MockState;
  readonly #kept = new Map<string, { world: World; revision: number; bytes: Uint8Array<ArrayBuffer> }>();
  constructor(state: MockState) {
    this.#state = state;
  }
  get size(): number {
    return this.#kept.size;
  }
  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const kept = this.#kept.get(key);
    return kept && kept.world === this.#state.world && kept.revision === this.#state.revision ? kept.bytes : undefined;
  }
  set(key: string, body: unknown): Uint8Array<ArrayBuffer> {
    if (this.#kept.size >= Memo.MAX) this.#kept.clear();
    const bytes = new TextEncoder().encode(JSON.stringify(body)) as Uint8Array<ArrayBuffer>;
    this.#kept.set(key, { world: this.#state.world, revision: this.#state.revision, bytes });
    return bytes;
  }
}

function asHandler(h: OperationHandler | Handle): OperationHandler {
  return typeof h === 'function' ? { handle: h } : h;
}

/**
 * True when the request failed because its client went away (the socket closed mid-body): nobody is left to answer,
 * and it is no failure of the mock's.
 */
function clientAborted(request: Request, err: unknown): boolean {
  if (request.signal.aborted) return true;
  const e = err as { name?: string; code?: string; message?: string } | undefined;
  return e?.name === 'AbortError' || e?.code === 'ECONNRESET' || e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || e?.message === 'aborted';
}

/**
 * A dropped connection (`Response.error()`), told by its status 0 alone: reading `type` would build the whole WHATWG
 * response behind the Node server's lightweight one, on every answer.
 */
export function isNetworkError(response: Response): boolean {
  return response.status === 0;
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}, request?: Request): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return respond(request, status === 204 ? null : text, status, { ...JSON_HEADERS, ...headers });
}

/** What a JSON answer is made of, kept beside it for an edge that writes it to the socket itself (mocks/server.ts). */
export interface AnswerParts {
  status: number;
  body: string | Uint8Array;
  headers: Readonly<Record<string, string>>;
}

const PARTS = Symbol('spw.answerParts');

/**
 * The parts an answer was built from, while they still say all of it: none for an answer built elsewhere (files,
 * pages, an override's), and none once a header was added to it (dropAnswerParts). Reading them costs nothing, where
 * reading a Response's body builds a stream.
 */
export function answerParts(response: Response): AnswerParts | undefined {
  return (response as { [PARTS]?: AnswerParts })[PARTS];
}

/** Whoever adds a header to an answer after it is built drops its parts, which no longer say all of it. */
export function dropAnswerParts(response: Response): void {
  delete (response as { [PARTS]?: AnswerParts })[PARTS];
}

/**
 * An answer with its request's CORS headers in its one header list (mocks/http/cors.ts); one whose own headers CORS
 * would merge into is left for the CORS layer to decorate.
 */
function respond(request: Request | undefined, body: string | Uint8Array<ArrayBuffer> | null, status: number, headers: Record<string, string>): Response {
  const cors = request && corsHeadersOf.get(request);
  const merged = !cors || CORS_HEADER_NAMES.some((name) => name in headers) ? undefined : { ...headers, ...cors };
  const response = new Response(body, { status, headers: merged ?? headers });
  if (merged) withCors.add(response);
  // A bodiless answer (a 204, which the documents never give) is left to the adapter's general writing.
  if (body !== null) (response as { [PARTS]?: AnswerParts })[PARTS] = { status, body, headers: merged ?? headers };
  return response;
}

export interface RunOptions {
  /** Public API root path (`/api/public/v1`), for building absolute URLs in replies. */
  apiPath: string;
  /** Which validator this operation belongs to, for output checks. */
  validate: boolean;
  /** A public API operation: recorded in the request journal and delayed by --latency (the control API never is). */
  public?: boolean;
}

/**
 * One request's outcome before it is encoded: a JSON reply (which strict mode checks, and a fault may change), a ready
 * response (HTML, bytes, redirects: checked for status and type only), or a final answer that is none of the
 * operation's (a body over the limit, a client gone, a crash), which no later stage touches.
 */
export type Decision =
  | { kind: 'reply'; status: number; body: unknown; headers: Record<string, string> }
  | { kind: 'ready'; response: Response }
  | { kind: 'final'; response: Response; body?: unknown };

/** One request to an operation, as the router hands it over. */
export interface Call {
  request: Request;
  params: Record<string, string>;
  /** The raw Node request under a real server (absent in-process). */
  incoming?: RawIncoming;
  /** Filled with the context, for the request journal. */
  seen?: Seen;
}

/** Decides a call's outcome; a fault wraps one from outside (mocks/http/faults.ts). */
export type Decide = (call: Call) => Promise<Decision>;

export type Run = (request: Request, params: Record<string, string>, incoming?: RawIncoming) => Promise<Response>;

/**
 * Build, once per operation at start, the function that answers it: decide, then (strict mode only) check the
 * reply against the document, then encode; a public operation is also journaled and held for its latency. `wrap`
 * puts a layer around the decision (faults); without one, nothing else runs on the request path.
 */
export function operationRunner(state: MockState, op: CompiledOperation, handler: OperationHandler | Handle, options: RunOptions, wrap?: (decide: Decide) => Decide): Run {
  const h = asHandler(handler);
  const check = state.strict && options.validate ? strictCheck(op) : undefined;
  // Encoded answers are reused only where nothing else needs the reply as a value: no fault to change it, no check.
  const memo = h.memo && !wrap && !check ? new Memo(state) : undefined;
  const plain: Decide = (call) => decide(state, op, h, options, call, memo);
  const decided = wrap ? wrap(plain) : plain;
  const answer = async (call: Call): Promise<Response> => {
    if (call.request.method !== 'GET' && call.request.method !== 'HEAD') state.revision++;
    const d = await decided(call);
    if (d.kind === 'final') {
      if (call.seen && d.body !== undefined) call.seen.refusal = d.body;
      return d.response;
    }
    const checked = check?.(d);
    if (checked) return checked;
    // The journal says what decided a refusal (mocks/http/journal.ts), read from the body as answered (a fault's included).
    if (call.seen && d.kind === 'reply' && d.status >= 400) call.seen.refusal = d.body;
    return d.kind === 'ready' ? d.response : jsonResponse(d.status, d.body, d.headers, call.request);
  };
  if (!options.public) return (request, params, incoming) => answer({ request, params, incoming });
  return (request, params, incoming) => journaled(state, op, options, { request, params, incoming }, answer);
}

/**
 * A public operation: recorded in the journal once its answer is decided, then held for its latency. An override (the
 * request's `Prefer`, or one set through the control API: mocks/http/overrides.ts) is looked at first; one that gives
 * the answer, or drops the connection, keeps the operation from running at all, so nothing changes.
 */
async function journaled(state: MockState, op: CompiledOperation, options: RunOptions, call: Call, answer: (call: Call) => Promise<Response>): Promise<Response> {
  const { request, params } = call;
  const receivedAt = Date.now();
  const at = state.clock.now();
  const seen: Seen = {};
  const asked = planOf(state, op, request);
  const instead = asked && (asked.refused !== undefined || asked.canned || asked.network);
  // A forced settings problem names a channel of the caller's workspace, one its request named if it can.
  const namesChannel = instead && namesAChannel(asked.canned?.body);
  // The operation does not run under an override, so nothing parses the body: with bodies kept it is read here, since
  // what the app sent is what a test asserts, whatever answered it.
  const sent = instead && (state.journal.bodies || namesChannel) ? await bodyForJournal(op, call) : undefined;
  const plan = namesChannel ? { ...asked, canned: settingsProblemFor(asked.canned!, callerChannels(state, op, request), sent) } : asked;
  const response = instead ? overridden(plan!, at) : await answer({ ...call, seen });
  // A client that went away sees no delay; its request is still recorded. The stream is drawn from even when an
  // override sets the delay, so the n-th call of an operation still waits what it would have.
  const drawn = response?.status === 499 ? 0 : state.latency.draw(op.operationId);
  const latencyMs = plan?.delayMs ?? drawn;
  const length = request.headers.get('content-length');
  state.journal.record({
    method: request.method,
    operationId: op.operationId,
    apiPath: options.apiPath,
    pathTemplate: op.path,
    params,
    url: request.url,
    searchParams: seen.ctx?.searchParams,
    workspaceId: seen.ctx?.ws?.id ?? (plan ? callerWorkspace(state, op, request) : null),
    status: response?.status ?? 0,
    at,
    receivedAt,
    bodyBytes: bodyBytesRead.get(request) ?? (length !== null ? Number(length) : unreadBody(call) ? null : 0),
    body: seen.ctx?.body ?? (state.journal.bodies ? sent : undefined),
    secrets: () => requestSecrets((call.incoming as { headers?: NodeHeaders } | undefined)?.headers ?? request.headers, params),
    isKnownSecret: knownSecrets(state.world),
    latencyMs,
    override: plan && journalOverride(plan),
    refusal: plan?.refused !== undefined ? { message: plan.refused } : plan?.canned ? plan.canned.body : seen.refusal,
    ledger: walletMoves(seen),
  });
  // The signal is asked for only when there is a wait: under the Node server it costs an AbortController per request.
  if (latencyMs > 0) await hold(latencyMs, request.signal);
  // A dropped connection: `Response.error()` is what fetch rejects on (MSW answers it so); mocks/server.ts destroys the socket.
  if (!response) return Response.error();
  if (plan?.applied && !plan.refused) return withHeader(response, 'preference-applied', plan.applied);
  return response;
}

/**
 * The JSON body of a request an override answered, for the journal; none for another kind (an upload's bytes are never
 * journalled) or for one that does not parse, which the operation would have refused.
 */
async function bodyForJournal(op: CompiledOperation, call: Call): Promise<unknown> {
  if (!op.requestContentTypes.includes('application/json') || !/^application\/json\b/i.test(call.request.headers.get('content-type') ?? '')) return undefined;
  try {
    return await readJson(call.request, call.incoming);
  } catch {
    return undefined;
  }
}

/**
 * Whether a request left unread had a body of unknown length. Under the Node server, a request without Content-Length
 * has one only when it is chunked: asking `request.body` there would build the whole WHATWG request (a fifth of a list
 * read's cost) to learn it. In-process, the request is a real one and its `body` costs nothing.
 */
function unreadBody(call: Call): boolean {
  return call.incoming ? call.request.headers.has('transfer-encoding') : call.request.body !== null;
}

/** The answer an override gives instead of the operation's; none (undefined) for a dropped connection. */
function overridden(plan: Plan, now: number): Response | undefined {
  if (plan.refused !== undefined) {
    // Not the operation's answer but the mock's word on the request's `Prefer`, as a 400 in the error shape.
    return jsonResponse(400, { statusCode: 400, msg: plan.refused, message: plan.refused });
  }
  if (plan.network) return undefined;
  return cannedResponse(plan.canned!, now, plan.by === 'control' ? { 'x-mock-override': plan.id! } : {});
}

/**
 * The override plan for a request: only a caller the operation lets in has its `Prefer` honoured or spends a control
 * override. Without a valid key, `Prefer: code=401` (the answer it gets anyway) is the one preference taken; anything
 * else goes on to the operation, which answers its 401, and no override is spent on it.
 */
function planOf(state: MockState, op: CompiledOperation, request: Request): Plan | undefined {
  const prefer = request.headers.get('prefer');
  if (prefer === null && state.overrides.size === 0) return undefined;
  if (!op.secured || callerWorkspace(state, op, request) !== null) return planFor(state.validator.document, state.overrides, op, request);
  const asked = preferPlan(state.validator.document, op, prefer);
  return asked?.canned?.status === 401 && !asked.network ? asked : undefined;
}

/** The channels of the caller's workspace, when its key or token names one. */
function callerChannels(state: MockState, op: CompiledOperation, request: Request): Workspace['channels'] {
  const id = callerWorkspace(state, op, request);
  return (id !== null ? state.world.workspaces.get(id)?.channels : undefined) ?? [];
}

/** The caller's workspace for the journal when the operation did not run: a key or token that names one, else none. */
function callerWorkspace(state: MockState, op: CompiledOperation, request: Request): string | null {
  if (!op.secured) return null;
  try {
    return authenticate(state.world, request.headers.get('authorization')).ws.id;
  } catch {
    return null;
  }
}

function withHeader(response: Response, name: string, value: string): Response {
  dropAnswerParts(response);
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // A response whose headers are immutable is copied, its body still streaming.
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    copy.headers.set(name, value);
    return copy;
  }
}

/** What the stages leave for the journal: the context, with the caller's workspace and the parsed body. */
export interface Seen {
  ctx?: Ctx;
  /** The caller's ledger length once authenticated: what the request added follows it. */
  ledgerAt?: number;
  /** The body of an answer of 400 or more. */
  refusal?: unknown;
}

/** The ledger entries the request added to its caller's wallet (the ledger only grows), with the balance after. */
function walletMoves(seen: Seen): Exchange['ledger'] {
  const ws = seen.ctx?.ws;
  if (!ws || seen.ledgerAt === undefined || ws.wallet.ledger.length <= seen.ledgerAt) return undefined;
  return { added: ws.wallet.ledger.slice(seen.ledgerAt), balance: ws.wallet.balance };
}

/** The context a handler sees, before authentication and input. */
function newContext(state: MockState, op: CompiledOperation, call: Call, options: RunOptions): Ctx {
  const origin = publicOrigin(state.access, call.request);
  return {
    state,
    world: state.world,
    env: state.env,
    now: state.clock.now(),
    ws: undefined as unknown as Workspace,
    credential: null,
    op,
    params: call.params,
    query: {},
    body: undefined,
    deferred: [],
    request: call.request,
    incoming: call.incoming,
    origin,
    apiBase: origin + options.apiPath,
  };
}

/**
 * Read and validate the input once; the violations the operation defers are left in `ctx.deferred`. Input the document
 * refuses comes back as the refusal, a value like the 401's: it is an answer, not a failure to unwind from.
 */
async function readInput(ctx: Ctx, h: OperationHandler): Promise<DomainError | undefined> {
  const { request, op } = ctx;
  let parsedBody: unknown;
  if (!h.rawBody && op.requestContentTypes.length > 0) parsedBody = await readJson(request, ctx.incoming);
  const check = op.validateRequest({
    path: ctx.params,
    query: (ctx.searchParams = searchParamsOf(request.url)),
    headers: request.headers,
    body: h.rawBody ? undefined : parsedBody,
    contentType: h.rawBody ? undefined : (request.headers.get('content-type') ?? undefined),
  });
  // Kept before the verdict: the request journal records what was sent, refused or not.
  ctx.body = parsedBody;
  const violations = h.rawBody ? check.violations.filter((v) => v.in !== 'body') : check.violations;
  if (violations.length > 0) {
    const own = h.defer ? violations.filter((v) => !h.defer!(ctx, v)) : violations;
    if (own.length > 0) return invalid(describeViolations(own));
    ctx.deferred = violations;
  }
  ctx.params = { ...ctx.params, ...check.path };
  ctx.query = check.query;
  return undefined;
}

/** The links a refusal may carry, worked out only when one reads them (402s do; most refusals do not). */
class ErrorLinks {
  readonly #state: MockState;
  readonly #request: Request;
  readonly #ws: Workspace | undefined;
  constructor(state: MockState, request: Request, ws: Workspace | undefined) {
    this.#state = state;
    this.#request = request;
    this.#ws = ws;
  }
  get appUrl(): string {
    return publicOrigin(this.#state.access, this.#request);
  }
  get walletUrl(): string {
    return walletLink(this.#state, this.#ws);
  }
}

/** Run one operation through its stages: tick, authenticate, admit, read and validate input, act. */
async function decide(state: MockState, op: CompiledOperation, h: OperationHandler, options: RunOptions, call: Call, memo?: Memo): Promise<Decision> {
  const { request } = call;
  let ctx: Ctx | undefined;
  // A wallet refusal links to the wallet page of the workspace it refused (unset before authentication).
  const errorOptions = () => new ErrorLinks(state, request, ctx?.ws || undefined);
  try {
    // Time passes before anything is read, so a request sees every post that is due as sent.
    state.tick();
    ctx = newContext(state, op, call, options);
    if (call.seen) call.seen.ctx = ctx;
    if (op.secured) {
      const who = identify(state.world, request.headers.get('authorization'));
      if (who instanceof DomainError) return refusal(who, errorOptions());
      ctx.credential = who;
      ctx.ws = who.ws;
      if (call.seen) call.seen.ledgerAt = ctx.ws.wallet.ledger.length;
    }
    // The operation sees its workspace's time: the caller's, or the one a control path names (a conformance lane may
    // have moved its workspaces' clock alone).
    const scope = ctx.ws ?? (!options.public && op.path.startsWith('/workspaces/{id}') ? state.world.workspaces.get(String(call.params?.id)) : undefined);
    if (scope && scope.clockAheadMs !== 0) {
      ctx.env = workspaceEnv(state.env, scope);
      ctx.now = ctx.env.clock.now();
    }
    h.admit?.(ctx);
    const refused = await readInput(ctx, h);
    if (refused) return refusal(refused, errorOptions());
    const key = memo && h.memo!(ctx);
    const kept = key === undefined ? undefined : memo!.get(key);
    if (kept) return { kind: 'ready', response: respond(request, kept, 200, JSON_HEADERS) };
    const reply = await h.handle(ctx);
    if (reply.response) return { kind: 'ready', response: reply.response };
    if (key !== undefined && (reply.status ?? 200) === 200 && !reply.headers) {
      return { kind: 'ready', response: respond(request, memo!.set(key, reply.body), 200, JSON_HEADERS) };
    }
    return { kind: 'reply', status: reply.status ?? 200, body: reply.body, headers: reply.headers ?? {} };
  } catch (err) {
    // A body over the limit is refused like a proxy would, before the operation: not one of its documented answers,
    // so no fault or output check applies. The connection closes after it (lingering a bounded moment so that a
    // client still sending reads the 413 rather than a reset: mocks/server.ts), and the rest of the body is never kept.
    if (err instanceof BodyTooLarge) {
      const out = errorReply(err, errorOptions());
      return { kind: 'final', response: jsonResponse(out.status, out.body, { connection: 'close' }), body: out.body };
    }
    if (err instanceof DomainError) return refusal(err, errorOptions());
    // The answer goes nowhere; a status is still needed to end the handler.
    if (clientAborted(request, err)) return { kind: 'final', response: new Response(null, { status: 499 }) };
    console.error(`[mock] ${op.operationId} failed:`, err);
    const body = { statusCode: 500, msg: 'Internal mock error', message: String((err as Error)?.message ?? err) };
    return { kind: 'final', response: jsonResponse(500, body), body };
  }
}

/** An operation's refusal, as the reply its error kind takes (mocks/http/errors.ts). */
function refusal(err: DomainError, links: ErrorLinks): Decision {
  const out = errorReply(err, links);
  return { kind: 'reply', status: out.status, body: out.body, headers: out.headers };
}

/** Strict mode (tests): an answer outside the operation's contract becomes a 500 naming what is wrong. */
function strictCheck(op: CompiledOperation): (d: Exclude<Decision, { kind: 'final' }>) => Response | undefined {
  return (d) => {
    const violations =
      d.kind === 'ready'
        ? op.validateResponse(d.response.status, undefined, d.response.headers).filter((v) => v.in !== 'response-body')
        : op.validateResponse(d.status, d.body, { 'content-type': 'application/json', ...d.headers });
    if (violations.length === 0) return undefined;
    const status = d.kind === 'ready' ? d.response.status : d.status;
    const lines = describeViolations(violations);
    console.error(`[mock] strict: ${op.operationId} answered ${status} outside its contract:\n  ${lines.join('\n  ')}`);
    return jsonResponse(500, { statusCode: 500, msg: `Mock answered outside its contract (${op.operationId} ${status})`, message: lines });
  };
}
