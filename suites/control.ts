// The client of a target's provider-states hook (spec/states.yaml): what a check cannot arrange through the public API.
import type { StateName } from './states.ts';
import { joinUrl } from './url.ts';

export interface ControlWorkspace {
  id: string;
  name: string;
  plan: 'free' | 'paid';
  payAsYouGo: boolean;
  frozen: boolean;
  apiKey: string;
}

export interface ControlClock {
  now: string;
  frozen: boolean;
  published?: string[];
  failed?: string[];
}

export interface Delivery {
  id: string;
  webhookId: string;
  workspaceId: string;
  url: string;
  body: any[];
  status: number | null;
  error: string | null;
  at: string;
  test: boolean;
}

/** The world-wide states a hook may also offer for named workspaces alone (`workspace.clockMoved`, `workspace.limitsSet`). */
export type ScopableState = 'clock.moved' | 'limits.set';
export const SCOPED_STATES: Record<ScopableState, StateName> = { 'clock.moved': 'workspace.clockMoved', 'limits.set': 'workspace.limitsSet' };

export class ControlError extends Error {
  status: number;
  body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * The provider-states hook (spec/states.yaml): `POST <hook> {state, params}` sets a state up, or reads what a check
 * must observe; `GET <hook>` lists the states the target offers. The mock's hook is `<origin>/_mock/states`, so
 * `--control <origin>/_mock` is one case of it. Every call goes through the target's recording transport.
 */
/** The consent page's field for the control token of a mock started with --control-token (mocks/http/control/oauth.ts). */
const CONTROL_TOKEN_FIELD = 'control_token';

export class Control {
  /** The hook's URL. */
  readonly url: string;
  /** The web app host (`{app_url}`: the consent page and the token endpoint). */
  readonly origin: string;
  #fetch: typeof fetch;
  #auth: Record<string, string>;
  #offered: ReadonlySet<string> | undefined;
  /** The client this one was made from (`using`), whose read of what the hook offers it shares. */
  #shared: Control | undefined;
  /** Workspaces whose own clock and limits this client moves and reads, for the states the hook can scope (`scopedTo`). */
  #scope: { workspaces: string[]; states: ReadonlySet<ScopableState>; moved: boolean; limits: Record<string, unknown> } | undefined;

  /** `token`: sent as a bearer token on every hook call (the mock's --control-token). */
  constructor(url: string, transport: typeof fetch, token?: string, appUrl?: string) {
    this.url = url.replace(/\/$/, '');
    this.origin = new URL(appUrl ?? this.url).origin;
    this.#fetch = transport;
    this.#auth = token ? { authorization: `Bearer ${token}` } : {};
    this.#token = token;
  }

  /** The hook's bearer token, typed into a consent page that asks for it (a mock started with --control-token). */
  readonly #token: string | undefined;


  async #call<T>(method: 'GET' | 'POST', body?: unknown): Promise<T> {
    const res = await this.#fetch(this.url, {
      method,
      headers: body === undefined ? this.#auth : { ...this.#auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep text */
    }
    const what = body === undefined ? 'GET' : (body as { state: string }).state;
    if (res.status >= 400) throw new ControlError(`states hook ${what} answered ${res.status}: ${text.slice(0, 300)}`, res.status, parsed);
    return parsed as T;
  }

  /** The same hook, its calls sent through `transport` (a check's own recording one); what it offers is read once for both. */
  using(transport: typeof fetch): Control {
    const copy = new Control(this.url, transport, this.#token, this.origin);
    copy.#offered = this.#offered;
    copy.#shared = this;
    copy.#scope = this.#scope;
    return copy;
  }

  /**
   * The same hook, moving and reading the clock and limits of `workspaces` alone for the `states` given (those the hook
   * offers scoped: `workspace.clockMoved`, `workspace.limitsSet`). A check asks for `clock.moved` as everywhere; in a
   * lane of its own, only its lane's time moves, so checks that move time run beside each other.
   */
  scopedTo(workspaces: string[], states: ReadonlySet<ScopableState>): Control {
    const copy = this.using(this.#fetch);
    copy.#scope = workspaces.length > 0 && states.size > 0 ? { workspaces: [...workspaces], states, moved: false, limits: {} } : undefined;
    return copy;
  }

  /** The workspaces `state` moves alone in, when this client scopes it. */
  #scoped(state: ScopableState): string[] | undefined {
    return this.#scope?.states.has(state) ? this.#scope.workspaces : undefined;
  }

  /** Told of every state a check sets up or reads (the runner records which states each check used). */
  onState?: (name: StateName) => void;

  /** Set a state up (or read one), as the hook contract says. */
  state<T = unknown>(name: StateName, params: Record<string, unknown> = {}): Promise<T> {
    this.onState?.(name);
    return this.#call<T>('POST', { state: name, params });
  }

  /** The states the hook offers, read once. */
  async offered(): Promise<ReadonlySet<string>> {
    if (this.#shared) return this.#shared.offered();
    if (!this.#offered) {
      const answer = await this.#call<{ states?: unknown }>('GET');
      const names = Array.isArray(answer?.states) ? answer.states.filter((s): s is string => typeof s === 'string') : [];
      this.#offered = new Set(names);
    }
    return this.#offered;
  }

  reset(): Promise<unknown> {
    return this.state('world.reset');
  }
  workspaces(): Promise<ControlWorkspace[]> {
    return this.state('workspaces');
  }
  async createWorkspace(body: { name?: string; plan: 'free' | 'paid'; topUpCredits?: number }): Promise<ControlWorkspace> {
    const made = await this.state<ControlWorkspace>('workspace.created', body);
    await this.#joinScope(made.id);
    return made;
  }

  /**
   * A workspace a scoped check makes joins its scope: it is put on the lane's time and given the limits the check set,
   * as it would have found them in a world the check had to itself.
   */
  async #joinScope(id: string): Promise<void> {
    const scope = this.#scope;
    if (!scope) return;
    if (scope.states.has('clock.moved') && scope.moved) {
      const { now } = await this.clock();
      await this.#call('POST', { state: SCOPED_STATES['clock.moved'], params: { workspaces: [id], now } });
    }
    if (scope.states.has('limits.set') && Object.keys(scope.limits).length > 0) {
      await this.#call('POST', { state: SCOPED_STATES['limits.set'], params: { workspaces: [id], ...scope.limits } });
    }
    scope.workspaces.push(id);
  }
  rotateKey(id: string): Promise<{ apiKey: string }> {
    return this.state('workspace.keyRotated', { workspace: id });
  }
  clock(): Promise<ControlClock> {
    const scope = this.#scoped('clock.moved');
    return this.state('clock', scope ? { workspace: scope[0] } : {});
  }
  setClock(body: { advanceSeconds?: number; now?: string; frozen?: boolean }): Promise<ControlClock> {
    const scope = this.#scoped('clock.moved');
    // Freezing is the world's (no hook freezes one workspace's clock): a check that freezes it moves every lane's time,
    // so none does; one that did would belong with the checks that run alone.
    if (!scope || body.frozen !== undefined) return this.state('clock.moved', body);
    this.#scope!.moved = true;
    return this.#scopedState('clock.moved', SCOPED_STATES['clock.moved'], { workspaces: scope, ...body });
  }
  /**
   * Moves the clock at least `seconds` on: the hook contract takes whole seconds (spec/states.yaml), and a check's
   * arithmetic on dates read from answers gives fractions; a check that must stay before a moment keeps a margin.
   */
  advance(seconds: number): Promise<ControlClock> {
    return this.setClock({ advanceSeconds: Math.ceil(seconds) });
  }
  setChannelFailure(id: string, fail: boolean): Promise<unknown> {
    return this.state('channel.failing', { channel: id, fail });
  }
  limits(): Promise<Record<string, unknown>> {
    const scope = this.#scoped('limits.set');
    return this.state('limits', scope ? { workspace: scope[0] } : {});
  }
  setLimits(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const scope = this.#scoped('limits.set');
    if (!scope || body.caps !== undefined) return this.state('limits.set', body);
    Object.assign(this.#scope!.limits, body);
    return this.#scopedState('limits.set', SCOPED_STATES['limits.set'], { workspaces: scope, ...body });
  }

  /**
   * A scoped state, told to `onState` by the name the check asked for: the states a check needs are the same whether it
   * runs in a lane or alone (the states map, and what a hook without scoped states must offer, read them).
   */
  #scopedState<T>(asked: StateName, sent: StateName, params: Record<string, unknown>): Promise<T> {
    this.onState?.(asked);
    return this.#call<T>('POST', { state: sent, params });
  }
  webhooks(ws: string): Promise<unknown[]> {
    return this.state('webhooks', { workspace: ws });
  }
  createWebhook(ws: string, body: { name?: string; url: string; integrations?: 'all' | string[] }): Promise<{ id: string }> {
    return this.state('webhook.created', { workspace: ws, ...body });
  }
  deleteWebhook(ws: string, id: string): Promise<unknown> {
    return this.state('webhook.deleted', { workspace: ws, webhook: id });
  }
  sendTestWebhook(ws: string, url: string): Promise<unknown> {
    return this.state('webhook.testSent', { workspace: ws, url });
  }
  deliveries(ws?: string): Promise<Delivery[]> {
    return this.state('deliveries', ws ? { workspace: ws } : {});
  }
  topUp(ws: string, credits: number): Promise<{ balance: number; payAsYouGo: boolean; frozen: boolean }> {
    return this.state('wallet.toppedUp', { workspace: ws, credits });
  }
  grant(ws: string, credits: number, description?: string): Promise<{ balance: number }> {
    return this.state('wallet.granted', { workspace: ws, credits, ...(description === undefined ? {} : { description }) });
  }
  adjust(ws: string, credits: number, description?: string): Promise<{ balance: number }> {
    return this.state('wallet.adjusted', { workspace: ws, credits, ...(description === undefined ? {} : { description }) });
  }
  freeze(ws: string): Promise<unknown> {
    return this.state('wallet.frozen', { workspace: ws });
  }
  unfreeze(ws: string): Promise<unknown> {
    return this.state('wallet.unfrozen', { workspace: ws });
  }
  setAutoTopUp(ws: string, body: { enabled: boolean; belowCredits?: number | null; amount?: number; monthlyLimit?: number | null }): Promise<unknown> {
    return this.state('wallet.autoTopUp', { workspace: ws, ...body });
  }
  createOAuthApp(ws: string, body: { name: string; description?: string; picture?: string; redirectUrl: string }): Promise<{ clientId: string; clientSecret: string }> {
    return this.state('oauthApp.created', { workspace: ws, ...body });
  }
  updateOAuthApp(ws: string, body: { name?: string; description?: string; picture?: string; redirectUrl?: string }): Promise<{ clientId: string }> {
    return this.state('oauthApp.edited', { workspace: ws, ...body });
  }
  rotateOAuthSecret(ws: string): Promise<{ clientId: string; clientSecret: string }> {
    return this.state('oauthApp.secretRotated', { workspace: ws });
  }
  revokeOAuthApp(ws: string): Promise<{ revoked: number }> {
    return this.state('oauthApp.revoked', { workspace: ws });
  }
  deleteOAuthApp(ws: string): Promise<unknown> {
    return this.state('oauthApp.deleted', { workspace: ws });
  }
  /**
   * Approve (or deny) an app as the user would: open the consent page at `{app_url}/oauth/authorize`, send its form
   * back with every hidden field it carries (and the control token, where the page asks for one); the redirect's URL.
   */
  async consent(query: Record<string, string>, decision: string): Promise<URL> {
    const html = await (await this.raw('GET', `/oauth/authorize?${new URLSearchParams(query)}`)).text();
    const fields: Record<string, string> = {};
    for (const input of html.matchAll(/<input\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
      const value = /\bvalue="([^"]*)"/.exec(input[0])?.[1];
      if (name && value !== undefined && /type="hidden"/.test(input[0])) fields[name] = value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
      if (name === CONTROL_TOKEN_FIELD && this.#token !== undefined) fields[name] = this.#token;
    }
    const form = new URLSearchParams({ ...fields, ...(query.workspace ? { workspace: query.workspace } : {}), decision });
    const res = await this.raw('POST', '/oauth/authorize', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return new URL(res.headers.get('location') ?? 'about:blank');
  }

  /** Raw access to the app-host endpoints (consent page, token exchange) at `{app_url}`. */
  async raw(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    return this.#fetch(joinUrl(this.origin, path), { method, redirect: 'manual', ...init });
  }
}
