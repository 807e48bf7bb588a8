// The console page as the server sends it (/_mock/console): one script, allowed by its hash and nothing else; no key,
// no world in it; not framed, not cached stale, not readable by another origin; a rebound Host gets nothing. Its ready
// scenarios are read like the control API: same origin, and with the token when the mock has one.
import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../server.ts';
import { KEYS } from '../testing.ts';
import { CONSOLE_PATH, CONSOLE_SCENARIOS_PATH } from './console-page.ts';

const TOKEN = 'page-test-token';

/** A GET as sent, headers and bytes untouched (fetch would set Host itself and undo the gzip). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('GET /_mock/console', () => {
  let open: RunningMock;
  let locked: RunningMock;

  beforeAll(async () => {
    [open, locked] = await Promise.all([startMock({ port: 0, seed: 42 }), startMock({ port: 0, seed: 42, controlToken: TOKEN })]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), locked?.close()]);
  });

  it('is one page whose only script runs by its hash, holding no key, framed by no one', async () => {
    const res = await fetch(`${open.origin}${CONSOLE_PATH}`, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`);
    for (const directive of ["default-src 'none'", "connect-src 'self'", "style-src 'none'", "form-action 'none'", "frame-ancestors 'none'", "base-uri 'none'"]) expect(csp).toContain(directive);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // No CORS: another site's script cannot read it (nor anything of /_mock).
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // No inline handler, no style attribute: the CSP would refuse them, and the page does not need them.
    expect(html).not.toMatch(/\son[a-z]+=|style=/i);
    for (const key of Object.values(KEYS)) expect(html).not.toContain(key);
    // The operations the override form offers are in the page (data, not code), with no way to close the element.
    const data = JSON.parse(/<script type="application\/json" id="console-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data.operations.find((o: any) => o.operationId === 'createPosts')).toMatchObject({ method: 'POST', path: '/posts', statuses: expect.arrayContaining([200, 400, 402, 429]) });
  });

  it('goes gzipped with an ETag, and answers 304 to it', async () => {
    const res = await raw(`${open.origin}${CONSOLE_PATH}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toContain('<title>Mock console');
    const etag = String(res.headers.etag);
    expect((await fetch(`${open.origin}${CONSOLE_PATH}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers only a Host that names the mock', async () => {
    expect((await raw(`${open.origin}${CONSOLE_PATH}`, { host: 'rebound.attacker.example' })).status).toBe(403);
    expect((await raw(`${open.origin}${CONSOLE_SCENARIOS_PATH}`, { host: 'rebound.attacker.example' })).status).toBe(403);
    expect((await raw(`${open.origin}${CONSOLE_PATH}`, { host: 'localhost' })).status).toBe(200);
  });

  it('lists and serves the ready scenarios like the control API: same origin only, and with the token under --control-token', async () => {
    const list = await (await fetch(`${open.origin}${CONSOLE_SCENARIOS_PATH}`)).json();
    expect(list.map((s: any) => s.name)).toContain('low-credits');
    const doc = await (await fetch(`${open.origin}${CONSOLE_SCENARIOS_PATH}/low-credits.json`)).json();
    expect(doc.scenarioVersion).toBe(1);
    expect((await fetch(`${open.origin}${CONSOLE_SCENARIOS_PATH}/..%2Fworkspaces.json`)).status).toBe(404);
    expect((await fetch(`${open.origin}${CONSOLE_SCENARIOS_PATH}/low-credits.json`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);

    expect((await fetch(`${locked.origin}${CONSOLE_PATH}`)).status).toBe(200);
    expect((await fetch(`${locked.origin}${CONSOLE_SCENARIOS_PATH}`)).status).toBe(401);
    expect((await fetch(`${locked.origin}${CONSOLE_SCENARIOS_PATH}/low-credits.json`)).status).toBe(401);
    expect((await fetch(`${locked.origin}${CONSOLE_SCENARIOS_PATH}/low-credits.json`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});
