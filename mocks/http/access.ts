// Who may reach the control API and /docs, and which origin absolute URLs are built from: the mock's answer to web pages that try to drive it.
import ipaddr from 'ipaddr.js';
import { originOf } from './url-parts.ts';
import { remembered } from './remembered.ts';

export interface AccessOptions {
  /** The origin absolute URLs are built from (ticket URLs, media paths, `topUpUrl`, the document's `servers`). */
  publicUrl?: string;
  /** Host names besides localhost, IP addresses and the listening host that may reach the control API and /docs. */
  allowedHosts?: string[];
  /** When set, every control request carries `Authorization: Bearer <token>`. */
  controlToken?: string;
  /** Origins whose pages may call the public API (CORS): `*` (the default) for any, a list, or `off` (or none) for none. */
  corsOrigins?: string[];
  /** Let those origins call the control API too (it is same-origin otherwise). */
  controlCors?: boolean;
}

export interface Access {
  /** Set by the server once it listens; absent in-process, where no network client can reach the app. */
  listening?: { host: string; origin: string };
  publicOrigin?: string;
  allowedHosts: string[];
  controlToken?: string;
  /** `['*']`, a list of origins, or empty for no CORS. */
  corsOrigins: string[];
  controlCors: boolean;
}

/** Why control CORS cannot be opened to every origin: the words of the refusal at start, whichever way it was asked. */
export const CONTROL_CORS_ANY_ORIGIN =
  "--control-cors cannot be used with --cors-origin '*' (the default): every web site could then drive the control API from its pages. List the origins that may (--cors-origin http://localhost:5173, MOCK_CORS_ORIGIN or mock.corsOrigin in spw.config.json), or leave --control-cors off (MOCK_CONTROL_CORS, mock.controlCors)";

export function createAccess(options: AccessOptions): Access {
  const access: Access = {
    publicOrigin: options.publicUrl ? new URL(options.publicUrl).origin : undefined,
    allowedHosts: (options.allowedHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
    controlToken: options.controlToken || undefined,
    corsOrigins: corsOriginList(options.corsOrigins),
    controlCors: Boolean(options.controlCors),
  };
  if (access.controlCors && access.corsOrigins[0] === '*') throw new Error(CONTROL_CORS_ANY_ORIGIN);
  return access;
}

/** The CORS origins as given (`*`, origins, `off`), normalised: `['*']` by default, empty when off. */
function corsOriginList(given: string[] | undefined): string[] {
  const items = (given ?? ['*']).map((o) => o.trim()).filter(Boolean);
  if (items.some((o) => o.toLowerCase() === 'off')) return [];
  if (items.includes('*')) return ['*'];
  return items.map((o) => new URL(o).origin);
}

/** Whether pages of this origin may call the public API (and, with controlCors, the control API). */
export function corsAllows(access: Access, origin: string | null): boolean {
  if (origin === null || access.corsOrigins.length === 0) return false;
  return access.corsOrigins[0] === '*' || access.corsOrigins.includes(origin);
}

/** The host name of a Host header value, lowercased, without port or IPv6 brackets; undefined when it does not parse. */
function hostName(header: string): string | undefined {
  try {
    return new URL(`http://${header}`).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

/**
 * Whether a request's Host names this mock. An IP address is always taken (DNS rebinding needs a name the attacker
 * controls); a name must be localhost, the listening host, the public URL's host or one given with --allowed-host
 * (`.example.com` takes its subdomains too). In-process, with no listener, every Host is taken.
 */
export function hostAllowed(access: Access, request: Request): boolean {
  if (!access.listening) return true;
  const header = request.headers.get('host');
  if (header === null) return true;
  // Clients send one Host or a few: each is judged once per listening address (per-host facts, not per request).
  let cache = hostVerdicts.get(access);
  if (!cache || cache.listening !== access.listening) hostVerdicts.set(access, (cache = { listening: access.listening, verdicts: new Map() }));
  return remembered(cache.verdicts, header, FACTS_KEPT, (host) => judgeHost(access, host));
}

/** How many distinct Host headers are remembered. */
const FACTS_KEPT = 256;
const hostVerdicts = new WeakMap<Access, { listening: Access['listening']; verdicts: Map<string, boolean> }>();

function judgeHost(access: Access, header: string): boolean {
  const name = hostName(header);
  if (name === undefined) return false;
  if (ipaddr.isValid(name)) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const known = [access.listening!.host, access.publicOrigin && new URL(access.publicOrigin).hostname, ...access.allowedHosts];
  return known.some((h) => h && (h === name || (h.startsWith('.') && (name.endsWith(h) || name === h.slice(1)))));
}

/**
 * The origin absolute URLs start with: --public-url when given; else the origin the client used, when its Host is one
 * this mock answers to (so a browser on http://localhost:4010 gets localhost URLs); else the listening address.
 */
export function publicOrigin(access: Access, request: Request): string {
  if (access.publicOrigin) return access.publicOrigin;
  if (!access.listening || hostAllowed(access, request)) return originOf(request.url);
  return access.listening.origin;
}


function refusal(status: number, message: string): Response {
  return Response.json({ statusCode: status, msg: message, message }, { status, headers: { 'cache-control': 'no-store' } });
}

const HOST_REFUSED = (header: string) =>
  `This host (${hostName(header) ?? header}) is not allowed to reach the mock's control API, /docs or its pages. Start the mock with --allowed-host ${hostName(header) ?? header} if you meant to.`;

/**
 * A 403 when the request's Host does not name this mock. For what a page on a rebound name must not read or change:
 * /docs (it lists every demo key), the wallet page (a form that adds credits) and the control API.
 */
export function hostRefusal(access: Access, request: Request): Response | undefined {
  if (!hostAllowed(access, request)) return refusal(403, HOST_REFUSED(request.headers.get('host') ?? ''));
  return undefined;
}

function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || request.headers.has('transfer-encoding');
}

function sameToken(given: string, expected: string): boolean {
  // Constant time over the expected length, so the comparison does not say how much of a guess was right.
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

/** Whether `given` is the control token; always true when the mock has none (nothing is locked). */
export function controlTokenGiven(access: Access, given: string | null | undefined): boolean {
  return access.controlToken === undefined || sameToken(given ?? '', access.controlToken);
}

/** Whether the request carries `Authorization: Bearer <control token>`; always true when the mock has none. */
export function bearerControlToken(access: Access, request: Request): boolean {
  const header = request.headers.get('authorization') ?? '';
  return controlTokenGiven(access, header.startsWith('Bearer ') ? header.slice(7) : '');
}

export const CONTROL_TOKEN_NEEDED = 'The control API needs the control token, sent as Authorization: Bearer <token> (the mock was started with --control-token).';

/** The 401 of a locked surface, in the control API's error shape. */
export function controlTokenRefusal(message = CONTROL_TOKEN_NEEDED): Response {
  return refusal(401, message);
}

/**
 * Why a control request is refused, or undefined when it may go on. A browser can send a cross-origin POST without a
 * preflight only as a form or text/plain, so the control API takes JSON alone; a cross-origin page is refused by its
 * Origin and Sec-Fetch-Site headers; a rebound name by Host; and anything without the token when one is set.
 */
export function controlRefusal(access: Access, request: Request): Response | undefined {
  const host = hostRefusal(access, request);
  if (host) return host;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const corsAllowed = access.controlCors && corsAllows(access, origin);
  if (!corsAllowed && ((origin !== null && origin !== originOf(request.url)) || (site !== null && site !== 'same-origin' && site !== 'none'))) {
    return refusal(403, 'The control API does not take requests from other origins (a web page cannot drive the mock).');
  }
  if (!bearerControlToken(access, request)) return controlTokenRefusal();
  if (hasBody(request)) {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
      return refusal(415, 'The control API takes request bodies as application/json only.');
    }
  }
  return undefined;
}
