// CORS, so a web app on another origin can call the mock: preflights for every documented path, and the allow-origin headers on every answer.
import { corsAllows, type Access } from './access.ts';
import { originOf, pathnameOf } from './url-parts.ts';
import { remembered } from './remembered.ts';

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
  /**
   * The CORS headers the answer to this request takes (undefined for none), worked out once per scope and Origin; a
   * cross-origin request a browser will not let its page read is told on the terminal here.
   */
  headersFor(request: Request): Readonly<Record<string, string>> | undefined;
  /** The answer with the CORS headers its path takes, `headers` being what headersFor gave for its request. */
  decorate(request: Request, response: Response, headers?: Readonly<Record<string, string>>): Response;
}

// The request's CORS headers and the mark on an answer that has them ride on the objects under symbols rather than in
// a WeakMap and a WeakSet: a weak collection written on every request makes the young-generation collections that
// follow walk its ephemeron table.
const CORS_HEADERS = Symbol('spw.corsHeaders');
const WITH_CORS = Symbol('spw.withCors');

/**
 * The CORS headers of the request being answered, for whoever builds its answer (the pipeline): built into the answer
 * at once, they are one header list, not a second pass over a Headers object on every answer.
 */
export const corsHeadersOf = {
  get: (request: Request): Readonly<Record<string, string>> | undefined => (request as { [CORS_HEADERS]?: Readonly<Record<string, string>> })[CORS_HEADERS],
  set: (request: Request, headers: Readonly<Record<string, string>>): void => {
    (request as { [CORS_HEADERS]?: Readonly<Record<string, string>> })[CORS_HEADERS] = headers;
  },
};
/** Answers built with their request's CORS headers already (decorate leaves them as they are). */
export const withCors = {
  has: (response: Response): boolean => (response as { [WITH_CORS]?: true })[WITH_CORS] === true,
  add: (response: Response): void => {
    (response as { [WITH_CORS]?: true })[WITH_CORS] = true;
  },
};
/** Header names CORS sets: an answer that sets one itself is decorated the slow way, merging. */
export const CORS_HEADER_NAMES = ['vary', 'access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers'];

export interface CorsOptions {
  apiPath: string;
  controlPath: string;
  mediaPath: string;
  exposeHeaders: string[];
  /** Where refusals are told (one line each); the mock's terminal by default. */
  log?: (line: string) => void;
  /** Wall-clock milliseconds for the refusal log's rate limit (never the mock's clock, which may be frozen). */
  now?: () => number;
}

/** Why a browser will not let a page have an answer: what the refusal line names, and what a test matches. */
export type CorsRefusal = 'origin' | 'method' | 'header' | 'off' | 'control' | 'path';

/** How often one refusal (same reason, origin and path) is told again, and how many lines any minute may hold. */
export const REFUSAL_LOG = { repeatMs: 60_000, linesPerMinute: 20, keys: 1000 } as const;

/**
 * Refusals told on the terminal, one line each, so that a developer whose page shows only "blocked by CORS policy"
 * sees why. Rate-limited: a page retrying in a loop gets one line per refusal a minute (the next says how many were
 * left out), and at most `linesPerMinute` lines in all.
 */
export function refusalLog(write: (line: string) => void, now: () => number) {
  const seen = new Map<string, { at: number; left: number }>();
  let windowStart = -Infinity;
  let lines = 0;
  let silenced = false;
  return (key: string, line: string): void => {
    const t = now();
    const last = seen.get(key);
    if (last && t - last.at < REFUSAL_LOG.repeatMs) {
      last.left++;
      return;
    }
    if (t - windowStart >= 60_000) {
      windowStart = t;
      lines = 0;
      silenced = false;
    }
    if (lines >= REFUSAL_LOG.linesPerMinute) {
      if (!silenced) write(`[mock] CORS: more than ${REFUSAL_LOG.linesPerMinute} refusals this minute; the rest of the minute is not shown`);
      silenced = true;
      return;
    }
    lines++;
    const left = last && last.left > 0 ? ` (${last.left} more like it since the last such line)` : '';
    write(`[mock] CORS: ${line}${left}`);
    seen.delete(key);
    seen.set(key, { at: t, left: 0 });
    for (const oldest of seen.keys()) {
      if (seen.size <= REFUSAL_LOG.keys) break;
      seen.delete(oldest);
    }
  };
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

export function createCors(access: Access, options: CorsOptions): Cors {
  const routes: Route[] = [];
  const byPath = new Map<string, Route>();
  const tell = refusalLog(options.log ?? ((line) => console.error(line)), options.now ?? Date.now);
  /** The headers of each scope and Origin asked with. */
  const answerHeaders = new Map<string, Readonly<Record<string, string>>>();

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

  /**
   * Allowed origins are echoed with credentials allowed, as Prism does, so `fetch(..., { credentials: 'include' })`
   * works: a browser takes neither `*` nor a missing Allow-Credentials for those. The mock cannot see a request's
   * credentials mode, so it echoes every allowed Origin; that opens nothing, since it sets no cookie and asks no HTTP
   * authentication (the key travels in a header the page's own script writes). Without an Origin, `*`, for curl.
   */
  function allowOrigin(headers: Headers, origin: string | null): void {
    // The answer depends on the Origin asked with: a cache must not hand one origin's answer to another.
    addVary(headers, 'Origin');
    if (origin === null) {
      if (access.corsOrigins[0] === '*') headers.set('access-control-allow-origin', '*');
      return;
    }
    if (!corsAllows(access, origin)) return;
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-allow-credentials', 'true');
  }

  /** A request from a page of this very origin (the mock's own pages), which CORS does not concern. */
  function sameOrigin(request: Request, origin: string): boolean {
    return origin === originOf(request.url) || origin === access.publicOrigin || origin === access.listening?.origin;
  }

  /** Why a page of `origin` cannot have answers from this path, when it cannot; undefined when it can. */
  function refusal(pathname: string, origin: string): { reason: CorsRefusal; why: string } | undefined {
    const scope = scopeOf(pathname);
    if (scope === undefined) {
      return { reason: 'path', why: `${pathname} is not under the API (${options.apiPath}): pages of other origins reach only the API and ${options.mediaPath}; is the base path missing from the URL?` };
    }
    if (access.corsOrigins.length === 0) return { reason: 'off', why: 'CORS is off (--cors-origin off): pages of other origins may not call the mock' };
    if (scope === 'control' && !access.controlCors) {
      return { reason: 'control', why: `the control API is same-origin: start the mock with --control-cors --cors-origin ${origin} to drive it from that page` };
    }
    if (!corsAllows(access, origin)) {
      return { reason: 'origin', why: `origin ${origin} is not allowed (--cors-origin ${access.corsOrigins.join(',')}): start the mock with --cors-origin ${origin} (or a list that holds it)` };
    }
    return undefined;
  }

  function refuse(kind: 'preflight' | 'request', request: Request, origin: string, method: string, reason: CorsRefusal, why: string, detail = ''): void {
    const pathname = pathnameOf(request.url);
    const what = kind === 'preflight' ? `the preflight for ${method} ${pathname}` : `${method} ${pathname} (answered, but the browser will not show it to the page)`;
    tell(`${reason}\n${origin}\n${method}\n${pathname}\n${detail}`, `refused ${what} from ${origin}: ${why}`);
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
      const pathname = pathnameOf(request.url);
      const method = asked.toUpperCase();
      const refused = refusal(pathname, origin);
      if (refused?.reason === 'origin') {
        refuse('preflight', request, origin, method, refused.reason, refused.why);
        const message = `Pages of ${origin} may not call the mock: start it with --cors-origin ${origin} (or a list that holds it).`;
        const answer = Response.json({ statusCode: 403, msg: message, message }, { status: 403 });
        addVary(answer.headers, 'Origin');
        return answer;
      }
      if (refused) {
        // The app answers (404, or the control API's 403), without the headers a browser looks for.
        if (!sameOrigin(request, origin)) refuse('preflight', request, origin, method, refused.reason, refused.why);
        return undefined;
      }
      const scope = scopeOf(pathname)!;
      const documented = methodsAt(pathname, scope);
      let methods = documented;
      if (documented.length === 0) {
        // No such path on the API: the preflight passes so that the browser sends the request and the page reads the
        // real 404 in the Error shape, rather than a CORS error that hides it.
        if (scope !== 'public' || !HEADER_NAME.test(asked)) return undefined;
        methods = [method];
      } else if (!documented.includes(method)) {
        refuse('preflight', request, origin, method, 'method', `${method} is not a documented method of ${pathname} (${documented.join(', ')})`);
      }
      const requested = (request.headers.get('access-control-request-headers') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
      const wellFormed = requested.filter((h) => HEADER_NAME.test(h));
      const echoed = wellFormed.slice(0, MAX_ECHOED_HEADERS);
      const left = [...requested.filter((h) => !HEADER_NAME.test(h)), ...wellFormed.slice(MAX_ECHOED_HEADERS)];
      if (left.length > 0) {
        const named = left.slice(0, 3).map((h) => JSON.stringify(h)).join(', ') + (left.length > 3 ? ` and ${left.length - 3} more` : '');
        refuse('preflight', request, origin, method, 'header', `header ${named} not allowed (a header name is a token, and at most ${MAX_ECHOED_HEADERS} are allowed)`, left.join(','));
      }
      const headers = new Headers({
        'access-control-allow-methods': methods.join(', '),
        'access-control-allow-headers': [...new Set([...ALLOWED_HEADERS, ...echoed])].join(', '),
        'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
      });
      allowOrigin(headers, origin);
      addVary(headers, 'Access-Control-Request-Method', 'Access-Control-Request-Headers');
      return new Response(null, { status: 204, headers });
    },

    headersFor,

    decorate(request, response, headers = headersFor(request)) {
      if (!headers || withCors.has(response)) return response;
      let out = response;
      try {
        apply(out.headers, headers);
      } catch {
        // A response whose headers are immutable (one fetched from elsewhere) is copied, its body still streaming.
        out = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
        apply(out.headers, headers);
      }
      return out;
    },
  };

  /** The CORS headers of an answer to this request (Cors.headersFor). */
  function headersFor(request: Request): Readonly<Record<string, string>> | undefined {
    const origin = request.headers.get('origin');
    const pathname = pathnameOf(request.url);
    // A preflight's refusal was told by preflight() already.
    const isPreflight = request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
    if (origin !== null && !isPreflight && !sameOrigin(request, origin)) {
      const refused = refusal(pathname, origin);
      if (refused) refuse('request', request, origin, request.method, refused.reason, refused.why);
    }
    const scope = scopeOf(pathname);
    if (!enabled(scope)) return undefined;
    return remembered(answerHeaders, `${scope} ${origin ?? ''}`, 256, () => {
      const built = new Headers();
      allowOrigin(built, origin);
      if (scope === 'public' && options.exposeHeaders.length > 0) built.set('access-control-expose-headers', options.exposeHeaders.join(', '));
      return Object.freeze(Object.fromEntries(built));
    });
  }
}

/** Set CORS headers on an answer, adding to a Vary it already has. */
function apply(target: Headers, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'vary') addVary(target, ...value.split(', '));
    else target.set(name, value);
  }
}
