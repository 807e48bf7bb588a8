// The one place a request URL is made from a target's base: the API root, every operation's URL, control's and the app host's.
import { apiBasePath } from '../spec/load.ts';

/**
 * The API root for `--target` (and `--base-path`): a URL with a path is taken as the root; a bare origin gets `basePath`,
 * the document's base path unless given. `/` means the API is served at the origin itself (Prism, a rewriting proxy).
 * The result never ends in `/`, so joining a path that starts with `/` gives exactly one.
 */
export function apiRoot(target: string, basePath?: string): string {
  const url = new URL(target);
  const path = url.pathname.replace(/\/+$/, '');
  const root = path !== '' ? path : (basePath ?? apiBasePath()).replace(/\/+$/, '');
  return `${url.origin}${root === '' || root.startsWith('/') ? root : `/${root}`}`;
}

/** `base` + `path` (which starts with `/` and may carry a query), with no doubled or missing slash. */
export function joinUrl(base: string, path: string): string {
  if (!path.startsWith('/')) throw new Error(`a request path starts with "/": ${path}`);
  return base.replace(/\/+$/, '') + path;
}
