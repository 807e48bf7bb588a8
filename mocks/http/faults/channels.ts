// The fault catalogue, Channels (section 4.1): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, onOk, remember } from './helpers.ts';
import { runTool } from '../../domain/integration-tools.ts';
import { integrationSettings, listChannels, listGroups, socialConnectUrl } from '../../domain/channels.ts';

export const groupFilterIgnored: FaultDefinition = {
  name: 'group-filter-ignored',
  area: 'channels',
  description: 'GET /integrations?group=<id> lists every channel of the workspace, not only that group\'s.',
  caughtBy: ['group_filter_lists_exactly_its_channels'],
  operations: ['listIntegrations'],
  override: onOk((_, r, ws, { request }) => (new URL(request.url).searchParams.has('group') ? { ...r, body: listChannels(ws) } : undefined)),
};

/** The channel faults that have no place among the wallet's (see FAULTS). */
export const CHANNELS: FaultDefinition[] = [
  {
    name: 'connect-refresh-ignored',
    area: 'channels',
    description: 'GET /social/<provider> ignores `refresh`: a refresh naming no channel of the workspace gets a connect URL, as a new channel would, instead of 400.',
    caughtBy: ['unknown_names_refused'],
    handlers: {
      getSocialConnectUrl: (inner) => ({ ...inner, handle: (ctx) => ({ body: socialConnectUrl(ctx.world, ctx.ws, ctx.params.integration, undefined, ctx.origin, ctx.env) }) }),
    },
  },
  {
    name: 'settings-any-workspace',
    area: 'channels',
    description: "GET /integration-settings/<id> finds the channel in whichever workspace holds it: another workspace's key reads its settings (200) instead of 404.",
    caughtBy: ['tenant_isolation'],
    handlers: {
      getIntegrationSettings: (inner) => ({
        ...inner,
        handle: (ctx) => {
          const owner = [...ctx.world.workspaces.values()].find((w) => w.channels.some((c) => c.id === ctx.params.id)) ?? ctx.ws;
          return { body: integrationSettings(ctx.world, owner, ctx.params.id, ctx.state.validator.document.components?.schemas ?? {}) };
        },
      }),
    },
  },
  {
    name: 'helper-runs-after-disconnect',
    area: 'channels',
    description: 'POST /integration-trigger/<id> still runs the helpers of a channel DELETE /integrations took away (the disconnect marks the channel gone, and the helper lookup forgot to look), instead of 404.',
    caughtBy: ['use_after_free'],
    handlers: {
      deleteIntegration: (inner) => ({
        ...inner,
        handle: (ctx) => {
          const channel = ctx.ws.channels.find((c) => c.id === ctx.params.id);
          if (channel) remember(ctx.world).set(`disconnected:${ctx.ws.id}:${channel.id}`, channel);
          return inner.handle(ctx);
        },
      }),
      triggerIntegrationTool: (inner) => ({
        ...inner,
        handle: (ctx) => {
          const gone = remember(ctx.world).get(`disconnected:${ctx.ws.id}:${ctx.params.id}`);
          return gone ? { body: { output: runTool(ctx.world, gone, ctx.body.methodName, ctx.body.data ?? {}) } } : inner.handle(ctx);
        },
      }),
    },
  },
  {
    name: 'groups-of-every-workspace',
    area: 'channels',
    description: "GET /groups lists every workspace's groups after the workspace's own: the query lost its workspace filter.",
    caughtBy: ['tenant_isolation'],
    operations: ['listGroups'],
    override: onOk((state, r, ws) => ({ ...r, body: [...r.body, ...[...state.world.workspaces.values()].filter((w) => w.id !== ws.id).flatMap(listGroups)] })),
  },
];
