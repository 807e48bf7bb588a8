import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockClock } from '../mocks/domain/clock.ts';
import { createMockApp } from '../mocks/http/app.ts';
import type { Scenario } from '../mocks/domain/scenario.ts';
import { apiBasePath } from '../spec/load.ts';
import { anonymizer, recordWorld, RecordError, type RecordOptions } from './record.ts';
import { main } from './program.ts';
import { PNG } from '../mocks/http/media-samples.ts';

const ORIGIN = 'http://mock.in-process';
const ROOT = ORIGIN + apiBasePath();
const DAY = 86_400_000;
const readyDir = new URL('../fixtures/scenarios/', import.meta.url);
const ready = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, readyDir), 'utf8')) as Scenario;

/** A mock in this process on the given scenario, its clock frozen at the scenario's instant. */
async function mockOn(doc: Scenario, variations: string[] = []) {
  const app = createMockApp({ seed: 7, clock: new MockClock({ frozenAt: Date.parse(doc.clock.now) }), variations });
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(input instanceof Request ? input : new Request(input, init))) as typeof globalThis.fetch;
  const put = await fetch(`${ORIGIN}/_mock/scenario`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...doc, clock: { ...doc.clock, frozen: true } }) });
  expect(put.status, await put.clone().text()).toBe(200);
  return { app, fetch };
}

/** Every read a frontend makes of one workspace, as the public API answers it (media paths relative to the origin). */
async function readAll(fetch: typeof globalThis.fetch, key: string, from: number, to: number) {
  const get = async (path: string) => {
    const r = await fetch(ROOT + path, { headers: { authorization: key } });
    // The wallet page's link names the workspace by a handle of its id, which the public API does not show.
    return { status: r.status, body: JSON.parse((await r.text()).split(ORIGIN).join('').replace(/link=wl_[0-9a-f]+/g, 'link=wl_')) };
  };
  const out: Record<string, unknown> = {};
  for (const p of ['/groups', '/integrations', '/wallet', '/wallet/prices', '/brief', '/brief/onboarding', '/skills']) out[p] = await get(p);
  for (const c of (out['/integrations'] as any).body) out[`settings ${c.id}`] = await get(`/integration-settings/${c.id}`);
  out.posts = await get(`/posts?startDate=${new Date(from).toISOString()}&endDate=${new Date(to).toISOString()}`);
  for (let page = 0; ; page++) {
    const r = await get(`/wallet/transactions?page=${page}&size=100`);
    out[`ledger ${page}`] = r;
    if (!r.body.nextPage) break;
  }
  for (let page = 1; ; page++) {
    const r = await get(`/media?page=${page}`);
    out[`media ${page}`] = r;
    if (page >= r.body.pages) break;
  }
  for (let page = 0; ; page++) {
    const r = await get(`/notifications?page=${page}`);
    out[`notifications ${page}`] = r;
    if (!r.body.hasMore) break;
  }
  return out;
}

/** Record `doc` served by a mock (with `variations`), load the file into a fresh mock, and read both the same way. */
async function roundTrip(doc: Scenario, variations: string[] = [], extra: Partial<RecordOptions> = {}) {
  const now = Date.parse(doc.clock.now);
  const from = now - 200 * DAY;
  const to = now + 200 * DAY;
  const source = await mockOn(doc, variations);
  const keys = doc.workspaces.map((w) => w.apiKey);
  const recording = await recordWorld({ target: ROOT, keys, now, from, to, transport: source.fetch, ...extra });
  const loaded = await mockOn(JSON.parse(JSON.stringify(recording.scenario)));
  return { source, loaded, keys, recording, from, to };
}

describe('spw record', () => {
  const names = readdirSync(readyDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

  it.each(names)('a mock on the ready scenario %s, recorded and loaded into a fresh mock, answers every read the same', async (name) => {
    const { source, loaded, keys, recording, from, to } = await roundTrip(ready(name));
    expect(recording.keys).toHaveLength(keys.length);
    for (const [i, key] of keys.entries()) {
      expect(await readAll(loaded.fetch, recording.keys[i]!, from, to)).toEqual(await readAll(source.fetch, key, from, to));
    }
    // Keys are never written: the file holds fresh ones.
    const text = JSON.stringify(recording.scenario);
    for (const key of keys) expect(text).not.toContain(`"${key}"`);
  }, 60_000);

  it('a mock with legal variations (uuid ids, +00:00 dates, lists reversed, extra fields, oldest-first ledger) records, and its reads agree after load', async () => {
    const doc = ready('posts-in-every-state');
    const variations = ['uuid-ids', 'utc-offset-dates', 'lists-reversed', 'extra-fields', 'transactions-oldest-first'];
    const { source, loaded, keys, recording, from, to } = await roundTrip(doc, variations);
    for (const [i, key] of keys.entries()) {
      const a = await readAll(source.fetch, key, from, to);
      const b = await readAll(loaded.fetch, recording.keys[i]!, from, to);
      const ids = (r: any) => r.body.map((c: any) => c.id).sort();
      // The same ids (the recorded server's UUIDs), balances and ledger; orders and date spellings are the variation's own.
      expect(ids(b['/integrations'])).toEqual(ids(a['/integrations']));
      const posts = (r: any) => r.body.posts.map((p: any) => [p.id, Date.parse(p.publishDate), p.state, p.content]).sort();
      expect(posts(b.posts)).toEqual(posts(a.posts));
      expect((b['/wallet'] as any).body.balance).toEqual((a['/wallet'] as any).body.balance);
      const ledger = (r: any) => r.body.items.map((t: any) => [t.id, t.credits, Date.parse(t.createdAt)]).sort();
      expect(ledger(b['ledger 0'])).toEqual(ledger(a['ledger 0']));
    }
  }, 30_000);

  it('--media copies the files\' bytes, newest first within its cap, and the loaded mock serves them at the paths the library gives; past the cap a file is named, not copied', async () => {
    const doc = ready('empty-workspace');
    const source = await mockOn(doc);
    const key = doc.workspaces[0]!.apiKey;
    const png = PNG;
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), name);
      const r = await source.fetch(`${ROOT}/upload`, { method: 'POST', headers: { authorization: key }, body: form });
      expect(r.status, await r.clone().text()).toBe(200);
      return (await r.json()) as { id: string; path: string };
    };
    const older = await upload('older.png');
    const newer = await upload('newer.png');
    const now = Date.parse(doc.clock.now);
    // Room for one file: the newer is copied, the older named.
    const recording = await recordWorld({ target: ROOT, keys: [key], now, transport: source.fetch, media: png.length + 10 });
    expect(recording.scenario.files?.map((f) => f.name)).toEqual([newer.path.split('/').at(-1)]);
    expect(recording.notShown.join('\n')).toMatch(/media bytes: copied for 1 file\(s\).*; 1 older file\(s\) past the cap not copied/);
    const loaded = await mockOn(JSON.parse(JSON.stringify(recording.scenario)));
    const served = await loaded.fetch(`${ORIGIN}${new URL(newer.path).pathname}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await loaded.fetch(`${ORIGIN}${new URL(older.path).pathname}`)).status).toBe(404);
  });

  it('a scenario file name that is not one safe path segment is refused before anything loads', async () => {
    const app = createMockApp({ seed: 7 });
    const doc = { ...ready('empty-workspace'), files: [{ name: '../escape.png', mime: 'image/png', data: 'AAAA' }] };
    const r = await app.fetch(new Request(`${ORIGIN}/_mock/scenario`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) }));
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(/files\/0\/name/);
  });

  it('--anonymize keeps the length and shape of post text, names and file names, and none of their letters', async () => {
    const doc = ready('posts-in-every-state');
    const { recording } = await roundTrip(doc, [], { anonymize: true });
    const source = doc.workspaces[1]!;
    const rec = recording.scenario.workspaces[1]!;
    const shape = (t: string) => t.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A').replace(/[0-9]/g, '0');
    for (const p of rec.posts) {
      const real = source.posts.find((s) => s.id === p.id)!;
      expect(shape(p.content)).toBe(shape(real.content));
      if (/[a-z]{4}/i.test(real.content)) expect(p.content).not.toBe(real.content);
    }
    for (const c of rec.channels) expect(c.name).not.toBe(source.channels.find((s) => s.id === c.id)!.name);
    expect(anonymizer(3)('<p>Hello, World 42</p> photo.png')).toMatch(/^<p>[A-Z][a-z]{4}, [A-Z][a-z]{4} \d\d<\/p> [a-z]{5}\.[a-z]{3}$/);
  });

  describe('a bad target: a message naming what failed, exit 1, no file left', () => {
    const doc = ready('empty-workspace');
    const key = doc.workspaces[0]!.apiKey;
    /** The mock, with one operation's answer replaced. */
    const broken = async (path: RegExp, answer: (req: Request) => Response | Promise<Response>) => {
      const { fetch } = await mockOn(doc);
      return ((input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        return path.test(new URL(req.url).pathname + new URL(req.url).search) ? answer(req) : fetch(req);
      }) as typeof globalThis.fetch;
    };
    const cases: Array<[string, RegExp, () => Response, RegExp]> = [
      ['a 500', /\/wallet$/, () => new Response('{"boom":1}', { status: 500, headers: { 'content-type': 'application/json' } }), /GET \/wallet .*answered 500/],
      ['HTML', /\/groups$/, () => new Response('<html>login</html>', { headers: { 'content-type': 'text/html' } }), /GET \/groups .*text\/html, not JSON/],
      ['truncated JSON', /\/integrations$/, () => new Response('[{"id":"ch_1","na', { headers: { 'content-type': 'application/json' } }), /GET \/integrations .*not whole JSON/],
      ['a list that never ends', /\/media/, () => new Response(JSON.stringify({ pages: 5, results: [{ id: 'm', path: '/x.png' }] }), { headers: { 'content-type': 'application/json' } }), /GET \/media .*listed twice|never ends/],
      ['a ledger that never ends', /\/wallet\/transactions/, () => new Response(JSON.stringify({ total: 1, page: 0, size: 100, nextPage: 1, items: [{ id: `t${Math.random()}`, type: 'GRANT', credits: 1, quantity: 1, createdAt: '2026-01-01T00:00:00Z' }] }), { headers: { 'content-type': 'application/json' } }), /GET \/wallet\/transactions .*never ends/],
      ['a 429 that never clears', /\/integrations$/, () => new Response('', { status: 429, headers: { 'retry-after': '0' } }), /GET \/integrations .*rate limited.*429/],
      ['a refused key', /\/is-connected$/, () => new Response('{"msg":"Invalid API key"}', { status: 401, headers: { 'content-type': 'application/json' } }), /the key was refused \(401/],
      ['an answer too large', /\/groups$/, () => new Response('x'.repeat(5000), { headers: { 'content-type': 'application/json' } }), /GET \/groups .*larger than/],
    ];
    it.each(cases)('%s', async (_name, path, answer, message) => {
      const transport = await broken(path, answer);
      await expect(recordWorld({ target: ROOT, keys: [key], now: Date.parse(doc.clock.now), transport, bounds: { maxBytes: 4096 } })).rejects.toThrow(message);
    });

    it('through the command: exit 1, the error printed, no file or temporary file left', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'spw-record-'));
      const out = join(dir, 'world.json');
      // Nothing listens there: the recording fails on its first request.
      const errors: string[] = [];
      const log = console.error;
      console.error = (m: string) => errors.push(m);
      try {
        expect(await main(['node', 'spw', 'record', '--target', 'http://127.0.0.1:9/api/public/v1', '--key', 'k', '--out', out, '--request-timeout', '2'])).toBe(1);
      } finally {
        console.error = log;
      }
      expect(errors.join('\n')).toMatch(/GET \/is-connected/);
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    });
  });

  it('names where the target\'s catalogue differs from the mock\'s (prices, skills, a provider\'s settings), and says nothing of one that does not', async () => {
    const doc = ready('empty-workspace');
    const source = await mockOn(doc);
    const now = Date.parse(doc.clock.now);
    const keys = doc.workspaces.map((w) => w.apiKey);
    const same = await recordWorld({ target: ROOT, keys, now, transport: source.fetch });
    const differences = (notShown: string[]) => notShown.filter((l) => /^(prices|skills|channel settings schemas): the target's/.test(l));
    expect(differences(same.notShown)).toEqual([]);
    // A target of another make: its price list has one more row, and x asks for a field more.
    const other = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const r = await source.fetch(input, init);
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path.endsWith('/wallet/prices')) {
        const body = (await r.json()) as { sections: Array<{ items: unknown[] }> };
        body.sections[0]!.items.push({ key: 'extra', name: 'Extra', provider: 'x', unit: 'post', pricingModel: 'fixed', howCharged: 'per post', credits: 1 });
        return Response.json(body);
      }
      return r;
    }) as typeof fetch;
    const differing = await recordWorld({ target: ROOT, keys, now, transport: other });
    expect(differences(differing.notShown)).toEqual([expect.stringMatching(/^prices: the target's price list differs from the mock's/)]);
  });

  it('--key-as gives each recorded workspace the key named, in the order of --key, and refuses a key named twice', async () => {
    const doc = ready('low-credits');
    const { loaded, recording } = await roundTrip(doc, [], { keyAs: ['my-free', 'my-payg'] });
    expect(recording.keys.slice(0, 2)).toEqual(['my-free', 'my-payg']);
    expect((await loaded.fetch(`${ROOT}/integrations`, { headers: { authorization: 'my-payg' } })).status).toBe(200);
    await expect(recordWorld({ target: ROOT, keys: ['a', 'b'], keyAs: ['same', 'same'] })).rejects.toThrow(/--key-as names the same key twice/);
  });

  it('over HTTP: a started mock recorded through the command line, and a mock started on the file, answer the calendar, the wallet and the library alike', async () => {
    const { startMock } = await import('../mocks/server.ts');
    const source = await startMock({ port: 0, seed: 3, scenario: ready('posts-in-every-state') });
    const dir = mkdtempSync(join(tmpdir(), 'spw-record-http-'));
    const out = join(dir, 'world.json');
    try {
      const key = ready('posts-in-every-state').workspaces[0]!.apiKey;
      const log = console.log;
      console.log = () => {};
      try {
        expect(await main(['node', 'spw', 'record', '--target', `${source.origin}/api/public/v1`, '--key', key, '--key-as', 'rec-key', '--out', out])).toBe(0);
      } finally {
        console.log = log;
      }
      const loaded = await startMock({ port: 0, seed: 3, scenario: JSON.parse(readFileSync(out, 'utf8')) });
      try {
        const read = async (origin: string, k: string, path: string) => JSON.parse((await (await globalThis.fetch(`${origin}/api/public/v1${path}`, { headers: { authorization: k } })).text()).split(origin).join(''));
        const window = `/posts?startDate=${new Date(Date.now() - 40 * DAY).toISOString()}&endDate=${new Date(Date.now() + 100 * DAY).toISOString()}`;
        const posts = (b: any) => b.posts.map((p: any) => [p.id, p.state, p.content]).sort();
        expect(posts(await read(loaded.origin, 'rec-key', window))).toEqual(posts(await read(source.origin, key, window)));
        expect((await read(loaded.origin, 'rec-key', '/wallet')).balance).toEqual((await read(source.origin, key, '/wallet')).balance);
        expect((await read(loaded.origin, 'rec-key', '/media?page=1')).results.map((m: any) => m.id)).toEqual((await read(source.origin, key, '/media?page=1')).results.map((m: any) => m.id));
      } finally {
        await loaded.close();
      }
    } finally {
      await source.close();
    }
  }, 60_000);

  it('refuses what it cannot record before sending anything', async () => {
    await expect(recordWorld({ target: ROOT, keys: [] })).rejects.toThrow(RecordError);
    await expect(recordWorld({ target: ROOT, keys: ['a', 'a'] })).rejects.toThrow(/twice/);
  });
});
