// Control API: one workspace back to how it was made (the states hook's `workspace.reset`), the rest of the world as it is.
import { isPayAsYouGo } from '../../domain/billing.ts';
import { resetWorkspace, resetWorkspaces } from '../../domain/workspace-reset.ts';
import type { Workspace } from '../../domain/world.ts';
import type { ControlHandlers } from '../typed.ts';

const row = (ws: Workspace) => ({ id: ws.id, name: ws.name, plan: ws.plan, payAsYouGo: isPayAsYouGo(ws), frozen: ws.wallet.frozen, apiKey: ws.apiKey });

export const handlers = {
  resetWorkspace: (ctx) => {
    const { files } = resetWorkspace(ctx.world, ctx.params.id, ctx.env);
    for (const name of files) ctx.state.effects.files.remove(name);
    return { body: row(ctx.world.workspaces.get(ctx.params.id)!) };
  },

  resetWorkspaces: (ctx) => {
    const ids = [...new Set((ctx.body as { workspaces: string[] }).workspaces)];
    const { files } = resetWorkspaces(ctx.world, ids, ctx.env);
    for (const name of files) ctx.state.effects.files.remove(name);
    return { body: ids.map((id) => row(ctx.world.workspaces.get(id)!)) };
  },
} satisfies Partial<ControlHandlers>;
