// oauth_flow: consent gives a code, the code gives a `pos_` token once, the token acts as the key, revocation stops it at once.
import { record } from '../discover.ts';
import { documented } from '../documented.ts';
import type { Exchange } from '../exchange.ts';
import { ensure, got, register } from './registry.ts';

export const oauthFlow = register({
  name: 'oauth_flow',
  area: 'oauth',
  kind: 'property',
  description: 'App ids are pca_/pcs_; approval redirects with code and state, denial with error=access_denied; the code exchanges once for {access_token pos_..., id: workspace, token_type: bearer}; the token works on the API and lists the same channels as the workspace\'s key; after revocation it answers 401 "Invalid OAuth token".',
  rule: 'Section 5, OAuth apps 2-6: "client id beginning pca_ ... secret beginning pcs_"; "redirected ... with code and state ... or error=access_denied and state"; "access_token (beginning pos_), id (the workspace id) and token_type equal to bearer"; "a token can do what the user\'s API key can do in the chosen workspace"; "revocation stops the token at once and later calls answer 401 Invalid OAuth token".',
  needs: { anyKey: ['paid', 'payg', 'free'], control: 'creating an OAuth app and approving consent as the user' },
  async run(ctx) {
    const control = ctx.control!;
    const kind = (['paid', 'payg', 'free'] as const).find((k) => ctx.target.workspaceIds[k])!;
    const ws = ctx.target.workspaceIds[kind]!;
    const app = await control.createOAuthApp(ws, { name: 'Verify app', redirectUrl: 'https://client.example.com/callback', picture: 'https://client.example.com/logo.png' });
    ensure(app.clientId.startsWith('pca_') && app.clientSecret.startsWith('pcs_'), { operation: 'createOAuthApp', received: `${app.clientId} / ${app.clientSecret.slice(0, 6)}...`, documented: 'client id beginning pca_, secret beginning pcs_' });
    // As a user would: open the consent page, then submit its form with every field it carries.
    const consent = (decision: string) => control.consent({ client_id: app.clientId, response_type: 'code', state: 'xyz123', workspace: ws }, decision);
    const denied = await consent('deny');
    ensure(denied.searchParams.get('error') === 'access_denied' && denied.searchParams.get('state') === 'xyz123', { operation: 'submitOAuthConsent', received: `redirect to ${denied}`, documented: 'error=access_denied and state on denial' });
    const approved = await consent('approve');
    const code = approved.searchParams.get('code');
    ensure(code && approved.searchParams.get('state') === 'xyz123', { operation: 'submitOAuthConsent', received: `redirect to ${approved}`, documented: 'code and state on approval' });
    const exchange = () => control.raw('POST', '/api/oauth/token', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret }) });
    const tokenRes = await exchange();
    // Control's answer, judged field by field here, so read unvalidated.
    const answer: unknown = await tokenRes.json();
    const token = record(answer) ?? {};
    ensure(tokenRes.status === 200 && String(token.access_token).startsWith('pos_') && token.id === ws && token.token_type === 'bearer', { operation: 'exchangeOAuthCode', received: `${tokenRes.status} ${JSON.stringify(answer)}`, documented: '{access_token: "pos_...", id: <workspace id>, token_type: "bearer"}' });
    const accessToken = String(token.access_token);
    const again = await exchange();
    ensure(again.status !== 200, { operation: 'exchangeOAuthCode', received: `${again.status} for the same code a second time`, documented: 'a code is exchanged once (section 5.5)' });
    const use = await ctx.api.call({ operationId: 'checkConnection', auth: { header: accessToken } });
    ensure(use.status === 200, { operation: 'checkConnection', received: got(use), documented: '200: "a token can do what the user\'s API key can do"', exchanges: [use] });
    // In the chosen workspace: the token lists that workspace's channels, as its key does.
    const ids = (e: Exchange) => documented(e, 'listIntegrations', 200).map((c) => c.id).sort();
    const byKey = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind } }, `the ${kind} workspace's channels`);
    const byToken = await ctx.api.call({ operationId: 'listIntegrations', auth: { header: accessToken } });
    ensure(byToken.status === 200 && JSON.stringify(ids(byToken)) === JSON.stringify(ids(byKey)), { operation: 'listIntegrations', received: `${got(byToken)} with the token; channels ${JSON.stringify(ids(byKey))} with the workspace's key`, documented: 'the same channels: "a token can do what the user\'s API key can do in the chosen workspace"', exchanges: [byKey, byToken] });
    await control.revokeOAuthApp(ws);
    const after = await ctx.api.call({ operationId: 'checkConnection', auth: { header: accessToken } });
    ensure(after.status === 401 && record(after.responseBody)?.msg === 'Invalid OAuth token', { operation: 'checkConnection', received: got(after), documented: '401 {"msg": "Invalid OAuth token"} after revocation', exchanges: [use, after] });
  },
});
