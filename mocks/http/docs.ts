// The interactive reference at /docs: Swagger UI from swagger-ui-dist, every asset served from local files, "Try it out" aimed at this mock.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { bundledSpec, loadSpec } from '../../spec/load.ts';
import type { MockState } from './state.ts';
import { bearerControlToken, hostRefusal, publicOrigin } from './access.ts';
import { CONTROL_PATH } from './core.ts';
import { docsDocument, examplesWorkspace } from './docs-document.ts';

export const DOCS_PATH = '/docs';
const ASSETS_PATH = `${DOCS_PATH}/assets`;
/** The page's own edition of the public document: examples filled from the live world (mocks/http/docs-document.ts). */
export const DOCS_SPEC_PATH = `${DOCS_PATH}/openapi.json`;

const require = createRequire(import.meta.url);

/** The only files /docs/assets serves, and where each comes from: nothing else on disk can be asked for. */
const ASSETS: Record<string, { file: () => string; type: string }> = {
  'swagger-ui.css': { file: () => swaggerFile('swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: () => swaggerFile('swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: () => swaggerFile('favicon-32x32.png'), type: 'image/png' },
  'favicon-16x16.png': { file: () => swaggerFile('favicon-16x16.png'), type: 'image/png' },
  'docs-init.js': { file: () => fileURLToPath(new URL('./docs-init.js', import.meta.url)), type: 'text/javascript; charset=utf-8' },
};

function swaggerFile(name: string): string {
  return join(dirname(require.resolve('swagger-ui-dist/package.json')), name);
}

interface CachedAsset {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  type: string;
}

// Read on the first request for each file, then kept: the API's requests never touch these files.
const cache = new Map<string, CachedAsset>();

function asset(name: string): CachedAsset | undefined {
  // Own keys only: a name such as `constructor` or `__proto__` is no asset, not a member of Object.prototype.
  const known = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!known) return undefined;
  let cached = cache.get(name);
  if (!cached) {
    const body = readFileSync(known.file());
    // Compressed once: the 1.7 MB bundle goes out as about 500 kB to a browser that takes gzip.
    cached = { body, gzip: gzipSync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, type: known.type };
    cache.set(name, cached);
  }
  return cached;
}

function serveAsset(name: string, request: Request): Response {
  const found = asset(name);
  if (!found) return Response.json({ statusCode: 404, msg: 'Not Found', message: `No asset ${name}` }, { status: 404 });
  const headers: Record<string, string> = {
    'content-type': found.type,
    etag: found.etag,
    // Revalidated after a day: an upgrade of swagger-ui-dist changes the ETag.
    'cache-control': 'public, max-age=86400',
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === found.etag) return new Response(null, { status: 304, headers });
  const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  const body = gzip ? found.gzip : found.body;
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { ...headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': String(body.length) },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The security scheme that carries the key in `Authorization`, the one the demo buttons fill in. */
function authorizationScheme(): string {
  const schemes: Record<string, any> = loadSpec().components?.securitySchemes ?? {};
  const found = Object.entries(schemes).find(([, s]) => s?.type === 'apiKey' && s.in === 'header' && String(s.name).toLowerCase() === 'authorization');
  return found?.[0] ?? 'apiKey';
}

/**
 * The banner's keys. Under --control-token the page carries none unless the request had the token: a form asks for it,
 * and docs-init.js reads the keys from GET /_mock/workspaces with it (same origin, kept in no cookie and no storage),
 * so only someone who has the token sees them, and a page of another site can neither read them nor send the token.
 */
function keysHtml(state: MockState, showKeys: boolean, origin: string): string {
  if (!showKeys) {
    return `The demo keys are not listed: this mock was started with <code>--control-token</code>.
  <form id="keys-form" autocomplete="off"><label for="control-token">Control token</label>
  <input type="password" id="control-token" spellcheck="false"> <button type="submit" id="show-keys">Show keys</button>
  <span id="keys-status" role="status"></span></form>
  <span id="demo-keys"></span>
  (Or read them with <code>curl -H 'Authorization: Bearer &lt;token&gt;' ${escapeHtml(origin + CONTROL_PATH)}/workspaces</code>.)`;
  }
  const examples = examplesWorkspace(state.world).id;
  return [...state.world.workspaces.values()]
    .map((ws) => {
      const plan = ws.plan === 'free' ? (ws.wallet.toppedUp ? 'free, pay-as-you-go' : 'free, never topped up') : ws.plan;
      const mark = ws.id === examples ? ' data-examples="true"' : '';
      return `<button type="button" class="demo-key" data-demo-key="${escapeHtml(ws.apiKey)}"${mark} title="${escapeHtml(`${ws.name} (${plan})`)}">${escapeHtml(ws.apiKey)}</button>`;
    })
    .join('');
}

function page(state: MockState, apiPath: string, showKeys: boolean, origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Social Publishing Workspace API · reference (mock)</title>
<link rel="icon" type="image/png" sizes="32x32" href="${ASSETS_PATH}/favicon-32x32.png">
<link rel="icon" type="image/png" sizes="16x16" href="${ASSETS_PATH}/favicon-16x16.png">
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
<style>
  body { margin: 0; font-family: sans-serif; }
  .mock-banner { padding: 12px 20px; background: #1b1b1b; color: #eee; font-size: 14px; line-height: 1.6; }
  .mock-banner code { background: #333; padding: 1px 5px; border-radius: 3px; }
  .demo-key { margin: 0 6px 0 0; padding: 2px 10px; border: 1px solid #89bf04; border-radius: 4px; background: transparent; color: #eee; cursor: pointer; font: inherit; }
  .demo-key[aria-pressed="true"] { background: #89bf04; color: #1b1b1b; }
  .demo-key[data-examples="true"]::after { content: " \\2605"; }
  #keys-form { display: inline; }
  #keys-form input { padding: 2px 6px; }
</style>
</head>
<body data-spec-url="${escapeHtml(DOCS_SPEC_PATH)}" data-scheme="${escapeHtml(authorizationScheme())}" data-examples-workspace="${escapeHtml(examplesWorkspace(state.world).id)}">
<div class="mock-banner">
  <strong>Mock server.</strong> "Try it out" sends real requests to this mock at <code id="api-base">${escapeHtml(apiPath)}</code>; its world is seeded demo data.
  Authorize with a demo key (sent as <code>Authorization: &lt;key&gt;</code>, no <code>Bearer</code>): ${keysHtml(state, showKeys, origin)}
  <br>The examples are filled from the world of <strong>${escapeHtml(examplesWorkspace(state.world).name)}</strong> (the key marked ★) and run as they are; the contract's own document is <code>${escapeHtml(apiPath)}/openapi.json</code>.
</div>
<div id="swagger-ui"></div>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PATH}/docs-init.js"></script>
</body>
</html>
`;
}

/** Mount /docs and its assets on the mock's app. The page lists the current demo keys, so it is built per request (a few hundred bytes). */
export function mountDocs(app: Hono<any>, state: MockState, apiPath: string): void {
  app.get(DOCS_PATH, (c) => {
    const refused = hostRefusal(state.access, c.req.raw);
    if (refused) return refused;
    const locked = state.access.controlToken !== undefined;
    const origin = publicOrigin(state.access, c.req.raw);
    const shown = page(state, apiPath, bearerControlToken(state.access, c.req.raw), origin);
    return new Response(shown, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // Framed by no site (as the console and the wallet page), and nothing fetched from elsewhere: a description
        // rendered as Markdown (a workspace's name among them) cannot load an outside image or call another host.
        'x-frame-options': 'DENY',
        'content-security-policy': `frame-ancestors 'none'; img-src 'self' data:; media-src 'self'; connect-src 'self' ${origin}; object-src 'none'; base-uri 'self'; form-action 'self'`,
        // A page that lists keys only for the token is never kept by a cache, nor handed to a request without it.
        'cache-control': locked ? 'no-store' : 'no-cache',
        ...(locked ? { vary: 'Authorization' } : {}),
        'x-content-type-options': 'nosniff',
      },
    });
  });
  // Built per request from the world and the clock as they are (ids of posts created since, dates ahead of the clock);
  // it reads and never changes the world. Behind the same Host lock as the page, and it names a key only when the page would.
  app.get(DOCS_SPEC_PATH, (c) => {
    const refused = hostRefusal(state.access, c.req.raw);
    if (refused) return refused;
    const locked = state.access.controlToken !== undefined;
    const served = bundledSpec(publicOrigin(state.access, c.req.raw) + apiPath);
    const doc = docsDocument(served, state.world, state.clock.now(), bearerControlToken(state.access, c.req.raw));
    return Response.json(doc, {
      headers: { 'cache-control': 'no-store', ...(locked ? { vary: 'Authorization' } : {}), 'x-content-type-options': 'nosniff' },
    });
  });
  app.get(`${ASSETS_PATH}/:name`, (c) => serveAsset(c.req.param('name'), c.req.raw));
}
