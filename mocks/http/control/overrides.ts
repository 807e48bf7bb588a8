// Control API handlers for answers on demand (GET/POST/DELETE /_mock/overrides, DELETE /_mock/overrides/{overrideId}).
import { invalid, notFound } from '../../domain/errors.ts';
import { MAX_OVERRIDES, OverrideRefused, type OverrideCreate } from '../overrides.ts';
import type { ControlHandlers } from '../typed.ts';

export const handlers = {
  listOverrides: (ctx) => ({ body: { cap: MAX_OVERRIDES, overrides: ctx.state.overrides.list() } }),

  createOverride: (ctx) => {
    try {
      const created = ctx.state.overrides.add(ctx.state.validator.document, ctx.state.validator.operations, ctx.body as OverrideCreate);
      return { status: 201, body: created };
    } catch (err) {
      if (err instanceof OverrideRefused) throw invalid(err.message);
      throw err;
    }
  },

  clearOverrides: (ctx) => ({ body: { cleared: ctx.state.overrides.clear() } }),

  deleteOverride: (ctx) => {
    if (!ctx.state.overrides.remove(ctx.params.overrideId)) throw notFound('Override not found');
    return { body: { deleted: true } };
  },
} satisfies Partial<ControlHandlers>;
