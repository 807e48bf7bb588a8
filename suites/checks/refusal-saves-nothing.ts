// refusal_saves_nothing: when the wallet cannot cover a post, POST /posts and PUT /posts/<id>/status schedule answer 402 with `wallet: true` and save nothing.
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import fc from 'fast-check';
import { chargedChannel, estimateOf, summaryOf } from '../wallet-helpers.ts';
import { snapshot, diff } from '../snapshot.ts';
import { findPost, firstPostId, targetNow } from '../resources.ts';
import { record } from '../discover.ts';
import { ensure, got, register } from './registry.ts';

export const refusalSavesNothing = register({
  name: 'refusal_saves_nothing',
  area: 'wallet',
  kind: 'property',
  description: 'A post the estimate says is short (up to 100 items) is refused with 402 {wallet: true} and the posts, wallet, media and brief are unchanged; saved as a draft and moved to the schedule, it is refused the same way and stays a draft.',
  rule: 'Section 7: "When wallet credits (with auto top-up) do not cover a post on a charged channel: nothing is saved; 402 with wallet: true."; section 3: draft, PUT status schedule: "Charged; 402 when credits do not cover it".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    let contents: string[] = [];
    let short = false;
    for (const n of [10, 40, 100]) {
      contents = Array.from({ length: n }, (_, i) => `item ${i + 1}`);
      const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
      if (estimateOf(est)?.short === true) {
        short = true;
        break;
      }
    }
    const wsId = ctx.target.workspaceIds.payg;
    if (!short && ctx.control && wsId) {
      // With control, empty the wallet as the app would (no auto top-up, a claw-back, then unfrozen) to provoke the refusal.
      await ctx.control.setAutoTopUp(wsId, { enabled: false });
      const wallet = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the balance to drain');
      const balance = summaryOf(wallet)?.balance ?? 0;
      if (balance > 1) await ctx.control.adjust(wsId, -Math.round((balance - 1) * 100) / 100, 'verify: drain for refusal_saves_nothing');
      await ctx.control.unfreeze(wsId);
      contents = Array.from({ length: 10 }, (_, i) => `item ${i + 1}`);
      const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
      short = estimateOf(est)?.short === true;
    }
    if (!short) {
      if (!ctx.control) ctx.notVerified('the pay-as-you-go wallet covers even a 100-item post, so no refusal can be provoked without control');
      ctx.notVerified('the estimate never says short, even after emptying the wallet');
    }
    const now = await targetNow(ctx);
    const before = await snapshot(ctx.api, 'payg', now, ['posts', 'wallet']);
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 6, 5), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
    // Read unvalidated: `wallet: true` is itself the schema's constant, and a refusal without it is this check's failure.
    ensure(res.status === 402 && record(res.responseBody)?.wallet === true, { operation: 'createPosts', received: got(res), documented: '402 with wallet: true (the estimate said short)', exchanges: [res] });
    const after = await snapshot(ctx.api, 'payg', now, ['posts', 'wallet']);
    const changes = diff(before, after);
    ensure(changes.length === 0, { operation: 'createPosts', received: `after the 402: ${changes.join('; ')}`, documented: '"nothing is saved" (section 7)', exchanges: [res] });
    // The same post saved as a draft (free), then moved to the schedule: the same refusal, and it stays a draft.
    const date = futureDate(now, 6, 35);
    const draft = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'draft', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
    ensure(draft.status === 200, { operation: 'createPosts', received: got(draft), documented: '200: a draft costs nothing (section 3: "Drafts are free until scheduled")', exchanges: [draft] });
    const postId = firstPostId(draft);
    ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: postId }, auth: { kind: 'payg' } }));
    const held = await snapshot(ctx.api, 'payg', now, ['posts', 'wallet']);
    const move = await ctx.api.call({ operationId: 'changePostStatus', path: { id: postId }, body: { status: 'schedule' }, auth: { kind: 'payg' } });
    ensure(move.status === 402 && record(move.responseBody)?.wallet === true, { operation: 'changePostStatus', received: got(move), documented: '402 with wallet: true: "draft -> PUT status schedule: Charged; 402 when credits do not cover it" (section 3)', exchanges: [draft, move] });
    const moved = await snapshot(ctx.api, 'payg', now, ['posts', 'wallet']);
    const summary = await findPost(ctx, 'payg', postId, date);
    const changed = diff(held, moved);
    ensure(changed.length === 0 && summary?.state === 'DRAFT', { operation: 'changePostStatus', received: `after the 402: ${changed.join('; ') || 'wallet unchanged'}; the post ${summary ? `in state ${summary.state}` : 'not on the calendar'}`, documented: 'nothing charged and the post still a DRAFT (section 7: "nothing is saved")', exchanges: [move] });
    await ctx.fresh();
  },
});
