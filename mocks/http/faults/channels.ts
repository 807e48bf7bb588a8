// The fault catalogue, Channels (section 4.1): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, onOk } from './helpers.ts';
import { listChannels } from '../../domain/channels.ts';

export const groupFilterIgnored: FaultDefinition = {
  name: 'group-filter-ignored',
  area: 'channels',
  description: 'GET /integrations?group=<id> lists every channel of the workspace, not only that group\'s.',
  caughtBy: ['group_filter_lists_exactly_its_channels'],
  operations: ['listIntegrations'],
  override: onOk((_, r, ws, { request }) => (new URL(request.url).searchParams.has('group') ? { ...r, body: listChannels(ws) } : undefined)),
};

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
