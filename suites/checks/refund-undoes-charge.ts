// refund_undoes_charge: moving a scheduled post back to draft, or deleting it, gives back exactly what scheduling took.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb } from '../arbitraries/posts.ts';
import { chargedChannel, cents, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { documented } from '../documented.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const refundUndoesCharge = register({
  name: 'refund_undoes_charge',
  area: 'wallet',
  kind: 'property',
  description: 'Schedule a priced post, then delete it or move it to draft: REFUND credits equal the SPEND, and the balance is back where it was.',
  rule: 'Section 3: "on the schedule -> PUT status draft -> draft: Credits given back"; "DELETE ... Credits paid for parts not sent yet are given back".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    await ctx.property(
      'charge then undo',
      fc.tuple(fc.array(contentArb(ch.maxLength), { minLength: 1, maxLength: 4 }), fc.constantFrom<'delete' | 'draft' | 'group'>('delete', 'draft', 'group')),
      async ([contents, undo]) => {
        const before = await readWallet(ctx, 'payg');
        const now = await targetNow(ctx);
        const date = futureDate(now, 4, 17);
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
        if (res.status === 402) return; // not enough credits: nothing to undo
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200 for a valid scheduled post', exchanges: [res] });
        const postId = firstPostId(res);
        const charged = await readWallet(ctx, 'payg');
        const spend = sumCents(newTransactions(before, charged), 'SPEND');
        let u;
        if (undo === 'draft') u = await ctx.api.call({ operationId: 'changePostStatus', path: { id: postId }, body: { status: 'draft' }, auth: { kind: 'payg' } });
        else if (undo === 'delete') u = await ctx.api.call({ operationId: 'deletePost', path: { id: postId }, auth: { kind: 'payg' } });
        else {
          const list = await ctx.api.call({ operationId: 'listPosts', auth: { kind: 'payg' }, query: { startDate: futureDate(now, 3), endDate: futureDate(now, 6) } });
          // Another status leaves no group to name: the delete of group "undefined" is then refused, and the check fails on it.
          const group = list.status === 200 ? documented(list, 'listPosts', 200).posts.find((p) => p.id === postId)?.group : undefined;
          u = await ctx.api.call({ operationId: 'deletePostGroup', path: { group: String(group) }, auth: { kind: 'payg' } });
        }
        if (undo === 'draft') ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: postId }, auth: { kind: 'payg' } }));
        ensure(u.status === 200, { operation: u.operationId, received: got(u), documented: '200', exchanges: [res, u] });
        const after = await readWallet(ctx, 'payg');
        const refund = sumCents(newTransactions(charged, after), 'REFUND');
        ensure(refund === -spend && cents(after.balance) === cents(before.balance), {
          operation: u.operationId,
          received: `charged ${-spend / 100}, refunded ${refund / 100}; balance ${before.balance} -> ${charged.balance} -> ${after.balance}`,
          documented: `the refund equals the charge and the balance returns to ${before.balance} (section 3: "Credits given back")`,
          exchanges: [res, u],
        });
      },
      { reset: true, show: ([c, undo]: [string[], string]) => [`POST /posts schedule ${c.length} item(s) on ${ch.id}`, undo === 'draft' ? 'PUT /posts/{id}/status draft' : undo === 'delete' ? 'DELETE /posts/{id}' : 'DELETE /posts/group/{group}'] },
    );
  },
});
