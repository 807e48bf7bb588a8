// Faults switched on and off while the mock runs (PUT /_mock/faults): the next request meets exactly the faults in
// force, a fault around the clock's tick comes and goes with them, and a reset goes back to those the mock started with.
import { describe, expect, it } from 'vitest';
import { testMock, T0 } from '../testing.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const linkPost = (content: string) => ({
  type: 'schedule', date: iso(T0 + 3_600_000), shortLink: false, tags: [],
  posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: `${content} https://example.com`, image: [] }] }],
});

describe('PUT /_mock/faults', () => {
  it('switches a fault on for the next request and off again, and says which are active', async () => {
    const m = testMock();
    const spent = async (content: string) => {
      // The fault doubles the charges made at this instant: each post at its own.
      m.clock.advance(1000);
      await m.api('post', '/posts').send(linkPost(content)).expect(200);
      const last = (await m.http.get('/_mock/requests').expect(200)).body.entries.at(-1);
      return last.wallet.entries.length as number;
    };
    expect(await spent('before')).toBe(1);
    const on = await m.http.put('/_mock/faults').send({ active: ['double-charge'] }).expect(200);
    expect(on.body.active).toEqual(['double-charge']);
    expect(on.body.catalogue.length).toBeGreaterThan(25);
    expect(await spent('while on')).toBe(2);
    expect((await m.http.get('/_mock/faults').expect(200)).body.active).toEqual(['double-charge']);
    expect((await m.http.put('/_mock/faults').send({ active: [] }).expect(200)).body.active).toEqual([]);
    expect(await spent('after')).toBe(1);
  });

  it('refuses an unknown name and changes nothing', async () => {
    const m = testMock();
    await m.http.put('/_mock/faults').send({ active: ['double-charge'] }).expect(200);
    const { body } = await m.http.put('/_mock/faults').send({ active: ['no-such-fault'] }).expect(400);
    expect(body.message).toMatch(/Unknown fault no-such-fault/);
    expect((await m.http.get('/_mock/faults').expect(200)).body.active).toEqual(['double-charge']);
  });

  it('takes a fault around the clock tick away when switched off, and a reset restores the faults the mock started with', async () => {
    const m = testMock({ faults: ['failed-send-keeps-credits'] });
    await m.http.put('/_mock/channels/ch_payg_x/failure').send({ fail: true }).expect(200);
    const balance = async () => (await m.api('get', '/wallet').expect(200)).body.balance as number;

    const before = await balance();
    await m.api('post', '/posts').send(linkPost('kept')).expect(200);
    await m.http.post('/_mock/clock').send({ advanceSeconds: 7200 }).expect(200);
    expect(await balance()).toBe(before - 30); // the fault: no refund

    await m.http.put('/_mock/faults').send({ active: [] }).expect(200);
    const mid = await balance();
    await m.api('post', '/posts').send(linkPost('refunded')).expect(200);
    await m.http.post('/_mock/clock').send({ advanceSeconds: 7200 }).expect(200);
    expect(await balance()).toBe(mid); // charged, failed, refunded

    await m.http.post('/_mock/reset').expect(200);
    expect((await m.http.get('/_mock/faults').expect(200)).body.active).toEqual(['failed-send-keeps-credits']);
  });
});
