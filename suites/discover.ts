// What the suites learn from the target before generating requests: channels, groups and each channel's limits, per workspace.
import type { ApiClient } from './client.ts';
import type { KeyKind, Target } from './target.ts';
import { KEY_KINDS } from './target.ts';

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
  /** Credits of one `x` post item on the price list, when listed (prices change: always read them). */
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
      channels: Array.isArray(channels.responseBody)
        ? (channels.responseBody as any[]).filter((c) => c && typeof c.id === 'string').map((c) => ({ id: c.id, name: c.name, identifier: c.identifier, customer: c.customer ?? undefined, disabled: c.disabled === true, tools: [] }))
        : [],
      groups: Array.isArray(groups.responseBody) ? (groups.responseBody as any[]).filter((g) => g && typeof g.id === 'string') : [],
    };
    for (const ch of view.channels) {
      const s = await api.read({ operationId: 'getIntegrationSettings', path: { id: ch.id }, auth }, `discovery of channel ${ch.id}'s limits`);
      const output = (s.responseBody as any)?.output;
      if (s.status === 200 && output) {
        if (Number.isInteger(output.maxLength)) ch.maxLength = output.maxLength;
        if (Array.isArray(output.tools)) ch.tools = output.tools.map((t: any) => t?.methodName).filter((m: unknown) => typeof m === 'string');
      }
    }
    out.workspaces[kind] = view;
  }
  const priceKey = target.keys.payg ?? target.keys.free ?? target.keys.paid;
  if (priceKey) {
    const prices = await api.read({ operationId: 'getWalletPrices', auth: { header: priceKey } }, 'discovery of the price list');
    for (const section of ((prices.responseBody as any)?.sections ?? []) as any[]) {
      for (const item of (section?.items ?? []) as any[]) {
        if (item && typeof item.key === 'string') out.prices.push({ key: item.key, provider: item.provider, credits: item.credits, billing: item.billing });
      }
    }
  }
  return out;
}
