// The fault catalogue, OAuth apps (section 5): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, remember } from './helpers.ts';

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
];
