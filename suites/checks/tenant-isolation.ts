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
  description: "Both ways between two workspaces: a file or post made in one workspace is not listed in the other, and another workspace's key cannot delete it, post to its channel, nor read the channel's settings, nor list its groups; every id-valued parameter (path, query filter, body) given another workspace's id is refused or finds nothing of it: no read, change, filter result or edit reaches across.",
  rule: 'Section 5: a key or token "can do what the user\'s API key can do in the chosen workspace"; a workspace sees its own channels, posts and media.',
  needs: { keys: ['paid', 'payg'] },
  sweeps: true,
  async run(ctx) {
    // Both ways: a server that checks the workspace for one kind of caller only (a plan's code path of its own) is seen
    // only by the caller it forgets.
    for (const [mine, other] of [['payg', 'paid'], ['paid', 'payg']] as const) {
      if (['uploadMedia', 'listMedia', 'deleteMedia'].every((op) => ctx.inScope(op))) await mediaIsolated(ctx, mine, other);
      else ctx.notAsked('media: outside the scope');
      await postsIsolated(ctx, mine, other);
      await everyIdOfAnother(ctx, mine, other);
    }
    await groupsApart(ctx);
  },
});

/** Every workspace the run has a key for lists its own groups: no group id is in two workspaces' GET /groups. */
async function groupsApart(ctx: CheckContext): Promise<void> {
  if (!ctx.inScope('listGroups')) return;
  const owner = new Map<string, KeyKind>();
  for (const kind of (['free', 'payg', 'paid'] as const).filter((k) => ctx.target.keys[k])) {
    const e = await ctx.api.read({ operationId: 'listGroups', auth: { kind } }, `the ${kind} workspace's groups`);
    for (const id of records(e.responseBody).map((g) => String(g.id))) {
      const first = owner.get(id);
      ensure(first === undefined, { operation: 'listGroups', received: `group ${id} in the GET /groups of both the ${first} and the ${kind} workspace`, documented: "only the workspace's own groups (section 4.1: the group ids GET /integrations filters by)", exchanges: [e] });
      owner.set(id, kind);
    }
  }
}

/**
 * Each operation that takes an id, given one of the other workspace's: a path id is refused (4xx, as for an id that
 * does not exist here), a filter finds none of the other's records, and an edit naming the other's group or item ids
 * leaves the other's post as it was. A server that looks an id up globally and checks the workspace only on some paths
 * passes the single-request checks and fails here.
 */
async function everyIdOfAnother(ctx: CheckContext, mine: KeyKind, other: KeyKind): Promise<void> {
  const [channel] = await channelsFor(ctx, mine);
  const created = await createPosts(ctx, mine, 'draft', { channel });
  const postId = created.postIds[0]!;
  const now = await targetNow(ctx);
  const window = { startDate: new Date(now - 86_400_000).toISOString(), endDate: new Date(now + 30 * 86_400_000).toISOString() };
  const mineNow = async () => records(record((await ctx.api.read({ operationId: 'listPosts', auth: { kind: mine }, query: window }, 'this workspace\'s calendar')).responseBody)?.posts).find((p) => p.id === postId);
  const before = await mineNow();
  const group = typeof before?.group === 'string' ? before.group : undefined;
  const refused = async (operationId: string, call: Parameters<typeof ctx.api.call>[0], what: string) => {
    if (!ctx.inScope(operationId)) return;
    const e = await ctx.api.call({ ...call, auth: { kind: other } });
    ensure(e.status >= 400 && e.status < 500, { operation: operationId, received: got(e), documented: `a refusal (4xx, as for an id this workspace does not have): ${what} belongs to another workspace`, exchanges: [e] });
  };
  await refused('findSlot', { operationId: 'findSlot', path: { id: channel!.id } }, `channel ${channel!.id}`);
  await refused('getChannelAnalytics', { operationId: 'getChannelAnalytics', path: { integration: channel!.id }, query: { date: '7' } }, `channel ${channel!.id}`);
  await refused('triggerIntegrationTool', { operationId: 'triggerIntegrationTool', path: { id: channel!.id }, body: { methodName: channel!.tools[0] ?? 'channels' } }, `channel ${channel!.id}`);
  await refused('listMissingReleases', { operationId: 'listMissingReleases', path: { id: postId } }, `post ${postId}`);
  await refused('getPostAnalytics', { operationId: 'getPostAnalytics', path: { postId }, query: { date: '7' } }, `post ${postId}`);
  await refused('changePostStatus', { operationId: 'changePostStatus', path: { id: postId }, body: { status: 'schedule' } }, `post ${postId}`);
  await refused('setPostReleaseId', { operationId: 'setPostReleaseId', path: { id: postId }, body: { releaseId: '1' } }, `post ${postId}`);
  if (group) await refused('deletePostGroup', { operationId: 'deletePostGroup', path: { group } }, `group ${group}`);
  // Filters: the other workspace's group id finds nothing of it.
  const customer = channel!.customer?.id;
  if (customer && ctx.inScope('listPosts')) {
    const e = await ctx.api.read({ operationId: 'listPosts', auth: { kind: other }, query: { ...window, customer } }, 'the calendar filtered by another workspace\'s group');
    const seen = records(record(e.responseBody)?.posts).map((p) => p.id);
    ensure(!seen.includes(postId), { operation: 'listPosts', received: `the other workspace's post ${postId} in this workspace's calendar filtered by its group ${customer}`, documented: "only this workspace's posts, whatever the filter names", exchanges: [e] });
  }
  if (customer && ctx.inScope('listIntegrations')) {
    const e = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind: other }, query: { group: customer } }, 'the channels filtered by another workspace\'s group');
    const ids = records(e.responseBody).map((c) => c.id);
    ensure(!ids.includes(channel!.id), { operation: 'listIntegrations', received: `the other workspace's channel ${channel!.id} among this workspace's channels filtered by its group ${customer}`, documented: "only this workspace's channels, whatever the filter names", exchanges: [e] });
  }
  // GET /groups lists the workspace's own groups, the ids its filters take: none of this workspace's among the other's.
  if (customer && ctx.inScope('listGroups')) {
    const e = await ctx.api.read({ operationId: 'listGroups', auth: { kind: other } }, 'the other workspace\'s groups');
    const ids = records(e.responseBody).map((g) => g.id);
    ensure(!ids.includes(customer), { operation: 'listGroups', received: `this workspace's group ${customer} among the other workspace's GET /groups`, documented: "only the workspace's own groups (section 4.1: the group ids GET /integrations filters by)", exchanges: [e] });
  }
  // An edit naming the other's group or its post's id, on this workspace's own channel: the other's post is untouched.
  const [own] = await channelsFor(ctx, other);
  if (ctx.inScope('createPosts') && own) {
    const date = futureDate(now, 2, 5);
    const edits = [
      ...(group ? [{ integration: { id: own.id }, group, value: [{ content: 'edit across workspaces, by group', image: [] }] }] : []),
      { integration: { id: own.id }, value: [{ id: postId, content: 'edit across workspaces, by item id', image: [] }] },
    ];
    for (const entry of edits) {
      const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind: other }, body: { type: 'draft', date, shortLink: false, tags: [], posts: [entry] } });
      if (e.status === 200) for (const p of records(e.responseBody)) if (typeof p.postId === 'string' && p.postId !== postId) ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id: p.postId as string }, auth: { kind: other } }));
      const after = await mineNow();
      ensure(after !== undefined && after.content === before?.content && after.group === before?.group, {
        operation: 'createPosts',
        received: `after ${got(e)}, the other workspace's post ${postId} is ${after ? `now ${JSON.stringify({ content: after.content, group: after.group })}` : 'gone'}`,
        documented: `untouched: ${JSON.stringify({ content: before?.content, group: before?.group })} (a key acts in its own workspace only, section 5)`,
        exchanges: [e],
      });
    }
  }
}

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
