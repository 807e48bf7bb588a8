// OAuth apps through the control API, and the app host the mock plays: the consent page and the token endpoint (reference section 5).
import {
  answerConsent,
  beginConsent,
  ConsentError,
  createApp,
  deleteApp,
  exchangeCode,
  getApp,
  publicApp,
  revokeApp,
  rotateSecret,
  updateApp,
  type OAuthApp,
  type TokenRequest,
} from '../../domain/oauth.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Workspace, World } from '../../domain/world.ts';
import { BODY_LIMITS, parseJson, readForm, readText } from '../body.ts';
import { controlTokenGiven, controlTokenRefusal, type Access } from '../access.ts';
import type { ControlHandlers, ControlOperations, TypedReply } from '../typed.ts';

/** The workspace a control path names, or the control API's 404. */
export function controlWorkspace(world: World, id: string): Workspace {
  const ws = world.workspaces.get(id);
  if (!ws) throw notFound('Workspace not found');
  return ws;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Headers of every page: no framing by another site (clickjacking), no caching, no script. `formAction` adds origins a
 * form may lead to: Chromium checks form-action on each redirect after a submit too, so the consent page names the
 * app's redirect origin, where its 302 goes.
 */
function htmlHeaders(formAction: string[]): Record<string, string> {
  const targets = ["'self'", ...formAction].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; img-src * data:; style-src 'unsafe-inline'; form-action ${targets}; frame-ancestors 'none'`,
    // The page's URL is not told to the site a form or link leads to (the app's redirect, the wallet's return link).
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/**
 * A redirect URL's origin as a CSP source. Only a plain scheme, host and port is written into the header: anything else
 * (an IPv6 literal, which CSP cannot name, or a host with characters that would end the directive) falls back to the
 * scheme alone, which still keeps forms from leaving for another scheme.
 */
export function formActionSource(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  return /^[a-z0-9.-]+(:\d+)?$/i.test(url.host) ? url.origin : url.protocol;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f5f7;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:440px;width:100%;padding:32px}
h1{font-size:20px;margin:0 0 8px}.app{display:flex;gap:12px;align-items:center;margin-bottom:16px}
.app img{width:48px;height:48px;border-radius:10px}p{color:#444;line-height:1.5}label{display:block;margin:16px 0 6px;font-weight:600}
select{width:100%;padding:8px;font-size:15px}.buttons{display:flex;gap:12px;margin-top:24px}
button{flex:1;padding:10px;font-size:15px;border-radius:8px;border:1px solid #ccc;cursor:pointer}
button[value=approve]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}
input[type=password]{width:100%;padding:8px;font-size:15px;box-sizing:border-box}.hint{font-size:13px;color:#666;margin:4px 0 0}`;

/** A page of the app host (consent, wallet): escaped title, the shared style, headers that forbid framing and caching. */
/** A page is always a ready response: its HTML is not one of the document's JSON bodies. */
export type PageReply = { response: Response };

export function page(title: string, body: string, status = 200, formAction: string[] = []): PageReply {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body>
</html>`;
  return { response: new Response(html, { status, headers: htmlHeaders(formAction) }) };
}

/** The form field that carries the control token: a person types it, so no cookie or URL ever holds it. */
export const CONTROL_TOKEN_FIELD = 'control_token';

/** The token field a locked page's form shows (`id` unique on the page); nothing when the mock has no control token. */
export function controlTokenInput(access: Access, id: string): string {
  if (access.controlToken === undefined) return '';
  return `<label for="${escapeHtml(id)}">Control token</label>
<input type="password" id="${escapeHtml(id)}" name="${CONTROL_TOKEN_FIELD}" autocomplete="off" spellcheck="false">
<p class="hint">This mock was started with --control-token: type the token to go on.</p>`;
}

/**
 * A form sent without the right control token, before anything changes (its CSRF field is not spent, so going back
 * and typing the token works): a page for a person, whose browser asks for HTML; the control API's 401 otherwise.
 */
export function controlTokenNeeded(access: Access, request: Request, form: URLSearchParams, what: string): PageReply | undefined {
  if (controlTokenGiven(access, form.get(CONTROL_TOKEN_FIELD))) return undefined;
  const message = `${what} needs the control token (the mock was started with --control-token): type it into the page's Control token field.`;
  if (!(request.headers.get('accept') ?? '').includes('text/html')) return { response: controlTokenRefusal(message) };
  return page('Control token needed', `<h1>The control token is needed</h1>\n<p class="error">${escapeHtml(message)}</p>\n<p>Go back, type the token and send the form again.</p>`, 401);
}

const errorPage = (message: string) =>
  page('Authorization failed', `<h1>This app cannot be authorized</h1>\n<p class="error">${escapeHtml(message)}</p>`, 400);

function consentPage(access: Access, app: OAuthApp, workspaces: Workspace[], selected: string, state: string | null, nonce: string): PageReply {
  const options = workspaces
    .map((w) => `<option value="${escapeHtml(w.id)}"${w.id === selected ? ' selected' : ''}>${escapeHtml(w.name)}</option>`)
    .join('');
  const picture = app.picture ? `<img src="${escapeHtml(app.picture)}" alt="">` : '';
  const description = app.description ? `<p>${escapeHtml(app.description)}</p>` : '';
  return page(
    `Authorize ${app.name}`,
    `<div class="app">${picture}<h1>Authorize ${escapeHtml(app.name)}</h1></div>
${description}
<p><strong>${escapeHtml(app.name)}</strong> wants to act in your workspace: it will be able to do what the workspace's API key can do (channels, posts, media, analytics, brief) until you revoke it.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="client_id" value="${escapeHtml(app.clientId)}">
${state === null ? '' : `<input type="hidden" name="state" value="${escapeHtml(state)}">`}
<input type="hidden" name="csrf_token" value="${escapeHtml(nonce)}">
<label for="workspace">Workspace</label>
<select id="workspace" name="workspace">${options}</select>
${controlTokenInput(access, 'control-token')}
<div class="buttons">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="approve">Approve</button>
</div>
</form>`,
    200,
    [formActionSource(app.redirectUrl)],
  );
}

type TokenReply = TypedReply<ControlOperations['exchangeOAuthCode']>;

function tokenReply<S extends 200 | 400 | 401>(status: S, body: Extract<TokenReply, { status: S }>['body']): TokenReply {
  return { status, body, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } } as TokenReply;
}

/** The token request as JSON (the reference) or, for OAuth client libraries, as a form. */
async function readTokenRequest(request: Request): Promise<TokenRequest | null> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(await readForm(request));
  const text = await readText(request, BODY_LIMITS.formBytes);
  try {
    const parsed = parseJson(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TokenRequest) : null;
  } catch {
    return null;
  }
}

export const handlers = {
  getOAuthApp: (ctx) => ({ body: publicApp(getApp(controlWorkspace(ctx.world, ctx.params.id))) }),

  createOAuthApp: (ctx) => {
    const app = createApp(controlWorkspace(ctx.world, ctx.params.id), ctx.body, ctx.env);
    return { status: 201, body: { ...app } };
  },

  updateOAuthApp: (ctx) => ({ body: publicApp(updateApp(controlWorkspace(ctx.world, ctx.params.id), ctx.body ?? {})) }),

  rotateOAuthSecret: (ctx) => ({ body: rotateSecret(controlWorkspace(ctx.world, ctx.params.id), ctx.env) }),

  deleteOAuthApp: (ctx) => ({ body: deleteApp(ctx.world, controlWorkspace(ctx.world, ctx.params.id), ctx.env) }),

  revokeOAuthApp: (ctx) => ({ body: revokeApp(ctx.world, controlWorkspace(ctx.world, ctx.params.id), ctx.env) }),

  authorizeOAuth: (ctx) => {
    const url = new URL(ctx.request.url);
    try {
      const { app, ws, nonce } = beginConsent(
        ctx.world,
        { clientId: ctx.query.client_id, responseType: ctx.query.response_type, state: ctx.query.state },
        ctx.env,
      );
      // Which workspace approves: `workspace` in the query when it names one, else the app's own (mock decision).
      const asked = url.searchParams.get('workspace');
      const selected = asked && ctx.world.workspaces.has(asked) ? asked : ws.id;
      return consentPage(ctx.state.access, app, [...ctx.world.workspaces.values()], selected, ctx.query.state ?? null, nonce);
    } catch (err) {
      if (err instanceof ConsentError) return errorPage(err.message);
      throw err;
    }
  },

  submitOAuthConsent: {
    rawBody: true,
    handle: async (ctx) => {
      const type = ctx.request.headers.get('content-type') ?? '';
      if (!type.includes('application/x-www-form-urlencoded')) throw invalid('The consent form is sent as application/x-www-form-urlencoded');
      const form = await readForm(ctx.request);
      const field = (name: string) => form.get(name) ?? undefined;
      // Approving mints a credential for a workspace, as good as its key: locked like the control API. Denying is not.
      if (field('decision') === 'approve') {
        const locked = controlTokenNeeded(ctx.state.access, ctx.request, form, 'Approving an app');
        if (locked) return locked;
      }
      try {
        const { location } = answerConsent(
          ctx.world,
          {
            clientId: field('client_id'),
            workspaceId: field('workspace'),
            state: field('state'),
            decision: field('decision'),
            nonce: field('csrf_token'),
          },
          ctx.env,
        );
        return { response: new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } }) };
      } catch (err) {
        if (err instanceof ConsentError) return errorPage(err.message);
        throw err;
      }
    },
  },

  exchangeOAuthCode: {
    rawBody: true,
    handle: async (ctx) => {
      const body = await readTokenRequest(ctx.request);
      if (!body) return tokenReply(400, { error: 'invalid_request', error_description: 'The body must be a JSON object' });
      const result = exchangeCode(ctx.world, body, ctx.env);
      if (result.ok) return tokenReply(200, result.token);
      const { status, error, description } = result.failure;
      return tokenReply(status, description ? { error, error_description: description } : { error });
    },
  },
} satisfies Partial<ControlHandlers>;
