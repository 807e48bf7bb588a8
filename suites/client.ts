// The suites' HTTP client: a typed openapi-fetch client for readable calls, and `call` for any operation by id (generated requests).
import { createSpwClient, type SpwClient } from '../client/index.ts';
import { getValidator } from '../spec/validator.ts';
import type { Exchange } from './history.ts';
import type { Target } from './target.ts';

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
}

export function buildUrl(baseUrl: string, template: string, path: Record<string, string> = {}, query: RequestSpec['query'] = {}): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = path[name];
    if (v === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(v);
  });
  const url = new URL(baseUrl.replace(/\/$/, '') + filled);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(k, item));
    else url.searchParams.set(k, String(v));
  }
  return url.toString();
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
    await this.target.fetch(url, { method: op.method.toUpperCase(), headers, body, redirect: 'manual' });
    return this.target.history.exchanges[this.target.history.exchanges.length - 1]!;
  }

  /** The package's typed client (client/index.ts) sending one workspace's key; its exchanges are recorded too. */
  typed(kind: 'free' | 'payg' | 'paid'): SpwClient {
    return createSpwClient({ baseUrl: this.target.baseUrl, apiKey: this.target.keys[kind], fetch: (req: Request) => this.target.fetch(req) });
  }
}
