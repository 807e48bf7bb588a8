// DELETE /posts/<id> without deleteFromPlatform touches no network: deletedFromPlatform stays empty, for a published post too; and nothing unsent is ever "deleted from the platform".
import { unpriced } from '../discover.ts';
import fc from 'fast-check';
import { futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import { documented } from '../documented.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const deleteFromPlatform = register({
  name: 'delete_from_platform_only_when_asked',
  area: 'posts',
  kind: 'property',
  description: 'A published post deleted without deleteFromPlatform=true, and a draft or scheduled post deleted with or without it, answer a delete result whose deletedFromPlatform is empty.',
  rule: 'Section 4.2: DELETE /posts/<id> "A published post is only removed from the calendar unless deleteFromPlatform=true, which also deletes it on networks that support that"; 2.5: deletedFromPlatform array of string.',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    const d = await ctx.discover();
    const channels = unpriced(d, textSafe(d.workspaces[kind]?.channels ?? []));
    if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no free text channel to post on`);
    await ctx.property(
      'delete without the flag',
      fc.tuple(fc.constantFrom(...channels), fc.constantFrom<'now' | 'draft' | 'schedule'>('now', 'draft', 'schedule'), fc.boolean()),
      async ([ch, type, flag]) => {
        // Only a post that was sent can have been deleted from a network, and only when asked.
        if (type === 'now' && flag) return;
        const now = await targetNow(ctx);
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type, date: futureDate(now, 2, 13), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: `delete me (${type})`, image: [] }], settings: fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 })[0] }] } });
        if (res.status !== 200) return ctx.partial(`${type} on ${ch.identifier} was refused (${res.status}), so its delete was not tried`);
        const postId = firstPostId(res);
        const del = await ctx.api.call({ operationId: 'deletePost', path: { id: postId }, query: flag ? { deleteFromPlatform: 'true' } : {}, auth: { kind } });
        const removed = del.status === 200 ? documented(del, 'deletePost', 200).deletedFromPlatform : undefined;
        ensure(removed?.length === 0, {
          operation: 'deletePost',
          received: got(del),
          documented: `200 with deletedFromPlatform [] for a ${type === 'now' ? 'published' : type} post deleted ${flag ? 'with' : 'without'} deleteFromPlatform=true: ${type === 'now' ? '"only removed from the calendar unless deleteFromPlatform=true"' : 'it was never on a network'}`,
          exchanges: [res, del],
        });
      },
      { reset: true, examples: [[channels[0]!, 'now', false], [channels[0]!, 'schedule', true]] },
    );
  },
});
