// Decides whether a URL points at the public internet (webhooks, upload-from-url): address classes and the check
// made before anything is sent. No Node built-ins: the browser build checks URLs the same way (names resolved by
// whatever lookup the platform has).
import ipaddr from 'ipaddr.js';

/** Name resolution: every address the name resolves to. Injectable so tests never touch DNS. */
export type HostLookup = (host: string) => Promise<string[]>;

export interface PublicUrlOptions {
  /** Let loopback addresses through (and plain http to them): local development receivers only. */
  allowLoopback?: boolean;
  /** Without one, a URL naming a host (not an address) cannot be checked and is refused. */
  lookup?: HostLookup | typeof UNRESOLVED;
}

/**
 * No resolver in this runtime (a browser): a name that is not local passes unresolved, with no addresses. Only where
 * the request goes out with the page's own reach, so that it can reach nothing the page itself could not.
 */
export const UNRESOLVED = 'unresolved';

export type PublicUrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

export type AddressClass = 'public' | 'loopback' | 'internal';

/**
 * Classifies one IP address by allow-list: only globally routable unicast is public. IPv4 must fall in none of the
 * special-purpose ranges; IPv6 must be inside 2000::/3 (global unicast) and in none of its special ranges, so
 * anything new or odd (IPv4-compatible `::a.b.c.d`, discard, site-local) is refused without being listed.
 * Forms that embed an IPv4 address are decoded and classed by what they embed, since that is where a packet ends up.
 */
export function classifyAddress(address: string): AddressClass {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = parseAddress(address);
  } catch {
    return 'internal';
  }
  if (parsed.kind() === 'ipv4') {
    const range = (parsed as ipaddr.IPv4).range();
    if (range === 'unicast') return 'public';
    return range === 'loopback' ? 'loopback' : 'internal';
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.range() === 'loopback') return 'loopback';
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    // A form that is not routed any more reaches nothing the mock may call, whatever it embeds.
    return embedded.routable ? classifyAddress(embedded.address.toString()) : 'internal';
  }
  const globalUnicast = (v6.parts[0]! & 0xe000) === 0x2000;
  return globalUnicast && v6.range() === 'unicast' ? 'public' : 'internal';
}

/**
 * One address as a socket would read it. IPv6 goes through the WHATWG URL parser first: ipaddr.js reads `::a.b.c.d`
 * as `::ffff:a.b.c.d` (IPv4-mapped), while URL, and the connection made from it, read `::xxxx:xxxx` (IPv4-compatible).
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!bare.includes(':')) return ipaddr.IPv4.parse(bare);
  return ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
}

/** The IPv4 address an IPv6 form carries, and whether that form still reaches it across the internet. */
export function embeddedIPv4(v6: ipaddr.IPv6): { form: string; address: ipaddr.IPv4; routable: boolean } | undefined {
  const b = v6.toByteArray();
  const last32 = () => new ipaddr.IPv4(b.slice(12, 16));
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const range = v6.range();
  // ::ffff:a.b.c.d is how a dual-stack socket names an IPv4 peer; ::ffff:0:a.b.c.d is SIIT (RFC 6145).
  if (range === 'ipv4Mapped') return { form: 'IPv4-mapped', address: last32(), routable: true };
  if (range === 'rfc6145') return { form: 'SIIT', address: last32(), routable: true };
  // 64:ff9b::/96 is NAT64 (RFC 6052) with the address last; the local-use 64:ff9b:1::/48 may put it anywhere.
  if (range === 'rfc6052') {
    return b[4] === 0 && b[5] === 0 && zeros(6, 12)
      ? { form: 'NAT64', address: last32(), routable: true }
      : { form: 'local NAT64', address: new ipaddr.IPv4([0, 0, 0, 0]), routable: false };
  }
  // 2002:AABB:CCDD::/48 is 6to4 (RFC 3056) for AA.BB.CC.DD.
  if (range === '6to4') return { form: '6to4', address: new ipaddr.IPv4(b.slice(2, 6)), routable: true };
  // Teredo (RFC 4380): 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the client address inverted. Relays reach it, but the
  // form is a tunnel to a host behind NAT, never a server of the public internet.
  if (range === 'teredo') return { form: 'Teredo', address: new ipaddr.IPv4(b.slice(12, 16).map((x) => x ^ 0xff)), routable: false };
  // ::a.b.c.d, IPv4-compatible (RFC 4291, deprecated): no longer routed, and on some stacks it reaches a.b.c.d.
  if (zeros(0, 12) && !zeros(12, 14)) return { form: 'IPv4-compatible', address: last32(), routable: false };
  return undefined;
}

const REFUSED = 'URL must be a public HTTPS URL and cannot point to internal network addresses';

function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '' ;
}

/**
 * Checks a URL before anything is sent to it. WHATWG URL parsing has already normalised decimal, octal and
 * hex IPv4 forms (`https://2130706433/` is 127.0.0.1), so a literal host is classified as written by the parser;
 * a name is resolved and every address it resolves to must be public.
 */
export async function checkPublicUrl(input: string, options: PublicUrlOptions = {}): Promise<PublicUrlCheck> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'URL is not a valid absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: REFUSED };
  if (url.username || url.password) return { ok: false, reason: 'URL must not carry credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allow = (cls: AddressClass) => cls === 'public' || (cls === 'loopback' && options.allowLoopback === true);

  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    if (isLocalName(host)) {
      if (!options.allowLoopback) return { ok: false, reason: REFUSED };
    }
    if (options.lookup === UNRESOLVED) return url.protocol === 'https:' ? { ok: true, url, addresses: [] } : { ok: false, reason: REFUSED };
    try {
      if (!options.lookup) throw new Error('no name resolution');
      addresses = await options.lookup(host);
    } catch {
      return { ok: false, reason: `URL host ${host} could not be resolved` };
    }
    if (addresses.length === 0) return { ok: false, reason: `URL host ${host} could not be resolved` };
  }
  const classes = addresses.map(classifyAddress);
  if (!classes.every(allow)) return { ok: false, reason: REFUSED };
  // Plain http only to a loopback receiver (local development), never across a network.
  if (url.protocol === 'http:' && !(options.allowLoopback && classes.every((c) => c === 'loopback'))) {
    return { ok: false, reason: REFUSED };
  }
  return { ok: true, url, addresses };
}

export interface FetchPublicOptions extends PublicUrlOptions {
  /** The body is cut off (and the fetch fails) past this many bytes. */
  maxBytes: number;
  /** The whole fetch, redirects and body included, must finish within this. */
  timeoutMs: number;
  /** Redirects followed (each hop is checked again); default 5. */
  maxRedirects?: number;
}

export type FetchPublicResult =
  | {
      ok: true;
      /** The last hop's URL. */
      url: URL;
      status: number;
      contentType: string | null;
      /** Declared length, when the server sent one. */
      contentLength: number | null;
      /** The body, bounded in size and time: it errors with a FetchPublicError when a bound is crossed. */
      body: AsyncIterable<Uint8Array> | Uint8Array;
    }
  | { ok: false; reason: string };

export class FetchPublicError extends Error {
  readonly reason: 'too_large' | 'timeout' | 'network';
  constructor(reason: 'too_large' | 'timeout' | 'network', message: string) {
    super(message);
    this.name = 'FetchPublicError';
    this.reason = reason;
  }
}
