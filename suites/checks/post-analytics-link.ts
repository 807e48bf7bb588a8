// post_analytics_link: `{missing: true}` from a post's analytics means "not linked to its network message": once PUT release-id links the post, the analytics no longer say it.
import { unpriced } from '../discover.ts';
import fc from 'fast-check';
import { channelsFor, createPosts } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import type { Exchange } from '../history.ts';
import { documented } from '../documented.ts';
import { ensure, got, register } from './registry.ts';

const isMissing = (e: Exchange) => {
  if (e.status !== 200) return false;
  const analytics = documented(e, 'getPostAnalytics', 200);
  return !Array.isArray(analytics) && analytics.missing;
};

export const postAnalyticsLink = register({
  name: 'post_analytics_link',
  area: 'analytics',
  kind: 'property',
  description:
    'A post not yet published (a draft, or scheduled ahead) whose analytics answer {missing: true} is linked with PUT release-id; when that is accepted, its analytics no longer answer {missing: true}. Which answer an unpublished post gets, and whether it may be linked, is not said: a target that never says missing is not verified.',
  rule: 'Section 4.4: GET /analytics/post/<postId> "missing: true means the post is not linked to its network message (see release-id)"; 4.2: PUT /posts/<id>/release-id "Sets the network\'s id ... so analytics can be read".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    // Not a provider on the price list (x): its reads may be charged, and the wallet is other checks' business.
    const channels = await channelsFor(ctx, kind);
    const channel = unpriced(await ctx.discover(), channels)[0] ?? channels[0]!;
    let linked = 0;
    const unsaid: string[] = [];
    await ctx.property(
      'a post whose analytics say missing is no longer missing once its release id is set',
      fc.record({ type: fc.constantFrom<'draft' | 'schedule'>('draft', 'schedule'), releaseId: fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => `1790000000${n}`) }),
      async ({ type, releaseId }) => {
        const { postIds } = await createPosts(ctx, kind, type, { channel, days: 5 });
        const postId = postIds[0]!;
        const first = await ctx.api.call({ operationId: 'getPostAnalytics', path: { postId }, query: { date: '7' }, auth: { kind } });
        if (!isMissing(first)) return void unsaid.push(`a ${type} post's analytics answered ${got(first).slice(0, 80)}`);
        const link = await ctx.api.call({ operationId: 'setPostReleaseId', path: { id: postId }, body: { releaseId }, auth: { kind } });
        if (link.status !== 200) return void unsaid.push(`PUT release-id on a ${type} post answered ${got(link).slice(0, 80)}`);
        const again = await ctx.api.call({ operationId: 'getPostAnalytics', path: { postId }, query: { date: '7' }, auth: { kind } });
        ensure(again.status === 200 && !isMissing(again), {
          operation: 'getPostAnalytics',
          received: `${got(first)}, then PUT release-id ${link.status}, then ${got(again)}`,
          documented: '{missing: true} "means the post is not linked to its network message"; PUT release-id links it "so analytics can be read" (sections 4.2, 4.4)',
          exchanges: [first, link, again],
        });
        linked++;
      },
      {
        runs: Math.min(ctx.runs, 2),
        examples: [{ type: 'draft', releaseId: '1790000000000000003' }],
        show: ({ type, releaseId }: { type: string; releaseId: string }) => [`POST /posts ${type}`, 'GET /analytics/post/{postId}?date=7', `PUT /posts/{postId}/release-id ${releaseId}`, 'GET /analytics/post/{postId}?date=7'],
      },
    );
    if (linked === 0) ctx.notVerified(`no {missing: true} to follow (the reference does not say when one comes): ${[...new Set(unsaid)].join('; ')}`);
  },
});
