// Time passing: posts whose time has come are sent, and the webhook requests to make are returned for the edge to perform.
import type { Env, World } from './world.ts';

/** A webhook request the edge must send. */
export interface OutboundWebhook {
  workspaceId: string;
  webhookId: string | null;
  url: string;
  body: unknown[];
  test: boolean;
}

export interface TickResult {
  published: string[];
  failed: string[];
  webhooks: OutboundWebhook[];
}

/** Publish everything due at env.clock.now(). Owner: the mock-core work (this seed publishes nothing). */
export function runDue(_world: World, _env: Env): TickResult {
  return { published: [], failed: [], webhooks: [] };
}
