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
  description: 'A priced post (one item or a thread) scheduled on a channel whose sends fail: once its time has passed, REFUND credits equal what scheduling took, the balance is back, and the post is not PUBLISHED.',
  rule: 'Section 3: "on the schedule -> failed send -> failure: Credits given back".',
  needs: { keys: ['payg'], control: 'making a channel fail and moving the clock past the post' },
  async run(ctx) {
    const control = ctx.control!;
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    await ctx.property(
      'failed send, credits back',
      fc.integer({ min: 1, max: 3 }),
      async (items) => {
        await control.setChannelFailure(ch.id, true);
        const before = await readWallet(ctx, 'payg');
        const now = await targetNow(ctx);
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 0, 90), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: Array.from({ length: items }, (_, i) => ({ content: `doomed ${i + 1}`, image: [] })), settings }] } });
        if (res.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200 for a valid scheduled post', exchanges: [res] });
        const postId = firstPostId(res);
        const charged = await readWallet(ctx, 'payg');
        const spend = -sumCents(newTransactions(before, charged), 'SPEND');
        await control.advance(4 * 3600);
        const after = await readWallet(ctx, 'payg');
        const refund = sumCents(newTransactions(charged, after), 'REFUND');
        const list = await ctx.api.read({ operationId: 'listPosts', auth: { kind: 'payg' }, query: { startDate: futureDate(now, -1), endDate: futureDate(now, 1) } }, 'the calendar after the failed send');
        const post = documented(list, 'listPosts', 200).posts.find((p) => p.id === postId);
        ensure(spend > 0 && refund === spend && cents(after.balance) === cents(before.balance) && post?.state !== 'PUBLISHED', {
          operation: 'createPosts',
          received: `charged ${spend / 100}, refunded ${refund / 100} after the failed send; balance ${before.balance} -> ${charged.balance} -> ${after.balance}; post state ${post?.state ?? '(not listed)'}`,
          documented: `a failed send gives the credits back (section 3): refund ${spend / 100}, balance ${before.balance}, and the post is not PUBLISHED`,
          exchanges: [res, list],
        });
      },
      { reset: true, show: (n: number) => [`state channel.failing {"channel": "${ch.id}", "fail": true}`, `POST /posts schedule ${n} item(s) on ${ch.id} in 90 minutes`, 'advance the clock 4 hours', 'GET /wallet, /wallet/transactions, /posts'] },
    );
  },
});
