// billing_holds_in_every_wallet_state: the billing rows of section 3, driven in sequences across the wallet's states and
// the shapes of post. Each rule has a check of its own on a funded wallet; a server can keep each of them there and
// break one only where two conditions meet (a refund while frozen, a repeating post on a charged channel, a two-channel
// post when credits are short), which only a sequence that crosses them shows.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import { record, records, type ChannelInfo } from '../discover.ts';
import type { Exchange } from '../history.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { chargedChannel, cents, estimateOf, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { ensure, got, register, type CheckContext } from './registry.ts';

type Account = 'enough' | 'short' | 'frozen' | 'auto top-up';
/** The channels a post is on: the charged one, a free one, or both under one group. */
type On = 'charged' | 'free' | 'both';
type Step =
  | { kind: 'create'; type: 'draft' | 'schedule' | 'now'; contents: string[]; inter: number | undefined; on: On }
  | { kind: 'to schedule' | 'to draft' | 'delete'; pick: number };

/** A post of the run, as the check expects it to stand. */
interface Held {
  id: string;
  /** A post sent now may be out already, or still queued: what an undo gives back is then not known, and none is asked. */
  state: 'draft' | 'scheduled' | 'sent now';
  contents: string[];
  inter: number | undefined;
  on: On;
  /** Credits (cents) the post's charged channel paid for it, all still unsent: what an undo gives back. */
  paid: number;
}

const ENOUGH = 1000;

/** A channel of the workspace that costs nothing to post on (estimate answers `charged: false`), if there is one. */
async function freeChannel(ctx: CheckContext): Promise<ChannelInfo | undefined> {
  const d = await ctx.discover();
  for (const ch of textSafe(d.workspaces.payg?.channels ?? [])) {
    const e = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents: ['price check'] } });
    if (e.status === 200 && estimateOf(e)?.charged === false) return ch;
  }
  return undefined;
}

export const billingAcrossStates = register({
  name: 'billing_holds_in_every_wallet_state',
  area: 'wallet',
  kind: 'property',
  description: 'Sequences of schedule, send now, draft, move to schedule, move to draft and delete, on single, thread, repeating and two-channel posts, on a charged channel, a free one or both, with the wallet put between them into each state (funded, short, frozen, automatic top-up): scheduling takes what the estimate says is due or is refused with 402 and charges nothing, a draft and a free channel\'s post cost nothing, and an undo gives back what the post paid, whatever the wallet\'s state.',
  rule: 'Section 3: "on pay-as-you-go the wallet (with auto top-up) covers the price ... Credits charged per priced item; otherwise nothing is saved and the answer is 402", "draft -> PUT status schedule ... Charged; 402 when credits do not cover it", "PUT status draft ... Credits given back", "DELETE ... Credits paid for parts not sent yet are given back"; section 4.5: estimate `inter` "the price is then per occurrence"; section 8: "Drafts are free until scheduled".',
  needs: { keys: ['payg'], control: 'putting the wallet into each state' },
  async run(ctx) {
    const control = ctx.requireControl('putting the wallet into each state');
    const wsId = ctx.target.workspaceIds.payg ?? ctx.notVerified('control does not say which workspace the payg key belongs to');
    const ch = await chargedChannel(ctx, 'payg');
    const free = await freeChannel(ctx);
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const [freeSettings] = free ? fc.sample(settingsArb(free.identifier), { seed: ctx.seed, numRuns: 1 }) : [undefined];
    const maxLength = Math.min(ch.maxLength ?? 280, free?.maxLength ?? 280);
    // Every step names the wallet state it runs in, so that each run crosses states and transitions rather than
    // meeting one state at a time.
    const op: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          type: fc.constantFrom<'draft' | 'schedule' | 'now'>('draft', 'schedule', 'now'),
          contents: fc.array(contentArb(maxLength), { minLength: 1, maxLength: 3 }),
          inter: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
          on: free ? fc.constantFrom<On>('charged', 'free', 'both') : fc.constant<On>('charged'),
        }),
      },
      { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom<'to schedule' | 'to draft' | 'delete'>('to schedule', 'to draft', 'delete'), pick: fc.nat() }) },
    );
    const step = fc.tuple(fc.constantFrom<Account>('enough', 'short', 'frozen', 'auto top-up'), op);

    const setAccount = async (to: Account) => {
      await control.setAutoTopUp(wsId, { enabled: false });
      await control.unfreeze(wsId);
      const { balance } = await readWallet(ctx, 'payg');
      const target = to === 'enough' || to === 'frozen' ? ENOUGH : 0;
      if (cents(balance) !== target * 100) await control.adjust(wsId, (target * 100 - cents(balance)) / 100, `verify: a wallet ${to}`);
      // A claw-back may freeze the wallet as the app's would: unfrozen again unless frozen is the state asked for.
      if (to === 'frozen') await control.freeze(wsId);
      else await control.unfreeze(wsId);
      if (to === 'auto top-up') await control.setAutoTopUp(wsId, { enabled: true, amount: 1000, belowCredits: null, monthlyLimit: null });
    };

    // A post on two channels shares one group, as the service's own app sends it: the free channel's part costs
    // nothing, so the wallet moves as for the charged part alone whether a status change takes the group or the post.
    let groups = 0;
    const body = (type: 'draft' | 'schedule' | 'now', contents: string[], inter: number | undefined, on: On, date: string, now: number) => {
      // Unique on a target that keeps what earlier runs made (its clock has moved on), the same on a seeded mock.
      const group = on === 'both' ? { group: `billing-${ctx.seed}-${now.toString(36)}-${groups++}` } : {};
      const entry = (c: ChannelInfo, s: unknown) => ({ integration: { id: c.id }, ...group, value: contents.map((content) => ({ content, image: [] })), settings: s });
      return {
        type,
        date,
        shortLink: false,
        tags: [],
        ...(inter ? { inter } : {}),
        posts: [...(on !== 'free' ? [entry(ch, settings)] : []), ...(on !== 'charged' && free ? [entry(free, freeSettings)] : [])],
      };
    };

    await ctx.property(
      'billing across wallet states',
      fc.array(step, { minLength: 5, maxLength: 10 }),
      async (steps) => {
        const held: Held[] = [];
        let account: Account | undefined;
        const now = await targetNow(ctx);
        const date = futureDate(now, 5, 11);
        for (const [i, [state, s]] of steps.entries()) {
          // Named in each message: the sequence shown lists every step drawn, the ones after the failing step too.
          const at = `step ${i + 1} of ${steps.length}`;
          if (state !== account) await setAccount((account = state));
          if (s.kind === 'create' || s.kind === 'to schedule') {
            const post = s.kind === 'create' ? undefined : held.filter((p) => p.state === 'draft')[s.pick % Math.max(1, held.filter((p) => p.state === 'draft').length)];
            if (s.kind === 'to schedule' && !post) continue;
            const contents = post?.contents ?? (s as Extract<Step, { kind: 'create' }>).contents;
            // A repeating post sent now queues its next occurrence at once, and when that one is paid is not shown: a post
            // sent now does not repeat here.
            const inter = post ? post.inter : s.kind === 'create' && s.type !== 'now' ? s.inter : undefined;
            const on = post ? post.on : (s as Extract<Step, { kind: 'create' }>).on;
            const type = s.kind === 'create' ? s.type : 'schedule';
            const est = type !== 'draft' ? await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: (on === 'free' ? free! : ch).identifier, contents, ...(inter ? { inter } : {}) } }) : undefined;
            const e = est ? estimateOf(est) : undefined;
            if (est) ensure(e, { operation: 'estimateWalletCharge', received: got(est), documented: '200 WalletEstimate', exchanges: [est] });
            // A refusal saves nothing: the calendar around the date is counted before and after the one the estimate says is short.
            const calendar = async () => {
              const l = await ctx.api.read({ operationId: 'listPosts', auth: { kind: 'payg' }, query: { startDate: futureDate(now, 4), endDate: futureDate(now, 7) } }, 'the calendar around a refused post');
              return records(record(l.responseBody)?.posts).map((p) => `${String(p.id)} ${String(p.state)}`).sort().join();
            };
            const listedBefore = e?.short ? await calendar() : '';
            const before = await readWallet(ctx, 'payg');
            const res: Exchange = post
              ? await ctx.api.call({ operationId: 'changePostStatus', path: { id: post.id }, body: { status: 'schedule' }, auth: { kind: 'payg' } })
              : await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: body(type, contents, inter, on, date, now) });
            const after = await readWallet(ctx, 'payg');
            const added = newTransactions(before, after);
            const spent = -sumCents(added, 'SPEND');
            const what = `${post ? 'moving a draft to the schedule' : type === 'draft' ? 'a draft' : type === 'now' ? 'sending now' : 'scheduling'}: ${contents.length} item(s)${inter ? `, every ${inter} day(s)` : ''}${on === 'both' ? ', with a free channel beside' : on === 'free' ? ', on a free channel' : ''}, wallet ${account}, ${at}`;
            if (type === 'draft') {
              ensure(res.status === 200 && added.length === 0, { operation: res.operationId, received: `${got(res)}; ${added.length} new transaction(s)`, documented: `200 and nothing charged: "Drafts are free until scheduled" (section 8), whatever the wallet (${what})`, exchanges: [res] });
              const id = firstPostId(res);
              held.push({ id, state: 'draft', contents, inter, on, paid: 0 });
              ctx.cleanup(async () => { await ctx.api.call({ operationId: 'deletePost', path: { id }, auth: { kind: 'payg' } }); });
              continue;
            }
            if (e!.short) {
              const listedAfter = await calendar();
              ensure(res.status === 402 && spent === 0 && listedAfter === listedBefore, { operation: res.operationId, received: `${got(res)}; charged ${spent / 100}; the calendar ${listedAfter === listedBefore ? 'as it was' : 'changed'}`, documented: `402, nothing charged and nothing saved, as the estimate said short ("otherwise nothing is saved and the answer is 402", section 3; ${what})`, exchanges: [est!, res] });
              continue;
            }
            ensure(res.status === 200 && spent === cents(e!.dueCredits), {
              operation: res.operationId,
              received: `${got(res)}; SPEND of ${spent / 100}`,
              documented: `200 and a charge of the estimate's dueCredits ${e!.dueCredits} (not short; "Credits charged per priced item", section 3; ${what})`,
              exchanges: [est!, res],
            });
            if (post) Object.assign(post, { state: 'scheduled', paid: spent });
            else {
              const id = firstPostId(res);
              held.push({ id, state: type === 'now' ? 'sent now' : 'scheduled', contents, inter, on, paid: spent });
              ctx.cleanup(async () => { await ctx.api.call({ operationId: 'deletePost', path: { id }, auth: { kind: 'payg' } }); });
            }
            continue;
          }
          const candidates = held.filter((p) => (s.kind === 'to draft' ? p.state === 'scheduled' : p.state !== 'sent now'));
          const post = candidates[s.pick % Math.max(1, candidates.length)];
          if (!post) continue;
          const before = await readWallet(ctx, 'payg');
          const res = s.kind === 'to draft'
            ? await ctx.api.call({ operationId: 'changePostStatus', path: { id: post.id }, body: { status: 'draft' }, auth: { kind: 'payg' } })
            : await ctx.api.call({ operationId: 'deletePost', path: { id: post.id }, auth: { kind: 'payg' } });
          const after = await readWallet(ctx, 'payg');
          const refund = sumCents(newTransactions(before, after), 'REFUND');
          // The balance moves by the refund and nothing else: an undo takes nothing.
          const moved = cents(after.balance) - cents(before.balance);
          ensure(res.status === 200 && refund === post.paid && moved === refund, {
            operation: res.operationId,
            received: `${got(res)}; refunded ${refund / 100}, the balance moved by ${moved / 100}`,
            documented: `200 and a REFUND of the ${post.paid / 100} the ${post.state} post paid, the balance up by as much ("Credits given back", section 3), whatever the wallet's state (${account}; ${post.contents.length} item(s)${post.inter ? `, every ${post.inter} day(s)` : ''}${post.on === 'both' ? ', with a free channel beside' : post.on === 'free' ? ', on a free channel' : ''}; ${at})`,
            exchanges: [res],
          });
          if (s.kind === 'to draft') Object.assign(post, { state: 'draft', paid: 0 });
          else held.splice(held.indexOf(post), 1);
        }
      },
      {
        reset: true,
        show: (steps: Array<[Account, Step]>) => steps.map(([state, s]) => `wallet ${state}: ${s.kind === 'create' ? `POST /posts ${s.type} ${s.contents.length} item(s)${s.inter && s.type !== 'now' ? ` inter ${s.inter}` : ''}${s.on === 'charged' ? '' : s.on === 'free' ? ' on a free channel' : ' + a free channel'}` : `${s.kind} (post #${s.pick})`}`),
      },
    );
  },
});
