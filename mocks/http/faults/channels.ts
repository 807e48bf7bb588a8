// The fault catalogue, Channels (section 4.1): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, around, onOk, remember } from './helpers.ts';
import { invalid, notFound } from '../../domain/errors.ts';
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
  {
    name: 'audio-search-needs-q',
    area: 'channels',
    description: 'The `audioSearch` helper refuses a call whose `q` is empty (400 "data.q is required"), where section 2.9 gives an empty q as the search for trending audio.',
    caughtBy: ['positive_data_acceptance'],
    handlers: { triggerIntegrationTool: (inner) => around(inner, (ctx, handle) => {
        if (ctx.body?.methodName === 'audioSearch' && !String(ctx.body?.data?.q ?? '').trim()) throw invalid('data.q is required');
        return handle(ctx);
      }) },
  },
  {
    name: 'creator-info-unwired',
    area: 'channels',
    description: 'GET /integration-settings lists the `creatorInfo` helper, but POST /integration-trigger has no case for it and answers 404 "Unknown method", so the account\'s privacy options are never returned (section 2.9).',
    caughtBy: ['positive_data_acceptance'],
    handlers: { triggerIntegrationTool: (inner) => around(inner, (ctx, handle) => {
        if (ctx.body?.methodName === 'creatorInfo') throw notFound('Unknown method creatorInfo');
        return handle(ctx);
      }) },
  },
  {
    name: 'validate-document-reads-id',
    area: 'channels',
    description: 'The `validateDocument` helper reads the document from `data.id` and refuses a call naming it as `documentId` (400 "data.id is required"), so no document is checked before scheduling (section 2.9).',
    caughtBy: ['positive_data_acceptance'],
    handlers: { triggerIntegrationTool: (inner) => around(inner, (ctx, handle) => {
        if (ctx.body?.methodName === 'validateDocument' && ctx.body?.data?.id === undefined) throw invalid('data.id is required');
        return handle(ctx);
      }) },
  },
  {
    name: 'trigger-method-lowercased',
    area: 'channels',
    description: 'POST /integration-trigger looks the `methodName` up lower-cased among the names the channel lists as written, so a helper listed in camel case (`audioSearch`, `creatorInfo`) answers 404 though its methodName is what the trigger takes (section 2.9).',
    caughtBy: ['positive_data_acceptance'],
    handlers: { triggerIntegrationTool: (inner) => around(inner, (ctx, handle) => (typeof ctx.body?.methodName === 'string' ? handle({ ...ctx, body: { ...ctx.body, methodName: ctx.body.methodName.toLowerCase() } }) : handle(ctx))) },
  },
];
export const channelCustomerIdOnly: FaultDefinition = {
  name: 'channel-customer-id-only',
  area: 'channels',
  description: "GET /integrations answers a labelled channel's `customer` as `{id}` alone (its name left to GET /groups), where section 2.1 gives it `{id: string, name: string}`.",
  caughtBy: ['response_schema_conformance'],
  operations: ['listIntegrations'],
  override: onOk((_, r) => (Array.isArray(r.body) && r.body.some((c: any) => c.customer) ? { ...r, body: r.body.map((c: any) => (c.customer ? { ...c, customer: { id: c.customer.id } } : c)) } : undefined)),
};

export const noSettingsNull: FaultDefinition = {
  name: 'no-settings-null',
  area: 'channels',
  description: 'GET /integration-settings answers `settings: null` for a channel whose provider has no settings of its own (threads), where section 2.10 gives a schema object or the string `No additional settings required`.',
  caughtBy: ['settings_schema_describes_the_provider'],
  operations: ['getIntegrationSettings'],
  override: onOk((_, r) => (r.body?.output?.settings === 'No additional settings required' ? { ...r, body: { output: { ...r.body.output, settings: null } } } : undefined)),
};

export const settingsSchemaUnrequired: FaultDefinition = {
  name: 'settings-schema-unrequired',
  area: 'channels',
  description: "GET /integration-settings answers the provider's settings schema without its `required` list, so a client building the form from it takes every field as optional, where section 2.9 says the answer is the channel's exact schema.",
  caughtBy: ['settings_schema_describes_the_provider'],
  operations: ['getIntegrationSettings'],
  override: onOk((_, r) => {
    const settings = r.body?.output?.settings;
    if (!settings || typeof settings !== 'object' || !Array.isArray(settings.required)) return undefined;
    const { required: _required, ...loose } = settings;
    return { ...r, body: { output: { ...r.body.output, settings: loose } } };
  }),
};
