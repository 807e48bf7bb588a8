// draft_costs_nothing: saving drafts, even on a charged channel, adds no transaction and leaves the balance alone.
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb } from '../arbitraries/posts.ts';
import { chargedChannel, newTransactions, readWallet } from '../wallet-helpers.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const draftCostsNothing = register({
  name: 'draft_costs_nothing',
  area: 'wallet',
  kind: 'property',
  description: 'A draft on a charged channel (with or without settings) leaves the balance and the transactions unchanged.',
  rule: 'Section 3: "POST /posts with type draft ... Drafts are free"; section 8: "Drafts are free until scheduled."',
  needs: { keys: ['payg'] },
  async run(ctx) {
    const ch = await chargedChannel(ctx, 'payg');
    await ctx.property(
      'draft is free',
      fc.tuple(fc.array(contentArb(ch.maxLength), { minLength: 1, maxLength: 4 }), fc.option(settingsArb(ch.identifier), { nil: undefined })),
      async ([contents, settings]) => {
        const before = await readWallet(ctx, 'payg');
        const now = await targetNow(ctx);
        const entry: Record<string, unknown> = { integration: { id: ch.id }, value: contents.map((content) => ({ content, image: [] })) };
        if (settings) entry.settings = settings;
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type: 'draft', date: futureDate(now, 2, 3), shortLink: false, tags: [], posts: [entry] } });
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200: drafts are saved without the settings check (section 2.9: "Drafts are saved without this check")', exchanges: [res] });
        cleanupCreated(ctx, res, 'payg');
        const after = await readWallet(ctx, 'payg');
        const added = newTransactions(before, after);
        ensure(added.length === 0 && after.balance === before.balance, {
          operation: 'createPosts',
          received: `a draft changed the wallet: balance ${before.balance} -> ${after.balance}, new transactions ${JSON.stringify(added)}`,
          documented: 'drafts are free: no transaction, same balance',
          exchanges: [res],
        });
      },
      { reset: true, show: ([c, s]: [string[], unknown]) => [`POST /posts draft with ${c.length} item(s) on ${ch.id}${s ? '' : ' and no settings'}`] },
    );
  },
});
