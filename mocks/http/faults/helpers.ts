// What the fault catalogue's areas share (mocks/http/faults/): a fault's definition, and the ways a fault reaches into the mock.
import type { MockState } from '../state.ts';
import type { Handle, OperationHandler } from '../pipeline.ts';
import type { Violation } from '../../../spec/validator.ts';
import { timeIn, type Workspace, type World } from '../../domain/world.ts';
import type { PostRow } from '../../domain/posts.ts';

export interface FaultDefinition {
  name: string;
  area: string;
  description: string;
  /** The checks expected to catch it (suites/faults.test.ts runs exactly these and fails if none fails). */
  caughtBy: string[];
  /** Changes a decided JSON reply (errors included) of the `operations` named, all when none are. */
  override?: (state: MockState) => After;
  operations?: string[];
  /** Changes how operations act: wraps their handlers (after authentication and validation, before acting). */
  handlers?: Partial<Record<string, (inner: OperationHandler, state: MockState) => OperationHandler>>;
  /** Changes the request before the mock reads it (authentication included), for every operation. */
  request?: (request: Request, state: MockState) => Request;
  /** Changes the request before the mock routes it (its path and query included): a server of another make's URLs. */
  incoming?: (request: Request, state: MockState) => Request;
  /** Changes every answer as it leaves the mock (control answers included): a server of another make's ids. */
  outgoing?: (response: Response, state: MockState) => Promise<Response>;
  /** Behaviour that lives outside one reply (the clock's tick): wraps a seam of the state once, at start. */
  install?: (state: MockState) => void;
}

export type Reply = { status: number; body: any; headers: Record<string, string> };

/** The last path segment of a URL, decoded: a ticket's token in its uploadUrl, a post's id in a request. */
export function lastSegment(url: string | URL): string {
  return segmentAt(url, -1);
}

/** The upload ticket a URL ends in (a minted ticket's uploadUrl, an upload's request), if the world holds it. */
export function ticketAt(state: MockState, url: string | URL) {
  return state.world.uploadTickets.get(lastSegment(url));
}

/** A URL's path segment at `index` (negative from the end), decoded: an id in a request's path. */
export function segmentAt(url: string | URL, index: number): string {
  return decodeSegment(new URL(url).pathname.split('/').at(index) ?? '');
}

/**
 * A path segment decoded, or as sent when it is not valid percent-encoding: a fault models the one bug it names, and
 * a hostile id (`%ZZ`) must meet the mock's own 404, not a crash of the fault's.
 */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
/** What an override knows of the request: its operation, the request, and the mock's clock when it arrived. */
export type Info = { operationId: string; request: Request; startedAt: number };
/** A reply override: the reply to answer instead, or `undefined` to keep it. */
export type After = (reply: Reply, info: Info) => Reply | void;

/** Now, as workspace `ws` sees it: the mock's clock, and how far the workspace's own runs ahead (a lane's, moved alone). */
export function nowIn(state: MockState, ws: Workspace | undefined): number {
  return ws ? timeIn(state.env, ws) : state.clock.now();
}

/**
 * Whether a record's instant (in workspace `ws`'s time) falls within the request being answered: what this request
 * made, not what came before. A running clock moves while a request is handled, so "made now" is a span from its
 * arrival, never one instant (matched as one, a fault acted only when the handler and the override shared a
 * millisecond).
 */
export function duringRequest(state: MockState, ws: Workspace, info: Info, at: number): boolean {
  const now = nowIn(state, ws);
  return at >= info.startedAt + (now - state.clock.now()) && at <= now;
}

/** The usual override: act only on a 200 answered to a workspace's key; `undefined` keeps the reply. */
export function onOk(fn: (state: MockState, r: Reply, ws: Workspace, info: Info) => Reply | undefined): NonNullable<FaultDefinition['override']> {
  return (state) => (r, info) => {
    const ws = workspaceOf(state, info.request);
    return r.status === 200 && ws ? fn(state, r, ws, info) : undefined;
  };
}

/** Takes back every refund the operation just made (those recorded while it was handled), balance and ledger alike. */
export const undoRefundsNow: NonNullable<FaultDefinition['override']> = onOk((state, _, ws, info) => {
  takeBack(ws, (t) => t.type === 'REFUND' && duringRequest(state, ws, info, t.createdAt));
  return undefined;
});

/** Take the ledger entries `which` picks out of the workspace's wallet, the balance with them: as if never made. */
export function takeBack(ws: Workspace, which: (t: any) => boolean): void {
  const gone = ws.wallet.ledger.filter(which);
  for (const t of gone) ws.wallet.balance -= t.cents;
  ws.wallet.ledger = ws.wallet.ledger.filter((t) => !gone.includes(t));
}

/** A fault on GET /wallet's forecast: `neededCredits` moved by what `cents` gives each queued row due in its window. */
export function shiftForecast(cents: (state: MockState, ws: Workspace, row: PostRow) => number): NonNullable<FaultDefinition['override']> {
  return onOk((state, r, ws) => {
    const f = r.body?.forecast;
    if (!f) return undefined;
    const end = nowIn(state, ws) + f.windowHours * 3_600_000;
    let shift = 0;
    for (const row of ws.posts.rows.values()) if (row.state === 'QUEUE' && row.publishAt <= end) shift += cents(state, ws, row);
    return shift === 0 ? undefined : { ...r, body: { ...r.body, forecast: { ...f, neededCredits: Math.round(f.neededCredits * 100 + shift) / 100 } } };
  });
}

/** A fault that acts on what each clock tick published or failed, after the real tick and on its result. */
export function afterTick(act: (state: MockState, result: ReturnType<MockState['tick']>) => void): NonNullable<FaultDefinition['install']> {
  return (state) => {
    const tick = state.tick;
    state.tick = (only) => {
      const result = tick(only);
      act(state, result);
      return result;
    };
  };
}

/** The rows of these post ids, with the workspace each belongs to. */
export function* rowsOf(state: MockState, ids: string[]): Generator<{ ws: Workspace; row: PostRow }> {
  for (const id of ids) {
    for (const ws of state.world.workspaces.values()) {
      const row = ws.posts.rows.get(id);
      if (row) yield { ws, row };
    }
  }
}

export const query = (request: Request) => new URL(request.url).searchParams;
export const pageOf = (request: Request) => Number(query(request).get('page') ?? '1');

export function workspaceOf(state: MockState, request: Request): Workspace | undefined {
  const id = state.world.apiKeys.get((request.headers.get('authorization') ?? '').trim());
  return id ? state.world.workspaces.get(id) : undefined;
}

export function mediaView(item: any, origin: string) {
  return { id: item.id, name: item.name, originalName: item.originalName, path: item.path.startsWith('/') ? origin + item.path : item.path, thumbnail: item.thumbnail, alt: item.alt };
}

export function newestFirst(items: any[]): any[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt || (b.seq ?? 0) - (a.seq ?? 0));
}

/** Per-world memory a fault needs (tickets and tokens it brings back); dropped with the world on reset. */
const memory = new WeakMap<World, Map<string, any>>();
export function remember(world: World): Map<string, any> {
  let m = memory.get(world);
  if (!m) memory.set(world, (m = new Map()));
  return m;
}

export const isSpend = (t: any) => t.type === 'SPEND';

/** A handler whose act is wrapped: `wrap` gets the context and the inner act, and decides when (or whether) to call it. */
export function around(inner: OperationHandler, wrap: (ctx: Parameters<Handle>[0], handle: Handle) => ReturnType<Handle>): OperationHandler {
  return { ...inner, handle: (ctx) => wrap(ctx, inner.handle) };
}

/**
 * `around` for a fault in what an operation does with its body: a request without one goes straight to the operation,
 * which words that refusal itself (POST /posts defers it), so the fault does not crash into a 500 it does not model.
 */
export function aroundBody(inner: OperationHandler, wrap: (ctx: Parameters<Handle>[0], handle: Handle) => ReturnType<Handle>): OperationHandler {
  return around(inner, (ctx, handle) => (ctx.body === undefined ? handle(ctx) : wrap(ctx, handle)));
}

/**
 * A request validator that forgot one rule of the document: the violations `forgot` matches are neither refused nor
 * reported, and the operation acts on the body as sent (after `adjust`, a lenient reading of it, when there is one).
 * What the operation defers on its own is left to it.
 */
export function forgetting(forgot: (v: Violation) => boolean, adjust?: (body: any, ctx: Parameters<Handle>[0]) => any): (inner: OperationHandler) => OperationHandler {
  return (inner) => ({
    ...inner,
    defer: (ctx, v) => forgot(v) || (inner.defer?.(ctx, v) ?? false),
    handle: (ctx) => {
      const body = adjust && ctx.body !== undefined ? adjust(structuredClone(ctx.body), ctx) : ctx.body;
      return inner.handle({ ...ctx, body, deferred: ctx.deferred.filter((v) => !forgot(v)) });
    },
  });
}
