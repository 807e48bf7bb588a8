// Builds a world: each workspace's state from every area's initialiser. The one module that knows every area; no area
// imports it, so the areas and world.ts (their shared state and types) stay free of circles.
import { initAnalytics } from './analytics.ts';
import type { MockConfig } from './config.ts';
import { initBrief } from './brief.ts';
import { initMedia } from './media.ts';
import { initNotifications } from './notifications.ts';
import { initOAuth, initOAuthWorld } from './oauth.ts';
import { initPosts } from './posts.ts';
import { initWallet } from './wallet.ts';
import { initWebhooks } from './webhooks.ts';
import { DEFAULT_POSTING_TIMES, type Env, type Fixtures, type Workspace, type WorkspaceFixture, type World } from './world.ts';

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
    wallet: initWallet(fixture.wallet, env, fixture.id),
    media: initMedia(),
    brief: initBrief(world.fixtures.briefRegistry, fixture.id, env),
    notifications: initNotifications(),
    webhooks: initWebhooks(),
    oauth: initOAuth(),
    analytics: initAnalytics(),
    postRequests: [],
    config: world.config,
    clockAheadMs: 0,
    limits: {},
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
