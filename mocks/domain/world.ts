// The whole in-memory world of the mock: workspaces with their channels, posts, wallet, media and the rest, as plain data.
import type { MockConfig } from './config.ts';
import type { IdSource } from './ids.ts';
import type { Clock } from './clock.ts';
import { initPosts, type PostsState } from './posts.ts';
import { initWallet, type WalletState, type PriceList, type WalletFixture } from './wallet.ts';
import { initMedia, type MediaState, type UploadTicket } from './media.ts';
import { initBrief, type BriefState, type BriefRegistry } from './brief.ts';
import { initNotifications, type NotificationsState } from './notifications.ts';
import { initWebhooks, type WebhooksState, type Delivery } from './webhooks.ts';
import { initOAuth, initOAuthWorld, type OAuthWorkspaceState, type OAuthWorldState } from './oauth.ts';
import { initAnalytics, type AnalyticsState } from './analytics.ts';
import type { Skill, SkillTag } from './skills.ts';

export type Plan = 'free' | 'paid';

export interface Group {
  id: string;
  name: string;
}

export interface ProviderInfo {
  label: string;
  type: 'social' | 'article';
  maxLength: number;
  rules: string;
  tools: Array<Record<string, unknown> & { methodName: string }>;
}

export interface Channel {
  id: string;
  name: string;
  /** The provider identifier (`x`, `linkedin`, ...). */
  identifier: string;
  picture: string | null;
  disabled: boolean;
  profile: string | null;
  /** Group (customer) id the channel is labelled with. */
  customer: string | null;
  /** Minutes after midnight UTC at which this channel posts (find-slot). */
  postingTimes: number[];
  /** Control switch: sends on this channel fail. */
  failing: boolean;
}

export interface Workspace {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
  groups: Group[];
  channels: Channel[];
  posts: PostsState;
  wallet: WalletState;
  media: MediaState;
  brief: BriefState;
  notifications: NotificationsState;
  webhooks: WebhooksState;
  oauth: OAuthWorkspaceState;
  analytics: AnalyticsState;
  /** Times (ms) of this workspace's `POST /posts` requests within the last hour. */
  postRequests: number[];
  /** The mock's numbers, the world's own object: areas that keep history read their caps here without the world. */
  config: MockConfig;
}

export interface ChannelFixture {
  id: string;
  name: string;
  identifier: string;
  picture?: string | null;
  disabled?: boolean;
  profile?: string | null;
  customer?: string | null;
  postingTimes?: number[];
}

export interface WorkspaceFixture {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
  groups: Group[];
  channels: ChannelFixture[];
  wallet?: WalletFixture;
}

export interface Fixtures {
  workspaces: WorkspaceFixture[];
  providers: Record<string, ProviderInfo>;
  prices: PriceList;
  skills: Skill[];
  /** Labels and order of the skills library's tags. */
  skillTags?: SkillTag[];
  briefRegistry: BriefRegistry;
}

export interface World {
  config: MockConfig;
  fixtures: Fixtures;
  workspaces: Map<string, Workspace>;
  /** API key -> workspace id. Rotating a key replaces its entry. */
  apiKeys: Map<string, string>;
  /** Single-use upload tickets by token. */
  uploadTickets: Map<string, UploadTicket>;
  oauth: OAuthWorldState;
  /** Every webhook request the mock sent (or tried to), newest last. */
  deliveries: Delivery[];
}

/** What every domain operation may need besides the world: time and a source of ids. */
export interface Env {
  clock: Clock;
  ids: IdSource;
}

/** Default posting times: 02:00, 06:40, 11:40 UTC (mock choice; reference: not shown). */
export const DEFAULT_POSTING_TIMES = [120, 400, 700];

export function createWorkspace(world: World, fixture: WorkspaceFixture, env: Env): Workspace {
  const ws: Workspace = {
    id: fixture.id,
    name: fixture.name,
    plan: fixture.plan,
    apiKey: fixture.apiKey,
    groups: fixture.groups.map((g) => ({ ...g })),
    channels: fixture.channels.map((c) => ({
      id: c.id,
      name: c.name,
      identifier: c.identifier,
      picture: c.picture ?? null,
      disabled: c.disabled ?? false,
      profile: c.profile ?? null,
      customer: c.customer ?? null,
      postingTimes: c.postingTimes ?? DEFAULT_POSTING_TIMES,
      failing: false,
    })),
    posts: initPosts(),
    wallet: initWallet(fixture.wallet, env),
    media: initMedia(),
    brief: initBrief(world.fixtures.briefRegistry, fixture.id, env),
    notifications: initNotifications(),
    webhooks: initWebhooks(),
    oauth: initOAuth(),
    analytics: initAnalytics(),
    postRequests: [],
    config: world.config,
  };
  world.workspaces.set(ws.id, ws);
  world.apiKeys.set(ws.apiKey, ws.id);
  return ws;
}

export function createWorld(fixtures: Fixtures, config: MockConfig, env: Env): World {
  const world: World = {
    config,
    fixtures,
    workspaces: new Map(),
    apiKeys: new Map(),
    uploadTickets: new Map(),
    oauth: initOAuthWorld(),
    deliveries: [],
  };
  for (const fixture of fixtures.workspaces) createWorkspace(world, fixture, env);
  return world;
}

/** A channel of this workspace, or undefined: another workspace's ids are never found. */
export function findChannel(ws: Workspace, id: string): Channel | undefined {
  return ws.channels.find((c) => c.id === id);
}

export function providerInfo(world: World, identifier: string): ProviderInfo {
  return (
    world.fixtures.providers[identifier] ?? {
      label: identifier,
      type: 'social',
      maxLength: 5000,
      rules: 'No additional rules.',
      tools: [],
    }
  );
}
