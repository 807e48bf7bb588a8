// Webhooks: registration as the app's screen does it, and one POST per covering webhook when a post group is out (reference section 6).
import { invalid, notFound } from './errors.ts';
import { adjustBytes, ensureBytes, ensureRoom, heldBytes, recordBytes } from './caps.ts';
import { findChannel, providerInfo, type Channel, type Env, type Workspace, type World, type Webhook, type WebhooksState, type Delivery } from './world.ts';
import type { PostRow } from './posts.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { Webhook, WebhooksState, Delivery };

/** A webhook request the edge must send. */
export interface OutboundWebhook {
  workspaceId: string;
  webhookId: string | null;
  url: string;
  body: unknown[];
  test: boolean;
}

export function initWebhooks(): WebhooksState {
  return { hooks: [] };
}

/** The payload object of a delivery (reference section 6). */
export interface WebhookPayload {
  id: string;
  content: string;
  publishDate: string;
  releaseURL: string;
  state: 'PUBLISHED';
  integration: { id: string; name: string; providerIdentifier: string; picture: string | null; type: 'social' | 'article' };
}

export interface NewWebhook {
  name?: string;
  /** Already checked at the edge to be a public https address (or an allowed loopback receiver). */
  url: string;
  integrations?: 'all' | string[];
}

/** Register a webhook: its channels must be the workspace's; a free plan allows `config.freeWebhookLimit` of them. */
export function createWebhook(world: World, ws: Workspace, input: NewWebhook, env: Env): Webhook {
  const integrations = input.integrations ?? 'all';
  if (integrations !== 'all') {
    const unknown = integrations.filter((id) => !findChannel(ws, id));
    if (unknown.length > 0) throw invalid(`Unknown channel(s) for this workspace: ${unknown.join(', ')}`);
  }
  if (ws.plan === 'free' && ws.webhooks.hooks.length >= world.config.freeWebhookLimit) {
    throw invalid(`A free plan allows ${world.config.freeWebhookLimit} webhooks`);
  }
  ensureRoom(world.config.caps, 'webhooks', ws.webhooks.hooks.length, 1, 'webhooks per workspace');
  const hook: Webhook = {
    id: env.ids.id('wh_', ws.id),
    name: input.name ?? 'Webhook',
    url: input.url,
    integrations: integrations === 'all' ? 'all' : [...new Set(integrations)],
  };
  ensureBytes(world.config.caps, 'webhookBytes', webhookBytes(ws), recordBytes(hook), 'webhooks per workspace');
  ws.webhooks.hooks.push(hook);
  adjustBytes(ws.webhooks, recordBytes(hook));
  return hook;
}

/** The bytes of the workspace's webhooks (the webhookBytes budget). */
function webhookBytes(ws: Workspace): number {
  return heldBytes(ws.webhooks, () => ws.webhooks.hooks);
}

export function deleteWebhook(ws: Workspace, id: string): void {
  const index = ws.webhooks.hooks.findIndex((h) => h.id === id);
  if (index < 0) throw notFound('Webhook not found');
  webhookBytes(ws);
  const [hook] = ws.webhooks.hooks.splice(index, 1);
  adjustBytes(ws.webhooks, -recordBytes(hook!));
}

export function covers(hook: Webhook, channelId: string): boolean {
  return hook.integrations === 'all' || hook.integrations.includes(channelId);
}

export function payloadFor(world: World, channel: Channel, post: PostRow): WebhookPayload {
  return {
    id: post.id,
    content: post.content,
    publishDate: new Date(post.publishAt).toISOString(),
    releaseURL: post.releaseURL ?? '',
    state: 'PUBLISHED',
    integration: {
      id: channel.id,
      name: channel.name,
      providerIdentifier: channel.identifier,
      picture: channel.picture,
      type: providerInfo(world, channel.identifier).type,
    },
  };
}

/** One request per webhook covering the channel, describing the group's first post. */
export function groupDeliveries(world: World, ws: Workspace, first: PostRow): OutboundWebhook[] {
  const channel = findChannel(ws, first.channelId);
  if (!channel) return [];
  const body = [payloadFor(world, channel, first)];
  return ws.webhooks.hooks
    .filter((hook) => covers(hook, channel.id))
    .map((hook) => ({ workspaceId: ws.id, webhookId: hook.id, url: hook.url, body, test: false }));
}

/** The app's Send Test action: a sample array of two example posts from two different networks. */
export function testDelivery(ws: Workspace, url: string, env: Env): OutboundWebhook {
  const at = new Date(env.clock.now()).toISOString();
  const body: WebhookPayload[] = [
    {
      id: 'test-post-1',
      content: '<p>This is a test post from your webhook settings.</p>',
      publishDate: at,
      releaseURL: 'https://x.com/example/status/1800000000000000001',
      state: 'PUBLISHED',
      integration: { id: 'test-integration-x', name: 'Example on X', providerIdentifier: 'x', picture: null, type: 'social' },
    },
    {
      id: 'test-post-2',
      content: '<p>A second test post, on another network.</p>',
      publishDate: at,
      releaseURL: 'https://www.linkedin.com/feed/update/urn:li:share:7100000000000000002',
      state: 'PUBLISHED',
      integration: { id: 'test-integration-linkedin', name: 'Example on LinkedIn', providerIdentifier: 'linkedin-page', picture: null, type: 'social' },
    },
  ];
  return { workspaceId: ws.id, webhookId: null, url, body, test: true };
}
