// Control API: one workspace back to how it was made (the states hook's `workspace.reset`), the rest of the world as it is.
import { resetWorkspace, resetWorkspaces } from '../../domain/workspace-reset.ts';
import type { ControlHandlers } from '../typed.ts';
import { workspaceRow } from './wallet.ts';

export const handlers = {
  resetWorkspace: (ctx) => {
    const { files } = resetWorkspace(ctx.world, ctx.params.id, ctx.env);
    for (const name of files) ctx.state.effects.files.remove(name);
    return { body: workspaceRow(ctx.world.workspaces.get(ctx.params.id)!) };
  },

  resetWorkspaces: (ctx) => {
    const ids = [...new Set((ctx.body as { workspaces: string[] }).workspaces)];
    const { files } = resetWorkspaces(ctx.world, ids, ctx.env);
    for (const name of files) ctx.state.effects.files.remove(name);
    return { body: ids.map((id) => workspaceRow(ctx.world.workspaces.get(id)!)) };
  },
} satisfies Partial<ControlHandlers>;
