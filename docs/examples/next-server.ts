// docs/frontend.md, "Server-rendered apps": the key stays on the server. Server components call the API with the key
// from the server's environment; the browser calls a route of the app's own origin, which adds the key and forwards.
// In Next.js (App Router) the route is app/api/spw/[...path]/route.ts:
//
//   export { forwardToApi as GET, forwardToApi as POST, forwardToApi as PUT, forwardToApi as DELETE } from '@/lib/spw-server';
//
// Nothing here is Next's own: a route handler is a function from a Request to a Response, so the same code serves a
// Remix or SvelteKit route, or a plain Node server.
import { createSpwClient } from 'social-publishing-contract/client';

/** The API and the key, read on the server only (`SPW_API_URL=http://127.0.0.1:4010/api/public/v1` against the mock). */
function upstream(): { api: string; key: string } {
  const api = process.env.SPW_API_URL;
  const key = process.env.SPW_API_KEY;
  if (!api || !key) throw new Error('Set SPW_API_URL (the API base URL, absolute) and SPW_API_KEY on the server');
  return { api: api.replace(/\/+$/, ''), key };
}

/** For server components and server actions: the typed client with the key, at the API's absolute URL. */
export function serverApi() {
  const { api, key } = upstream();
  return createSpwClient({ baseUrl: api, apiKey: key });
}

/** Where the browser reaches the route: the client in the page is `createSpwClient({ baseUrl: ROUTE })`. */
export const ROUTE = '/api/spw';

/** Request headers the route passes on: the body's type, and `Prefer` (the mock's answers on demand; the API ignores it). */
const REQUEST_HEADERS = ['content-type', 'accept', 'prefer'];
/** Answer headers the page may need: a 429's wait, and what the mock says overrode an answer. */
const ANSWER_HEADERS = ['content-type', 'retry-after', 'x-mock-override', 'preference-applied'];

/**
 * The same-origin route: the page's request, sent on to the API with the key added (and the page's cookies and
 * credentials left behind). The answer comes back as the API gave it, status and body, so the page's typed client
 * reads the documented shapes. When the API cannot be reached (a dropped connection, a refused one, a timeout), the
 * page gets the route's own 502 in the API's error shape: the browser never sees the network error itself.
 */
export async function forwardToApi(request: Request): Promise<Response> {
  const { api, key } = upstream();
  const url = new URL(request.url);
  const path = url.pathname.startsWith(ROUTE) ? url.pathname.slice(ROUTE.length) : url.pathname;
  const headers = new Headers({ authorization: key });
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let answer: Response;
  try {
    // An upload is streamed through, not held in the route's memory.
    answer = await fetch(`${api}${path}${url.search}`, { method: request.method, headers, body: hasBody ? request.body : null, ...(hasBody ? { duplex: 'half' } : {}), signal: AbortSignal.timeout(30_000) } as RequestInit);
  } catch (err) {
    const message = `The API could not be reached (${err instanceof Error ? err.message : String(err)}); try again`;
    return Response.json({ statusCode: 502, msg: 'Bad Gateway', message }, { status: 502 });
  }
  const out = new Headers();
  for (const name of ANSWER_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers: out });
}
