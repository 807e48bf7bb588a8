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
