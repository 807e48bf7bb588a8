// Control API handlers for the request journal (GET/DELETE /_mock/requests) and the simulated latency (GET/PUT /_mock/latency).
import { invalid } from '../../domain/errors.ts';
import type { Ctx } from '../pipeline.ts';
import { formatLatency, LatencySyntaxError, parseLatency } from '../latency.ts';
import type { ControlHandlers } from '../typed.ts';

function latencyView(ctx: Ctx) {
  return { latency: formatLatency(ctx.state.latency.plan), seed: ctx.state.latency.seed };
}

export const handlers = {
  listRequests: (ctx) => {
    const q = ctx.query as Record<string, string | number | undefined>;
    const since = q.since === undefined ? undefined : Date.parse(String(q.since));
    if (since !== undefined && Number.isNaN(since)) throw invalid('since must be an ISO 8601 date-time');
    const journal = ctx.state.journal;
    return {
      body: {
        bodies: journal.bodies,
        cap: ctx.state.config.caps.journal,
        forgotten: journal.forgotten,
        lastSeq: journal.lastSeq,
        entries: journal.list({
          operation: q.operation as string | undefined,
          workspace: q.workspace as string | undefined,
          status: q.status as string | undefined,
          method: q.method as string | undefined,
          path: q.path as string | undefined,
          since,
          after: q.after === undefined ? undefined : Number(q.after),
        }),
      },
    };
  },

  clearRequests: (ctx) => ({ body: { cleared: ctx.state.journal.clear() } }),

  getLatency: (ctx) => ({ body: latencyView(ctx) }),

  setLatency: (ctx) => {
    const { latency, seed } = ctx.body as { latency: string; seed?: number };
    let plan;
    try {
      plan = parseLatency(latency, ctx.state.validator.operations.map((o) => o.operationId));
    } catch (err) {
      if (err instanceof LatencySyntaxError) throw invalid(`latency ${err.message}`);
      throw err;
    }
    ctx.state.latency.set(plan, seed);
    return { body: latencyView(ctx) };
  },
} satisfies Partial<ControlHandlers>;
