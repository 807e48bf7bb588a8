// Control API: a brief document's revisions, oldest first (every save records one; a kept delete records the removal).
import { documentHistory } from '../../domain/brief.ts';
import type { HandlerMap } from '../pipeline.ts';
import { controlWorkspace } from './oauth.ts';

export const handlers: HandlerMap = {
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
};
