// AI generation (reference section 4.8): the plan refusal below a paid plan, a plausible answer on it.
import { generateVideo, runVideoFunction } from '../../domain/ai.ts';
import type { PublicHandlers } from '../typed.ts';


export const handlers = {
  generateVideo: (ctx) => ({ body: generateVideo(ctx.ws, ctx.body ?? {}, ctx.origin, ctx.env) }),
  runVideoFunction: (ctx) => ({ body: runVideoFunction(ctx.ws, ctx.body) }),
} satisfies Partial<PublicHandlers>;
