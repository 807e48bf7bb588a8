// Who is calling: the raw workspace API key or a `pos_` OAuth access token, never with `Bearer` (reference section 5).
import { unauthorized } from './errors.ts';
import type { World, Workspace } from './world.ts';

export interface Credential {
  ws: Workspace;
  via: 'apiKey' | 'oauth';
  /** The OAuth app's client id when the caller used an access token. */
  clientId?: string;
}

/** Resolve the Authorization header's value, or throw the 401 with the exact message of section 5. */
export function authenticate(world: World, header: string | null | undefined): Credential {
  const value = (header ?? '').trim();
  if (value === '') throw unauthorized('No API Key found');
  if (value.startsWith('pos_')) {
    const grant = world.oauth.tokens.get(value);
    const ws = grant && world.workspaces.get(grant.workspaceId);
    if (!grant || !ws) throw unauthorized('Invalid OAuth token');
    return { ws, via: 'oauth', clientId: grant.clientId };
  }
  // `Bearer <key>` is not a credential on the REST API: it is looked up as given and not found.
  const id = world.apiKeys.get(value);
  const ws = id && world.workspaces.get(id);
  if (!ws || ws.apiKey !== value) throw unauthorized('Invalid API key');
  return { ws, via: 'apiKey' };
}
