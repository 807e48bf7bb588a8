// Channels and groups: listing, a channel's rules and settings schema, connect URLs and disconnecting (reference 2.1, 2.2, 2.10, 4.1).
import { isPayAsYouGo } from './billing.ts';
import { isChargedProvider } from './wallet-pricing.ts';
import { invalid, notFound, walletRefusal } from './errors.ts';
import { deleteChannelPosts } from './posts.ts';
import { findChannel, providerInfo, type Channel, type Env, type Workspace, type World } from './world.ts';
import type { components } from '../../spec/generated/openapi.d.ts';

export interface ChannelView {
  id: string;
  name: string;
  identifier: string;
  picture: string | null;
  disabled: boolean;
  profile: string | null;
  customer?: { id: string; name: string };
}

export function channelView(ws: Workspace, channel: Channel): ChannelView {
  const group = channel.customer ? ws.groups.find((g) => g.id === channel.customer) : undefined;
  return {
    id: channel.id,
    name: channel.name,
    identifier: channel.identifier,
    picture: channel.picture,
    disabled: channel.disabled,
    profile: channel.profile,
    ...(group ? { customer: { id: group.id, name: group.name } } : {}),
  };
}

/** `GET /integrations`: every channel, or only those labelled with `group`. */
export function listChannels(ws: Workspace, group?: string): ChannelView[] {
  return ws.channels.filter((c) => group === undefined || c.customer === group).map((c) => channelView(ws, c));
}

export function listGroups(ws: Workspace): Array<{ id: string; name: string }> {
  return ws.groups.map((g) => ({ id: g.id, name: g.name }));
}

export function requireChannel(ws: Workspace, id: string): Channel {
  const channel = findChannel(ws, id);
  if (!channel) throw notFound('Integration not found');
  return channel;
}

export const NO_SETTINGS = 'No additional settings required' as const;

type Schemas = Record<string, any>;

/** Copy a schema with every local `$ref` replaced by what it points to, so a client can use it on its own. */
function inline(node: any, schemas: Schemas, depth = 0): any {
  if (Array.isArray(node)) return node.map((n) => inline(n, schemas, depth));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && depth < 16) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1];
    if (name && schemas[name]) return inline(schemas[name], schemas, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, schemas, depth)]));
}

/**
 * The settings JSON schema of a provider, taken from the contract's `components.schemas` (the schema whose
 * `properties.__type.const` is the provider) without its examples and extensions, or `No additional settings required`
 * when it has no field but `__type`.
 */
export function settingsSchemaFor(schemas: Schemas, identifier: string): Record<string, unknown> | typeof NO_SETTINGS {
  const found = Object.values(schemas).find((s: any) => s?.properties?.__type?.const === identifier);
  if (!found) return NO_SETTINGS;
  const fields = Object.keys(found.properties ?? {}).filter((k) => k !== '__type');
  if (fields.length === 0) return NO_SETTINGS;
  // The document's examples and x-invalid cases are for the suites and the scenarios, not part of what a channel takes.
  const { examples: _examples, ...schema } = inline(found, schemas);
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith('x-')));
}

/** The wire shape itself: the domain builds this answer whole from the provider catalogue. */
export type IntegrationSettings = components['schemas']['IntegrationSettings'];

export function integrationSettings(world: World, ws: Workspace, id: string, schemas: Schemas): IntegrationSettings {
  const channel = requireChannel(ws, id);
  const info = providerInfo(world, channel.identifier);
  return {
    output: {
      rules: info.rules,
      maxLength: info.maxLength,
      settings: settingsSchemaFor(schemas, channel.identifier),
      tools: info.tools.map((t) => structuredClone(t)),
    },
  };
}

/** The 402 for connecting a priced provider (x) on a free workspace before its first top-up. */
export const connectRefusal = (label: string) => `Connecting an ${label} channel is paid from wallet credits. Top up your wallet first.`;

/**
 * `GET /social/{integration}`: the provider's OAuth URL. 400 for an unknown provider or a `refresh` that is not one of
 * the workspace's channels of that provider; 402 on a free workspace that is not on pay-as-you-go for a provider the
 * price list charges (x; section 4.1). The consent address is the provider row's `consentUrl`.
 */
export function socialConnectUrl(world: World, ws: Workspace, provider: string, refresh: string | undefined, appUrl: string, env: Env): { url: string } {
  if (!Object.hasOwn(world.fixtures.providers, provider)) throw invalid(`Unknown provider: ${provider}`);
  if (refresh !== undefined) {
    const channel = findChannel(ws, refresh);
    if (!channel) throw invalid(`refresh: channel ${refresh} not found`);
    if (channel.identifier !== provider) throw invalid(`refresh: channel ${refresh} is not a ${provider} channel`);
  }
  if (ws.plan === 'free' && !isPayAsYouGo(ws) && isChargedProvider(world, provider)) throw walletRefusal(connectRefusal(providerInfo(world, provider).label));
  const base = providerInfo(world, provider).consentUrl ?? `https://auth.example.com/${encodeURIComponent(provider)}/authorize`;
  const url = new URL(base);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', `mock-${provider}-client`);
  url.searchParams.set('redirect_uri', `${appUrl}/integrations/social/${provider}`);
  url.searchParams.set('state', env.ids.alnum(24));
  if (refresh !== undefined) url.searchParams.set('refresh', refresh);
  return { url: url.toString() };
}

/** `DELETE /integrations/{id}`: the channel goes, with its posts; unsent ones give back what they paid. */
export function deleteIntegration(world: World, ws: Workspace, id: string, env: Env): { id: string; deleted: true; deletedPosts: number } {
  const channel = requireChannel(ws, id);
  const posts = deleteChannelPosts(world, ws, channel.id, env);
  posts.settle();
  ws.channels = ws.channels.filter((c) => c.id !== channel.id);
  return { id: channel.id, deleted: true, deletedPosts: posts.ids.length };
}
