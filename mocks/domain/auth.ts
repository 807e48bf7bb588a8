// Who is calling: the raw workspace API key or a `pos_` OAuth access token, never with `Bearer` (reference section 5).
import { DomainError, unauthorized } from './errors.ts';
import type { World, Workspace } from './world.ts';

export interface Credential {
  ws: Workspace;
  via: 'apiKey' | 'oauth';
  /** The OAuth app's client id when the caller used an access token. */
  clientId?: string;
}

/** Resolve the Authorization header's value, or throw the 401 with the exact message of section 5. */
export function authenticate(world: World, header: string | null | undefined): Credential {
  const who = identify(world, header);
  if (who instanceof DomainError) throw who;
  return who;
}

/**
 * The caller, or the 401 refusing it (section 5's exact message) as a value: the request pipeline answers it without a
 * throw, which costs more than the rest of a refusal.
 */
export function identify(world: World, header: string | null | undefined): Credential | DomainError {
  const value = (header ?? '').trim();
  if (value === '') return unauthorized('No API Key found');
  if (value.startsWith('pos_')) {
    const grant = world.oauth.tokens.get(value);
    const ws = grant && world.workspaces.get(grant.workspaceId);
    if (!grant || !ws) return unauthorized('Invalid OAuth token');
    return { ws, via: 'oauth', clientId: grant.clientId };
  }
  // `Bearer <key>` is not a credential on the REST API: it is looked up as given and not found.
  const id = world.apiKeys.get(value);
  const ws = id && world.workspaces.get(id);
  if (!ws || ws.apiKey !== value) return unauthorized('Invalid API key');
  return { ws, via: 'apiKey' };
}
