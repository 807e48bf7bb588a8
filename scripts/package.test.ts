// The package as a user gets it: `npm pack` (which builds dist/ through prepack), the tarball installed into a fresh
// folder outside this repo, then `npx spw ...` there: every command's --help, a usage error, the mock answering over
// HTTP (document and /docs), `spw proxy` forwarding and checking an exchange, `spw verify` passing against a clean mock
// and failing against a faulty one, the library imported from plain JavaScript and type-checked from TypeScript.
// Slow by nature (a build and an install): one beforeAll pays for them and prints what each took. Each kind of command
// goes through `npx spw` once, which proves the name resolves to the installed package; the other calls run the
// executable npm linked, node_modules/.bin/spw (what npx itself runs), since every npx call starts npm and costs seconds
// of CPU on a loaded two-core CI machine.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const nodeBin = join(repo, 'node_modules', '.bin');
/** TypeScript 7, the repo's own native compiler: it type-checks a consumer file in seconds where TypeScript 5 took minutes here. */
const tsc = join(repo, 'node_modules', 'typescript-native', 'bin', 'tsc');
const MINUTES = 60_000;
const LINES_DIR = join(repo, 'tools', 'node-lines');
/** Every maintained Node.js line, each running the installed package: 22 at the floor `engines` declares, the pinned 24, 26. */
const NODE_LINES: [string, string][] = [
  ['22', join(LINES_DIR, 'node_modules', 'node22', 'bin', 'node')],
  ['24', join(nodeBin, 'node')],
  ['26', join(LINES_DIR, 'node_modules', 'node26', 'bin', 'node')],
];
const MSW_VERSION = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies.msw;

/**
 * The environment of a user's shell: Node 24 (this repo's pinned one) first on PATH, and none of the npm_* variables
 * an enclosing `npm test` sets (npm_config_local_prefix and friends would point npm back at this repo).
 */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  PATH: `${nodeBin}${delimiter}${process.env.PATH ?? ''}`,
  NO_UPDATE_NOTIFIER: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  SCARF_ANALYTICS: 'false',
};
for (const name of ['PORT', 'HOST', 'SPW_CONFIG', 'MOCK_FAULTS', 'MOCK_STRICT', 'MOCK_SEED', 'MOCK_FIXTURES']) delete env[name];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, timeout = 2 * MINUTES): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as any).code === 'number' ? (err as any).code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const show = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout.slice(-4000)}\n--- stderr\n${r.stderr.slice(-4000)}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let work: string;
let app: string;
let tarball: string;
const children: ChildProcess[] = [];

/** The command a user types, `npx spw ...`, or the executable it runs, straight from the link npm made. */
const spw = (via: 'npx' | 'bin'): [string, string[]] => (via === 'npx' ? ['npx', ['spw']] : [join(app, 'node_modules', '.bin', 'spw'), []]);

/** `spw <args>` in the consumer folder, to its end. */
function runSpw(via: 'npx' | 'bin', ...args: string[]): Promise<Run> {
  const [command, prefix] = spw(via);
  return run(command, [...prefix, ...args], app);
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** `spw mock ...` or `spw proxy ...` in the background, in its own process group (npx, its shell and node stop together); resolves once it listens. */
async function startServer(via: 'npx' | 'bin', command: 'mock' | 'proxy', args: string[]): Promise<string> {
  const port = await freePort();
  const [file, prefix] = spw(via);
  const child = spawn(file, [...prefix, command, '--port', String(port), ...args], { cwd: app, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`spw ${command} did not start in 60 s:\n${output}`)), MINUTES);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`spw ${command} exited with ${code}:\n${output}`));
    });
  });
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'spw-package-'));
  const packDir = join(work, 'pack');
  app = join(work, 'app');
  mkdirSync(packDir);
  mkdirSync(app);

  let since = performance.now();
  // The other Node lines install beside the pack, from the registry's node@ packages (tools/node-lines).
  const lines = run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], LINES_DIR, 15 * MINUTES);
  const packed = await run('npm', ['pack', '--pack-destination', packDir], repo, 15 * MINUTES);
  console.log(`[package] npm pack (with its prepack build): ${elapsed(since)}`);
  expect(packed.code, show(packed)).toBe(0);
  const file = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
  expect(file, show(packed)).toBeDefined();
  tarball = join(packDir, file!);

  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'spw-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2));
  since = performance.now();
  // msw is the ./msw export's optional peer dependency: a frontend project that uses the export has it.
  const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `msw@${MSW_VERSION}`], app, 15 * MINUTES);
  expect(installed.code, show(installed)).toBe(0);
  console.log(`[package] npm install of the tarball in a fresh folder: ${elapsed(since)}`);
  const linesInstalled = await lines;
  expect(linesInstalled.code, show(linesInstalled)).toBe(0);
}, 30 * MINUTES);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package, installed in a fresh folder', () => {
  it('ships the build and the documents, not the sources or the tests', async () => {
    const listed = await run('tar', ['-tzf', tarball], work);
    const files = listed.stdout.split('\n').filter(Boolean);
    for (const f of ['package/dist/cli/bin.js', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/client/index.d.ts', 'package/dist/spec/openapi.yaml', 'package/dist/spec/generated/openapi.json', 'package/dist/spec/generated/openapi.d.ts', 'package/dist/fixtures/workspaces.json', 'package/dist/mocks/http/docs-init.js', 'package/dist/mocks/console/console.bundle.js', 'package/README.md', 'package/docs/ci.md', 'package/docs/configuration.md']) {
      expect(files, f).toContain(f);
    }
    // The guide's examples are TypeScript for a reader to copy; no other source ships.
    expect(files.filter((f) => /\.test\.|\/scripts\/|\.ts$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('package/docs/examples/'))).toEqual([]);
  });

  it('ships what every shipped guide and the README link to: screenshots, examples, other guides, the hook contract', async () => {
    const files = new Set((await run('tar', ['-tzf', tarball], work)).stdout.split('\n').filter(Boolean));
    const docs = [...files].filter((f) => f.endsWith('.md'));
    expect(docs).toContain('package/docs/frontend.md');
    const missing: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(join(repo, doc.slice('package/'.length)), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const path = new URL(target!, `file:///${doc}`).pathname.slice(1);
        if (!files.has(path)) missing.push(`${doc} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers --help for the program and each command, and 2 for an unknown command', async () => {
    const [top, mock, verify, proxy, unknown, version] = await Promise.all([
      runSpw('npx', '--help'),
      runSpw('bin', 'mock', '--help'),
      runSpw('bin', 'verify', '--help'),
      runSpw('bin', 'proxy', '--help'),
      runSpw('bin', 'serve'),
      // The package's second executable name.
      run(join(app, 'node_modules', '.bin', 'social-publishing-contract'), ['--version'], app),
    ]);
    // Help is wrapped to the terminal's width: compare it with its line breaks flattened.
    for (const r of [top, mock, verify, proxy]) r.stdout = r.stdout.replace(/\s+/g, ' ');
    expect(top.code, show(top)).toBe(0);
    for (const text of ['mock [options]', 'verify [options]', 'proxy [options]', 'Exit status']) expect(top.stdout).toContain(text);
    expect(mock.code, show(mock)).toBe(0);
    for (const text of ['--port <port>', '--fixtures <dir>', '--fault <name...>', 'env: PORT', '--config <file>']) expect(mock.stdout).toContain(text);
    expect(verify.code, show(verify)).toBe(0);
    for (const text of ['--target <url>', '--key-free <key>', '--junit <file>', '--checks <list>', 'env: VERIFY_KEY_FREE']) expect(verify.stdout).toContain(text);
    expect(proxy.code, show(proxy)).toBe(0);
    for (const text of ['--upstream <url>', '--report <file>', 'env: PROXY_UPSTREAM']) expect(proxy.stdout).toContain(text);
    expect(unknown.code, show(unknown)).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'serve'");
    expect(version.code, show(version)).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('serves the mock over HTTP, checks exchanges through the proxy, and verify passes against the mock and fails against a faulty one (exit 0, then 1)', async () => {
    // The command line is bundled (scripts/build.ts): each file it reads from its own location is asked for here, a
    // ready scenario among them.
    const [clean, faulty, busy] = await Promise.all([
      startServer('npx', 'mock', []),
      startServer('bin', 'mock', ['--fault', 'bearer-accepted']),
      startServer('bin', 'mock', ['--scenario', 'busy-workspace']),
    ]);
    // The busy scenario gives the pay-as-you-go workspace 300 media items (17 pages); the seeded world gives it few.
    const busyMedia = await fetch(`${busy}/api/public/v1/media?page=1`, { headers: { authorization: 'demo-payg-key' } });
    expect(busyMedia.status).toBe(200);
    expect(((await busyMedia.json()) as { pages: number }).pages).toBe(17);
    const document = await fetch(`${clean}/api/public/v1/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    for (const path of ['/docs', '/docs/openapi.json', '/docs/assets/docs-init.js', '/docs/assets/swagger-ui-bundle.js', '/_mock/console', '/_mock/console/scenarios/low-credits.json']) {
      const res = await fetch(`${clean}${path}`);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }

    // The validating proxy in front of the clean mock: the answer is forwarded, and the exchange counted as conforming.
    const proxy = await startServer('npx', 'proxy', ['--upstream', clean]);
    const direct = await fetch(`${clean}/api/public/v1/integrations`, { headers: { authorization: 'demo-paid-key' } });
    const proxied = await fetch(`${proxy}/api/public/v1/integrations`, { headers: { authorization: 'demo-paid-key' } });
    expect(proxied.status).toBe(200);
    expect(await proxied.json()).toEqual(await direct.json());
    const { totals } = (await (await fetch(`${proxy}/_proxy/report`)).json()) as { totals: { exchanges: number; conforming: number; violating: number } };
    expect(totals).toMatchObject({ exchanges: 1, conforming: 1, violating: 0 });

    const verify = (via: 'npx' | 'bin', origin: string, junit: string) =>
      runSpw(via, 'verify', '--target', origin, '--control', `${origin}/_mock`, '--checks', 'ignored_auth', '--runs', '2', '--seed', '1', '--junit', junit);
    const [passed, failed] = await Promise.all([verify('npx', clean, 'reports/clean.xml'), verify('bin', faulty, 'reports/faulty.xml')]);
    expect(passed.code, show(passed)).toBe(0);
    expect(passed.stdout).toContain('0 failed, 1 passed');
    expect(failed.code, show(failed)).toBe(1);
    expect(failed.stdout).toContain('1 failed');
  }, 5 * MINUTES);

  it('works as a library: the root export and ./client from JavaScript, and their types (and ./msw\'s) from TypeScript', async () => {
    writeFileSync(
      join(app, 'use.mjs'),
      `import * as spw from 'social-publishing-contract';
import { createSpwClient } from 'social-publishing-contract/client';
for (const name of ['createSpwClient', 'startMock', 'createMockApp', 'verify', 'startProxy']) {
  if (typeof spw[name] !== 'function') throw new Error(name + ' is not exported');
}
const app = spw.createMockApp();
const client = createSpwClient({ baseUrl: 'http://mock.test', apiKey: 'demo-paid-key', fetch: (req) => app.fetch(req) });
const { data, response } = await client.GET('/integrations');
console.log(JSON.stringify({ status: response.status, channels: data.length }));
`,
    );
    const used = await run('node', ['use.mjs'], app);
    expect(used.code, show(used)).toBe(0);
    expect(JSON.parse(used.stdout.trim().split('\n').pop()!)).toMatchObject({ status: 200 });

    // Types: a TypeScript consumer of both entry points type-checks against the installed declarations, and a path the
    // document does not have is refused.
    writeFileSync(
      join(app, 'use.ts'),
      `import { startMock, type RunReport, type VerifyOptions } from 'social-publishing-contract';
import { createSpwClient, type Schemas } from 'social-publishing-contract/client';
import { createMswMock, type MswMock } from 'social-publishing-contract/msw';
export const mock: MswMock = createMswMock({ seed: 1, frozenAt: '2026-01-05T09:00:00Z' });
const client = createSpwClient({ baseUrl: 'http://127.0.0.1:4010' });
export async function firstChannel(): Promise<Schemas['Channel'] | undefined> {
  const { data } = await client.GET('/integrations');
  return data?.[0];
}
export const options: VerifyOptions = { target: 'http://127.0.0.1:4010', runs: 2 };
export type Ok = RunReport['ok'];
export const start: typeof startMock = startMock;
// @ts-expect-error: a path the document does not have
client.GET('/no-such-path');
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, typeRoots: [join(repo, 'node_modules', '@types')], types: ['node'] }, files: ['use.ts'] }),
    );
    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], app);
    expect(checked.code, show(checked)).toBe(0);
  }, 5 * MINUTES);

  it('types a frontend can use: a strict app with no @types/node and no skipLibCheck compiles against ./client and ./msw, and after `if (error)` data is the success body and error a documented shape; an upload takes a File or a FormData', async () => {
    const web = join(app, 'web-app');
    mkdirSync(web, { recursive: true });
    writeFileSync(
      join(web, 'app.ts'),
      `import { createMockControl, createSpwClient, errorText, otherSettings, type Schemas } from 'social-publishing-contract/client';
import { createMswMock, type MswMock } from 'social-publishing-contract/msw';

// The page's client through the app's own route (no key), an error's text, settings typed per provider, the control client.
export const throughRoute = createSpwClient({ baseUrl: '/api/spw' });
export async function publishNow(channel: string, provider: string): Promise<string> {
  const settings: Schemas['ChannelSettings'] = provider === 'x' ? { __type: 'x', who_can_reply_post: 'everyone' } : otherSettings(provider);
  const { error } = await throughRoute.POST('/posts', { body: { type: 'now', date: new Date().toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: channel }, value: [{ content: 'hi', image: [] }], settings }] } });
  return error ? errorText(error) : 'sent';
}
export const control = createMockControl({ baseUrl: 'http://127.0.0.1:4010' });
export const lastPosts = () => control.requests({ operation: 'createPosts' });

const client = createSpwClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'demo-payg-key' });
export async function schedule(body: Schemas['CreatePosts']): Promise<string> {
  const { data, error } = await client.POST('/posts', { body });
  if (error) {
    if ('url' in error) return 'top up at ' + error.url;
    if ('provider' in error) return error.name + ': ' + error.message;
    const text: string | string[] | undefined = 'msg' in error ? error.msg : error.message;
    return String(text);
  }
  return data.map((p) => p.postId).join(',');
}
// An upload from a file input, through a ticket: { file } typed as the document's multipart body, no cast.
export async function uploadWithTicket(file: File): Promise<string> {
  const minted = await client.POST('/upload-ticket', { body: { purpose: 'media' } });
  if (minted.error) throw new Error(JSON.stringify(minted.error));
  const token = new URL(minted.data.uploadUrl).pathname.split('/').pop() ?? '';
  const { data, error } = await client.POST('/upload-ticket/{token}', { params: { path: { token } }, body: { file } });
  if (error) throw new Error(JSON.stringify(error));
  const form = new FormData();
  form.append('file', file);
  await client.POST('/upload', { body: form });
  return data.path;
}
export const mock: MswMock = createMswMock({ seed: 1 });
`,
    );
    // A browser app's settings: the DOM's types, none of Node's, every declaration checked.
    writeFileSync(
      join(web, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'], strict: true, noEmit: true, types: [] }, files: ['app.ts'] }),
    );
    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], web);
    expect(checked.code, show(checked)).toBe(0);
  }, 5 * MINUTES);

  it('answers msw/node requests from the ./msw export, started from a ready scenario of ./scenarios/*', async () => {
    writeMswConsumer();
    const used = await run('node', ['use-msw.mjs'], app);
    expect(used.code, show(used)).toBe(0);
    expect(JSON.parse(used.stdout.trim().split('\n').pop()!)).toEqual(MSW_CONSUMER_OUTPUT);
  }, 5 * MINUTES);

  it.each(NODE_LINES)('on Node %s, the installed mock answers (minting ids too), verify runs checks at once against it, and the ./msw export serves msw/node', async (line, node) => {
    const version = await run(node, ['--version'], app);
    expect(version.stdout).toMatch(new RegExp(`^v${line}\\.`));
    const port = await freePort();
    const bin = join(app, 'node_modules', 'social-publishing-contract', 'dist', 'cli', 'bin.js');
    const child = spawn(node, [bin, 'mock', '--port', String(port)], { cwd: app, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('listening on')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`spw mock on Node ${line} exited with ${code}:\n${output}`)));
    });
    const origin = `http://127.0.0.1:${port}/api/public/v1`;
    const channels = await fetch(`${origin}/integrations`, { headers: { authorization: 'demo-payg-key' } });
    expect(channels.status).toBe(200);
    const ticket = await fetch(`${origin}/upload-ticket`, { method: 'POST', headers: { authorization: 'demo-payg-key' } });
    expect(ticket.status, await ticket.clone().text()).toBe(200);
    // verify against it over HTTP, two checks at once in lanes of workspace copies (AsyncLocalStorage reached through
    // process.getBuiltinModule, which this line must have), through the mock's states hook.
    const verified = await run(node, [bin, 'verify', '--target', `http://127.0.0.1:${port}`, '--control', `http://127.0.0.1:${port}/_mock`, '--checks', 'frozen_wallet,media_search,upload_ticket_expiry', '--runs', '1', '--seed', '1', '--concurrency', '2', '--quiet'], app);
    expect(verified.code, show(verified)).toBe(0);
    expect(verified.stdout).toMatch(/0 failed, 3 passed, 0 passed in part, 0 not verified/);
    process.kill(-child.pid!, 'SIGTERM');
    writeMswConsumer();
    const used = await run(node, ['use-msw.mjs'], app);
    expect(used.code, show(used)).toBe(0);
    expect(JSON.parse(used.stdout.trim().split('\n').pop()!)).toEqual(MSW_CONSUMER_OUTPUT);
  }, 5 * MINUTES);

  it('on Node 20 (past its end of life), spw says in one line which Node it needs and exits 1', async () => {
    const node20 = join(LINES_DIR, 'node_modules', 'node20', 'bin', 'node');
    const refused = await run(node20, [join(app, 'node_modules', 'social-publishing-contract', 'dist', 'cli', 'bin.js'), 'mock'], app);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^spw needs Node\.js 22\.12 or later \(22, 24 or 26, the maintained lines\); this is Node\.js 20\.\d+\.\d+\.\n$/);
    // From a checkout too (node cli/start.mjs), the same one line rather than a stack trace from loading TypeScript.
    const fromCheckout = await run(node20, [join(repo, 'cli', 'start.mjs'), 'mock'], repo);
    expect(fromCheckout.code).toBe(1);
    expect(fromCheckout.stderr).toMatch(/^spw needs Node\.js 22\.12 or later \(\^22\.12\.0 \|\| \^24\.0\.0 \|\| \^26\.0\.0\); this is Node\.js 20\.\d+\.\d+\. From a checkout, npm start and npm run use the pinned Node of package\.json\.\n$/);
  }, 5 * MINUTES);
});

const MSW_CONSUMER_OUTPUT = { status: 200, autoTopUp: false, journal: ['getWallet'] };

/** A Node test's use of the ./msw export with msw/node, as docs/frontend.md shows it. */
function writeMswConsumer(): void {
  writeFileSync(
    join(app, 'use-msw.mjs'),
    `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setupServer } from 'msw/node';
import { createMswMock } from 'social-publishing-contract/msw';
const require = createRequire(import.meta.url);
const scenario = JSON.parse(readFileSync(require.resolve('social-publishing-contract/scenarios/low-credits.json'), 'utf8'));
const mock = createMswMock({ scenario });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });
const res = await fetch(mock.apiBase + '/wallet', { headers: { Authorization: 'demo-payg-key' } });
const wallet = await res.json();
console.log(JSON.stringify({ status: res.status, autoTopUp: wallet.autoTopUp.enabled, journal: (await mock.requests()).map((e) => e.operationId) }));
server.close();
`,
  );
}
