// tenant_isolation: what one workspace creates, another never sees or touches (posts and media).
import { channelsFor, createPosts, uploadImage, targetNow } from '../resources.ts';
import { futureDate } from '../arbitraries/posts.ts';
import { record, records } from '../discover.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, type CheckContext } from './registry.ts';

export const tenantIsolation = register({
  name: 'tenant_isolation',
  area: 'generic',
  kind: 'property',
  description: "A file or post made in one workspace is not listed in another, and another workspace's key cannot delete it, post to its channel, nor read the channel's settings.",
  rule: 'Section 5: a key or token "can do what the user\'s API key can do in the chosen workspace"; a workspace sees its own channels, posts and media.',
  needs: { keys: ['paid', 'payg'] },
  sweeps: true,
  async run(ctx) {
    const mine = 'payg' as const;
    const other = 'paid' as const;
    if (['uploadMedia', 'listMedia', 'deleteMedia'].every((op) => ctx.inScope(op))) await mediaIsolated(ctx, mine, other);
    else ctx.notAsked('media: outside the scope');
    await postsIsolated(ctx, mine, other);
  },
});

/** A file of one workspace is not listed in another, and the other's key cannot delete it. */
async function mediaIsolated(ctx: CheckContext, mine: KeyKind, other: KeyKind): Promise<void> {
  const mediaId = await uploadImage(ctx, mine, 'isolated.png');
  const list = await ctx.api.read({ operationId: 'listMedia', auth: { kind: other } }, "the other workspace's media library");
  // Lenient on purpose: another workspace's item must not show, however it is shaped (the response checks judge the shape).
  const ids = records(record(list.responseBody)?.results).map((m) => m.id);
  ensure(!ids.includes(mediaId), { operation: 'listMedia', received: `the other workspace's file ${mediaId} in this workspace's library`, documented: 'only this workspace\'s media', exchanges: [list] });
  const del = await ctx.api.call({ operationId: 'deleteMedia', path: { id: mediaId }, auth: { kind: other } });
  ensure(!(del.status >= 200 && del.status < 300), { operation: 'deleteMedia', received: got(del), documented: "another workspace's media is not found (404)", exchanges: [del] });
}

async function postsIsolated(ctx: CheckContext, mine: KeyKind, other: KeyKind): Promise<void> {
  const created = await createPosts(ctx, mine, 'draft');
  const now = await targetNow(ctx);
  const posts = await ctx.api.read({ operationId: 'listPosts', auth: { kind: other }, query: { startDate: new Date(now - 86_400_000).toISOString(), endDate: new Date(now + 30 * 86_400_000).toISOString() } }, "the other workspace's calendar");
  const seen = records(record(posts.responseBody)?.posts).map((p) => p.id);
  ensure(!seen.includes(created.postIds[0]), { operation: 'listPosts', received: `the other workspace's post ${created.postIds[0]}`, documented: "only this workspace's posts", exchanges: [posts] });
  const delPost = await ctx.api.call({ operationId: 'deletePost', path: { id: created.postIds[0]! }, auth: { kind: other } });
  ensure(!(delPost.status >= 200 && delPost.status < 300), { operation: 'deletePost', received: got(delPost), documented: "another workspace's post is not found (404)", exchanges: [delPost] });
  // A channel of one workspace is not a channel of the other: no post goes to it, and its settings are not found.
  const [channel] = await channelsFor(ctx, mine);
  const draft = await ctx.api.call({ operationId: 'createPosts', auth: { kind: other }, body: { type: 'draft', date: futureDate(now, 2, 5), shortLink: false, tags: [], posts: [{ integration: { id: channel!.id }, value: [{ content: 'not my channel', image: [] }] }] } });
  ensure(draft.status >= 400 && draft.status < 500, { operation: 'createPosts', received: got(draft), documented: "a refusal (4xx): another workspace's channel is not one this key can post to", exchanges: [draft] });
  const settings = await ctx.api.call({ operationId: 'getIntegrationSettings', path: { id: channel!.id }, auth: { kind: other } });
  ensure(settings.status === 404, { operation: 'getIntegrationSettings', received: got(settings), documented: "404 for another workspace's channel (section 4.1: \"404 when not found\")", exchanges: [settings] });
}
