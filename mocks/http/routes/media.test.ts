// The media library through the HTTP API: types from bytes, limits, storage rules, paging, tickets, URL uploads.
import { readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import nock from 'nock';
import { KEYS, testMock, type TestMock } from '../../testing.ts';
import { loadFixtures } from '../../../fixtures/load.ts';
import { addMedia, PAGE_SIZE } from '../../domain/media.ts';
import type { Workspace } from '../../domain/world.ts';
import type { HostLookup } from '../public-url.ts';
import { DOCX, GIF, JPEG, MP4, PDF, PLAIN_ZIP, PNG, PPTX, TEXT, WEBP, mp4Header } from '../media-samples.ts';
import type { DiskFileStore } from '../file-store.ts';

const TICKET_GONE = 'This upload link is invalid or has expired.';

function wsOf(m: TestMock, key: string): Workspace {
  return m.app.state.world.workspaces.get(m.app.state.world.apiKeys.get(key)!)!;
}

const upload = (m: TestMock, data: Buffer, filename: string, key: string = KEYS.payg) =>
  m.api('post', '/upload', key).attach('file', data, { filename, contentType: 'application/octet-stream' });

/** Files kept on disk: stored ones only, never a temporary leftover. */
const onDisk = (m: TestMock) => readdirSync((m.app.state.effects.files as DiskFileStore).dir);

describe('POST /upload', () => {
  it.each([
    ['photo.png', PNG, 'image/png', 'png'],
    ['anim.gif', GIF, 'image/gif', 'gif'],
    ['shot.jpg', JPEG, 'image/jpeg', 'jpg'],
    ['pic.webp', WEBP, 'image/webp', 'webp'],
    ['clip.mp4', MP4, 'video/mp4', 'mp4'],
  ])('stores %s and serves it back at its path with its type', async (name, data, mime, ext) => {
    const m = testMock();
    const res = await upload(m, data, name);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^med_/), name, originalName: name, thumbnail: null, alt: null });
    const path = new URL(res.body.path);
    expect(path.pathname).toBe(`/media-files/${res.body.id}.${ext}`);
    const served = await m.http.get(path.pathname).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(Buffer.compare(served.body as Buffer, data)).toBe(0);
  });

  it('decides the type from the bytes, not the name: a PNG named .mp4 is a PNG', async () => {
    const m = testMock();
    const res = await upload(m, PNG, 'holiday.mp4');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('holiday.png');
    expect(res.body.originalName).toBe('holiday.mp4');
    expect(res.body.path).toMatch(/\.png$/);
  });

  it.each([
    ['notes.png', TEXT],
    ['doc.jpg', PDF],
    ['archive.gif', PLAIN_ZIP],
    ['empty.png', Buffer.alloc(0)],
  ])('refuses %s (not an accepted type by its bytes) with a clear 400 and stores nothing', async (name, data) => {
    const m = testMock();
    const res = await upload(m, data, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: 'Unsupported file type.' });
    expect(wsOf(m, KEYS.payg).media.items).toHaveLength(0);
    expect(onDisk(m)).toEqual([]);
  });

  it('refuses an image over the image limit while streaming, keeping nothing', async () => {
    const m = testMock({ config: { maxImageBytes: 4096 } });
    const big = Buffer.concat([PNG, Buffer.alloc(10_000, 7)]);
    const res = await upload(m, big, 'huge.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File size exceeds the maximum allowed size of 4096 bytes.');
    expect(wsOf(m, KEYS.payg).media.items).toHaveLength(0);
    expect(onDisk(m)).toEqual([]);
  });

  it('applies the video limit to mp4 and the image limit to images', async () => {
    const m = testMock({ config: { maxImageBytes: 1000, maxVideoBytes: 5000 } });
    expect((await upload(m, Buffer.concat([mp4Header(), Buffer.alloc(3000)]), 'a.mp4')).status).toBe(200);
    expect((await upload(m, Buffer.concat([mp4Header(), Buffer.alloc(6000)]), 'b.mp4')).status).toBe(400);
    expect((await upload(m, Buffer.concat([PNG, Buffer.alloc(3000)]), 'c.png')).status).toBe(400);
  });

  it('answers 400 with the field-notes message when there is no file field', async () => {
    const m = testMock();
    const res = await m.api('post', '/upload').field('other', 'x');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('No file provided. Send it as multipart form data field "file".');
  });

  it('needs the API key', async () => {
    const m = testMock();
    const res = await m.http.post('/api/public/v1/upload').attach('file', PNG, 'a.png');
    expect(res.status).toBe(401);
  });
});

describe('storage rules', () => {
  it('gives 413 when the free plan library is full, before and after streaming, and stores nothing', async () => {
    const m = testMock({ config: { freeLibraryBytes: PNG.length * 2 + 10 } });
    expect((await upload(m, PNG, 'a.png', KEYS.free)).status).toBe(200);
    expect((await upload(m, PNG, 'b.png', KEYS.free)).status).toBe(200);
    const full = await upload(m, PNG, 'c.png', KEYS.free);
    expect(full.status).toBe(413);
    expect(full.body.message).toBe('Your media library is full. Delete files you no longer need, or upgrade for more storage.');
    expect(wsOf(m, KEYS.free).media.items).toHaveLength(2);
    expect(onDisk(m)).toHaveLength(2);
    // Deleting frees room on the free plan.
    const list = await m.api('get', '/media', KEYS.free);
    await m.api('delete', `/media/${list.body.results[0].id}`, KEYS.free).expect(200);
    expect((await upload(m, PNG, 'c.png', KEYS.free)).status).toBe(200);
  });

  it('does not cap paid plans', async () => {
    const m = testMock({ config: { freeLibraryBytes: 10 } });
    expect((await upload(m, PNG, 'a.png', KEYS.paid)).status).toBe(200);
  });

  it('charges pay-as-you-go storage above the free amount at upload, and never refunds on delete', async () => {
    const m = testMock({ config: { freeStorageBytes: 0 } });
    const before = (await m.api('get', '/wallet')).body.balance;
    const res = await upload(m, PNG, 'a.png');
    expect(res.status).toBe(200);
    const after = (await m.api('get', '/wallet')).body.balance;
    expect(after).toBeLessThan(before);
    const tx = await m.api('get', '/wallet/transactions');
    expect(tx.body.items.some((t: any) => t.actionKey === 'storage.gb' && t.reference === res.body.id)).toBe(true);
    await m.api('delete', `/media/${res.body.id}`).expect(200);
    expect((await m.api('get', '/wallet')).body.balance).toBe(after);
  });

  it('charges nothing while the library stays within the free amount', async () => {
    const m = testMock();
    const before = (await m.api('get', '/wallet')).body.balance;
    await upload(m, PNG, 'a.png').expect(200);
    expect((await m.api('get', '/wallet')).body.balance).toBe(before);
  });

  it('answers 402 when the wallet does not cover the storage, and stores nothing', async () => {
    const fixtures = structuredClone(loadFixtures());
    for (const s of fixtures.prices.sections) for (const i of s.items) if (i.key === 'storage.gb') i.credits = 10_000_000;
    const m = testMock({ fixtures, config: { freeStorageBytes: 0 } });
    const res = await upload(m, PNG, 'a.png');
    expect(res.status).toBe(402);
    expect(res.body.wallet).toBe(true);
    expect(wsOf(m, KEYS.payg).media.items).toHaveLength(0);
    expect(onDisk(m)).toEqual([]);
  });
});

describe('GET /media and DELETE /media/{id}', () => {
  const seed = (m: TestMock, key: string, names: string[]) => {
    const ws = wsOf(m, key);
    for (const name of names) {
      addMedia(m.app.state.world, ws, { originalName: name, type: { mime: 'image/png', ext: 'png', kind: 'image' }, bytes: 10 }, m.app.state.env);
    }
  };

  it.each([
    [0, 0],
    [1, 1],
    [18, 1],
    [19, 2],
    [37, 3],
  ])('with %i files there are %i pages of at most 18, newest first', async (count, pages) => {
    const m = testMock();
    seed(m, KEYS.payg, Array.from({ length: count }, (_, i) => `file-${i}.png`));
    const first = await m.api('get', '/media');
    expect(first.status).toBe(200);
    expect(first.body.pages).toBe(pages);
    expect(first.body.results).toHaveLength(Math.min(count, PAGE_SIZE));
    if (count > 0) expect(first.body.results[0].name).toBe(`file-${count - 1}.png`);
    const seen: string[] = [];
    for (let page = 1; page <= pages + 1; page++) {
      const res = await m.api('get', `/media?page=${page}`);
      seen.push(...res.body.results.map((r: any) => r.name));
      if (page > pages) expect(res.body.results).toEqual([]);
    }
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => `file-${count - 1 - i}.png`));
  });

  it('orders by upload time when the clock moves', async () => {
    const m = testMock();
    await upload(m, PNG, 'older.png').expect(200);
    m.clock.advance(60_000);
    await upload(m, PNG, 'newer.png').expect(200);
    const res = await m.api('get', '/media');
    expect(res.body.results.map((r: any) => r.name)).toEqual(['newer.png', 'older.png']);
  });

  it('searches words in the file name, case-insensitively, all words required', async () => {
    const m = testMock();
    seed(m, KEYS.payg, ['Summer Launch.png', 'summer-menu.png', 'winter launch.png', 'logo.png']);
    const names = async (q: string) =>
      (await m.api('get', `/media?search=${encodeURIComponent(q)}`)).body.results.map((r: any) => r.name).sort();
    expect(await names('summer')).toEqual(['Summer Launch.png', 'summer-menu.png']);
    expect(await names('LAUNCH summer')).toEqual(['Summer Launch.png']);
    expect(await names('autumn')).toEqual([]);
    expect((await m.api('get', '/media?search=autumn')).body.pages).toBe(0);
    expect(await names('')).toHaveLength(4);
  });

  it('refuses page 0', async () => {
    const m = testMock();
    expect((await m.api('get', '/media?page=0')).status).toBe(400);
  });

  it('keeps workspaces apart: another workspace never lists, deletes or finds a file', async () => {
    const m = testMock();
    const mine = await upload(m, PNG, 'mine.png', KEYS.payg);
    expect((await m.api('get', '/media', KEYS.free)).body.results).toEqual([]);
    const other = await m.api('delete', `/media/${mine.body.id}`, KEYS.free);
    expect(other.status).toBe(404);
    expect((await m.api('get', '/media', KEYS.payg)).body.results.map((r: any) => r.id)).toEqual([mine.body.id]);
  });

  it('deletes: {deleted: true}, then 404, and the bytes are no longer served', async () => {
    const m = testMock();
    const res = await upload(m, PNG, 'a.png');
    const del = await m.api('delete', `/media/${res.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true });
    expect((await m.api('delete', `/media/${res.body.id}`)).status).toBe(404);
    expect((await m.api('delete', '/media/med_unknown')).status).toBe(404);
    expect((await m.http.get(new URL(res.body.path).pathname)).status).toBe(404);
    expect(onDisk(m)).toEqual([]);
  });

  it('empties the stored files on reset', async () => {
    const m = testMock();
    await upload(m, PNG, 'a.png').expect(200);
    m.app.state.reset();
    expect(onDisk(m)).toEqual([]);
    expect((await m.api('get', '/media')).body).toEqual({ pages: 0, results: [] });
  });
});

describe('upload tickets', () => {
  const mint = async (m: TestMock, body?: object, key: string = KEYS.payg) => {
    const req = m.api('post', '/upload-ticket', key);
    const res = await (body ? req.send(body) : req);
    expect(res.status).toBe(200);
    return res.body as { uploadUrl: string; expiresInSeconds: number; field: string };
  };
  const sendTo = (m: TestMock, url: string, data: Buffer, name: string) =>
    m.http.post(new URL(url).pathname).attach('file', data, { filename: name, contentType: 'application/octet-stream' });

  it('mints absolute URLs on the mock origin with 64-hex tokens, by purpose', async () => {
    const m = testMock();
    for (const [body, route] of [
      [undefined, 'upload-ticket'],
      [{ purpose: 'media' }, 'upload-ticket'],
      [{ purpose: 'brief' }, 'brief-upload'],
      [{ purpose: 'anything' }, 'upload-ticket'],
      // null is no purpose, as a client that fills every field of its form sends it.
      [{ purpose: null }, 'upload-ticket'],
    ] as const) {
      const t = await mint(m, body);
      expect(t.uploadUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/public/v1/${route}/[0-9a-f]{64}$`));
      expect(t).toMatchObject({ expiresInSeconds: 900, field: 'file' });
    }
  });

  it('takes exactly one upload without an API key, then answers 404', async () => {
    const m = testMock();
    const t = await mint(m);
    const first = await sendTo(m, t.uploadUrl, PNG, 'a.png');
    expect(first.status).toBe(200);
    expect(first.body.path).toMatch(/\.png$/);
    expect((await m.api('get', '/media')).body.results.map((r: any) => r.id)).toEqual([first.body.id]);
    const again = await sendTo(m, t.uploadUrl, PNG, 'b.png');
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe(TICKET_GONE);
  });

  it('lets exactly one of two racing uploads through', async () => {
    const m = testMock();
    const t = await mint(m);
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024, 1)]);
    const results = await Promise.all([sendTo(m, t.uploadUrl, big, 'a.png'), sendTo(m, t.uploadUrl, big, 'b.png')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(wsOf(m, KEYS.payg).media.items).toHaveLength(1);
    expect(onDisk(m)).toHaveLength(1);
  });

  it('expires after 15 minutes of the mock clock', async () => {
    const m = testMock();
    const early = await mint(m);
    const late = await mint(m);
    m.clock.advance(15 * 60 * 1000 - 1000);
    expect((await sendTo(m, early.uploadUrl, PNG, 'a.png')).status).toBe(200);
    m.clock.advance(1000);
    const res = await sendTo(m, late.uploadUrl, PNG, 'a.png');
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(TICKET_GONE);
  });

  it('refuses a ticket on the other purpose route (404), leaving it usable on its own', async () => {
    const m = testMock();
    const media = await mint(m, { purpose: 'media' });
    const brief = await mint(m, { purpose: 'brief' });
    const mediaToken = media.uploadUrl.split('/').pop();
    const briefToken = brief.uploadUrl.split('/').pop();
    expect((await m.http.post(`/api/public/v1/brief-upload/${mediaToken}`).attach('file', PNG, 'a.png')).status).toBe(404);
    expect((await m.http.post(`/api/public/v1/upload-ticket/${briefToken}`).attach('file', PNG, 'a.png')).status).toBe(404);
    expect((await sendTo(m, media.uploadUrl, PNG, 'a.png')).status).toBe(200);
    expect((await sendTo(m, brief.uploadUrl, PNG, 'a.png')).status).toBe(200);
  });

  it('answers 404 for an unknown token', async () => {
    const m = testMock();
    const res = await m.http.post(`/api/public/v1/upload-ticket/${'ab'.repeat(32)}`).attach('file', PNG, 'a.png');
    expect(res.status).toBe(404);
  });

  it('stays usable after a failed upload', async () => {
    const m = testMock();
    const t = await mint(m);
    expect((await sendTo(m, t.uploadUrl, TEXT, 'a.png')).status).toBe(400);
    expect((await sendTo(m, t.uploadUrl, PNG, 'a.png')).status).toBe(200);
  });

  it('stores into the workspace that minted the ticket', async () => {
    const m = testMock();
    const t = await mint(m, undefined, KEYS.free);
    const res = await sendTo(m, t.uploadUrl, PNG, 'a.png');
    expect((await m.api('get', '/media', KEYS.free)).body.results.map((r: any) => r.id)).toEqual([res.body.id]);
    expect((await m.api('get', '/media', KEYS.payg)).body.results).toEqual([]);
  });

  it.each([
    ['brand.pdf', PDF, 'document', 'application/pdf'],
    ['guide.docx', DOCX, 'document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['deck.pptx', PPTX, 'document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['voice.md', TEXT, 'document', 'text/markdown'],
    ['voice.txt', TEXT, 'document', 'text/plain'],
    ['logo.png', PNG, 'image', 'image/png'],
  ])('brief upload of %s answers Media plus type %s and mime', async (name, data, type, mime) => {
    const m = testMock();
    const t = await mint(m, { purpose: 'brief' });
    const res = await sendTo(m, t.uploadUrl, data, name);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type, mime, id: expect.stringMatching(/^med_/) });
    // It counts as storage: it is in the library.
    expect(wsOf(m, KEYS.payg).media.storedBytes).toBe(data.length);
  });

  it.each([
    ['clip.mp4', MP4],
    ['archive.zip', PLAIN_ZIP],
    ['blob.bin', Buffer.from([0, 1, 2, 3, 0, 0, 0, 9, 200, 201])],
  ])('brief upload refuses %s with the brief message', async (name, data) => {
    const m = testMock();
    const t = await mint(m, { purpose: 'brief' });
    const res = await sendTo(m, t.uploadUrl, data, name);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unsupported file type. Send an image, a PDF, a DOCX or a PPTX.');
  });
});

describe('POST /upload-from-url', () => {
  const dns: HostLookup = async (host) => {
    const table: Record<string, string[]> = {
      'cdn.example.com': ['93.184.216.34'],
      'rebind.example.com': ['10.0.0.8'],
    };
    if (!table[host]) throw new Error('ENOTFOUND');
    return table[host]!;
  };
  beforeAll(() => {
    // Importing nock turns it on, once per worker; each file turns it on for itself and off after (nock.restore), since
    // while it is on a server in the same process never answers a request whose body has not all arrived.
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost|\[::1\]/);
  });
  afterEach(() => nock.cleanAll());
  // Test files share a worker (isolate: false): give the network back to the next file.
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
  const fromUrl = (m: TestMock, url: string) => m.api('post', '/upload-from-url').send({ url });

  it('fetches a public https URL and stores it by its bytes', async () => {
    nock('https://cdn.example.com').get('/img/launch.jpg').reply(200, PNG, { 'content-type': 'image/jpeg' });
    const m = testMock({ effects: { lookupHost: dns } });
    const res = await fromUrl(m, 'https://cdn.example.com/img/launch.jpg');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'launch.png', originalName: 'launch.jpg' });
    expect(onDisk(m)).toHaveLength(1);
  });

  it.each([
    'http://cdn.example.com/a.png',
    'https://127.0.0.1/a.png',
    'https://2130706433/a.png',
    'https://[::1]/a.png',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/a.png',
    'https://localhost/a.png',
    'https://rebind.example.com/a.png',
  ])('refuses %s with a clear 400 and never fetches it', async (url) => {
    const spy = nock(/^https?:\/\/(?!127\.0\.0\.1[:/])/).get(/.*/).reply(200, PNG);
    const m = testMock({ effects: { lookupHost: dns } });
    const res = await fromUrl(m, url);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/public HTTPS URL/);
    expect(spy.isDone()).toBe(false);
  });

  it('refuses a redirect to an internal address', async () => {
    nock('https://cdn.example.com').get('/a.png').reply(302, '', { location: 'https://192.168.1.1/a.png' });
    const m = testMock({ effects: { lookupHost: dns } });
    const res = await fromUrl(m, 'https://cdn.example.com/a.png');
    expect(res.status).toBe(400);
    expect(wsOf(m, KEYS.payg).media.items).toHaveLength(0);
  });

  it('applies the same type and size rules', async () => {
    nock('https://cdn.example.com').get('/a.png').reply(200, TEXT).get('/big.png').reply(200, Buffer.concat([PNG, Buffer.alloc(5000)]));
    const m = testMock({ effects: { lookupHost: dns }, config: { maxImageBytes: 1000 } });
    expect((await fromUrl(m, 'https://cdn.example.com/a.png')).body.message).toBe('Unsupported file type.');
    const big = await fromUrl(m, 'https://cdn.example.com/big.png');
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('File size exceeds the maximum allowed size of 1000 bytes.');
    expect(onDisk(m)).toEqual([]);
  });

  it('reports an unreachable or failing URL as 400', async () => {
    nock('https://cdn.example.com').get('/missing.png').reply(404);
    const m = testMock({ effects: { lookupHost: dns } });
    const res = await fromUrl(m, 'https://cdn.example.com/missing.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The URL answered 404');
  });
});
