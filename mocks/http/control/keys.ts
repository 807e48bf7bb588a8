// Control API: rotate a workspace's API key (the old key answers 401 at once).
import { rotateApiKey } from '../../domain/keys.ts';
import type { HandlerMap } from '../pipeline.ts';
import { controlWorkspace } from './oauth.ts';

export const handlers: HandlerMap = {
  rotateApiKey: (ctx) => ({ body: rotateApiKey(ctx.world, controlWorkspace(ctx.world, ctx.params.id), ctx.env) }),
};
