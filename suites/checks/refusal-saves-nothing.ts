// refusal_saves_nothing: when the wallet cannot cover a post, POST /posts answers 402 with `wallet: true` and saves nothing.
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import fc from 'fast-check';
import { chargedChannel } from '../wallet-helpers.ts';
import { snapshot, diff } from '../snapshot.ts';
import { targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const refusalSavesNothing = register({
  name: 'refusal_saves_nothing',
  area: 'wallet',
  kind: 'property',
  description: 'A post the estimate says is short (up to 100 items) is refused with 402 {wallet: true} and the posts, wallet, media and brief are unchanged.',
  rule: 'Section 7: "When wallet credits (with auto top-up) do not cover a post on a charged channel: nothing is saved; 402 with wallet: true."',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    let contents: string[] = [];
    let short = false;
    for (const n of [10, 40, 100]) {
      contents = Array.from({ length: n }, (_, i) => `item ${i + 1}`);
      const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
      if ((est.responseBody as any)?.short === true) {
        short = true;
        break;
      }
    }
    const wsId = ctx.target.workspaceIds.payg;
    if (!short && ctx.control && wsId) {
      // With control, empty the wallet as the app would (no auto top-up, a claw-back, then unfrozen) to provoke the refusal.
      await ctx.control.request('PUT', `/workspaces/${wsId}/wallet/auto-top-up`, { enabled: false });
      const wallet = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the balance to drain');
      const balance = Number((wallet.responseBody as any)?.balance ?? 0);
      if (balance > 1) await ctx.control.request('POST', `/workspaces/${wsId}/wallet/adjust`, { credits: -Math.round((balance - 1) * 100) / 100, description: 'verify: drain for refusal_saves_nothing' });
      await ctx.control.request('POST', `/workspaces/${wsId}/wallet/unfreeze`);
      contents = Array.from({ length: 10 }, (_, i) => `item ${i + 1}`);
      const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });
      short = (est.responseBody as any)?.short === true;
    }
    if (!short) {
      if (!ctx.control) ctx.notVerified('the pay-as-you-go wallet covers even a 100-item post, so no refusal can be provoked without control');
      ctx.notVerified('the estimate never says short, even after emptying the wallet');
    }
    const now = await targetNow(ctx);
    const before = await snapshot(ctx.api, 'payg', now);
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 6, 5), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
    ensure(res.status === 402 && (res.responseBody as any)?.wallet === true, { operation: 'createPosts', received: got(res), documented: '402 with wallet: true (the estimate said short)', exchanges: [res] });
    const after = await snapshot(ctx.api, 'payg', now);
    const changes = diff(before, after);
    ensure(changes.length === 0, { operation: 'createPosts', received: `after the 402: ${changes.join('; ')}`, documented: '"nothing is saved" (section 7)', exchanges: [res] });
    await ctx.fresh();
  },
});
