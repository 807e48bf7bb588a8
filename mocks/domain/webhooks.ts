// Webhooks: one POST per covering webhook when a post group is published (reference section 6). Owner: the mock-core work.

export interface Webhook {
  id: string;
  name: string;
  url: string;
  integrations: 'all' | string[];
}

export interface WebhooksState {
  hooks: Webhook[];
}

export interface Delivery {
  id: string;
  webhookId: string | null;
  workspaceId: string;
  url: string;
  body: unknown[];
  status: number | null;
  error: string | null;
  at: number;
  test: boolean;
}

export function initWebhooks(): WebhooksState {
  return { hooks: [] };
}
