// The fault catalogue, OAuth apps (section 5): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, around, remember } from './helpers.ts';
import type { Reply } from './helpers.ts';

/** The redirect of a consent form's answer, rewritten; any other answer (an error page) as it was. */
function redirected(reply: unknown, rewrite: (location: URL) => void): unknown {
  const response = (reply as { response?: Response } | undefined)?.response;
  const location = response?.status === 302 ? response.headers.get('location') : null;
  if (!response || !location) return reply;
  const url = new URL(location);
  rewrite(url);
  const headers = new Headers(response.headers);
  headers.set('location', url.toString());
  return { response: new Response(null, { status: 302, headers }) };
}

/** An app answer (creation, rotation) with the secret as the fault's server mints it, stored as shown. */
function secretAs(change: (secret: string) => string): (state: Parameters<NonNullable<FaultDefinition['override']>>[0]) => (r: Reply) => Reply | undefined {
  return (state) => (r) => {
    if ((r.status !== 200 && r.status !== 201) || typeof r.body?.clientSecret !== 'string') return undefined;
    const secret = change(r.body.clientSecret);
    for (const ws of state.world.workspaces.values()) {
      const app = ws.oauth.app;
      if (app && app.clientId === r.body.clientId) app.clientSecret = secret;
    }
    return { ...r, body: { ...r.body, clientSecret: secret } };
  };
}

/** The oauth faults, in the catalogue's order. */
export const OAUTH: FaultDefinition[] = [
  {
    name: 'oauth-code-reusable',
    area: 'oauth',
    description: 'An authorization code can be exchanged more than once.',
    caughtBy: ['oauth_flow'],
    operations: ['exchangeOAuthCode'],
    override: (state) => (r) => {
      if (r.status === 200) for (const grant of state.world.oauth.codes.values() as Iterable<any>) grant.used = false;
      return undefined;
    },
  },
  {
    name: 'oauth-revoke-ignored',
    area: 'oauth',
    description: "Revoking an OAuth app leaves its access tokens working.",
    caughtBy: ['oauth_flow'],
    operations: ['exchangeOAuthCode', 'revokeOAuthApp'],
    override: (state) => (r, { operationId }) => {
      const mem = remember(state.world);
      if (operationId === 'exchangeOAuthCode' && r.status === 200) mem.set(`token:${r.body.access_token}`, state.world.oauth.tokens.get(r.body.access_token));
      if (operationId === 'revokeOAuthApp' && r.status === 200) {
        for (const [k, grant] of mem) if (k.startsWith('token:')) state.world.oauth.tokens.set(k.slice(6), grant);
      }
      return undefined;
    },
  },
  {
    name: 'oauth-token-unprefixed',
    area: 'oauth',
    description: 'The token exchange answers an access token without the `pos_` prefix.',
    caughtBy: ['oauth_flow'],
    operations: ['exchangeOAuthCode'],
    override: () => (r) => (r.status === 200 && typeof r.body?.access_token === 'string' ? { ...r, body: { ...r.body, access_token: r.body.access_token.replace(/^pos_/, '') } } : undefined),
  },
  {
    name: 'oauth-secret-unprefixed',
    area: 'oauth',
    description: 'An OAuth app is created (and its secret rotated) with a client secret that lacks the `pcs_` prefix: a bare random string.',
    caughtBy: ['oauth_flow'],
    operations: ['createOAuthApp', 'rotateOAuthSecret'],
    override: secretAs((secret) => secret.replace(/^pcs_/, '')),
  },
  {
    name: 'consent-any-response-type',
    area: 'oauth',
    description: 'The consent page reads `client_id` and `state` only: a `response_type` other than `code` (or none) shows the page as if it were `code`.',
    caughtBy: ['oauth_one_app_per_workspace_and_revocation_per_app'],
    // Before the mock reads the query: its document holds response_type to `code` before the page's handler runs.
    request: (request) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || !url.pathname.endsWith('/oauth/authorize') || url.searchParams.get('response_type') === 'code') return request;
      url.searchParams.set('response_type', 'code');
      return new Request(url, request);
    },
  },
  {
    name: 'denial-loses-state',
    area: 'oauth',
    description: 'A denied consent redirects with `error=access_denied` alone: the `state` the app sent is kept only on approval.',
    caughtBy: ['oauth_flow'],
    handlers: {
      submitOAuthConsent: (inner) =>
        around(inner, async (ctx, handle) =>
          redirected(await handle(ctx), (url) => {
            if (url.searchParams.get('error') === 'access_denied') url.searchParams.delete('state');
          }) as Awaited<ReturnType<typeof handle>>,
        ),
    },
  },
  {
    name: 'oauth-code-one-hour',
    area: 'oauth',
    description: 'Authorization codes are minted to live an hour instead of 10 minutes.',
    caughtBy: ['oauth_code_exchanges_only_for_its_app_within_10_minutes'],
    handlers: {
      submitOAuthConsent: (inner) =>
        around(inner, async (ctx, handle) => {
          const codes = ctx.world.oauth.codes;
          const before = new Set(codes.keys());
          const reply = await handle(ctx);
          for (const [code, grant] of codes) if (!before.has(code)) grant.expiresAt += 50 * 60_000;
          return reply;
        }),
    },
  },
  {
    name: 'oauth-second-app-replaces',
    area: 'oauth',
    description: "Creating an OAuth app in a workspace that has one replaces it (an upsert) instead of refusing: the workspace's old app is gone, its client id unknown.",
    caughtBy: ['oauth_one_app_per_workspace_and_revocation_per_app'],
    handlers: {
      createOAuthApp: (inner) =>
        around(inner, (ctx, handle) => {
          const ws = ctx.world.workspaces.get(ctx.params.id);
          if (ws?.oauth.app) ws.oauth.app = null;
          return handle(ctx);
        }),
    },
  },
  {
    name: 'oauth-app-bounds-255',
    area: 'oauth',
    description: "An OAuth app's name and description are held to the database's columns (255 and 1000 characters), not the reference's 100 and 500.",
    caughtBy: ['oauth_one_app_per_workspace_and_revocation_per_app'],
    // The mock's document and its own check both hold the reference's bounds: the fault lets a longer value past them
    // (cut to fit as it arrives), then stores it whole, as a server whose only bound is its column's width would.
    request: (request, state) => {
      const url = new URL(request.url);
      const id = /\/workspaces\/([^/]+)\/oauth-app$/.exec(url.pathname)?.[1];
      if (!id || (request.method !== 'POST' && request.method !== 'PATCH')) return request;
      const kept = remember(state.world);
      const text = request.clone().text();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          let out = await text;
          try {
            const fields = JSON.parse(out);
            const long: Record<string, string> = {};
            for (const [field, fits, column] of [['name', 100, 255], ['description', 500, 1000]] as const) {
              const v = fields?.[field];
              if (typeof v === 'string' && v.length > fits && v.length <= column) {
                long[field] = v;
                fields[field] = v.slice(0, fits);
              }
            }
            kept.set(`app-fields:${decodeURIComponent(id)}`, long);
            out = JSON.stringify(fields);
          } catch {
            // Not JSON: the mock's own refusal answers it.
          }
          controller.enqueue(new TextEncoder().encode(out));
          controller.close();
        },
      });
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return new Request(url, { method: request.method, headers, body, duplex: 'half' } as RequestInit);
    },
    operations: ['createOAuthApp', 'updateOAuthApp'],
    override: (state) => (r, { request }) => {
      const id = /\/workspaces\/([^/]+)\/oauth-app$/.exec(new URL(request.url).pathname)?.[1];
      const key = `app-fields:${decodeURIComponent(id ?? '')}`;
      const long = remember(state.world).get(key) as Record<string, string> | undefined;
      remember(state.world).delete(key);
      const app = id ? state.world.workspaces.get(decodeURIComponent(id))?.oauth.app : undefined;
      if (!long || Object.keys(long).length === 0 || !app || (r.status !== 200 && r.status !== 201)) return undefined;
      Object.assign(app, long);
      return { ...r, body: { ...r.body, ...long } };
    },
  },
];
