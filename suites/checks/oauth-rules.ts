// OAuth apps (reference section 5) beyond the happy path of oauth_flow: which exchanges are refused, the code's 10 minutes, rotation, one app per workspace and its field bounds, an edited redirect URL, and a revocation that touches one app only.
import fc from 'fast-check';
import { ControlError, type Control } from '../control.ts';
import { record } from '../discover.ts';
import { ensure, got, register, show } from './registry.ts';

type Kind = 'paid' | 'payg' | 'free';
const KINDS: Kind[] = ['paid', 'payg', 'free'];
const MINUTE = 60;
/** Every app is made with a profile picture: "a profile picture and a redirect URL are set", and a server may require both. */
const PICTURE = 'https://client.example.com/logo.png';

interface App {
  clientId: string;
  clientSecret: string;
}

/** Approve (or deny) the app for `ws` as a user would (suites/control.ts); the redirect's URL. */
function consent(control: Control, app: App, ws: string, decision = 'approve'): Promise<URL> {
  return control.consent({ client_id: app.clientId, response_type: 'code', state: 'st-1', workspace: ws }, decision);
}

async function codeFor(control: Control, app: App, ws: string): Promise<string> {
  const url = await consent(control, app, ws);
  const code = url.searchParams.get('code');
  ensure(code, { operation: 'submitOAuthConsent', received: `redirect to ${url}`, documented: 'approval redirects with code and state (section 5, OAuth apps 4)' });
  return code;
}

function exchange(control: Control, body: Record<string, unknown>) {
  return control.raw('POST', '/api/oauth/token', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function answer(res: Response): Promise<string> {
  return `${res.status} ${(await res.text()).slice(0, 200)}`;
}

/** Control's answer to an app-screen action: the body, or the refusal's status. */
async function attempt<T>(fn: () => Promise<T>): Promise<{ ok: true; body: T } | { ok: false; status: number; body: unknown }> {
  try {
    return { ok: true, body: await fn() };
  } catch (err) {
    if (err instanceof ControlError) return { ok: false, status: err.status, body: err.body };
    throw err;
  }
}

const refusedBy = (status: number) => status >= 400 && status < 500;

export const codeExchangeRules = register({
  name: 'oauth_code_exchanges_only_for_its_app_within_10_minutes',
  area: 'oauth',
  kind: 'property',
  description:
    'POST /api/oauth/token is refused with a 4xx and no token when grant_type is not authorization_code, when code, client_id or client_secret is missing, with a wrong secret, with another app\'s credentials, or for an unknown code; a code 9 minutes old exchanges, one 10 minutes and a second old does not; after a rotation the new secret (pcs_...) exchanges.',
  rule: 'Section 5, OAuth apps 5: "The code is exchanged within 10 minutes from the client\'s server: POST {oauth_token_url} with JSON {grant_type: \'authorization_code\', code, client_id, client_secret}"; 2: "a client secret beginning pcs_ ... shown once (at creation or rotation)"; section 7: 400 "Invalid request", 401 "Missing or invalid credential"; section 8: "Authorization code lifetime | 10 minutes".',
  needs: { anyKey: KINDS, control: 'creating OAuth apps, approving consent as the user, and moving the clock' },
  async run(ctx) {
    const control = ctx.control!;
    const kinds = KINDS.filter((k) => ctx.target.workspaceIds[k]);
    if (kinds.length < 2) ctx.notVerified('two workspaces are needed, one app each');
    const [wsA, wsB] = kinds.map((k) => ctx.target.workspaceIds[k]!);
    await ctx.property(
      'codes exchange only for their app, within 10 minutes',
      fc.constant(null),
      async () => {
        const a: App = await control.createOAuthApp(wsA!, { name: 'App A', redirectUrl: 'https://a.example.com/callback', picture: PICTURE });
        const b: App = await control.createOAuthApp(wsB!, { name: 'App B', redirectUrl: 'https://b.example.com/callback', picture: PICTURE });
        const code = await codeFor(control, a, wsA!);
        const good = { grant_type: 'authorization_code', code, client_id: a.clientId, client_secret: a.clientSecret };
        const { code: _code, ...noCode } = good;
        const { client_id: _id, ...noClient } = good;
        const { client_secret: _secret, ...noSecret } = good;
        const bad: Array<[string, Record<string, unknown>]> = [
          ['grant_type "password"', { ...good, grant_type: 'password' }],
          ['no code', noCode],
          ['no client_id', noClient],
          ['no client_secret', noSecret],
          ['a wrong client_secret', { ...good, client_secret: `${a.clientSecret}x` }],
          ["app B's client_id and secret", { ...good, client_id: b.clientId, client_secret: b.clientSecret }],
          ['an unknown code', { ...good, code: `${code}zz` }],
        ];
        for (const [what, body] of bad) {
          const res = await exchange(control, body);
          const text = await answer(res);
          ensure(refusedBy(res.status) && !text.includes('pos_'), { operation: 'exchangeOAuthCode', received: `${text} for ${what}`, documented: 'a 4xx refusal and no token: the exchange takes {grant_type: "authorization_code", code, client_id, client_secret} of the app the code was given to' });
        }
        const fresh = await codeFor(control, a, wsA!);
        await control.advance(9 * MINUTE);
        const inTime = await exchange(control, { ...good, code: fresh });
        const inTimeText = await answer(inTime);
        ensure(inTime.status === 200 && inTimeText.includes('pos_'), { operation: 'exchangeOAuthCode', received: `${inTimeText} for a code 9 minutes old`, documented: '200 with access_token pos_...: "The code is exchanged within 10 minutes"' });
        const stale = await codeFor(control, a, wsA!);
        await control.advance(10 * MINUTE + 1);
        const late = await exchange(control, { ...good, code: stale });
        const lateText = await answer(late);
        ensure(refusedBy(late.status) && !lateText.includes('pos_'), { operation: 'exchangeOAuthCode', received: `${lateText} for a code 10 minutes and 1 second old`, documented: 'a 4xx refusal: "The code is exchanged within 10 minutes"; "Authorization code lifetime | 10 minutes"' });
        const rotated = await control.rotateOAuthSecret(wsA!);
        ensure(typeof rotated?.clientSecret === 'string' && rotated.clientSecret.startsWith('pcs_'), { operation: 'rotateOAuthSecret (control)', received: show(rotated), documented: 'a new secret beginning pcs_, "shown once (at creation or rotation)"' });
        const after = await exchange(control, { ...good, code: await codeFor(control, a, wsA!), client_secret: rotated.clientSecret });
        const afterText = await answer(after);
        ensure(after.status === 200 && afterText.includes('pos_'), { operation: 'exchangeOAuthCode', received: `${afterText} with the secret the rotation showed`, documented: '200 with access_token pos_...: the rotated secret is the app\'s secret' });
      },
      { reset: true, runs: 1, show: () => ['state oauthApp.created: app A and app B in two workspaces', 'approve A, then POST /api/oauth/token with each wrong body', 'approve A, advance 9 min, exchange; approve A, advance 10 min 1 s, exchange', 'state oauthApp.secretRotated A\'s secret, approve A, exchange with the new secret'] },
    );
  },
});

export const appRules = register({
  name: 'oauth_one_app_per_workspace_and_revocation_per_app',
  area: 'oauth',
  kind: 'property',
  description:
    'A workspace\'s app (through control, as in the app) is refused with a 101-character name or a 501-character description, and created with a 100-character name and a 500-character description; a second app is refused; a new redirect URL and then a 1-character name are accepted as edits, and consent after each redirects to the new URL; once the app is deleted a new one can be created. Revoking one app leaves another app\'s token and unspent code working. The consent page refuses (4xx) a response_type other than code, an unknown client_id and none.',
  rule: 'Section 5, OAuth apps 1: "A workspace has at most one OAuth app. Only workspace admins create, edit or delete it. App name is up to 100 characters; description is optional, up to 500 characters"; 3: "response_type (must be code)"; 4: "redirected to the redirect URL"; 6: "A user revokes an app ... revocation stops the token" (that app\'s); section 8: "OAuth apps per workspace | 1", "OAuth app name / description | 100 / 500 characters".',
  needs: { anyKey: KINDS, control: 'creating, editing, deleting and revoking OAuth apps and approving consent as the user' },
  async run(ctx) {
    const control = ctx.control!;
    const kinds = KINDS.filter((k) => ctx.target.workspaceIds[k]);
    if (kinds.length < 2) ctx.notVerified('two workspaces are needed, one app each');
    const [wsA, wsB] = kinds.map((k) => ctx.target.workspaceIds[k]!);
    await ctx.property(
      'one app per workspace; revoking one app stops only its tokens',
      fc.constant(null),
      async () => {
        // One character past each bound is refused, and leaves the workspace without an app.
        for (const [what, fields] of [
          ['a name of 101 characters', { name: 'N'.repeat(101) }],
          ['a description of 501 characters', { name: 'Long description', description: 'D'.repeat(501) }],
        ] as const) {
          const over = await attempt(() => control.createOAuthApp(wsA!, { ...fields, redirectUrl: 'https://a.example.com/callback', picture: PICTURE }));
          ensure(!over.ok && refusedBy(over.status), { operation: 'createOAuthApp (control)', received: over.ok ? `an app created with ${what}` : `${over.status} for ${what}`, documented: 'refused: "App name is up to 100 characters; description is optional, up to 500 characters"' });
        }
        const first = await attempt(() => control.createOAuthApp(wsA!, { name: 'N'.repeat(100), description: 'D'.repeat(500), redirectUrl: 'https://a.example.com/callback', picture: PICTURE }));
        ensure(first.ok, { operation: 'createOAuthApp (control)', received: first.ok ? '' : `${first.status} ${show(first.body, 200)}`, documented: 'accepted: a name of 100 characters and a description of 500 ("up to 100", "up to 500 characters")' });
        const a: App = first.body;
        const second = await attempt(() => control.createOAuthApp(wsA!, { name: 'Second', redirectUrl: 'https://a.example.com/other', picture: PICTURE }));
        ensure(!second.ok && refusedBy(second.status), { operation: 'createOAuthApp (control)', received: second.ok ? 'a second app accepted' : `${second.status}`, documented: 'refused: "A workspace has at most one OAuth app"' });
        const moved = await attempt(() => control.updateOAuthApp(wsA!, { redirectUrl: 'https://a.example.com/moved' }));
        ensure(moved.ok, { operation: 'updateOAuthApp (control)', received: moved.ok ? '' : `${moved.status} ${show(moved.body, 200)}`, documented: 'accepted: an admin edits the app, whose redirect URL is set' });
        // Consent after each edit: an edit keeps what it leaves out, so both the URL and the app stay usable.
        const afterMove = await consent(control, a, wsA!, 'deny');
        ensure(`${afterMove.origin}${afterMove.pathname}` === 'https://a.example.com/moved', { operation: 'submitOAuthConsent', received: `redirect to ${afterMove}`, documented: '"redirected to the redirect URL" the admin just set' });
        const renamed = await attempt(() => control.updateOAuthApp(wsA!, { name: 'A' }));
        ensure(renamed.ok, { operation: 'updateOAuthApp (control)', received: renamed.ok ? '' : `${renamed.status} ${show(renamed.body, 200)}`, documented: 'accepted: a name of 1 character is "up to 100 characters"' });
        const landed = await consent(control, a, wsA!, 'deny');
        ensure(`${landed.origin}${landed.pathname}` === 'https://a.example.com/moved' && landed.searchParams.get('error') === 'access_denied', { operation: 'submitOAuthConsent', received: `redirect to ${landed}`, documented: '"redirected to the redirect URL" the app has now, with error=access_denied on denial' });

        // Two apps with a token each, and an unspent code of B's: revoking A stops A's token only.
        const b: App = await control.createOAuthApp(wsB!, { name: 'App B', redirectUrl: 'https://b.example.com/callback', picture: PICTURE });
        const tokenOf = async (app: App, ws: string) => {
          const res = await exchange(control, { grant_type: 'authorization_code', code: await codeFor(control, app, ws), client_id: app.clientId, client_secret: app.clientSecret });
          const body = record(await res.json().catch(() => undefined));
          ensure(res.status === 200 && typeof body?.access_token === 'string', { operation: 'exchangeOAuthCode', received: `${res.status} ${show(body, 200)}`, documented: '200 {access_token: "pos_...", id, token_type: "bearer"}' });
          return body.access_token;
        };
        const tokenA = await tokenOf(a, wsA!);
        const tokenB = await tokenOf(b, wsB!);
        const codeB = await codeFor(control, b, wsB!);
        await control.revokeOAuthApp(wsA!);
        const useA = await ctx.api.call({ operationId: 'checkConnection', auth: { header: tokenA } });
        ensure(useA.status === 401, { operation: 'checkConnection', received: got(useA), documented: '401 for the revoked app\'s token', exchanges: [useA] });
        const useB = await ctx.api.call({ operationId: 'checkConnection', auth: { header: tokenB } });
        ensure(useB.status === 200, { operation: 'checkConnection', received: `${got(useB)} with app B's token after app A was revoked`, documented: '200: revoking an app stops its tokens, not another app\'s', exchanges: [useA, useB] });
        const late = await exchange(control, { grant_type: 'authorization_code', code: codeB, client_id: b.clientId, client_secret: b.clientSecret });
        const lateText = await answer(late);
        ensure(late.status === 200 && lateText.includes('pos_'), { operation: 'exchangeOAuthCode', received: `${lateText} for app B's code after app A was revoked`, documented: '200: app B is untouched by revoking app A' });

        const deleted = await attempt(() => control.deleteOAuthApp(wsA!));
        ensure(deleted.ok, { operation: 'deleteOAuthApp (control)', received: deleted.ok ? '' : `${deleted.status}`, documented: 'accepted: an admin deletes the app' });
        const again = await attempt(() => control.createOAuthApp(wsA!, { name: 'Again', redirectUrl: 'https://a.example.com/callback', picture: PICTURE }));
        ensure(again.ok, { operation: 'createOAuthApp (control)', received: again.ok ? '' : `${again.status} ${show(again.body, 200)}`, documented: 'accepted: with its app deleted the workspace has none ("at most one OAuth app")' });

        for (const [what, query] of [
          ['response_type token', { client_id: b.clientId, response_type: 'token', state: 's' }],
          ['an unknown client_id', { client_id: `${b.clientId}zz`, response_type: 'code', state: 's' }],
          ['no client_id', { response_type: 'code', state: 's' }],
        ] as const) {
          const page = await control.raw('GET', `/oauth/authorize?${new URLSearchParams(query)}`);
          ensure(refusedBy(page.status), { operation: 'authorizeOAuth', received: `${page.status} for ${what}`, documented: 'a 4xx refusal: consent takes the client_id of an app and "response_type (must be code)"' });
        }
      },
      { reset: true, runs: 1, show: () => ['state oauthApp.created, .created again, .edited and .deleted for app A; oauthApp.created for app B', 'consent and exchange for each', 'state oauthApp.revoked A; GET /is-connected with each token; exchange B\'s code', 'GET {consent_url} with bad queries'] },
    );
  },
});
