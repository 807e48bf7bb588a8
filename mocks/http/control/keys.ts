// Control API: rotate a workspace's API key (the old key answers 401 at once).
import { rotateApiKey } from '../../domain/keys.ts';

import { controlWorkspace } from './oauth.ts';
import type { ControlHandlers } from '../typed.ts';

export const handlers = {
  rotateApiKey: (ctx) => ({ body: rotateApiKey(ctx.world, controlWorkspace(ctx.world, ctx.params.id), ctx.env) }),
} satisfies Partial<ControlHandlers>;
