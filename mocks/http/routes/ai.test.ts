// AI generation over HTTP: the plan refusal below a paid plan, a plausible answer on it.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS } from '../../testing.ts';

describe('AI generation', () => {
  it('answers the plan refusal on the free plan, pay-as-you-go or not', async () => {
    const m = testMock();
    for (const key of [KEYS.free, KEYS.payg]) {
      const res = await m.api('post', '/generate-video', key).send({ prompt: 'teaser' }).expect(402);
      expect(res.body).toMatchObject({ statusCode: 402 });
      expect(res.body).not.toHaveProperty('wallet');
      expect(() => new URL(res.body.url)).not.toThrow();
      await m.api('post', '/video/function', key).send({ identifier: 'image-text-slides', functionName: 'loadVoices' }).expect(402);
    }
  });

  it('answers a plausible result on the paid plan', async () => {
    const m = testMock();
    const video = await m.api('post', '/generate-video', KEYS.paid).send({ prompt: 'A 10 second teaser' }).expect(200);
    expect(video.body).toMatchObject({ status: 'QUEUED', prompt: 'A 10 second teaser' });
    expect(video.body.id).toMatch(/^vid_/);
    const voices = await m.api('post', '/video/function', KEYS.paid).send({ identifier: 'image-text-slides', functionName: 'loadVoices', params: {} }).expect(200);
    expect(Array.isArray(voices.body) && voices.body.length).toBeGreaterThan(0);
    await m.api('post', '/video/function', KEYS.paid).send({ identifier: 'image-text-slides' }).expect(400);
  });
});
