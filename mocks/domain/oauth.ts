// OAuth apps: one per workspace, consent codes and pos_ access tokens (reference section 5).
import { invalid, notFound } from './errors.ts';
import { adjustBytes, atCap, forgetOldest, heldBytes, recordBytes } from './caps.ts';
import { notify } from './notifications.ts';
import { timeIn, workspaceEnv, type Env, type Workspace, type World, type OAuthApp, type OAuthWorkspaceState, type AuthorizationCode, type PendingConsent, type OAuthWorldState } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { OAuthApp, OAuthWorkspaceState, AuthorizationCode, PendingConsent, OAuthWorldState };

export function initOAuth(): OAuthWorkspaceState {
  return { app: null };
}

export function initOAuthWorld(): OAuthWorldState {
  return { codes: new Map(), tokens: new Map(), consents: new Map() };
}

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;

export interface AppFields {
  name?: string;
  description?: string | null;
  picture?: string | null;
  redirectUrl?: string;
}

/** The app as the control API shows it after creation: never with its secret. */
export function publicApp(app: OAuthApp): Omit<OAuthApp, 'clientSecret'> {
  const { clientSecret: _secret, ...rest } = app;
  return rest;
}

function checkFields(fields: AppFields, creating: boolean): void {
  const problems: string[] = [];
  if (creating && fields.name === undefined) problems.push('name is required');
  if (fields.name !== undefined && (fields.name.trim().length < 1 || fields.name.length > NAME_MAX)) {
    problems.push(`name must be 1 to ${NAME_MAX} characters`);
  }
  if (fields.description != null && fields.description.length > DESCRIPTION_MAX) {
    problems.push(`description must be at most ${DESCRIPTION_MAX} characters`);
  }
  if (creating && fields.redirectUrl === undefined) problems.push('redirectUrl is required');
  if (fields.redirectUrl !== undefined) {
    let ok = false;
    try {
      const url = new URL(fields.redirectUrl);
      ok = (url.protocol === 'https:' || url.protocol === 'http:') && url.hash === '';
    } catch {
      ok = false;
    }
    if (!ok) problems.push('redirectUrl must be an http or https URL without a fragment');
  }
  if (problems.length > 0) throw invalid(problems);
}

function requireApp(ws: Workspace): OAuthApp {
  if (!ws.oauth.app) throw notFound('OAuth app not found');
  return ws.oauth.app;
}

export function getApp(ws: Workspace): OAuthApp {
  return requireApp(ws);
}

/** Find the app a client id names, with its workspace. */
export function appByClientId(world: World, clientId: string): { app: OAuthApp; ws: Workspace } | undefined {
  for (const ws of world.workspaces.values()) {
    if (ws.oauth.app?.clientId === clientId) return { app: ws.oauth.app, ws };
  }
  return undefined;
}

/**
 * Now, for the pages and codes of an app: its workspace's time (a conformance lane may move its workspaces' clock
 * alone). One read per app for a pass over the world-wide maps; an app since deleted reads the world's time.
 */
function appTime(world: World, env: Env): (clientId: string) => number {
  const seen = new Map<string, number>();
  return (clientId) => {
    let t = seen.get(clientId);
    if (t === undefined) {
      const found = appByClientId(world, clientId);
      t = found ? timeIn(env, found.ws) : (env.world ?? env.clock).now();
      seen.set(clientId, t);
    }
    return t;
  };
}

const newSecret = (env: Env) => `pcs_${env.ids.alnum(48)}`;

/** Create the workspace's one app; the result carries the secret, shown this once. */
export function createApp(ws: Workspace, fields: AppFields, env: Env): OAuthApp {
  if (ws.oauth.app) throw invalid('This workspace already has an OAuth app');
  checkFields(fields, true);
  const app: OAuthApp = {
    clientId: `pca_${env.ids.alnum(32)}`,
    clientSecret: newSecret(env),
    name: fields.name!,
    description: fields.description ?? null,
    picture: fields.picture ?? null,
    redirectUrl: fields.redirectUrl!,
  };
  ws.oauth.app = app;
  return app;
}

export function updateApp(ws: Workspace, fields: AppFields): OAuthApp {
  const app = requireApp(ws);
  checkFields(fields, false);
  if (fields.name !== undefined) app.name = fields.name;
  if (fields.description !== undefined) app.description = fields.description;
  if (fields.picture !== undefined) app.picture = fields.picture;
  if (fields.redirectUrl !== undefined) app.redirectUrl = fields.redirectUrl;
  return app;
}

/** A new secret, shown once; the old one stops working for exchanges. Issued tokens keep working. */
export function rotateSecret(ws: Workspace, env: Env): { clientId: string; clientSecret: string } {
  const app = requireApp(ws);
  app.clientSecret = newSecret(env);
  return { clientId: app.clientId, clientSecret: app.clientSecret };
}

/** Stop every token (and every unspent code) the app holds, in any workspace; how many tokens stopped. */
function dropGrants(world: World, clientId: string): number {
  let revoked = 0;
  for (const [token, grant] of world.oauth.tokens) {
    if (grant.clientId === clientId) {
      world.oauth.tokens.delete(token);
      revoked++;
    }
  }
  for (const [code, grant] of world.oauth.codes) if (grant.clientId === clientId) world.oauth.codes.delete(code);
  for (const [nonce, pending] of world.oauth.consents) if (pending.clientId === clientId) dropConsent(world, nonce);
  return revoked;
}

/** A user revokes the app in the approved-apps settings: its tokens answer 401 at once. */
export function revokeApp(world: World, ws: Workspace, env: Env): { revoked: number } {
  const app = requireApp(ws);
  const revoked = dropGrants(world, app.clientId);
  notify(ws, env, `Access for the app "${app.name}" was revoked.`, null);
  return { revoked };
}

export function deleteApp(world: World, ws: Workspace, env: Env): { deleted: true } {
  const app = requireApp(ws);
  dropGrants(world, app.clientId);
  ws.oauth.app = null;
  notify(ws, env, `The OAuth app "${app.name}" was deleted; its access tokens no longer work.`, null);
  return { deleted: true };
}

/** Why a consent request cannot be shown (rendered as an HTML error page at the edge). */
export class ConsentError extends Error {}

/** Validate a consent request and remember it; returns the CSRF nonce the form must send back. */
export function beginConsent(
  world: World,
  query: { clientId: string | undefined; responseType: string | undefined; state: string | undefined },
  env: Env,
): { app: OAuthApp; ws: Workspace; nonce: string } {
  if (!query.clientId) throw new ConsentError('The request has no client_id.');
  const found = appByClientId(world, query.clientId);
  if (!found) throw new ConsentError('No app has this client_id.');
  if (query.responseType !== 'code') throw new ConsentError('response_type must be "code".');
  const nonce = env.ids.hex(32);
  // Opening a consent page needs no key: unanswered pages are forgotten once they expire or the cap is passed.
  const nowOf = appTime(world, env);
  const consents = world.oauth.consents;
  for (const [key, pending] of consents) if (pending.expiresAt <= nowOf(pending.clientId)) dropConsent(world, key);
  const page: PendingConsent = {
    clientId: found.app.clientId,
    state: query.state ?? null,
    // The page is valid as long as a code would be: long enough to read it, short enough to expire.
    expiresAt: nowOf(found.app.clientId) + world.config.oauthCodeSeconds * 1000,
  };
  // The oldest unanswered pages go to make room, in number and in bytes (the state is the client's, up to a URL's length).
  const budget = world.config.caps.pendingConsentBytes - recordBytes(page);
  consentBytes(world);
  for (const key of consents.keys()) {
    if (consents.size < world.config.caps.pendingConsents && consentBytes(world) <= budget) break;
    dropConsent(world, key);
  }
  consents.set(nonce, page);
  adjustBytes(consents, recordBytes(page));
  return { ...found, nonce };
}

/** The bytes of the pages shown and not answered (the pendingConsentBytes budget). */
function consentBytes(world: World): number {
  return heldBytes(world.oauth.consents, () => world.oauth.consents.values());
}

/** Forget one unanswered page, keeping the byte total. */
function dropConsent(world: World, nonce: string): void {
  const page = world.oauth.consents.get(nonce);
  if (!page) return;
  consentBytes(world);
  world.oauth.consents.delete(nonce);
  adjustBytes(world.oauth.consents, -recordBytes(page));
}

export interface ConsentAnswer {
  clientId: string | undefined;
  workspaceId: string | undefined;
  state: string | undefined;
  decision: string | undefined;
  nonce: string | undefined;
}

/** The form's answer: the URL to redirect to, with a fresh code on approval or `error=access_denied`. */
export function answerConsent(world: World, answer: ConsentAnswer, env: Env): { location: string; code: string | null } {
  const nowOf = appTime(world, env);
  const pending = answer.nonce ? world.oauth.consents.get(answer.nonce) : undefined;
  if (!pending || pending.expiresAt <= nowOf(pending.clientId)) throw new ConsentError('This consent form has expired or was already answered. Start again from the app.');
  if (!answer.clientId || pending.clientId !== answer.clientId) throw new ConsentError('The form does not match the consent request.');
  const found = appByClientId(world, answer.clientId);
  if (!found) throw new ConsentError('No app has this client_id.');
  if (answer.decision !== 'approve' && answer.decision !== 'deny') throw new ConsentError('decision must be "approve" or "deny".');
  const ws = answer.workspaceId ? world.workspaces.get(answer.workspaceId) : undefined;
  if (answer.decision === 'approve' && !ws) throw new ConsentError('Choose a workspace to approve the app for.');
  // The state sent back is the one the app asked with, never one the form made up.
  const state = pending.state;
  dropConsent(world, answer.nonce!);

  const url = new URL(found.app.redirectUrl);
  let code: string | null = null;
  if (answer.decision === 'approve') {
    code = env.ids.alnum(40);
    for (const [key, grant] of world.oauth.codes) if (grant.expiresAt <= nowOf(grant.clientId)) world.oauth.codes.delete(key);
    forgetOldest(world.oauth.codes, world.config.caps.authorizationCodes - 1);
    world.oauth.codes.set(code, {
      workspaceId: ws!.id,
      clientId: found.app.clientId,
      expiresAt: nowOf(found.app.clientId) + world.config.oauthCodeSeconds * 1000,
      used: false,
    });
    url.searchParams.set('code', code);
    notify(ws!, workspaceEnv(env, ws!), `The app "${found.app.name}" was approved for this workspace.`, null);
  } else {
    url.searchParams.set('error', 'access_denied');
  }
  if (state !== null) url.searchParams.set('state', state);
  return { location: url.toString(), code };
}

export type TokenFailure =
  | { status: 400; error: 'unsupported_grant_type' | 'invalid_request' | 'invalid_grant'; description?: string }
  | { status: 401; error: 'invalid_client'; description?: string };

export interface TokenRequest {
  grant_type?: unknown;
  code?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
}

/** `POST /api/oauth/token`: checks grant type, client and code, then spends the code and mints a token. */
export function exchangeCode(
  world: World,
  body: TokenRequest,
  env: Env,
): { ok: true; token: { access_token: string; id: string; token_type: 'bearer' } } | { ok: false; failure: TokenFailure } {
  const fail = (failure: TokenFailure) => ({ ok: false as const, failure });
  if (body.grant_type !== 'authorization_code') return fail({ status: 400, error: 'unsupported_grant_type' });
  for (const field of ['code', 'client_id', 'client_secret'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '') {
      return fail({ status: 400, error: 'invalid_request', description: `${field} is required` });
    }
  }
  const found = appByClientId(world, body.client_id as string);
  if (!found || found.app.clientSecret !== body.client_secret) return fail({ status: 401, error: 'invalid_client' });
  const grant = world.oauth.codes.get(body.code as string);
  if (!grant || grant.clientId !== found.app.clientId) {
    return fail({ status: 400, error: 'invalid_grant', description: 'Invalid authorization code' });
  }
  if (grant.used) return fail({ status: 400, error: 'invalid_grant', description: 'Code has already been used' });
  if (grant.expiresAt <= timeIn(env, found.ws)) return fail({ status: 400, error: 'invalid_grant', description: 'Code has expired' });
  const ws = world.workspaces.get(grant.workspaceId);
  if (!ws) return fail({ status: 400, error: 'invalid_grant', description: 'Invalid authorization code' });

  if (world.oauth.tokens.size >= world.config.caps.accessTokens) {
    return fail({ status: 400, error: 'invalid_request', description: atCap('accessTokens', world.config.caps.accessTokens, 'OAuth access tokens').messages[0] });
  }
  grant.used = true;
  const accessToken = `pos_${env.ids.alnum(40)}`;
  world.oauth.tokens.set(accessToken, { workspaceId: ws.id, clientId: found.app.clientId });
  return { ok: true, token: { access_token: accessToken, id: ws.id, token_type: 'bearer' } };
}
