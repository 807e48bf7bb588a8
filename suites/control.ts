// A client for the mock's control API (spec/control.yaml): the "control capability" a target may offer. Implementers may write their own.
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

export class ControlError extends Error {
  status: number;
  body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** Control over HTTP: `<origin>/_mock`. Every call goes through the target's recording transport. */
export class Control {
  readonly url: string;
  readonly origin: string;
  #fetch: typeof fetch;
  #auth: Record<string, string>;

  /** `token`: the mock's --control-token, sent as a bearer token on every control call. */
  constructor(url: string, transport: typeof fetch, token?: string) {
    this.url = url.replace(/\/$/, '');
    this.origin = new URL(this.url).origin;
    this.#fetch = transport;
    this.#auth = token ? { authorization: `Bearer ${token}` } : {};
  }

  async request<T = any>(method: string, path: string, body?: unknown, base = this.url): Promise<T> {
    const res = await this.#fetch(joinUrl(base, path), {
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
    if (res.status >= 400) throw new ControlError(`control ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`, res.status, parsed);
    return parsed as T;
  }

  reset(): Promise<{ ok: true }> {
    return this.request('POST', '/reset');
  }
  workspaces(): Promise<ControlWorkspace[]> {
    return this.request('GET', '/workspaces');
  }
  createWorkspace(body: { name?: string; plan: 'free' | 'paid'; topUpCredits?: number }): Promise<ControlWorkspace> {
    return this.request('POST', '/workspaces', body);
  }
  rotateKey(id: string): Promise<{ apiKey: string }> {
    return this.request('POST', `/workspaces/${encodeURIComponent(id)}/rotate-key`);
  }
  clock(): Promise<ControlClock> {
    return this.request('GET', '/clock');
  }
  setClock(body: { advanceSeconds?: number; now?: string; frozen?: boolean }): Promise<ControlClock> {
    return this.request('POST', '/clock', body);
  }
  advance(seconds: number): Promise<ControlClock> {
    return this.setClock({ advanceSeconds: seconds });
  }
  setChannelFailure(id: string, fail: boolean): Promise<unknown> {
    return this.request('PUT', `/channels/${encodeURIComponent(id)}/failure`, { fail });
  }
  limits(): Promise<Record<string, unknown>> {
    return this.request('GET', '/limits');
  }
  setLimits(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.request('PUT', '/limits', body);
  }
  createWebhook(ws: string, body: { name?: string; url: string; integrations?: 'all' | string[] }): Promise<{ id: string }> {
    return this.request('POST', `/workspaces/${encodeURIComponent(ws)}/webhooks`, body);
  }
  deleteWebhook(ws: string, id: string): Promise<{ deleted: boolean }> {
    return this.request('DELETE', `/workspaces/${encodeURIComponent(ws)}/webhooks/${encodeURIComponent(id)}`);
  }
  deliveries(ws?: string): Promise<Delivery[]> {
    return this.request('GET', `/deliveries${ws ? `?workspace=${encodeURIComponent(ws)}` : ''}`);
  }
  topUp(ws: string, credits: number): Promise<{ balance: number; payAsYouGo: boolean; frozen: boolean }> {
    return this.request('POST', `/workspaces/${encodeURIComponent(ws)}/wallet/top-up`, { credits });
  }
  adjust(ws: string, credits: number, description?: string): Promise<{ balance: number }> {
    return this.request('POST', `/workspaces/${encodeURIComponent(ws)}/wallet/adjust`, { credits, description });
  }
  unfreeze(ws: string): Promise<unknown> {
    return this.request('POST', `/workspaces/${encodeURIComponent(ws)}/wallet/unfreeze`);
  }
  setAutoTopUp(ws: string, body: { enabled: boolean; belowCredits?: number; amount?: number; monthlyLimit?: number }): Promise<unknown> {
    return this.request('PUT', `/workspaces/${encodeURIComponent(ws)}/wallet/auto-top-up`, body);
  }
  createOAuthApp(ws: string, body: { name: string; description?: string; picture?: string; redirectUrl: string }): Promise<{ clientId: string; clientSecret: string }> {
    return this.request('POST', `/workspaces/${encodeURIComponent(ws)}/oauth-app`, body);
  }
  revokeOAuthApp(ws: string): Promise<{ revoked: number }> {
    return this.request('POST', `/workspaces/${encodeURIComponent(ws)}/oauth-app/revoke`);
  }
  faults(): Promise<{ active: string[]; catalogue: Array<{ name: string; area: string; description: string }> }> {
    return this.request('GET', '/faults');
  }
  /** Raw access to the app-host endpoints (consent page, token exchange) at the origin. */
  async raw(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    return this.#fetch(joinUrl(this.origin, path), { method, redirect: 'manual', ...init });
  }
}
