// Control API: a brief document's revisions, oldest first (every save records one; a kept delete records the removal).
import { documentHistory } from '../../domain/brief.ts';

import { controlWorkspace } from './oauth.ts';
import type { ControlHandlers } from '../typed.ts';

export const handlers = {
  getBriefHistory: (ctx) => {
    const ws = controlWorkspace(ctx.world, ctx.params.id);
    return {
      body: documentHistory(ws, ctx.params.category, ctx.params.key).map((r) => ({
        revision: r.revision,
        at: new Date(r.at).toISOString(),
        action: r.action,
        content: r.content,
      })),
    };
  },
} satisfies Partial<ControlHandlers>;
