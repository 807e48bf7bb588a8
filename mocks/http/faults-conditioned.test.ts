// Conditioned faults (`fault@condition`, mocks/http/faults/conditions.ts): a fault that acts only where a second
// condition holds, as a server's bug that needs two at once; names are checked like the catalogue's.
import { describe, expect, it } from 'vitest';
import { KEYS, testMock, T0 } from '../testing.ts';
import { CONDITIONS } from './faults/conditions.ts';
import { FAULTS, faultNameProblem } from './faults/index.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const post = (items: number, extra: Record<string, unknown> = {}) => ({
  type: 'schedule', date: iso(T0 + 3_600_000), shortLink: false, tags: [], ...extra,
  posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: Array.from({ length: items }, (_, i) => ({ content: `item ${i}`, image: [] })) }],
});

describe('a conditioned fault', () => {
  it('double-charge@thread charges a thread twice and a single post once', async () => {
    const m = testMock({ faults: ['double-charge@thread'] });
    const spent = async (body: object) => {
      m.clock.advance(1000);
      const before = (await m.api('get', '/wallet').expect(200)).body.balance as number;
      await m.api('post', '/posts').send(body).expect(200);
      return before - ((await m.api('get', '/wallet').expect(200)).body.balance as number);
    };
    const single = await spent(post(1));
    const thread = await spent(post(2));
    expect(thread).toBe(single * 2 * 2);
  });

  it('missing-refund@frozen gives credits back on a funded wallet and keeps them while it is frozen (an override read on the world the request found)', async () => {
    const m = testMock({ faults: ['missing-refund@frozen'] });
    const balance = async () => (await m.api('get', '/wallet').expect(200)).body.balance as number;
    const schedule = async () => (await m.api('post', '/posts').send(post(1)).expect(200)).body[0].postId as string;
    const start = await balance();
    await m.api('delete', `/posts/${await schedule()}`).expect(200);
    expect(await balance()).toBe(start);
    const id = await schedule();
    const paid = await balance();
    await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/freeze').expect(200);
    // The fault takes back the refunds made at this instant: the delete gets one of its own.
    m.clock.advance(1000);
    await m.api('delete', `/posts/${id}`).expect(200);
    expect(await balance()).toBe(paid);
  });

  it('video-function-identifier-defaulted@paid lets a body without identifier through only on the paid workspace, and the validator refuses it elsewhere (a fault that defers a violation acts on it, or does not defer it)', async () => {
    const m = testMock({ faults: ['video-function-identifier-defaulted@paid'] });
    await m.api('post', '/video/function', KEYS.paid).send({ functionName: 'loadVoices' }).expect(200);
    const refused = await m.api('post', '/video/function', KEYS.payg).send({ functionName: 'loadVoices' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/identifier/);
  });

  it('repeating-post-uncharged@thread reads the body it acts on, though POST /posts admits a request before reading it', async () => {
    const m = testMock({ faults: ['repeating-post-uncharged@thread'] });
    const spent = async (items: number) => {
      const before = (await m.api('get', '/wallet').expect(200)).body.balance as number;
      await m.api('post', '/posts').send(post(items, { inter: 7 })).expect(200);
      return before - ((await m.api('get', '/wallet').expect(200)).body.balance as number);
    };
    expect(await spent(1)).toBeGreaterThan(0);
    expect(await spent(2)).toBe(0);
  });

  it('names what is wrong with a conditioned name, and the mock refuses it at start and through control, changing nothing', async () => {
    expect(faultNameProblem('double-charge@thread')).toBeUndefined();
    expect(faultNameProblem('double-charge@weekend')).toMatch(/no condition weekend \(conditions: paid, /);
    expect(faultNameProblem('no-such@thread')).toMatch(/unknown fault no-such/);
    const installing = FAULTS.find((f) => f.install)!;
    expect(faultNameProblem(`${installing.name}@paid`)).toMatch(/cannot be conditioned: it acts outside a request/);
    expect(() => testMock({ faults: ['double-charge@weekend'] })).toThrow(/no condition weekend/);
    const m = testMock();
    const { body } = await m.http.put('/_mock/faults').send({ active: ['double-charge@weekend'] }).expect(400);
    expect(body.message).toMatch(/no condition weekend/);
    expect((await m.http.get('/_mock/faults').expect(200)).body.active).toEqual([]);
  });

  it('has a condition for each dimension the state combinations name: plans, wallet states, shapes of post and a charged channel', () => {
    expect(CONDITIONS.map((c) => c.name)).toEqual(['paid', 'before-top-up', 'pay-as-you-go', 'frozen', 'auto-top-up', 'thread', 'repeating', 'several-channels', 'charged']);
  });
});
