// The app's wallet page, played by the mock where `topUpUrl` and 402 refusals point: a person adds credits or turns on auto top-up, then returns to the app.
import { DomainError, invalid } from '../../domain/errors.ts';
import { isPayAsYouGo } from '../../domain/billing.ts';
import { fromCents } from '../../domain/money.ts';
import { setAutoTopUp, topUp } from '../../domain/wallet.ts';
import { forgetOldest } from '../../domain/caps.ts';
import type { Workspace, World } from '../../domain/world.ts';
import type { Ctx } from '../pipeline.ts';
import { readForm } from '../body.ts';
import { controlTokenInput, controlTokenNeeded, escapeHtml, page, type PageReply } from './oauth.ts';
import type { ControlHandlers } from '../typed.ts';

export const WALLET_PAGE_OPERATIONS = new Set(['showWalletPage', 'submitWalletPage']);

/** How long a shown page's forms stay valid. */
const FORM_SECONDS = 60 * 60;

/** Shown pages' single-use CSRF nonces, per world (a reset forgets them with the world). */
const nonces = new WeakMap<World, Map<string, number>>();

function issueNonce(ctx: Ctx): string {
  let pending = nonces.get(ctx.world);
  if (!pending) nonces.set(ctx.world, (pending = new Map()));
  for (const [key, expiresAt] of pending) if (expiresAt <= ctx.now) pending.delete(key);
  forgetOldest(pending, ctx.world.config.caps.pendingConsents - 1);
  const nonce = ctx.env.ids.hex(32);
  pending.set(nonce, ctx.now + FORM_SECONDS * 1000);
  return nonce;
}

function spendNonce(ctx: Ctx, nonce: string | null): boolean {
  const pending = nonces.get(ctx.world);
  const expiresAt = nonce ? pending?.get(nonce) : undefined;
  if (expiresAt === undefined || expiresAt <= ctx.now) return false;
  pending!.delete(nonce!);
  return true;
}

/** The app to go back to: an absolute http(s) URL, anything else dropped (no javascript: links). */
function returnUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const NOTICES: Record<string, string> = {
  'top-up': 'Credits added.',
  'auto-top-up-on': 'Automatic top-up is on.',
  'auto-top-up-off': 'Automatic top-up is off.',
};

const PAGE_STYLE = `<style>.facts{margin:16px 0;padding:0;list-style:none;color:#444;line-height:1.7}
.notice{background:#ecfdf5;border-radius:8px;padding:8px 12px;color:#065f46}.error{color:#b91c1c}
input[type=number]{width:100%;padding:8px;font-size:15px;box-sizing:border-box}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8}h2{font-size:16px;margin:28px 0 0}</style>`;

function pagePath(ctx: Ctx, ws: string | undefined, back: string | undefined, done?: string): string {
  const query = new URLSearchParams();
  if (ws) query.set('workspace', ws);
  if (done) query.set('done', done);
  if (back) query.set('return', back);
  const text = query.toString();
  return `${ctx.state.config.walletPath}${text ? `?${text}` : ''}`;
}

function backLink(back: string | undefined): string {
  return back ? `<p><a id="return" href="${escapeHtml(back)}">Back to the app</a></p>` : '';
}

function walletPage(ctx: Ctx, ws: Workspace, back: string | undefined, done: string | undefined): PageReply {
  const nonce = issueNonce(ctx);
  const path = ctx.state.config.walletPath;
  const options = [...ctx.world.workspaces.values()]
    .map((w) => `<option value="${escapeHtml(w.id)}"${w.id === ws.id ? ' selected' : ''}>${escapeHtml(w.name)} (${escapeHtml(w.plan)})</option>`)
    .join('');
  const auto = ws.wallet.autoTopUp;
  const hidden = `<input type="hidden" name="workspace" value="${escapeHtml(ws.id)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(nonce)}">
${back ? `<input type="hidden" name="return" value="${escapeHtml(back)}">` : ''}`;
  const notice = done && NOTICES[done] ? `<p class="notice">${NOTICES[done]}</p>` : '';
  const state = [
    `<li>Balance: <strong id="balance">${fromCents(ws.wallet.balance).toFixed(2)}</strong> credits</li>`,
    `<li>Plan: ${escapeHtml(ws.plan)}${ws.plan === 'paid' ? ' (actions are not charged to the wallet)' : isPayAsYouGo(ws) ? ', pay-as-you-go' : ', never topped up'}</li>`,
    ws.wallet.frozen ? '<li class="error">The wallet is frozen: top-ups are refused until it is unfrozen.</li>' : '',
    `<li>Automatic top-up: <span id="auto-top-up">${auto.enabled ? 'on' : 'off'}</span></li>`,
  ].join('');
  return page(
    'Wallet',
    `${PAGE_STYLE}<h1>Wallet</h1>
${notice}
<form method="get" action="${escapeHtml(path)}">
<label for="workspace">Workspace</label>
<select id="workspace" name="workspace">${options}</select>
${back ? `<input type="hidden" name="return" value="${escapeHtml(back)}">` : ''}
<div class="buttons"><button type="submit">Show</button></div>
</form>
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

function errorPage(ctx: Ctx, message: string, ws: string | undefined, back: string | undefined): PageReply {
  return page(
    'Wallet',
    `${PAGE_STYLE}<h1>The wallet was not changed</h1>
<p class="error">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(pagePath(ctx, ws, back))}">Back to the wallet</a></p>
${backLink(back)}`,
    400,
  );
}

/** A number typed in the form; an empty or non-numeric field is a refusal, not NaN in the ledger. */
function formNumber(form: URLSearchParams, name: string): number {
  const raw = (form.get(name) ?? '').trim();
  const n = Number(raw);
  if (raw === '' || !Number.isFinite(n)) throw invalid(`${name} must be a number`);
  return n;
}

export const handlers = {
  showWalletPage: (ctx) => {
    const url = new URL(ctx.request.url);
    const asked = url.searchParams.get('workspace');
    // Which workspace is shown: the one the query names, else the first (the mock's one user belongs to every workspace).
    const ws = (asked ? ctx.world.workspaces.get(asked) : undefined) ?? ctx.world.workspaces.values().next().value;
    const back = returnUrl(url.searchParams.get('return'));
    if (!ws) return errorPage(ctx, 'There is no workspace.', undefined, back);
    return walletPage(ctx, ws, back, url.searchParams.get('done') ?? undefined);
  },

  submitWalletPage: {
    rawBody: true,
    handle: async (ctx) => {
      const type = ctx.request.headers.get('content-type') ?? '';
      if (!type.includes('application/x-www-form-urlencoded')) throw invalid('The wallet form is sent as application/x-www-form-urlencoded');
      const form = await readForm(ctx.request);
      const back = returnUrl(form.get('return'));
      const id = form.get('workspace') ?? undefined;
      // Money moves here: locked like the control API's top-up, checked before the form's CSRF field is spent.
      const locked = controlTokenNeeded(ctx.state.access, ctx.request, form, 'Changing a wallet');
      if (locked) return locked;
      if (!spendNonce(ctx, form.get('csrf_token'))) {
        return errorPage(ctx, 'This form has expired or was already sent. Open the wallet page again.', id, back);
      }
      const ws = id ? ctx.world.workspaces.get(id) : undefined;
      if (!ws) return errorPage(ctx, 'Choose a workspace.', undefined, back);
      const action = form.get('action') ?? '';
      try {
        if (action === 'top-up') topUp(ws, ctx.world.config, formNumber(form, 'credits'), ctx.env);
        else if (action === 'auto-top-up-on') {
          setAutoTopUp(ws, { enabled: true, belowCredits: formNumber(form, 'belowCredits'), amount: formNumber(form, 'amount') });
        } else if (action === 'auto-top-up-off') setAutoTopUp(ws, { enabled: false });
        else return errorPage(ctx, 'action must be top-up, auto-top-up-on or auto-top-up-off.', ws.id, back);
      } catch (err) {
        if (err instanceof DomainError) return errorPage(ctx, err.messages.join(' '), ws.id, back);
        throw err;
      }
      // After a POST, a redirect: reloading the page shows it again instead of sending the form twice.
      return { response: new Response(null, { status: 303, headers: { location: pagePath(ctx, ws.id, back, action), 'cache-control': 'no-store' } }) };
    },
  },
} satisfies Partial<ControlHandlers>;
