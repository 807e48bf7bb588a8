// The app's wallet page, played by the mock where `topUpUrl` and 402 refusals point: a person adds credits to the
// workspace that was refused, or turns on auto top-up, then goes back to the app.
import ipaddr from 'ipaddr.js';
import { DomainError, invalid } from '../../domain/errors.ts';
import { isPayAsYouGo } from '../../domain/billing.ts';
import { fromCents } from '../../domain/money.ts';
import { setAutoTopUp, topUp } from '../../domain/wallet.ts';
import { forgetOldest } from '../../domain/caps.ts';
import type { Workspace, World } from '../../domain/world.ts';
import type { Ctx } from '../pipeline.ts';
import { readForm } from '../body.ts';
import { LINK_PARAM, linkedWorkspace, walletHandle, walletLink } from '../wallet-link.ts';
import { controlTokenInput, controlTokenNeeded, escapeHtml, page, type PageReply } from './oauth.ts';
import type { ControlHandlers } from '../typed.ts';
import { describeViolations } from '../../../spec/validator.ts';

export const WALLET_PAGE_OPERATIONS = new Set(['showWalletPage', 'submitWalletPage']);

/** How long a shown page's forms stay valid. */
const FORM_SECONDS = 60 * 60;

/** Longer return URLs are dropped: a link back to an app page has no need of more. */
const MAX_RETURN_LENGTH = 2048;

/**
 * Shown pages' single-use CSRF nonces, per world (a reset forgets them with the world), each bound to the workspace its
 * page showed: a form acts on that workspace only, whatever else it is made to say.
 */
const nonces = new WeakMap<World, Map<string, { expiresAt: number; workspaceId: string }>>();

function issueNonce(ctx: Ctx, ws: Workspace): string {
  let pending = nonces.get(ctx.world);
  if (!pending) nonces.set(ctx.world, (pending = new Map()));
  for (const [key, { expiresAt }] of pending) if (expiresAt <= ctx.now) pending.delete(key);
  forgetOldest(pending, ctx.world.config.caps.pendingConsents - 1);
  const nonce = ctx.env.ids.hex(32);
  pending.set(nonce, { expiresAt: ctx.now + FORM_SECONDS * 1000, workspaceId: ws.id });
  return nonce;
}

/** The workspace the nonce's page showed, the nonce spent; undefined for an unknown, spent or expired one. */
function spendNonce(ctx: Ctx, nonce: string | null): string | undefined {
  const pending = nonces.get(ctx.world);
  const entry = nonce ? pending?.get(nonce) : undefined;
  if (entry === undefined || entry.expiresAt <= ctx.now) return undefined;
  pending!.delete(nonce!);
  return entry.workspaceId;
}

/** The page to go back to, or why it was left out. */
interface Back {
  url?: string;
  refused?: string;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * The return URL, when it leads to the app: an http(s) URL (or a path, on the mock's origin) whose origin is the mock's,
 * one listed in --cors-origin, or, when no list narrows the origins, a loopback one (a dev server on this machine). Any
 * other is dropped with the reason shown on the page, so the page is no open redirect another site could borrow.
 */
function returnUrl(ctx: Ctx, value: string | null | undefined): Back {
  if (!value) return {};
  if (value.length > MAX_RETURN_LENGTH) return { refused: `The link back to the app was left out: it is longer than ${MAX_RETURN_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(value, ctx.origin);
  } catch {
    return { refused: 'The link back to the app was left out: it is not a URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: `The link back to the app was left out: only http and https pages are linked (not ${url.protocol}).` };
  const access = ctx.state.access;
  const own = [ctx.origin, new URL(ctx.request.url).origin, access.listening?.origin, access.publicOrigin];
  const listed = access.corsOrigins[0] === '*' ? [] : access.corsOrigins;
  if (own.includes(url.origin) || listed.includes(url.origin)) return { url: url.href };
  if (listed.length === 0 && isLoopback(url.hostname)) return { url: url.href };
  const allowed = listed.length > 0 ? `nor one of --cors-origin (${listed.join(', ')})` : 'nor a loopback address (start the mock with --cors-origin naming it)';
  return { refused: `The link back to the app was left out: ${url.origin} is not this mock's origin ${allowed}.` };
}

const NOTICES: Record<string, string> = {
  'top-up': 'Credits added.',
  'auto-top-up-on': 'Automatic top-up is on.',
  'auto-top-up-off': 'Automatic top-up is off.',
};

const PAGE_STYLE = `<style>.facts{margin:16px 0;padding:0;list-style:none;color:#444;line-height:1.7}
.notice{background:#ecfdf5;border-radius:8px;padding:8px 12px;color:#065f46}.error{color:#b91c1c}
input[type=number]{width:100%;padding:8px;font-size:15px;box-sizing:border-box}.workspaces{padding-left:20px;line-height:1.9}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8}h2{font-size:16px;margin:28px 0 0}</style>`;

function backLink(back: Back): string {
  if (back.url) return `<p><a id="return" href="${escapeHtml(back.url)}">Back to the app</a></p>`;
  return back.refused ? `<p class="hint" id="return-refused">${escapeHtml(back.refused)}</p>` : '';
}

function describePlan(ws: Workspace): string {
  if (ws.plan === 'paid') return `${escapeHtml(ws.plan)} (actions are not charged to the wallet)`;
  return `${escapeHtml(ws.plan)}${isPayAsYouGo(ws) ? ', pay-as-you-go' : ', never topped up'}`;
}

function walletPage(ctx: Ctx, ws: Workspace, back: Back, done: string | undefined): PageReply {
  const nonce = issueNonce(ctx, ws);
  const path = ctx.state.config.walletPath;
  const auto = ws.wallet.autoTopUp;
  const hidden = `<input type="hidden" name="${LINK_PARAM}" value="${escapeHtml(walletHandle(ctx.state, ws.id))}">
<input type="hidden" name="csrf_token" value="${escapeHtml(nonce)}">
${back.url ? `<input type="hidden" name="return" value="${escapeHtml(back.url)}">` : ''}`;
  const notice = done && NOTICES[done] ? `<p class="notice">${NOTICES[done]}</p>` : '';
  const state = [
    `<li>Workspace: <strong id="workspace">${escapeHtml(ws.name)}</strong></li>`,
    `<li>Balance: <strong id="balance">${fromCents(ws.wallet.balance).toFixed(2)}</strong> credits</li>`,
    `<li>Plan: ${describePlan(ws)}</li>`,
    ws.wallet.frozen ? '<li class="error">The wallet is frozen: top-ups are refused until it is unfrozen.</li>' : '',
    `<li>Automatic top-up: <span id="auto-top-up">${auto.enabled ? 'on' : 'off'}</span></li>`,
  ].join('');
  return page(
    'Wallet',
    `${PAGE_STYLE}<h1>Wallet</h1>
${notice}
<ul class="facts">${state}</ul>
<h2>Add credits</h2>
<form method="post" action="${escapeHtml(path)}">
${hidden}
<label for="credits">Credits</label>
<input type="number" id="credits" name="credits" min="0.01" step="0.01" value="50" required>
${controlTokenInput(ctx.state.access, 'control-token-top-up')}
<div class="buttons"><button class="primary" type="submit" name="action" value="top-up">Add credits</button></div>
</form>
<h2>Automatic top-up</h2>
<form method="post" action="${escapeHtml(path)}">
${hidden}
<label for="belowCredits">When the balance falls below (credits)</label>
<input type="number" id="belowCredits" name="belowCredits" min="0" step="0.01" value="${auto.belowCents === null ? 10 : fromCents(auto.belowCents)}">
<label for="amount">Top up by (smallest currency unit, ${escapeHtml(ctx.world.config.walletCurrency)} cents)</label>
<input type="number" id="amount" name="amount" min="1" step="1" value="${auto.amount ?? 1000}">
${controlTokenInput(ctx.state.access, 'control-token-auto-top-up')}
<div class="buttons">
<button type="submit" name="action" value="auto-top-up-off">Turn off</button>
<button class="primary" type="submit" name="action" value="auto-top-up-on">Turn on</button>
</div>
</form>
${backLink(back)}`,
  );
}

/**
 * The page at the bare path, which no link of the API leads to: every workspace, each by its own link. It is the mock's
 * open door for a developer, no wider than the control API's top-up (and, under --control-token, every change it
 * leads to asks for the token, as the control API does).
 */
function pickerPage(ctx: Ctx, back: Back, askedById: boolean): PageReply {
  const rows = [...ctx.world.workspaces.values()]
    .map((ws) => {
      const href = walletLink(ctx.state, ws, { return: back.url });
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(ws.name)}</a> (${describePlan(ws)}): ${fromCents(ws.wallet.balance).toFixed(2)} credits</li>`;
    })
    .join('');
  const byId = askedById
    ? `<p class="hint">The wallet page is opened by the link the API gives for a workspace (<code>topUpUrl</code>, or the <code>url</code> of a 402), not by a workspace id.</p>`
    : '';
  return page(
    'Wallet',
    `${PAGE_STYLE}<h1>Wallet</h1>
${byId}
<p>An app sends a person here with its workspace's link: <code>topUpUrl</code> from <code>GET /wallet</code>, or the <code>url</code> of a 402. Or pick a workspace:</p>
<ul class="workspaces">${rows}</ul>
${backLink(back)}`,
  );
}

function errorPage(ctx: Ctx, message: string, ws: Workspace | undefined, back: Back, status = 400): PageReply {
  const again = ws ? `<p><a href="${escapeHtml(walletLink(ctx.state, ws, { return: back.url }))}">Back to the wallet</a></p>` : '';
  return page(
    'Wallet',
    `${PAGE_STYLE}<h1>The wallet was not changed</h1>
<p class="error">${escapeHtml(message)}</p>
${again}
${backLink(back)}`,
    status,
  );
}

const UNKNOWN_LINK =
  'This wallet link names no workspace: it was edited, or made by an earlier run of the mock (links last while it runs). Go back to the app and follow its wallet link again.';

/** A number typed in the form; an empty or non-numeric field is a refusal, not NaN in the ledger. */
function formNumber(form: URLSearchParams, name: string): number {
  const raw = (form.get(name) ?? '').trim();
  const n = Number(raw);
  if (raw === '' || !Number.isFinite(n)) throw invalid(`${name} must be a number`);
  return n;
}

/**
 * The form's values checked as the body of the control operation that does the same (spec/control.yaml), so the page
 * takes no amount the control API would refuse (10,000,000 credits, an integer top-up amount, ...).
 */
function asControlBody<T extends Record<string, unknown>>(ctx: Ctx, operationId: string, ws: { id: string }, body: T): T {
  const check = ctx.state.controlValidator.byId(operationId).validateRequest({ path: { id: ws.id }, body, contentType: 'application/json' });
  const problems = check.violations.filter((v) => v.in === 'body');
  if (problems.length > 0) throw invalid(describeViolations(problems).map((line) => line.replace(/^body \//, '')).join('; '));
  return body;
}

export const handlers = {
  showWalletPage: (ctx) => {
    const query = new URL(ctx.request.url).searchParams;
    const back = returnUrl(ctx, query.get('return'));
    const handle = query.get(LINK_PARAM);
    if (handle === null) return pickerPage(ctx, back, query.has('workspace'));
    const ws = linkedWorkspace(ctx.state, handle);
    if (!ws) {
      return page('Wallet', `${PAGE_STYLE}<h1>This wallet link is not valid</h1>\n<p class="error">${escapeHtml(UNKNOWN_LINK)}</p>\n${backLink(back)}`, 404);
    }
    return walletPage(ctx, ws, back, query.get('done') ?? undefined);
  },

  submitWalletPage: {
    rawBody: true,
    handle: async (ctx) => {
      const type = ctx.request.headers.get('content-type') ?? '';
      if (!type.includes('application/x-www-form-urlencoded')) throw invalid('The wallet form is sent as application/x-www-form-urlencoded');
      const form = await readForm(ctx.request);
      const back = returnUrl(ctx, form.get('return'));
      const linked = linkedWorkspace(ctx.state, form.get(LINK_PARAM));
      // Money moves here: locked like the control API's top-up, checked before the form's CSRF field is spent.
      const locked = controlTokenNeeded(ctx.state.access, ctx.request, form, 'Changing a wallet');
      if (locked) return locked;
      const shown = spendNonce(ctx, form.get('csrf_token'));
      if (shown === undefined) {
        return errorPage(ctx, 'This form has expired or was already sent. Open the wallet page again.', linked, back);
      }
      // The workspace is the one the page showed; a link edited to name another is refused, not followed.
      const ws = ctx.world.workspaces.get(shown);
      if (!ws || linked !== ws) return errorPage(ctx, 'This form does not belong to this wallet link. Open the wallet page again from the app.', ws, back);
      const action = form.get('action') ?? '';
      try {
        if (action === 'top-up') topUp(ws, ctx.world.config, asControlBody(ctx, 'topUpWallet', ws, { credits: formNumber(form, 'credits') }).credits, ctx.env);
        else if (action === 'auto-top-up-on') {
          setAutoTopUp(ws, asControlBody(ctx, 'setAutoTopUp', ws, { enabled: true, belowCredits: formNumber(form, 'belowCredits'), amount: formNumber(form, 'amount') }));
        } else if (action === 'auto-top-up-off') setAutoTopUp(ws, { enabled: false });
        else return errorPage(ctx, 'action must be top-up, auto-top-up-on or auto-top-up-off.', ws, back);
      } catch (err) {
        if (err instanceof DomainError) return errorPage(ctx, err.messages.join(' '), ws, back);
        throw err;
      }
      // After a POST, a redirect: reloading the page shows it again instead of sending the form twice.
      const location = walletLink(ctx.state, ws, { done: action, return: back.url });
      return { response: new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } }) };
    },
  },
} satisfies Partial<ControlHandlers>;
