// The browser build of the mock (the MSW export, bundled for platform "browser") passes the whole conformance suite with
// the same verdicts as the Node server, served from a process where Node's own globals are out of its reach
// (mocks/msw/browser-realm-host.mjs). Code on the browser path that uses Buffer, process, global or setImmediate fails here as it
// does in a page; the Chromium tests then prove the real thing on the paths they walk.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from './verify.ts';

/** Names a page does not have; shadowed in the bundle's own scope, so no code in it reaches Node's. */
const NODE_ONLY_GLOBALS = ['Buffer', 'process', 'global', 'setImmediate', 'clearImmediate'];

const HOST = fileURLToPath(new URL('../mocks/msw/browser-realm-host.mjs', import.meta.url));
const quiet = () => new Writable({ write: (_c, _e, done) => done() });

describe('the browser build of the mock, with no Node globals in reach', () => {
  let dir: string;
  let host: ChildProcess;
  let origin: string;
  let hostErrors = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spw-realm-'));
    const bundle = join(dir, 'mock.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('../mocks/msw/index.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outfile: bundle,
      logLevel: 'silent',
      banner: { js: `const ${NODE_ONLY_GLOBALS.map((n) => `${n} = undefined`).join(', ')};` },
    });
    host = spawn(process.execPath, [HOST, bundle], { stdio: ['ignore', 'pipe', 'pipe'] });
    host.stderr!.on('data', (d: Buffer) => (hostErrors += d.toString()));
    origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      host.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /^listening (\S+)/m.exec(out);
        if (m) resolve(m[1]!);
      });
      host.once('exit', (code) => reject(new Error(`the host exited ${code}: ${out}${hostErrors}`)));
    });
  }, 60_000);

  afterAll(() => {
    host?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what mints ids and secrets (upload tickets, immediate posts) without a 500', async () => {
    const ticket = await fetch(`${origin}/api/public/v1/upload-ticket`, { method: 'POST', headers: { authorization: 'demo-payg-key', 'content-type': 'application/json' }, body: '{}' });
    expect(ticket.status, await ticket.clone().text()).toBe(200);
    expect((await ticket.json()).uploadUrl).toMatch(/\/upload-ticket\/[0-9a-f]{64}$/);
    const post = await fetch(`${origin}/api/public/v1/posts`, {
      method: 'POST',
      headers: { authorization: 'demo-paid-key', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'now', date: new Date().toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: 'ch_paid_threads' }, value: [{ content: 'now, from a page', image: [] }], settings: { __type: 'threads' } }] }),
    });
    expect(post.status, await post.clone().text()).toBe(200);
    const wallet = await fetch(`${origin}/api/public/v1/wallet`, { headers: { authorization: 'demo-payg-key' } });
    expect(wallet.status).toBe(200);
  });

  it('passes every check of the suite with the same verdict, check by check, as the Node mock', async () => {
    const seed = 3;
    const [browser, server] = [
      await verify({ target: origin, control: `${origin}/_mock`, runs: 1, seed, quiet: true }, quiet()),
      await verify({ inProcess: true, runs: 1, seed, quiet: true }, quiet()),
    ];
    const verdicts = (r: typeof browser) => Object.fromEntries(r!.results.map((c) => [c.name, c.status]));
    const failed = browser!.results.filter((c) => c.status === 'failed').map((c) => `${c.name}: ${c.failures[0]?.operation ?? ''} received ${c.failures[0]?.received ?? ''}`.slice(0, 300));
    expect(failed).toEqual([]);
    expect(verdicts(browser)).toEqual(verdicts(server));
    expect(browser!.results.length).toBeGreaterThan(60);
    expect(browser!.ok).toBe(true);
    // Nothing the mock logged as its own failure (a 500's "[mock] ... failed").
    expect(hostErrors).not.toMatch(/\[mock\]/);
  }, 120_000);
});
