// GET /posts?customer=<group>: the calendar of one group's channels — a post on a channel of that group is listed, one on another group's channel is not.
import fc from 'fast-check';
import { futureDate, textSafe } from '../arbitraries/posts.ts';
import { documented } from '../documented.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const postsCustomerFilter = register({
  name: 'posts_customer_filter',
  area: 'posts',
  kind: 'property',
  description: 'Drafts on channels of two different groups: GET /posts with `customer` set to one group lists its draft and not the other.',
  rule: 'Section 4.2: GET /posts "customer (string, optional group id)"; section 2.1: a channel\'s `customer` is "The group the channel is labelled with".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    const d = await ctx.discover();
    const labelled = textSafe(d.workspaces[kind]?.channels ?? []).filter((c) => c.customer?.id);
    const pairs = labelled.flatMap((a) => labelled.filter((b) => b.customer!.id !== a.customer!.id).map((b) => [a, b] as const));
    if (pairs.length === 0) ctx.notVerified(`the ${kind} workspace has no two channels labelled with different groups`);
    await ctx.property(
      'one group, its posts only',
      fc.constantFrom(...pairs),
      async ([a, b]) => {
        const now = await targetNow(ctx);
        const date = futureDate(now, 9, 7);
        const ids: string[] = [];
        for (const ch of [a, b]) {
          const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'draft', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: `for ${ch.customer!.name}`, image: [] }], settings: {} }] } });
          ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: '200: a draft skips the required-settings check (section 3)', exchanges: [res] });
          const postId = firstPostId(res);
          ids.push(postId);
          ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: postId }, auth: { kind } }));
        }
        for (const [mine, other, group] of [[ids[0], ids[1], a.customer!.id], [ids[1], ids[0], b.customer!.id]] as const) {
          const list = await ctx.api.read({ operationId: 'listPosts', auth: { kind }, query: { startDate: futureDate(now, 8), endDate: futureDate(now, 10), customer: group } }, `the calendar of group ${group}`);
          const listed = new Set<string | undefined>(documented(list, 'listPosts', 200).posts.map((p) => p.id));
          ensure(listed.has(mine) && !listed.has(other), {
            operation: 'listPosts',
            received: `customer=${group}: our draft on its channel ${listed.has(mine) ? 'listed' : 'missing'}, our draft on a channel of another group ${listed.has(other) ? 'listed' : 'not listed'}`,
            documented: '`customer` (a group id) lists the posts of the channels labelled with that group, and only those',
            exchanges: [list],
          });
        }
      },
      { reset: true, show: ([a, b]: readonly [{ id: string }, { id: string }]) => [`POST /posts draft on ${a.id}`, `POST /posts draft on ${b.id}`, 'GET /posts?customer=<each group>'] },
    );
  },
});
