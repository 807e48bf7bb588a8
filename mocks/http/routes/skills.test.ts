// The skills library over HTTP: gate, tag and search filters, only used tags, 404 for an unknown slug.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, WALLET_LINK } from '../../testing.ts';

describe('skills endpoints', () => {
  it('answer 402 with wallet: true on the free plan before the first top-up; open on pay-as-you-go and paid', async () => {
    const m = testMock();
    const res = await m.api('get', '/skills', KEYS.free).expect(402);
    expect(res.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK), message: 'The skills library opens after your first wallet top-up.' });
    await m.api('get', '/skills/first-post', KEYS.free).expect(402);
    await m.api('get', '/skills', KEYS.payg).expect(200);
    await m.api('get', '/skills/first-post', KEYS.paid).expect(200);
  });

  it('lists at least a dozen skills and only the tags some skill uses', async () => {
    const m = testMock();
    const { body } = await m.api('get', '/skills').expect(200);
    expect(body.skills.length).toBeGreaterThanOrEqual(12);
    const used = new Set(body.skills.flatMap((s: { tags: string[] }) => s.tags));
    expect(new Set(body.tags.map((t: { key: string }) => t.key))).toEqual(used);
    expect(body.tags.map((t: { key: string }) => t.key)).not.toContain('community');
    expect(body.skills[0]).not.toHaveProperty('body');
  });

  it('filters by exact tag key, by search words, and by both', async () => {
    const m = testMock();
    const byTag = (await m.api('get', '/skills?tag=x').expect(200)).body.skills;
    expect(byTag.length).toBeGreaterThan(0);
    for (const s of byTag) expect(s.tags).toContain('x');
    expect((await m.api('get', '/skills?tag=X').expect(200)).body.skills).toEqual([]);

    const search = (await m.api('get', '/skills?search=THREAD').expect(200)).body.skills.map((s: { slug: string }) => s.slug);
    expect(search).toContain('x-thread-writer');
    // A tag's label counts as a word of the skill.
    const byLabel = (await m.api('get', '/skills?search=getting%20started').expect(200)).body.skills.map((s: { slug: string }) => s.slug);
    expect(byLabel).toEqual(expect.arrayContaining(['first-post', 'brief-interview']));
    const both = (await m.api('get', '/skills?tag=brief&search=upload').expect(200)).body.skills.map((s: { slug: string }) => s.slug);
    expect(both).toEqual(['brand-assets-upload']);
    expect((await m.api('get', '/skills?search=zzzz-nothing').expect(200)).body.skills).toEqual([]);
    // "words in name, summary or tags" (section 4.6): a word of first-post's whenToUse only lists nothing.
    expect((await m.api('get', '/skills?search=prove').expect(200)).body.skills).toEqual([]);
  });

  it('gives a skill with its Markdown body, and 404 for an unknown slug', async () => {
    const m = testMock();
    const { body } = await m.api('get', '/skills/x-thread-writer').expect(200);
    expect(body.body).toMatch(/^# Write a thread for X/);
    expect(body).not.toHaveProperty('sortOrder');
    const missing = await m.api('get', '/skills/nope').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'Skill not found' });
  });
});
