// The system Chromium for browser tests, launched through playwright-core: never a downloaded browser, and a clear word when it is missing.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the background-networking flags Chromium reaches out at start, and the closed network refuses it.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium (or CHROMIUM_PATH), headless; throws saying how to install it when it is not there. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: this test drives the system browser and never downloads one. ` +
        'Install it with `apt-get install -y --no-install-recommends chromium` (.ci/run does), or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A page's files by path, each with its content type. */
export type SiteFiles = Record<string, [type: string, body: string | Uint8Array]>;

/** Serve `files` on loopback at a port of the kernel's choosing (404 for any other path): a site for a test page. */
export async function serveFiles(files: SiteFiles): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
