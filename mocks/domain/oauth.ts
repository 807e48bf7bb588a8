// OAuth apps: one per workspace, consent codes and pos_ access tokens (reference section 5). Owner: the OAuth work.

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  name: string;
  description: string | null;
  picture: string | null;
  redirectUrl: string;
}

export interface OAuthWorkspaceState {
  app: OAuthApp | null;
}

export interface OAuthWorldState {
  codes: Map<string, { workspaceId: string; clientId: string; expiresAt: number }>;
  /** Access token -> who it acts for. Revocation deletes the entry. */
  tokens: Map<string, { workspaceId: string; clientId: string }>;
}

export function initOAuth(): OAuthWorkspaceState {
  return { app: null };
}
