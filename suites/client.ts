// The suites' HTTP client: a typed openapi-fetch client for readable calls, and `call` for any operation by id (generated requests).
import { EXPECT_429 } from './polite.ts';
import { exchangeFor } from './history.ts';
import { API_BASE_PATH, createSpwClient, type SpwClient } from '../client/index.ts';
import { getValidator } from '../spec/validator.ts';
import type { Exchange } from './history.ts';
import { NotVerified } from './not-verified.ts';
import { show } from './show.ts';
import type { Target } from './target.ts';
import { joinUrl } from './url.ts';

/** One request to a public operation, in the document's terms. */
export interface RequestSpec {
  operationId: string;
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  /** A JSON body (sent as application/json), a FormData (multipart), or raw text with `contentType`. */
  body?: unknown;
  contentType?: string;
  /** Which credential to send: a key kind, a literal header value, or none. Defaults to the target's first key. */
  auth?: { kind: 'free' | 'payg' | 'paid' } | { header: string } | { none: true };
  /** The check is asking for a 429 (the hourly limit): the answer reaches it as sent, not waited out and asked again. */
  expect429?: boolean;
}

export function buildUrl(baseUrl: string, template: string, path: Record<string, string> = {}, query: RequestSpec['query'] = {}): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = path[name];
    if (v === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(v);
  });
  const url = new URL(joinUrl(baseUrl, filled));
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(k, item));
    else url.searchParams.set(k, String(v));
  }
  return url.toString();
}

/** Not verified unless the read answered 200 with JSON. */
export function requireRead(e: Exchange, purpose: string): void {
  if (e.status === 200 && e.json) return;
  const path = new URL(e.url).pathname;
  const why = e.status === 200 ? 'a body that is not JSON' : `${e.status} ${show(e.responseBody, 160)}`;
  throw new NotVerified(`${purpose}: the read ${e.method} ${path}${e.operationId ? ` (${e.operationId})` : ''} answered ${why}, not 200`);
}

const TYPED_ROOT = `http://typed-client.invalid${API_BASE_PATH}`;

/** A request the typed client addressed to TYPED_ROOT, addressed to `root` instead. */
export function onRoot(req: Request, root: string): Request {
  if (!req.url.startsWith(`${TYPED_ROOT}/`)) throw new Error(`the typed client addressed ${req.url}, outside ${TYPED_ROOT}`);
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: req.headers, body: req.body, redirect: 'manual', signal: req.signal };
  if (req.body) init.duplex = 'half';
  return new Request(joinUrl(root, req.url.slice(TYPED_ROOT.length)), init);
}

export class ApiClient {
  readonly target: Target;
  constructor(target: Target) {
    this.target = target;
  }

  /** The credential header for a key kind; undefined when the target has no such key. */
  authHeader(auth: RequestSpec['auth']): string | undefined {
    if (!auth) {
      const first = this.target.keys.paid ?? this.target.keys.payg ?? this.target.keys.free;
      return first;
    }
    if ('none' in auth) return undefined;
    if ('header' in auth) return auth.header;
    return this.target.keys[auth.kind];
  }

  /** Send a request to an operation by id and return the recorded exchange. */
  async call(spec: RequestSpec): Promise<Exchange> {
    const op = getValidator().byId(spec.operationId);
    const url = buildUrl(this.target.baseUrl, op.path, spec.path, spec.query);
    const headers: Record<string, string> = {};
    const credential = this.authHeader(spec.auth);
    if (credential !== undefined) headers.authorization = credential;
    let body: BodyInit | undefined;
    if (spec.body instanceof FormData) body = spec.body;
    else if (spec.contentType !== undefined && typeof spec.body === 'string') {
      body = spec.body;
      headers['content-type'] = spec.contentType;
    } else if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    const init: RequestInit & { [EXPECT_429]?: boolean } = { method: op.method.toUpperCase(), headers, body, redirect: 'manual' };
    if (spec.expect429) init[EXPECT_429] = true;
    // The exchange recorded for this very answer (another request may have been recorded since, by a concurrent case).
    return exchangeFor(await this.target.fetch(url, init))!;
  }

  /**
   * A read a check relies on (a snapshot, a balance, a list, discovery): 200 with a JSON body, or the check is not verified,
   * naming the read and why. Whatever is compared afterwards then stands on answers that were actually seen.
   */
  async read(spec: RequestSpec, purpose: string): Promise<Exchange> {
    const e = await this.call(spec);
    requireRead(e, purpose);
    return e;
  }

  /**
   * The package's typed client (client/index.ts) sending one workspace's key; its exchanges are recorded too. The client
   * adds the document's base path to a bare origin, which is wrong for an API served at `/`; so it builds against a
   * placeholder root and each request is moved onto the target's root by `joinUrl`, like every other request.
   */
  typed(kind: 'free' | 'payg' | 'paid'): SpwClient {
    return createSpwClient({ baseUrl: TYPED_ROOT, apiKey: this.target.keys[kind], fetch: (req: Request) => this.target.fetch(onRoot(req, this.target.baseUrl)) });
  }
}
