// The parts of a request URL the pipeline reads on every request, without a full URL parse each time. A request URL is
// absolute and always has a path after its authority (the WHATWG Request and the Node adapter both make it so).
import { remembered } from './remembered.ts';

/** How many distinct origins are remembered: they come from clients' Host headers, so the set is bounded. */
const ORIGINS_KEPT = 256;
const origins = new Map<string, string>();

/** Where the authority ends: the first `/`, `?` or `#` after `scheme://`. */
function pathStart(url: string): number {
  for (let i = url.indexOf('//') + 2; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) return i;
  }
  return url.length;
}

const originOfAuthority = (schemeAndAuthority: string) => new URL(schemeAndAuthority).origin;

/** A URL's origin, parsed once per distinct scheme and authority. */
export function originOf(url: string): string {
  return remembered(origins, url.slice(0, pathStart(url)), ORIGINS_KEPT, originOfAuthority);
}

/** Characters a path keeps as they are when URL parses it; any other (or a dot segment) is left to URL to normalise. */
const PLAIN_PATH = /^[A-Za-z0-9\-_~!$&'()*+,;=:@/]*(?:\.[A-Za-z0-9\-_~!$&'()*+,;=:@]+[A-Za-z0-9\-_~!$&'()*+,;=:@/]*)*$/;

/** The URL's pathname, as `new URL(url).pathname` gives it. */
export function pathnameOf(url: string): string {
  const start = pathStart(url);
  let end = url.length;
  const q = url.indexOf('?', start);
  if (q >= 0) end = q;
  const h = url.indexOf('#', start);
  if (h >= 0 && h < end) end = h;
  const path = url.slice(start, end);
  return path !== '' && PLAIN_PATH.test(path) ? path : new URL(url).pathname;
}

/** The URL's query, as `new URL(url).searchParams` reads it. */
export function searchParamsOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  if (q < 0 || (h >= 0 && h < q)) return new URLSearchParams();
  // A fragment, or characters URL would encode, are left to URL. The `&` keeps a query that itself starts with `?`
  // whole: URLSearchParams would drop that first `?`.
  if (h >= 0 || /[^\x21-\x7e]/.test(url)) return new URL(url).searchParams;
  return new URLSearchParams(`&${url.slice(q + 1)}`);
}
