// estimate_counts_group_paid: an estimate for a post being edited (`group`) counts what the group already paid toward the new price, and `inter` makes the price per occurrence.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb } from '../arbitraries/posts.ts';
import { documented } from '../documented.ts';
import { cleanupCreated, firstPostId, targetNow } from '../resources.ts';
import { chargedChannel, cents, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { ensure, got, register, show } from './registry.ts';

interface Case {
  contents: string[];
  /** The edit priced: the same items, one fewer, one more, or the last one's text given a link (which may price differently). */
  edit: 'same' | 'fewer' | 'more' | 'link';
  inter: number;
}

export const estimateGroup = register({
  name: 'estimate_counts_group_paid',
  area: 'wallet',
  kind: 'property',
  description:
    'On pay-as-you-go, a priced post scheduled next to another paid post on the same channel (its SPEND read from the ledger), then estimated with its group and the same, one fewer or one more item, or the last given a link: alreadyPaidCredits is what scheduling it took (not the other post\'s), priceCredits is the price without group, dueCredits = priceCredits - alreadyPaidCredits (negative when an item is dropped); moved back to draft, alreadyPaidCredits is 0. perOccurrence is true exactly when inter > 0, which leaves priceCredits alone.',
  rule: 'Section 4.5, estimate body: "group string (a post being edited; what it already paid counts toward the new price); inter integer 0 to 3650 (repeat every n days; the price is then per occurrence)"; section 2.8: "dueCredits (what scheduling takes now; negative gives credits back)"; section 3: moved to draft, "Credits given back".',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const arb: fc.Arbitrary<Case> = fc.record({
      contents: fc.array(contentArb(ch.maxLength), { minLength: 1, maxLength: 3 }),
      edit: fc.constantFrom<Case['edit']>('same', 'fewer', 'more', 'link'),
      inter: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3650 })),
    });
    await ctx.property(
      'an estimate of an edit counts what was paid',
      arb,
      async (c) => {
        const estimate = (contents: string[], extra: Record<string, unknown> = {}) => ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'payg' }, body: { provider: ch.identifier, contents, ...extra } });
        const now = await targetNow(ctx);
        const schedule = (contents: string[]) =>
          ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'schedule', date: futureDate(now, 4, 17), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })), settings }] } });
        // Another post, paid on the same channel at the same time: what it paid is no part of the edited post's.
        const other = await schedule(['another post, paid too']);
        if (other.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(other.status === 200, { operation: 'createPosts', received: got(other), documented: '200 for a valid scheduled post', exchanges: [other] });
        cleanupCreated(ctx, other, 'payg');
        const before = await readWallet(ctx, 'payg');
        const res = await schedule(c.contents);
        if (res.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200 for a valid scheduled post', exchanges: [res] });
        const postId = firstPostId(res);
        ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: postId }, auth: { kind: 'payg' } }));
        const paid = -sumCents(newTransactions(before, await readWallet(ctx, 'payg')), 'SPEND');
        const list = await ctx.api.read({ operationId: 'listPosts', auth: { kind: 'payg' }, query: { startDate: futureDate(now, 3), endDate: futureDate(now, 5) } }, 'the calendar, for the post\'s group');
        const group = documented(list, 'listPosts', 200).posts.find((p) => p.id === postId)?.group;
        if (typeof group !== 'string') ctx.notVerified(`the post ${postId} is not on the calendar with a group`);

        const edited =
          c.edit === 'same' ? c.contents : c.edit === 'fewer' ? c.contents.slice(0, -1) : c.edit === 'more' ? [...c.contents, 'one more item'] : [...c.contents.slice(0, -1), `${c.contents.at(-1)} https://example.com/launch`];
        if (edited.length === 0) edited.push(c.contents[0]!);
        const plain = await estimate(edited);
        const withGroup = await estimate(edited, { group, ...(c.inter > 0 ? { inter: c.inter } : {}) });
        // NotOnWallet from a pay-as-you-go workspace is as wrong as another status.
        const p = plain.status === 200 ? documented(plain, 'estimateWalletCharge', 200) : undefined;
        const g = withGroup.status === 200 ? documented(withGroup, 'estimateWalletCharge', 200) : undefined;
        ensure(p?.usesWallet && g?.usesWallet, { operation: 'estimateWalletCharge', received: `${got(plain)}; ${got(withGroup)}`, documented: '200 WalletEstimate for both', exchanges: [plain, withGroup] });
        const problems = [
          cents(g.alreadyPaidCredits) === paid ? '' : `alreadyPaidCredits ${g.alreadyPaidCredits}, but scheduling the group took ${paid / 100} ("what it already paid")`,
          cents(g.priceCredits) === cents(p.priceCredits) ? '' : `priceCredits ${g.priceCredits} with the group, ${p.priceCredits} without (prices did not change in between)`,
          cents(g.dueCredits) === cents(g.priceCredits) - cents(g.alreadyPaidCredits) ? '' : `dueCredits ${g.dueCredits} is not priceCredits - alreadyPaidCredits = ${(cents(g.priceCredits) - cents(g.alreadyPaidCredits)) / 100} ("what it already paid counts toward the new price")`,
          g.perOccurrence === c.inter > 0 ? '' : `perOccurrence ${show(g.perOccurrence)} with inter ${c.inter} ("the price is then per occurrence")`,
        ].filter(Boolean);
        ensure(problems.length === 0, {
          operation: 'estimateWalletCharge',
          received: `${show(g, 300)}: ${problems.join('; ')}`,
          documented: 'alreadyPaidCredits = what the group paid, dueCredits = priceCredits - alreadyPaidCredits, perOccurrence = inter > 0 (sections 2.8, 4.5)',
          exchanges: [res, plain, withGroup],
        });

        const draft = await ctx.api.call({ operationId: 'changePostStatus', path: { id: postId }, body: { status: 'draft' }, auth: { kind: 'payg' } });
        ensure(draft.status === 200, { operation: 'changePostStatus', received: got(draft), documented: '200: a scheduled post moves back to draft (section 3)', exchanges: [draft] });
        const refunded = await estimate(edited, { group });
        const r = refunded.status === 200 ? documented(refunded, 'estimateWalletCharge', 200) : undefined;
        ensure(r?.usesWallet && cents(r.alreadyPaidCredits) === 0 && cents(r.dueCredits) === cents(r.priceCredits), {
          operation: 'estimateWalletCharge',
          received: `after the move back to draft: ${got(refunded)}`,
          documented: 'alreadyPaidCredits 0 and dueCredits = priceCredits: moving back to draft gave the credits back (section 3), so the group has paid nothing',
          exchanges: [draft, refunded],
        });
      },
      {
        reset: true,
        // A changed price and a dropped item every run, whatever the seed draws.
        examples: [{ contents: ['first item', 'second item'], edit: 'link', inter: 0 }, { contents: ['first item', 'second item'], edit: 'fewer', inter: 2 }],
        show: (c: Case) => [`POST /posts schedule another post on ${ch.id}`, `POST /posts schedule ${c.contents.length} item(s) on ${ch.id}`, `POST /wallet/estimate {provider: ${ch.identifier}, contents: (${c.edit}), group${c.inter > 0 ? `, inter: ${c.inter}` : ''}} and without group`, 'PUT /posts/<id>/status draft; POST /wallet/estimate with group again'],
      },
    );
  },
});
