// The mock's console at /_mock/console: one static page whose script (mocks/console/, bundled by esbuild) does
// everything through the control API, and the ready scenarios it offers. The page holds no key and no state: it is
// built once, behind a strict CSP (its one script and nothing else), and every read or change it makes is a fetch to
// the control API, under that API's locks (Host, Origin, JSON bodies, --control-token).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { MockState } from './state.ts';
import { controlRefusal, hostRefusal } from './access.ts';
import { consoleOperations } from './console-data.ts';

/** The control API's folder (core.ts's CONTROL_PATH, not imported: core.ts builds the app this mounts on). */
const CONTROL_PATH = '/_mock';
export const CONSOLE_PATH = `${CONTROL_PATH}/console`;
/** Ready scenarios, by name: `<path>/<name>.json`. */
export const CONSOLE_SCENARIOS_PATH = `${CONSOLE_PATH}/scenarios`;

/** The script as the package ships it (scripts/build.ts writes it); absent in a checkout, where it is bundled on first use. */
const BUNDLE = new URL('../console/console.bundle.js', import.meta.url);
const ENTRY = new URL('../console/page.ts', import.meta.url);
/** The ready scenarios shipped with the package (fixtures/scenarios/, copied beside the compiled code by the build). */
const READY_DIR = new URL('../../fixtures/scenarios/', import.meta.url);

/** The page's script: the console's TypeScript bundled and minified for a browser (no framework, no import at run time). */
export async function bundleConsole(): Promise<string> {
  // A devDependency: only a checkout bundles here; the package carries the bundle built by scripts/build.ts.
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [fileURLToPath(ENTRY)],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

interface ReadyScenario {
  name: string;
  description: string;
}

let ready: ReadyScenario[] | undefined;

/** The ready scenarios' names and descriptions, read once. */
function readyScenarios(): ReadyScenario[] {
  return (ready ??= listReady());
}

function listReady(): ReadyScenario[] {
  let names: string[];
  try {
    names = readdirSync(READY_DIR).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((file) => {
    const name = file.slice(0, -'.json'.length);
    // The description opens each file; reading only its start keeps the large ones (busy-workspace) unparsed.
    const head = readFileSync(new URL(file, READY_DIR), 'utf8').slice(0, 4096);
    const match = /"description"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(head);
    return { name, description: match ? (JSON.parse(match[1]!) as string) : '' };
  });
}

/** JSON inside a script element: `<` written as `\u003c`, so no value can close the element. */
function dataIsland(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface ConsolePage {
  html: string;
  gzip: Buffer;
  etag: string;
  csp: string;
  /** What the page weighs: its HTML with the script in it, raw and gzipped. */
  bytes: number;
  gzipBytes: number;
}

/** The page, whole: the console's script inline, allowed by its hash and nothing else. It names no key and no world. */
export function consolePage(script: string, state: Pick<MockState, 'validator'>): ConsolePage {
  const data = { controlPath: CONTROL_PATH, scenariosPath: CONSOLE_SCENARIOS_PATH, operations: consoleOperations(state.validator) };
  const hash = createHash('sha256').update(script).digest('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Mock console · Social Publishing Workspace API</title>
</head>
<body>
<div id="console"></div>
<noscript>The console is a script over the mock's control API (/_mock); without scripts, use the control API directly (spec/control.yaml).</noscript>
<script type="application/json" id="console-data">${dataIsland(data)}</script>
<script>${script}</script>
</body>
</html>
`;
  // Only the page's own script runs, found by its hash; it may fetch this origin and nothing else. No stylesheet or
  // style attribute is allowed: the console's styles are a sheet its script constructs, which a CSP does not govern.
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "connect-src 'self'",
    "style-src 'none'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const gzip = gzipSync(html, { level: 9 });
  return {
    html,
    gzip,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    csp,
    bytes: Buffer.byteLength(html),
    gzipBytes: gzip.length,
  };
}

let built: Promise<ConsolePage> | undefined;

/** Built on the first request for the page, then kept: the API's requests never pay for it. */
function page(state: MockState): Promise<ConsolePage> {
  built ??= (async () => {
    const script = existsSync(BUNDLE) ? readFileSync(BUNDLE, 'utf8') : await bundleConsole();
    return consolePage(script, state);
  })();
  // A failed build is not kept: the next request tries again.
  built.catch(() => (built = undefined));
  return built;
}

function send(found: ConsolePage, request: Request): Response {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': found.csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-cache',
    etag: found.etag,
    vary: 'accept-encoding',
  };
  if (request.headers.get('if-none-match') === found.etag) return new Response(null, { status: 304, headers });
  const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  const body = gzip ? found.gzip : Buffer.from(found.html);
  return new Response(new Uint8Array(body), { headers: { ...headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': String(body.length) } });
}

/** Mount the console and its ready scenarios on the mock's app (the Node server; the MSW export mounts it in the app's page). */
export function mountConsole(app: Hono<any>, state: MockState): void {
  // The page holds nothing but code: its Host is checked (a rebound name gets nothing of this mock), and everything it
  // shows comes from the control API, which checks the rest.
  app.get(CONSOLE_PATH, async (c) => hostRefusal(state.access, c.req.raw) ?? send(await page(state), c.req.raw));
  // A ready scenario holds keys (its description may name one too): read like the control API, same origin, with the
  // token when the mock has one.
  app.get(CONSOLE_SCENARIOS_PATH, (c) => controlRefusal(state.access, c.req.raw) ?? Response.json(readyScenarios(), { headers: { 'cache-control': 'no-store' } }));
  app.get(`${CONSOLE_SCENARIOS_PATH}/:file`, (c) => {
    const refused = controlRefusal(state.access, c.req.raw);
    if (refused) return refused;
    const file = c.req.param('file');
    const known = readyScenarios().find((s) => `${s.name}.json` === file);
    if (!known) return Response.json({ statusCode: 404, msg: 'Not Found', message: `No ready scenario ${file}` }, { status: 404 });
    return new Response(readFileSync(new URL(file, READY_DIR)), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    });
  });
}
