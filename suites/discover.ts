// What the suites learn from the target before generating requests: channels, groups and each channel's limits, per workspace.
import type { ApiClient } from './client.ts';
import type { KeyKind, Target } from './target.ts';
import { KEY_KINDS } from './target.ts';
import { record, records } from './json.ts';

export { record, records };

export interface ChannelInfo {
  id: string;
  name: string;
  identifier: string;
  customer?: { id: string; name: string };
  maxLength?: number;
  tools: string[];
  disabled?: boolean;
}

export interface WorkspaceView {
  kind: KeyKind;
  channels: ChannelInfo[];
  groups: Array<{ id: string; name: string }>;
}

export interface Discovery {
  workspaces: Partial<Record<KeyKind, WorkspaceView>>;
  /** The price list's items, when a key could read it (prices change: always read them). */
  prices: Array<{ key: string; provider: string; credits: number; billing: string }>;
}

export async function discover(target: Target, api: ApiClient): Promise<Discovery> {
  const out: Discovery = { workspaces: {}, prices: [] };
  for (const kind of KEY_KINDS) {
    if (!target.keys[kind]) continue;
    const auth = { kind } as const;
    const channels = await api.read({ operationId: 'listIntegrations', auth }, `discovery of the ${kind} workspace's channels`);
    const groups = await api.read({ operationId: 'listGroups', auth }, `discovery of the ${kind} workspace's groups`);
    const view: WorkspaceView = {
      kind,
      // Lenient on purpose: discovery keeps every well-formed entry of a list and skips the others (the response
      // checks report a malformed answer), so one bad channel does not leave every check without channels.
      channels: records(channels.responseBody).flatMap((c) =>
        typeof c.id === 'string' && typeof c.identifier === 'string' ? [{ id: c.id, name: String(c.name), identifier: c.identifier, customer: group(c.customer), disabled: c.disabled === true, tools: [] }] : [],
      ),
      groups: records(groups.responseBody).flatMap((g) => (typeof g.id === 'string' ? [{ id: g.id, name: String(g.name) }] : [])),
    };
    for (const ch of view.channels) {
      const s = await api.read({ operationId: 'getIntegrationSettings', path: { id: ch.id }, auth }, `discovery of channel ${ch.id}'s limits`);
      const output = record(record(s.responseBody)?.output);
      if (s.status === 200 && output) {
        const maxLength = output.maxLength;
        if (typeof maxLength === 'number' && Number.isInteger(maxLength)) ch.maxLength = maxLength;
        ch.tools = records(output.tools).flatMap((t) => (typeof t.methodName === 'string' ? [t.methodName] : []));
      }
    }
    out.workspaces[kind] = view;
  }
  const priceKey = target.keys.payg ?? target.keys.free ?? target.keys.paid;
  if (priceKey) {
    const prices = await api.read({ operationId: 'getWalletPrices', auth: { header: priceKey } }, 'discovery of the price list');
    for (const section of records(record(prices.responseBody)?.sections)) {
      for (const item of records(section.items)) {
        if (typeof item.key === 'string') out.prices.push({ key: item.key, provider: String(item.provider), credits: Number(item.credits), billing: String(item.billing) });
      }
    }
  }
  return out;
}

function group(value: unknown): { id: string; name: string } | undefined {
  const g = record(value);
  return g && typeof g.id === 'string' ? { id: g.id, name: String(g.name) } : undefined;
}

/**
 * The channels whose provider the price list does not name: posting on them or reading their numbers never meets the
 * wallet ("Channels not listed are free", section 2.8), for checks whose subject is not the wallet.
 */
export function unpriced(d: Discovery, channels: ChannelInfo[]): ChannelInfo[] {
  const priced = new Set(d.prices.map((p) => p.provider));
  return channels.filter((c) => !priced.has(c.identifier));
}
