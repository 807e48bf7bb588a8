// A scheduled priced post whose send fails gives its credits back and is not PUBLISHED (control makes the channel fail and moves the clock).
import fc from 'fast-check';
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import { documented } from '../documented.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { chargedChannel, cents, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';

export const failedSendRefunds = register({
  name: 'failed_send_refunds',
  area: 'wallet',
  kind: 'property',
  description: 'A priced post (one item or a thread) scheduled on a channel whose sends fail, from the start or after the thread\'s first items went out: once its time has passed, REFUND credits equal what the unsent items took, the balance shows it, and a post none of whose items went out is not PUBLISHED.',
  rule: 'Section 3: "on the schedule -> failed send -> failure: Credits given back".',
  needs: { keys: ['payg'], control: 'making a channel fail and moving the clock past the post' },
  async run(ctx) {
    const control = ctx.control!;
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    await ctx.property(
      'failed send, credits back for what was not sent',
      fc.integer({ min: 1, max: 3 }).chain((items) => fc.record({ items: fc.constant(items), sentFirst: fc.integer({ min: 0, max: items - 1 }) })),
      async ({ items, sentFirst }) => {
        // The channel fails from the start, or after the first `sentFirst` items of the thread went out (a failure in
        // the middle of a thread: what was sent keeps its charge, the rest comes back).
        if (sentFirst === 0) await control.setChannelFailure(ch.id, true);
        const before = await readWallet(ctx, 'payg');
        const now = await targetNow(ctx);
        const value = Array.from({ length: items }, (_, i) => ({ content: `doomed ${i + 1}`, image: [], ...(i > 0 ? { delay: 30 } : {}) }));
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 0, 90), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value, settings }] } });
        if (res.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200 for a valid scheduled post', exchanges: [res] });
        const postId = firstPostId(res);
        const charged = await readWallet(ctx, 'payg');
        const spend = -sumCents(newTransactions(before, charged), 'SPEND');
        if (sentFirst > 0) {
          // Past the time of item `sentFirst` (the post at 90 minutes, each item 30 minutes after the one before), and
          // short of the next one's: then the channel fails.
          await control.advance((90 + 30 * (sentFirst - 1) + 10) * 60);
          await control.setChannelFailure(ch.id, true);
        }
        await control.advance(6 * 3600);
        const after = await readWallet(ctx, 'payg');
        const refund = sumCents(newTransactions(charged, after), 'REFUND');
        const list = await ctx.api.read({ operationId: 'listPosts', auth: { kind: 'payg' }, query: { startDate: futureDate(now, -1), endDate: futureDate(now, 1) } }, 'the calendar after the failed send');
        const post = documented(list, 'listPosts', 200).posts.find((p) => p.id === postId);
        // Each item is priced alike (one action per item on one channel): the unsent items' share comes back.
        const expected = Math.round((spend * (items - sentFirst)) / items);
        ensure(spend > 0 && refund === expected && cents(after.balance) === cents(charged.balance) + expected && (sentFirst > 0 || post?.state !== 'PUBLISHED'), {
          operation: 'createPosts',
          received: `charged ${spend / 100} for ${items} item(s), ${sentFirst} sent before the channel failed; refunded ${refund / 100}; balance ${before.balance} -> ${charged.balance} -> ${after.balance}; post state ${post?.state ?? '(not listed)'}`,
          documented: `a failed send gives back what the unsent items paid (section 3; section 8: "credits paid for parts not sent yet are given back"): refund ${expected / 100}${sentFirst === 0 ? ', and the post is not PUBLISHED' : ''}`,
          exchanges: [res, list],
        });
      },
      {
        reset: true,
        examples: [{ items: 3, sentFirst: 1 }],
        show: (c: { items: number; sentFirst: number }) => [
          ...(c.sentFirst === 0 ? [`state channel.failing {"channel": "${ch.id}", "fail": true}`] : []),
          `POST /posts schedule ${c.items} item(s) on ${ch.id} in 90 minutes, 30 minutes apart`,
          ...(c.sentFirst > 0 ? [`advance the clock past item ${c.sentFirst}`, `state channel.failing {"channel": "${ch.id}", "fail": true}`] : []),
          'advance the clock 6 hours',
          'GET /wallet, /wallet/transactions, /posts',
        ],
      },
    );
  },
});
