// Handlers for the `Account and channels` operations (reference 4.1), keyed by operationId.
import { deleteIntegration, integrationSettings, listChannels, listGroups, requireChannel, socialConnectUrl } from '../../domain/channels.ts';
import { findSlot } from '../../domain/find-slot.ts';
import { runTool } from '../../domain/integration-tools.ts';
import type { PublicHandlers } from '../typed.ts';

export const handlers = {
  checkConnection: () => ({ body: { connected: true } }),

  listIntegrations: {
    // The most read answer of the API (clients poll it): channels change only through requests that are not GETs.
    memo: (ctx) => `${ctx.ws.id}\n${ctx.query.group ?? ''}`,
    handle: (ctx) => ({ body: listChannels(ctx.ws, ctx.query.group) }),
  },

  listGroups: (ctx) => ({ body: listGroups(ctx.ws) }),

  getIntegrationSettings: (ctx) => ({
    body: integrationSettings(ctx.world, ctx.ws, ctx.params.id, ctx.state.validator.document.components?.schemas ?? {}),
  }),

  triggerIntegrationTool: (ctx) => {
    const channel = requireChannel(ctx.ws, ctx.params.id);
    return { body: { output: runTool(ctx.world, channel, ctx.body.methodName, ctx.body.data ?? {}) } };
  },

  getSocialConnectUrl: (ctx) => ({
    body: socialConnectUrl(ctx.world, ctx.ws, ctx.params.integration, ctx.query.refresh, ctx.origin, ctx.env),
  }),

  deleteIntegration: (ctx) => ({ body: deleteIntegration(ctx.world, ctx.ws, ctx.params.id, ctx.env) }),

  findSlot: (ctx) => {
    const channel = requireChannel(ctx.ws, ctx.params.id);
    return { body: { date: new Date(findSlot(ctx.ws, channel, ctx.now)).toISOString() } };
  },
} satisfies Partial<PublicHandlers>;
