// Control API: one workspace back to how it was made (the states hook's `workspace.reset`), the rest of the world as it is.
import { isPayAsYouGo } from '../../domain/billing.ts';
import { resetWorkspace } from '../../domain/workspace-reset.ts';
import type { ControlHandlers } from '../typed.ts';

export const handlers = {
  resetWorkspace: (ctx) => {
    const { files } = resetWorkspace(ctx.world, ctx.params.id, ctx.env);
    for (const name of files) ctx.state.effects.files.remove(name);
    const ws = ctx.world.workspaces.get(ctx.params.id)!;
    return { body: { id: ws.id, name: ws.name, plan: ws.plan, payAsYouGo: isPayAsYouGo(ws), frozen: ws.wallet.frozen, apiKey: ws.apiKey } };
  },
} satisfies Partial<ControlHandlers>;
