// The brief over HTTP: the first-top-up gate, registry, PATCH semantics, create/delete rules, history through the control API.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, WALLET_LINK } from '../../testing.ts';

describe('brief endpoints', () => {
  it('answer 402 with wallet: true on the free plan before the first top-up', async () => {
    const m = testMock();
    for (const path of ['/brief/schema', '/brief', '/brief/onboarding', '/brief/foundation/voice']) {
      const res = await m.api('get', path, KEYS.free).expect(402);
      expect(res.body).toEqual({ statusCode: 402, msg: 'The agent brief opens after your first wallet top-up.', message: 'The agent brief opens after your first wallet top-up.', wallet: true, url: expect.stringMatching(WALLET_LINK) });
    }
  });

  it('refuse a write with 402 on the free plan before the first top-up, saving nothing', async () => {
    const m = testMock();
    await m.api('patch', '/brief/foundation/voice', KEYS.free).send({ title: 'V' }).expect(402);
    await m.api('delete', '/brief/sources/x', KEYS.free).expect(402);
    expect(m.app.state.world.workspaces.get('ws_free_demo')!.brief.documents.size).toBe(0);
  });

  it('open on the free plan with the first top-up', async () => {
    const m = testMock();
    await m.http.post('/_mock/workspaces/ws_free_demo/wallet/top-up').send({ credits: 10 }).expect(200);
    await m.api('get', '/brief', KEYS.free).expect(200);
  });

  it('are open on pay-as-you-go and on the paid plan', async () => {
    const m = testMock();
    await m.api('get', '/brief', KEYS.payg).expect(200);
    await m.api('get', '/brief', KEYS.paid).expect(200);
  });

  it('stay open when a topped-up wallet is frozen (mock decision)', async () => {
    const m = testMock();
    await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/freeze').expect(200);
    await m.api('get', '/brief/schema', KEYS.payg).expect(200);
  });

  it('gives the registry with its version and lists only saved documents', async () => {
    const m = testMock();
    const schema = await m.api('get', '/brief/schema').expect(200);
    expect(schema.body.categories.map((c: { id: string }) => c.id)).toEqual(['foundation', 'sources', 'experience', 'channels']);
    expect(schema.body).not.toHaveProperty('seedDocuments');
    const list = await m.api('get', '/brief').expect(200);
    expect(list.body.registryVersion).toBe(3);
    expect(list.body.documents.map((d: { key: string }) => d.key)).toEqual(['what-worked-in-december']);
    await m.api('get', '/brief/foundation/voice').expect(404);
  });

  it('PATCH keeps fields left out and replaces blocks, links and assets whole', async () => {
    const m = testMock();
    await m.api('patch', '/brief/foundation/voice').send({ title: 'Voice', blocks: [{ id: 'b1', heading: 'Tone', body: 'Warm' }, { id: 'b2', heading: 'Emoji', body: 'Rarely' }] }).expect(200);
    m.clock.advance(5_000);
    const res = await m.api('patch', '/brief/foundation/voice').send({ blocks: [{ id: 'b2', heading: 'Emoji', body: 'Never' }] }).expect(200);
    expect(res.body).toEqual({
      category: 'foundation',
      key: 'voice',
      content: { title: 'Voice', blocks: [{ id: 'b2', heading: 'Emoji', body: 'Never' }], links: [], assets: [] },
      updatedAt: '2026-01-05T09:00:05.000Z',
    });
    expect((await m.api('get', '/brief/foundation/voice').expect(200)).body).toEqual(res.body);
  });

  it('registers an uploaded brief file by listing it in assets', async () => {
    const m = testMock();
    const asset = { id: 'a1', name: 'brand-guide.pdf', url: 'http://127.0.0.1/media-files/med_1.pdf', mime: 'application/pdf', note: 'Brand guide' };
    await m.api('patch', '/brief/foundation/branding-assets').send({ assets: [asset] }).expect(200);
    const list = await m.api('get', '/brief').expect(200);
    const doc = list.body.documents.find((d: { key: string }) => d.key === 'branding-assets');
    expect(doc.content.assets).toEqual([asset]);
    expect(doc.content.title).toBe('Branding assets');
  });

  it('answers 400 where a document cannot be created or deleted, and for an invalid body', async () => {
    const m = testMock();
    const created = await m.api('patch', '/brief/foundation/made-up').send({ title: 'x' }).expect(400);
    expect(created.body.message).toBe('This document cannot be created');
    await m.api('patch', '/brief/foundation/voice').send({ title: 'V' }).expect(200);
    const del = await m.api('delete', '/brief/foundation/voice').expect(400);
    expect(del.body).toMatchObject({ statusCode: 400, message: 'This document cannot be deleted' });
    await m.api('patch', '/brief/foundation/voice').send({ blocks: [{ id: 'b1' }] }).expect(400);
    await m.api('patch', '/brief/foundation/voice').send({ title: 7 }).expect(400);
    await m.api('get', '/brief/foundation/voice').expect(200);
  });

  it('DELETE keepHistory=true keeps revisions and records the removal; the default drops history', async () => {
    const m = testMock();
    await m.api('patch', '/brief/sources/blog').send({ links: [{ id: 'l1', url: 'https://blog.example.com' }] }).expect(200);
    await m.api('patch', '/brief/sources/blog').send({ title: 'Company blog' }).expect(200);
    expect((await m.api('delete', '/brief/sources/blog?keepHistory=true').expect(200)).body).toEqual({ deleted: true });
    await m.api('get', '/brief/sources/blog').expect(404);
    const history = await m.http.get('/_mock/workspaces/ws_payg_demo/brief/sources/blog/history').expect(200);
    expect(history.body.map((r: { revision: number; action: string }) => [r.revision, r.action])).toEqual([
      [1, 'saved'],
      [2, 'saved'],
      [3, 'deleted'],
    ]);
    expect(history.body[1].content).toEqual({ title: 'Company blog', blocks: [], links: [{ id: 'l1', url: 'https://blog.example.com' }], assets: [] });

    await m.api('patch', '/brief/sources/feed').send({ title: 'Feed' }).expect(200);
    await m.api('delete', '/brief/sources/feed').expect(200);
    await m.http.get('/_mock/workspaces/ws_payg_demo/brief/sources/feed/history').expect(404);
    await m.api('delete', '/brief/sources/feed').expect(404);
  });

  it('gives the onboarding status with the app URL to start it', async () => {
    const m = testMock();
    const res = await m.api('get', '/brief/onboarding').expect(200);
    expect(res.body).toMatchObject({ available: true, nextRunCharged: false, running: null, last: null });
    expect(res.body.startUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/brief\/onboarding$/);
  });
});
