// CORS, so a web app on another origin can call the mock: preflights for every documented path, and the allow-origin headers on every answer.
import { corsAllows, type Access } from './access.ts';

/**
 * How long a browser may reuse a preflight. Chromium caps it at 2 hours (Firefox at 24): the documented methods of a
 * path never change while the mock runs, and a dev tools network tab without a preflight before every call is easier to read.
 */
export const CORS_MAX_AGE_SECONDS = 7200;

/** Request headers always allowed: what the reference's clients send. */
const ALLOWED_HEADERS = ['authorization', 'content-type'];
/** A header name as RFC 9110 spells a token; requested names that are not are left out of the answer. */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const MAX_ECHOED_HEADERS = 32;

/** Who may call a path from another origin: the public API always (unless CORS is off), the control API with --control-cors. */
export type CorsScope = 'public' | 'control';

interface Route {
  scope: CorsScope;
  pattern: RegExp;
  /** Path parameters in the template: a literal segment wins over a parameter (`/posts/group` over `/posts/{id}`). */
  params: number;
  methods: Set<string>;
}

export interface Cors {
  /** Record a documented operation, mounted at `path` (a template with `{param}`s). */
  route(scope: CorsScope, method: string, path: string): void;
  /** The answer to a CORS preflight for a documented path, or undefined when the request is not one (the app answers it). */
  preflight(request: Request): Response | undefined;
  /** The answer with the CORS headers its path takes. */
  decorate(request: Request, response: Response): Response;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map(escapeRegex);
  // Not strict about trailing slashes, as the app is not.
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

/**
 * Response header names the public document declares (`X-Cached-At`...): a page's script reads only the safelisted
 * ones unless they are exposed.
 */
export function documentedResponseHeaders(document: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown, inResponses: boolean) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (inResponses && key === 'headers' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const name of Object.keys(value)) names.add(name);
      }
      walk(value, inResponses || key === 'responses');
    }
  };
  walk(document, false);
  return [...names].filter((n) => !['content-type', 'content-length'].includes(n.toLowerCase())).sort();
}

function addVary(headers: Headers, ...names: string[]): void {
  const current = (headers.get('vary') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) if (!current.some((c) => c.toLowerCase() === name.toLowerCase())) current.push(name);
  headers.set('vary', current.join(', '));
}

export function createCors(access: Access, options: { apiPath: string; controlPath: string; mediaPath: string; exposeHeaders: string[] }): Cors {
  const routes: Route[] = [];
  const byPath = new Map<string, Route>();

  /** Every answer under a prefix takes the headers, undocumented paths' 404 included, so a page can read why it failed. */
  function scopeOf(pathname: string): CorsScope | 'media' | undefined {
    const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (under(options.apiPath)) return 'public';
    if (under(options.controlPath)) return 'control';
    if (under(options.mediaPath)) return 'media';
    return undefined;
  }

  function enabled(scope: CorsScope | 'media' | undefined): boolean {
    if (scope === undefined || access.corsOrigins.length === 0) return false;
    return scope !== 'control' || access.controlCors;
  }

  /** The documented methods at a path: those of the matching templates with the fewest parameters. */
  function methodsAt(pathname: string, scope: CorsScope | 'media'): string[] {
    if (scope === 'media') return ['GET', 'HEAD'];
    const matching = routes.filter((r) => r.scope === scope && r.pattern.test(pathname));
    const fewest = Math.min(...matching.map((r) => r.params));
    const methods = new Set(matching.filter((r) => r.params === fewest).flatMap((r) => [...r.methods]));
    return [...methods].sort();
  }

  function allowOrigin(headers: Headers, origin: string | null): void {
    if (access.corsOrigins[0] === '*') {
      headers.set('access-control-allow-origin', '*');
      return;
    }
    // The answer depends on the Origin asked with: a cache must not hand one origin's answer to another.
    addVary(headers, 'Origin');
    if (origin !== null && corsAllows(access, origin)) headers.set('access-control-allow-origin', origin);
  }

  return {
    route(scope, method, path) {
      let route = byPath.get(`${scope} ${path}`);
      if (!route) {
        route = { scope, pattern: compile(path), params: (path.match(/\{/g) ?? []).length, methods: new Set() };
        byPath.set(`${scope} ${path}`, route);
        routes.push(route);
      }
      route.methods.add(method.toUpperCase());
    },

    preflight(request) {
      if (request.method !== 'OPTIONS') return undefined;
      const origin = request.headers.get('origin');
      const asked = request.headers.get('access-control-request-method');
      if (origin === null || asked === null) return undefined;
      const pathname = new URL(request.url).pathname;
      const scope = scopeOf(pathname);
      if (!enabled(scope)) return undefined;
      const methods = methodsAt(pathname, scope!);
      if (methods.length === 0) return undefined;
      if (!corsAllows(access, origin)) {
        const message = `Pages of ${origin} may not call the mock: start it with --cors-origin ${origin} (or a list that holds it).`;
        const refused = Response.json({ statusCode: 403, msg: message, message }, { status: 403 });
        addVary(refused.headers, 'Origin');
        return refused;
      }
      const requested = (request.headers.get('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => HEADER_NAME.test(h))
        .slice(0, MAX_ECHOED_HEADERS);
      const headers = new Headers({
        'access-control-allow-methods': methods.join(', '),
        'access-control-allow-headers': [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '),
        'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
      });
      allowOrigin(headers, origin);
      addVary(headers, 'Access-Control-Request-Method', 'Access-Control-Request-Headers');
      return new Response(null, { status: 204, headers });
    },

    decorate(request, response) {
      const scope = scopeOf(new URL(request.url).pathname);
      if (!enabled(scope)) return response;
      let out = response;
      try {
        allowOrigin(out.headers, request.headers.get('origin'));
      } catch {
        // A response whose headers are immutable (one fetched from elsewhere) is copied, its body still streaming.
        out = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
        allowOrigin(out.headers, request.headers.get('origin'));
      }
      if (scope === 'public' && options.exposeHeaders.length > 0) out.headers.set('access-control-expose-headers', options.exposeHeaders.join(', '));
      return out;
    },
  };
}
