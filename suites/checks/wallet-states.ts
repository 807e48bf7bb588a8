// Wallet rules that need a wallet in a given state (control): charged again after a refund, frozen, and covered by automatic top-up.
import fc from 'fast-check';
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { chargedChannel, cents, estimateOf, newTransactions, readWallet, sumCents, summaryOf } from '../wallet-helpers.ts';
import { record, records, type ChannelInfo } from '../discover.ts';
import type { Exchange } from '../history.ts';
import { ensure, got, register, type CheckContext } from './registry.ts';

async function schedule(ctx: CheckContext, ch: ChannelInfo, contents: string[], type: 'schedule' | 'draft' = 'schedule'): Promise<Exchange> {
  const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
  const now = await targetNow(ctx);
  return ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type, date: futureDate(now, 5, 11), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
}

const estimate = (ctx: CheckContext, ch: ChannelInfo, contents: string[]) => ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents } });

/** The estimate's `short` says whether scheduling now is refused with 402 (section 2.8): the two must agree. */
function agree(est: Exchange, res: Exchange, state: string): void {
  const short = estimateOf(est)?.short;
  ensure(short === (res.status === 402), { operation: 'createPosts', received: `estimate short ${short}, then scheduling answered ${got(res)} (${state})`, documented: '`short`: "scheduling now would be refused with 402" (WalletEstimate)', exchanges: [est, res] });
  // A refusal means the wallet with auto top-up did not cover the post, so auto top-up cannot have been said to.
  if (res.status === 402) {
    const covers = estimateOf(est)?.autoTopUpCovers;
    ensure(covers === false, { operation: 'estimateWalletCharge', received: `autoTopUpCovers ${covers}, then scheduling answered 402 (${state})`, documented: 'autoTopUpCovers false: section 3 refuses with 402 only when "the wallet (with auto top-up)" does not cover the price', exchanges: [est, res] });
  }
}

export const rechargeAfterRefund = register({
  name: 'charged_again_after_refund',
  area: 'wallet',
  kind: 'property',
  description: 'A priced post scheduled, moved back to draft (refunded) and scheduled again is charged again, the same amount.',
  rule: 'Section 3: "on the schedule -> PUT status draft -> draft: Credits given back"; "draft -> PUT status schedule -> on the schedule: Charged".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const before = await readWallet(ctx, 'payg');
    const res = await schedule(ctx, ch, ['charged, refunded, charged again']);
    if (res.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover one priced post');
    ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200 for a valid scheduled post', exchanges: [res] });
    const postId = firstPostId(res);
    ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: postId }, auth: { kind: 'payg' } }));
    const charged = await readWallet(ctx, 'payg');
    const spend = -sumCents(newTransactions(before, charged), 'SPEND');
    const draft = await ctx.api.call({ operationId: 'changePostStatus', path: { id: postId }, body: { status: 'draft' }, auth: { kind: 'payg' } });
    ensure(draft.status === 200, { operation: 'changePostStatus', received: got(draft), documented: '200: a scheduled post may go back to draft', exchanges: [res, draft] });
    const refunded = await readWallet(ctx, 'payg');
    const again = await ctx.api.call({ operationId: 'changePostStatus', path: { id: postId }, body: { status: 'schedule' }, auth: { kind: 'payg' } });
    ensure(again.status === 200, { operation: 'changePostStatus', received: got(again), documented: '200: the refund made room for the same charge', exchanges: [res, draft, again] });
    const after = await readWallet(ctx, 'payg');
    const respend = -sumCents(newTransactions(refunded, after), 'SPEND');
    ensure(spend > 0 && respend === spend && cents(after.balance) === cents(before.balance) - spend, {
      operation: 'changePostStatus',
      received: `charged ${spend / 100}, refunded, then charged ${respend / 100}; balance ${before.balance} -> ${charged.balance} -> ${refunded.balance} -> ${after.balance}`,
      documented: `scheduling the draft again is "Charged" (section 3) as the first time: ${spend / 100}, balance ${(cents(before.balance) - spend) / 100}`,
      exchanges: [res, draft, again],
    });
  },
});

export const frozenWallet = register({
  name: 'frozen_wallet',
  area: 'wallet',
  kind: 'property',
  description: 'A frozen wallet is not pay-as-you-go and refuses a priced post with 402 wallet: true (as its estimate says), and so a draft saved before it froze cannot be put on the schedule (402, still a draft, nothing charged), while a post paid before it froze is still refunded in full when moved to draft or deleted; unfrozen, it is pay-as-you-go again.',
  rule: 'Section 3: "Wallet: payAsYouGo becomes true after the first top-up and is false while frozen"; "on pay-as-you-go the wallet ... covers the price ... otherwise nothing is saved and the answer is 402"; "draft -> PUT /posts/<id>/status with schedule -> wallet covers it on pay-as-you-go ... 402 when credits do not cover it"; "on the schedule -> PUT status draft -> draft: Credits given back".',
  needs: { keys: ['payg'], control: 'freezing a wallet' },
  async run(ctx) {
    const control = ctx.control!;
    const wsId = ctx.target.workspaceIds.payg ?? ctx.notVerified('the pay-as-you-go workspace id is not known to control');
    const ch = await chargedChannel(ctx, 'payg');
    // A draft saved while the wallet could pay (drafts are free), to move once it is frozen: a state and a transition.
    const draft = await schedule(ctx, ch, ['saved before the freeze'], 'draft');
    ensure(draft.status === 200, { operation: 'createPosts', received: got(draft), documented: '200 for a valid draft (drafts are free)', exchanges: [draft] });
    const draftId = firstPostId(draft);
    // A post paid while the wallet could pay, to take back once it is frozen: section 3 gives credits back on a move to
    // draft or a delete with no condition on the wallet, so a freeze must not keep them.
    const beforePaid = await readWallet(ctx, 'payg');
    const paid = await schedule(ctx, ch, ['paid before the freeze', 'and its thread item']);
    const afterPaid = await readWallet(ctx, 'payg');
    const spend = -sumCents(newTransactions(beforePaid, afterPaid), 'SPEND');
    await control.freeze(wsId);
    const frozen = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the frozen wallet');
    ensure(summaryOf(frozen)?.frozen === true && summaryOf(frozen)?.payAsYouGo === false, { operation: 'getWallet', received: got(frozen), documented: 'frozen: true, payAsYouGo: false ("false while frozen", section 3)', exchanges: [frozen] });
    const est = await estimate(ctx, ch, ['while frozen']);
    const res = await schedule(ctx, ch, ['while frozen']);
    // Read unvalidated: `wallet: true` is itself the schema's constant, and a refusal without it is this check's failure.
    ensure(res.status === 402 && record(res.responseBody)?.wallet === true, { operation: 'createPosts', received: got(res), documented: '402 with wallet: true: a frozen wallet is not pay-as-you-go, so it does not cover a priced post (sections 3, 7)', exchanges: [frozen, res] });
    agree(est, res, 'frozen');
    const beforeMove = await readWallet(ctx, 'payg');
    const move = await ctx.api.call({ operationId: 'changePostStatus', path: { id: draftId }, body: { status: 'schedule' }, auth: { kind: 'payg' } });
    const afterMove = await readWallet(ctx, 'payg');
    const now = await targetNow(ctx);
    const listed = await ctx.api.read({ operationId: 'listPosts', auth: { kind: 'payg' }, query: { startDate: futureDate(now, 4), endDate: futureDate(now, 7) } }, 'the calendar after the refused move');
    const state = records(record(listed.responseBody)?.posts).find((p) => p.id === draftId)?.state;
    ensure(move.status === 402 && record(move.responseBody)?.wallet === true && newTransactions(beforeMove, afterMove).length === 0 && state === 'DRAFT', {
      operation: 'changePostStatus',
      received: `${got(move)}; ${newTransactions(beforeMove, afterMove).length} new transaction(s); the post ${state ?? 'not listed'}`,
      documented: '402 with wallet: true, nothing charged, still DRAFT: a frozen wallet does not cover the move ("draft -> schedule: wallet covers it on pay-as-you-go"; "402 when credits do not cover it", section 3)',
      exchanges: [move, listed],
    });
    if (paid.status === 200 && spend > 0) {
      const paidId = firstPostId(paid);
      const [undo] = fc.sample(fc.constantFrom<'draft' | 'delete'>('draft', 'delete'), { seed: ctx.seed, numRuns: 1 });
      const beforeUndo = await readWallet(ctx, 'payg');
      const u = undo === 'draft'
        ? await ctx.api.call({ operationId: 'changePostStatus', path: { id: paidId }, body: { status: 'draft' }, auth: { kind: 'payg' } })
        : await ctx.api.call({ operationId: 'deletePost', path: { id: paidId }, auth: { kind: 'payg' } });
      if (undo === 'draft') ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: paidId }, auth: { kind: 'payg' } }));
      const afterUndo = await readWallet(ctx, 'payg');
      const refund = sumCents(newTransactions(beforeUndo, afterUndo), 'REFUND');
      ensure(u.status === 200 && refund === spend, {
        operation: u.operationId,
        received: `${got(u)}; refunded ${refund / 100} of the ${spend / 100} paid before the freeze`,
        documented: `200 and a REFUND of ${spend / 100}: "Credits given back" on a move to draft, and on a delete for parts not sent yet (section 3), whatever the wallet's state`,
        exchanges: [paid, u],
      });
    }
    await control.unfreeze(wsId);
    const thawed = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the unfrozen wallet');
    ensure(summaryOf(thawed)?.frozen === false && summaryOf(thawed)?.payAsYouGo === true, { operation: 'getWallet', received: got(thawed), documented: 'frozen: false, payAsYouGo: true (topped up before, and no longer frozen)', exchanges: [thawed] });
  },
});

export const autoTopUpCovers = register({
  name: 'auto_top_up_covers',
  area: 'wallet',
  kind: 'property',
  description: 'With automatic top-up on and a balance below the price, the estimate says not short and covered by auto top-up, scheduling is accepted, and the ledger gains an AUTO_TOPUP that accounts for the balance; with the monthly limit used up, no top-up goes past it and the estimate still predicts the answer, never saying auto top-up covers a post then refused.',
  rule: 'Section 3: "on pay-as-you-go the wallet (with auto top-up) covers the price"; WalletEstimate: `short` ("would be refused with 402"), `autoTopUpCovers`; transaction type AUTO_TOPUP.',
  needs: { keys: ['payg'], control: 'emptying the wallet and turning automatic top-up on' },
  async run(ctx) {
    const control = ctx.control!;
    const wsId = ctx.target.workspaceIds.payg ?? ctx.notVerified('the pay-as-you-go workspace id is not known to control');
    const ch = await chargedChannel(ctx, 'payg');
    // Empty the wallet as the app would (a claw-back freezes it, so unfreeze), then let automatic top-up fill it.
    const start = await readWallet(ctx, 'payg');
    if (start.balance > 0) await control.adjust(wsId, -start.balance, 'verify: empty for auto_top_up_covers');
    await control.unfreeze(wsId);
    // No monthly limit and no threshold: whatever the workspace had set, only the shortfall can fire a top-up.
    await control.setAutoTopUp(wsId, { enabled: true, amount: 1000, belowCredits: null, monthlyLimit: null });
    const before = await readWallet(ctx, 'payg');
    const usedBefore = summaryOf(await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the wallet before the top-up'))?.autoTopUp?.usedThisMonth;
    const contents = ['paid for by automatic top-up'];
    const est = await estimate(ctx, ch, contents);
    ensure(estimateOf(est)?.short === false && estimateOf(est)?.autoTopUpCovers === true, { operation: 'estimateWalletCharge', received: got(est), documented: `short: false, autoTopUpCovers: true: the balance (${before.balance}) is below the price and automatic top-up is on (section 3: "the wallet (with auto top-up) covers the price")`, exchanges: [est] });
    const res = await schedule(ctx, ch, contents);
    agree(est, res, 'auto top-up on, balance below the price');
    const after = await readWallet(ctx, 'payg');
    const fresh = newTransactions(before, after);
    const topUps = fresh.filter((t) => t.type === 'AUTO_TOPUP');
    ensure(topUps.length > 0 && topUps.every((t) => t.credits > 0) && cents(after.balance) === cents(before.balance) + sumCents(fresh), {
      operation: 'createPosts',
      received: `new transactions ${JSON.stringify(fresh.map((t) => [t.type, t.credits]))}; balance ${before.balance} -> ${after.balance}`,
      documented: 'an AUTO_TOPUP transaction adding credits, and the balance moved by exactly the new transactions (section 4.5: credits are signed)',
      exchanges: [est, res],
    });
    const read = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the wallet after the top-up');
    const usedAfter = summaryOf(read)?.autoTopUp?.usedThisMonth;
    // Each automatic top-up is one `amount` (smallest currency unit): usedThisMonth grows by that many.
    ensure(typeof usedBefore === 'number' && typeof usedAfter === 'number' && usedAfter - usedBefore === 1000 * topUps.length, { operation: 'getWallet', received: `autoTopUp.usedThisMonth ${usedBefore} before ${topUps.length} automatic top-up(s) of amount 1000, ${usedAfter} after`, documented: `usedThisMonth grown by ${1000 * topUps.length}: the amount of each automatic top-up made this month (Wallet: autoTopUp "amount integer|null (smallest currency unit)", "usedThisMonth integer (smallest currency unit)")`, exchanges: [res, read] });
    const auto0 = summaryOf(read)?.autoTopUp;
    ensure(auto0?.enabled === true && auto0?.amount === 1000 && auto0?.belowCredits === null && auto0?.monthlyLimit === null, { operation: 'getWallet', received: `autoTopUp ${JSON.stringify(auto0)}`, documented: 'the settings the app made: enabled true, amount 1000, belowCredits null, monthlyLimit null', exchanges: [read] });
    // In a currency of two decimals, `amount` cents buy amount / 100 units, each worth creditsPerUnit credits.
    const { currency, creditsPerUnit } = summaryOf(read) ?? {};
    if (typeof currency === 'string' && ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF'].includes(currency) && typeof creditsPerUnit === 'number') {
      const worth = cents((1000 / 100) * creditsPerUnit);
      ensure(topUps.every((t) => cents(t.credits) === worth), { operation: 'createPosts', received: `AUTO_TOPUP credits ${JSON.stringify(topUps.map((t) => t.credits))}`, documented: `${worth / 100} credits each: amount 1000 (${currency} cents) at creditsPerUnit ${creditsPerUnit} (WalletSummary: "creditsPerUnit: credits bought with one unit of the currency")`, exchanges: [res, read] });
    } else {
      ctx.partial(`the wallet's currency ${JSON.stringify(currency)} is not one of two decimals known here, so what an automatic top-up adds was not compared with its amount`);
    }

    // The month's limit reached: emptied again, a shortfall must not be topped up past monthlyLimit.
    const now = await readWallet(ctx, 'payg');
    if (now.balance > 0) await control.adjust(wsId, -now.balance, 'verify: empty again for auto_top_up_covers');
    await control.unfreeze(wsId);
    await control.setAutoTopUp(wsId, { enabled: true, amount: 1000, belowCredits: 0, monthlyLimit: usedAfter });
    const capped = await estimate(ctx, ch, ['over the monthly limit']);
    const refused = await schedule(ctx, ch, ['over the monthly limit']);
    agree(capped, refused, `auto top-up on, monthlyLimit ${usedAfter} already used`);
    const last = await ctx.api.read({ operationId: 'getWallet', auth: { kind: 'payg' } }, 'the wallet at its monthly limit');
    const auto = summaryOf(last)?.autoTopUp;
    ensure(auto?.belowCredits === 0 && auto?.monthlyLimit === usedAfter, { operation: 'getWallet', received: `autoTopUp ${JSON.stringify(auto)}`, documented: `the settings the app made: belowCredits 0, monthlyLimit ${usedAfter}`, exchanges: [last] });
    ensure(typeof auto?.usedThisMonth === 'number' && auto.usedThisMonth <= auto.monthlyLimit, { operation: 'getWallet', received: `autoTopUp ${JSON.stringify(auto)} after a shortfall with the limit used up`, documented: 'usedThisMonth never above monthlyLimit (Wallet: autoTopUp `monthlyLimit`, `usedThisMonth`)', exchanges: [capped, refused, last] });
  },
});
