// The request pipeline, written once as stages: route (done by the app), authenticate, admit, parse, validate, act, check output.
import type { Readable } from 'node:stream';
import { DomainError, invalid } from '../domain/errors.ts';
import { authenticate, type Credential } from '../domain/auth.ts';
import type { Env, World, Workspace } from '../domain/world.ts';
import type { CompiledOperation, Violation } from '../../spec/validator.ts';
import { describeViolations } from '../../spec/validator.ts';
import { errorReply } from './errors.ts';
import { BodyTooLarge, bodyBytesRead, readJson } from './body.ts';
import { publicOrigin } from './access.ts';
import type { MockState } from './state.ts';
import { hold } from './latency.ts';

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
  body: any;
  /** The request's violations that the operation's `defer` kept for it to report. */
  deferred: Violation[];
  request: Request;
  /** The raw Node request under a real server (absent in-process): uploads stream from it without the Web stream detour. */
  incoming?: Readable;
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
}

export type HandlerMap = Record<string, OperationHandler | Handle>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

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

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, headers: { ...JSON_HEADERS, ...headers } });
}

export interface RunOptions {
  /** Public API root path (`/api/public/v1`), for building absolute URLs in replies. */
  apiPath: string;
  /** Which validator this operation belongs to, for output checks. */
  validate: boolean;
  /** A public API operation: recorded in the request journal and delayed by --latency (the control API never is). */
  public?: boolean;
}

/** Run one operation; a public one is recorded in the journal once its answer is decided, then held for its latency. */
export async function runOperation(
  state: MockState,
  op: CompiledOperation,
  handler: OperationHandler | Handle,
  request: Request,
  pathParams: Record<string, string>,
  options: RunOptions,
  incoming?: Readable,
): Promise<Response> {
  if (!options.public) return runStages(state, op, handler, request, pathParams, options, incoming);
  const receivedAt = Date.now();
  const at = state.clock.now();
  const seen: Seen = {};
  const response = await runStages(state, op, handler, request, pathParams, options, incoming, seen);
  // A client that went away sees no delay; its request is still recorded.
  const latencyMs = response.status === 499 ? 0 : state.latency.draw(op.operationId);
  const length = request.headers.get('content-length');
  const credential = request.headers.get('authorization');
  state.journal.record({
    method: request.method,
    operationId: op.operationId,
    apiPath: options.apiPath,
    pathTemplate: op.path,
    params: pathParams,
    url: request.url,
    workspaceId: seen.ctx?.ws?.id ?? null,
    status: response.status,
    at,
    receivedAt,
    bodyBytes: bodyBytesRead.get(request) ?? (length !== null ? Number(length) : request.body ? null : 0),
    body: seen.ctx?.body,
    secrets: [credential ?? '', credential?.replace(/^Bearer\s+/i, '') ?? '', pathParams.token ?? ''],
    latencyMs,
  });
  await hold(latencyMs, request.signal);
  return response;
}

/** What the stages leave for the journal: the context, with the caller's workspace and the parsed body. */
interface Seen {
  ctx?: Ctx;
}

/** Run one operation through every stage and produce the response. */
async function runStages(
  state: MockState,
  op: CompiledOperation,
  handler: OperationHandler | Handle,
  request: Request,
  pathParams: Record<string, string>,
  options: RunOptions,
  incoming?: Readable,
  seen?: Seen,
): Promise<Response> {
  const h = asHandler(handler);
  const origin = publicOrigin(state.access, request);
  let status = 200;
  let body: unknown;
  let headers: Record<string, string> = {};
  let raw: Response | undefined;
  try {
    // Time passes before anything is read, so a request sees every post that is due as sent.
    state.tick();
    const ctx: Ctx = {
      state,
      world: state.world,
      env: state.env,
      now: state.clock.now(),
      ws: undefined as unknown as Workspace,
      credential: null,
      op,
      params: pathParams,
      query: {},
      body: undefined,
      deferred: [],
      request,
      incoming,
      origin,
      apiBase: origin + options.apiPath,
    };
    if (seen) seen.ctx = ctx;
    if (op.secured) {
      const header = request.headers.get('authorization');
      // Fault hook (mocks/http/faults.ts): `Bearer <key>` taken as the key.
      ctx.credential = authenticate(state.world, state.faults.has('bearer-accepted') ? header?.replace(/^Bearer /, '') : header);
      ctx.ws = ctx.credential.ws;
    }
    h.admit?.(ctx);
    const contentType = request.headers.get('content-type') ?? undefined;
    let parsedBody: unknown;
    if (!h.rawBody && op.requestContentTypes.length > 0) parsedBody = await readJson(request);
    const check = op.validateRequest({
      path: pathParams,
      query: new URL(request.url).searchParams,
      headers: request.headers,
      body: h.rawBody ? undefined : parsedBody,
      contentType: h.rawBody ? undefined : contentType,
    });
    // Kept before the verdict: the request journal records what was sent, refused or not.
    ctx.body = parsedBody;
    const violations = h.rawBody ? check.violations.filter((v) => v.in !== 'body') : check.violations;
    if (violations.length > 0) {
      const own = h.defer ? violations.filter((v) => !h.defer!(ctx, v)) : violations;
      if (own.length > 0) throw invalid(describeViolations(own));
      ctx.deferred = violations;
    }
    ctx.params = { ...pathParams, ...check.path };
    ctx.query = check.query;
    const reply = await h.handle(ctx);
    if (reply.response) {
      raw = reply.response;
      status = raw.status;
    } else {
      status = reply.status ?? 200;
      body = reply.body;
      headers = reply.headers ?? {};
    }
  } catch (err) {
    // A body over the limit is refused like a proxy would, before the operation: not one of its documented answers,
    // so no override or output check applies. The connection closes after it (lingering a bounded moment so that a
    // client still sending reads the 413 rather than a reset: mocks/server.ts), and the rest of the body is never kept.
    if (err instanceof BodyTooLarge) {
      const out = errorReply(err, { appUrl: origin, walletPath: state.config.walletPath });
      return jsonResponse(out.status, out.body, { connection: 'close' });
    }
    if (err instanceof DomainError) {
      const out = errorReply(err, { appUrl: origin, walletPath: state.config.walletPath });
      status = out.status;
      body = out.body;
      headers = {};
    } else if (clientAborted(request, err)) {
      // The answer goes nowhere; a status is still needed to end the handler.
      return new Response(null, { status: 499 });
    } else {
      console.error(`[mock] ${op.operationId} failed:`, err);
      return jsonResponse(500, { statusCode: 500, msg: 'Internal mock error', message: String((err as Error)?.message ?? err) });
    }
  }

  for (const override of state.overrides) {
    if (raw || (override.operations && !override.operations.includes(op.operationId)) || !override.after) continue;
    const next = override.after({ status, body, headers }, { operationId: op.operationId, request });
    if (next) ({ status, body, headers } = next);
  }

  if (state.strict && options.validate) {
    const outHeaders = raw ? raw.headers : { 'content-type': 'application/json', ...headers };
    const violations = raw
      ? op.validateResponse(status, undefined, outHeaders).filter((v) => v.in !== 'response-body')
      : op.validateResponse(status, body, outHeaders);
    if (violations.length > 0) {
      const lines = describeViolations(violations);
      console.error(`[mock] strict: ${op.operationId} answered ${status} outside its contract:\n  ${lines.join('\n  ')}`);
      return jsonResponse(500, { statusCode: 500, msg: `Mock answered outside its contract (${op.operationId} ${status})`, message: lines });
    }
  }
  return raw ?? jsonResponse(status, body, headers);
}
