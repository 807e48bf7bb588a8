// The mock's provider-states hook (spec/states.yaml, GET/POST /_mock/states): each named state is one control
// operation, run through the app itself so that it is validated, locked and journalled exactly as when called directly.
import { invalid, notFound } from '../../domain/errors.ts';
import type { Ctx } from '../pipeline.ts';
import type { ControlHandlers } from '../typed.ts';

type Params = Record<string, unknown>;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The fields of `params` that are not in the path, sent as the JSON body. */
  body?: Params;
}

/** What each id parameter names, for the 404 of one that names nothing (the control API's own wording). */
const NAMED: Record<string, string> = { workspace: 'Workspace', channel: 'Channel', webhook: 'Webhook' };

const seg = (p: Params, name: string): string => {
  const v = p[name];
  if (typeof v !== 'string' || v.length === 0 || v.length > 200) throw invalid(`params.${name} must be a non-empty string`);
  // `.` and `..` survive encodeURIComponent and a URL would resolve them as dot segments, reaching another operation
  // (`workspaces/../reset` is the world's reset): no id is spelt so, so it names nothing.
  if (v === '.' || v === '..') throw notFound(`${NAMED[name] ?? 'Resource'} not found: ${v}. Nothing changed`);
  return encodeURIComponent(v);
};

/** Everything in `params` but the named fields. */
const rest = (p: Params, ...names: string[]): Params => Object.fromEntries(Object.entries(p).filter(([k]) => !names.includes(k)));
const ws = (p: Params) => `/workspaces/${seg(p, 'workspace')}`;

/** Keyed by the state names of spec/states.yaml (and the enum of StateRequest in spec/control.yaml; a test holds the three equal). */
export const STATE_CALLS: Record<string, (p: Params) => Call> = {
  'world.reset': () => ({ method: 'POST', path: '/reset' }),
  workspaces: () => ({ method: 'GET', path: '/workspaces' }),
  'workspace.created': (p) => ({ method: 'POST', path: '/workspaces', body: p }),
  'workspace.keyRotated': (p) => ({ method: 'POST', path: `${ws(p)}/rotate-key` }),
  'workspace.reset': (p) => ({ method: 'POST', path: `${ws(p)}/reset` }),
  'workspaces.reset': (p) => ({ method: 'POST', path: '/workspaces/reset', body: { workspaces: p.workspaces ?? [] } }),
  clock: (p) => ({ method: 'GET', path: p.workspace === undefined ? '/clock' : `/clock?workspace=${seg(p, 'workspace')}` }),
  'clock.moved': (p) => ({ method: 'POST', path: '/clock', body: p }),
  'workspace.clockMoved': (p) => ({ method: 'POST', path: '/clock', body: { ...p, workspaces: p.workspaces ?? [] } }),
  'channel.failing': (p) => ({ method: 'PUT', path: `/channels/${seg(p, 'channel')}/failure`, body: rest(p, 'channel') }),
  limits: (p) => ({ method: 'GET', path: p.workspace === undefined ? '/limits' : `/limits?workspace=${seg(p, 'workspace')}` }),
  'limits.set': (p) => ({ method: 'PUT', path: '/limits', body: p }),
  'workspace.limitsSet': (p) => ({ method: 'PUT', path: '/limits', body: { ...p, workspaces: p.workspaces ?? [] } }),
  webhooks: (p) => ({ method: 'GET', path: `${ws(p)}/webhooks` }),
  'webhook.created': (p) => ({ method: 'POST', path: `${ws(p)}/webhooks`, body: rest(p, 'workspace') }),
  'webhook.deleted': (p) => ({ method: 'DELETE', path: `${ws(p)}/webhooks/${seg(p, 'webhook')}` }),
  'webhook.testSent': (p) => ({ method: 'POST', path: `${ws(p)}/webhooks/test`, body: rest(p, 'workspace') }),
  deliveries: (p) => ({ method: 'GET', path: p.workspace === undefined ? '/deliveries' : `/deliveries?workspace=${seg(p, 'workspace')}` }),
  'wallet.toppedUp': (p) => ({ method: 'POST', path: `${ws(p)}/wallet/top-up`, body: rest(p, 'workspace') }),
  'wallet.granted': (p) => ({ method: 'POST', path: `${ws(p)}/wallet/grant`, body: rest(p, 'workspace') }),
  'wallet.adjusted': (p) => ({ method: 'POST', path: `${ws(p)}/wallet/adjust`, body: rest(p, 'workspace') }),
  'wallet.frozen': (p) => ({ method: 'POST', path: `${ws(p)}/wallet/freeze` }),
  'wallet.unfrozen': (p) => ({ method: 'POST', path: `${ws(p)}/wallet/unfreeze` }),
  'wallet.autoTopUp': (p) => ({ method: 'PUT', path: `${ws(p)}/wallet/auto-top-up`, body: rest(p, 'workspace') }),
  'oauthApp.created': (p) => ({ method: 'POST', path: `${ws(p)}/oauth-app`, body: rest(p, 'workspace') }),
  'oauthApp.edited': (p) => ({ method: 'PATCH', path: `${ws(p)}/oauth-app`, body: rest(p, 'workspace') }),
  'oauthApp.secretRotated': (p) => ({ method: 'POST', path: `${ws(p)}/oauth-app/rotate-secret` }),
  'oauthApp.revoked': (p) => ({ method: 'POST', path: `${ws(p)}/oauth-app/revoke` }),
  'oauthApp.deleted': (p) => ({ method: 'DELETE', path: `${ws(p)}/oauth-app` }),
};

/** The headers the inner control call keeps: the ones the control API's locks read (host, token, origin, fetch metadata). */
const KEPT = ['authorization', 'host', 'origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];

async function setState(ctx: Ctx): Promise<{ response: Response }> {
  const { state, params = {} } = ctx.body as { state: string; params?: Params };
  const call = STATE_CALLS[state]!(params);
  const here = new URL(ctx.request.url);
  const base = here.pathname.replace(/\/states\/?$/, '');
  const headers = new Headers();
  for (const name of KEPT) {
    const v = ctx.request.headers.get(name);
    if (v !== null) headers.set(name, v);
  }
  if (call.body !== undefined) headers.set('content-type', 'application/json');
  const target = new URL(base + call.path, here);
  // The call reaches exactly the path its state names, or nothing: a URL that resolved to another path is refused.
  if (target.pathname !== base + call.path.split('?')[0]) throw notFound(`No operation for state ${state} with these params. Nothing changed`);
  const inner = await ctx.state.dispatch!(
    new Request(target, { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) }),
  );
  const text = await inner.text();
  // A state set up answers 200 whatever the control operation's own success status (201 for a creation).
  const status = inner.status < 300 ? 200 : inner.status;
  return { response: new Response(text || '{}', { status, headers: { 'content-type': 'application/json; charset=utf-8' } }) };
}

export const handlers = {
  listStates: () => ({ body: { states: Object.keys(STATE_CALLS) } }),
  setState,
} satisfies Partial<ControlHandlers>;
