// use_after_free: once a resource is deleted, every operation on it answers "not found" and no list shows it (posts, media, brief documents; channels and webhooks with control).
import fc from 'fast-check';
import { settingsArb, futureDate } from '../arbitraries/posts.ts';
import { imageForm } from '../arbitraries/files.ts';
import type { RequestSpec } from '../client.ts';
import type { ChannelInfo } from '../discover.ts';
import type { Exchange } from '../history.ts';
import { documented } from '../documented.ts';
import { channelsFor, findPost, firstPostId, targetNow, writableBriefDocs } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { deliveriesTo, registerReceivers } from '../webhook-receivers.ts';
import { ensure, got, register, show, type CheckContext } from './registry.ts';

/**
 * What a request on a deleted resource may answer: 404 ("Not found", section 7), or another status its own row lists for
 * a bad target (PUT /posts/<id>/status lists "400, 402", and a deleted post is a request that cannot be honoured).
 */
const ALSO: Record<string, number[]> = { changePostStatus: [400] };

async function expectGone(ctx: CheckContext, what: string, spec: RequestSpec, deleted: Exchange): Promise<void> {
  if (!ctx.inScope(spec.operationId)) return ctx.notAsked(`${spec.operationId} on a deleted resource: outside the scope`);
  const e = await ctx.api.call(spec);
  const allowed = [404, ...(ALSO[spec.operationId] ?? [])];
  ensure(allowed.includes(e.status), {
    operation: spec.operationId,
    received: `${got(e)} for ${what}, deleted just before`,
    documented: `${allowed.join(' or ')}: a deleted resource is not found (section 7: 404 "Not found")${e.status >= 200 && e.status < 300 ? '; a 2xx means it is still usable' : ''}`,
    exchanges: [deleted, e],
  });
}

type PostCase = { type: 'draft' | 'schedule' | 'now'; by: 'id' | 'group'; fromPlatform: boolean };

async function deletedPost(ctx: CheckContext, kind: KeyKind, channels: ChannelInfo[], c: PostCase): Promise<void> {
  const [ch] = channels;
  const now = await targetNow(ctx);
  const date = c.type === 'now' ? new Date(now).toISOString() : futureDate(now, 2, 11);
  const [settings] = fc.sample(settingsArb(ch!.identifier), { seed: ctx.seed, numRuns: 1 });
  const created = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: c.type, date, shortLink: false, tags: [], posts: [{ integration: { id: ch!.id }, value: [{ content: 'to be deleted', image: [] }, { content: 'its thread item', image: [], delay: 1 }], settings }] } });
  ensure(created.status === 200, { operation: 'createPosts', received: got(created), documented: `200 for a valid ${c.type} post`, exchanges: [created] });
  const id = firstPostId(created);
  const summary = await findPost(ctx, kind, id, date);
  const group = summary?.group;
  ensure(typeof group === 'string', { operation: 'listPosts', received: `no summary with a group for post ${id}`, documented: 'the post just created, with its group (section 2.3)', exchanges: [created] });
  const query = c.fromPlatform ? { deleteFromPlatform: 'true' } : {};
  const del = c.by === 'id' ? await ctx.api.call({ operationId: 'deletePost', path: { id }, query, auth: { kind } }) : await ctx.api.call({ operationId: 'deletePostGroup', path: { group }, query, auth: { kind } });
  if (del.status !== 200) ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id }, auth: { kind } }));
  ensure(del.status === 200, { operation: del.operationId, received: got(del), documented: '200 with the delete result (section 2.5)', exchanges: [del] });
  const t = Date.parse(date);
  const list = await ctx.api.call({ operationId: 'listPosts', auth: { kind }, query: { startDate: new Date(t - 86_400_000).toISOString(), endDate: new Date(t + 86_400_000).toISOString() } });
  const still = list.status === 200 ? documented(list, 'listPosts', 200).posts.filter((p) => p.id === id || p.group === group) : [];
  ensure(list.status === 200 && still.length === 0, { operation: 'listPosts', received: `${got(list).slice(0, 80)}… still listing ${show(still, 300)}`, documented: 'the deleted group gone from the calendar (section 4.2: "Deletes the whole group"; a published post "is only removed from the calendar")', exchanges: [del, list] });
  const what = `${c.type} post ${id}`;
  await expectGone(ctx, what, { operationId: 'changePostStatus', path: { id }, body: { status: c.type === 'draft' ? 'schedule' : 'draft' }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'setPostReleaseId', path: { id }, body: { releaseId: '1790000000000000001' }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'listMissingReleases', path: { id }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'getPostAnalytics', path: { postId: id }, query: { date: '7' }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'deletePost', path: { id }, auth: { kind } }, del);
  await expectGone(ctx, `group ${group}`, { operationId: 'deletePostGroup', path: { group }, auth: { kind } }, del);
}

async function deletedMedia(ctx: CheckContext, kind: KeyKind): Promise<void> {
  const name = `freed-${(ctx.seed >>> 0).toString(36)}.png`;
  // A file uploaded just before stays: the delete takes the file it names and no other.
  const neighbour = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm(`kept-${(ctx.seed >>> 0).toString(36)}.png`) });
  ensure(neighbour.status === 200, { operation: 'uploadMedia', received: got(neighbour), documented: '200 Media for a png', exchanges: [neighbour] });
  const keptId = documented(neighbour, 'uploadMedia', 200).id;
  ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id: keptId }, auth: { kind } }));
  const up = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm(name) });
  ensure(up.status === 200, { operation: 'uploadMedia', received: got(up), documented: '200 Media for a png', exchanges: [up] });
  const { id } = documented(up, 'uploadMedia', 200);
  const del = await ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } });
  if (del.status !== 200) ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
  ensure(del.status === 200, { operation: 'deleteMedia', received: got(del), documented: '200 {deleted: true} (section 4.3)', exchanges: [del] });
  for (const query of [{ page: 1 }, { page: 1, search: name.replace(/\.png$/, '') }]) {
    const list = await ctx.api.read({ operationId: 'listMedia', auth: { kind }, query }, 'the media library after the delete');
    const ids = documented(list, 'listMedia', 200).results.map((m) => m.id);
    ensure(!ids.includes(id), { operation: 'listMedia', received: `the deleted file ${id} listed (${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))})`, documented: 'a deleted file is no longer in the library (section 4.3)', exchanges: [del, list] });
    if (!('search' in query)) ensure(ids.includes(keptId), { operation: 'listMedia', received: `the file ${keptId} uploaded just before is gone from page 1 after deleting ${id}`, documented: 'still listed: DELETE /media/<id> removes that file (section 4.3), and page 1 holds the 18 newest', exchanges: [neighbour, del, list] });
  }
  await expectGone(ctx, `media ${id}`, { operationId: 'deleteMedia', path: { id }, auth: { kind } }, del);
}

async function deletedBriefDocument(ctx: CheckContext, kind: KeyKind): Promise<void> {
  for (const doc of (await writableBriefDocs(ctx, kind)).filter((d) => d.created)) {
    const path = { category: doc.category, key: doc.key };
    const saved = await ctx.api.call({ operationId: 'saveBriefDocument', path, body: { title: 'Freed' }, auth: { kind } });
    if (saved.status !== 200) continue;
    const del = await ctx.api.call({ operationId: 'deleteBriefDocument', path, auth: { kind } });
    if (del.status === 400) {
      // Deleting is "Only in a category that allows it", and which ones do is not shown.
      ctx.cleanup(() => ctx.api.call({ operationId: 'deleteBriefDocument', path, auth: { kind } }));
      continue;
    }
    ensure(del.status === 200, { operation: 'deleteBriefDocument', received: got(del), documented: '200 {deleted: boolean}, or 400 where the category does not allow it (section 4.7)', exchanges: [del] });
    if (!documented(del, 'deleteBriefDocument', 200).deleted) continue;
    const list = await ctx.api.read({ operationId: 'listBriefDocuments', auth: { kind } }, 'the brief after the delete');
    const still = documented(list, 'listBriefDocuments', 200).documents.filter((d) => d.category === doc.category && d.key === doc.key);
    ensure(still.length === 0, { operation: 'listBriefDocuments', received: `the deleted document ${doc.category}/${doc.key} still listed`, documented: 'a deleted document is gone from GET /brief', exchanges: [del, list] });
    await expectGone(ctx, `brief document ${doc.category}/${doc.key}`, { operationId: 'getBriefDocument', path, auth: { kind } }, del);
    // `{deleted: boolean}` leaves room for a 200 that says nothing was deleted; `deleted: true` would be a second delete.
    const again = await ctx.api.call({ operationId: 'deleteBriefDocument', path, auth: { kind } });
    ensure(again.status === 404 || (again.status === 200 && documented(again, 'deleteBriefDocument', 200).deleted === false), {
      operation: 'deleteBriefDocument',
      received: `${got(again)} for brief document ${doc.category}/${doc.key}, deleted just before`,
      documented: '404 (section 7: "Not found"), or 200 {deleted: false}: a deleted document is not there to delete',
      exchanges: [del, again],
    });
    return;
  }
  ctx.partial('brief documents: no category let the suites create and then delete a document of their own');
}

/** With control (a disconnected channel cannot be connected again through the API): the channel and its scheduled posts. */
async function deletedChannel(ctx: CheckContext, kind: KeyKind, channels: ChannelInfo[]): Promise<void> {
  // A channel with a helper when one has: its helper called after the disconnect is then refused for the channel, not
  // for a method the provider never listed, whatever order the target lists its channels in.
  const ch = channels.findLast((c) => c.tools.length > 0) ?? channels[channels.length - 1]!;
  const now = await targetNow(ctx);
  const date = futureDate(now, 3, 5);
  const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
  const created = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'schedule', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: 'on a channel about to go', image: [] }], settings }] } });
  ensure(created.status === 200, { operation: 'createPosts', received: got(created), documented: '200 for a valid scheduled post', exchanges: [created] });
  const postId = firstPostId(created);
  const del = await ctx.api.call({ operationId: 'deleteIntegration', path: { id: ch.id }, auth: { kind } });
  ensure(del.status === 200, { operation: 'deleteIntegration', received: got(del), documented: '200 (section 4.1: "Disconnects the channel")', exchanges: [del] });
  const list = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind } }, 'the channels after the disconnect');
  ensure(!documented(list, 'listIntegrations', 200).some((c) => c.id === ch.id), { operation: 'listIntegrations', received: `the disconnected channel ${ch.id} still listed`, documented: 'a disconnected channel is no longer one of the workspace\'s channels', exchanges: [del, list] });
  const post = await findPost(ctx, kind, postId, date);
  ensure(post === undefined, { operation: 'listPosts', received: `post ${postId}, scheduled on the disconnected channel, still on the calendar`, documented: 'section 4.1: DELETE /integrations/<id> "deletes posts scheduled on it"', exchanges: [del] });
  const what = `channel ${ch.id}`;
  await expectGone(ctx, what, { operationId: 'getIntegrationSettings', path: { id: ch.id }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'findSlot', path: { id: ch.id }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'triggerIntegrationTool', path: { id: ch.id }, body: { methodName: ch.tools[0] ?? 'channels', data: {} }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'getChannelAnalytics', path: { integration: ch.id }, query: { date: '7' }, auth: { kind } }, del);
  await expectGone(ctx, what, { operationId: 'deleteIntegration', path: { id: ch.id }, auth: { kind } }, del);
}

/** With control: a webhook deleted in the app receives nothing when a post it covered is published. */
async function deletedWebhook(ctx: CheckContext, kind: KeyKind, channels: ChannelInfo[]): Promise<void> {
  const [ch] = channels;
  const [hook] = await registerReceivers(ctx, kind, [{ name: 'freed', integrations: 'all' }]);
  await ctx.control!.deleteWebhook(ctx.target.workspaceIds[kind]!, hook!.id);
  const [settings] = fc.sample(settingsArb(ch!.identifier), { seed: ctx.seed, numRuns: 1 });
  const now = await targetNow(ctx);
  const created = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'now', date: new Date(now).toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: ch!.id }, value: [{ content: 'after the webhook went', image: [] }], settings }] } });
  ensure(created.status === 200, { operation: 'createPosts', received: got(created), documented: '200 for a valid now post', exchanges: [created] });
  await ctx.control!.advance(60);
  const sent = await deliveriesTo(ctx, kind, [hook!]);
  ensure(sent.length === 0, { operation: 'webhooks', received: `${sent.length} delivery(ies) to a deleted webhook`, documented: 'none: a deleted webhook covers no channel ("One POST request is sent to each webhook that covers that channel")', exchanges: [created] });
}

export const useAfterFree = register({
  name: 'use_after_free',
  area: 'generic',
  kind: 'property',
  description:
    'After a delete, every operation on the resource answers 404 (PUT status may also answer its listed 400) and no list shows it: posts (by id or group, any state), media, brief documents; with control, channels (and the posts scheduled on them) and webhooks.',
  rule: 'Section 7: 404 "Not found"; 4.2 "Deletes the whole group"; 4.3 DELETE /media; 4.7 DELETE /brief; 4.1 "Disconnects the channel and deletes posts scheduled on it".',
  needs: { anyKey: ['paid', 'payg'] },
  sweeps: true,
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    // Read once: a reset gives the seeded world back with the same channels.
    const channels = await channelsFor(ctx, kind);
    await ctx.property(
      'a deleted post is gone everywhere',
      fc.record({ type: fc.constantFrom<PostCase['type']>('draft', 'schedule', 'now'), by: fc.constantFrom<PostCase['by']>('id', 'group'), fromPlatform: fc.boolean() }),
      (c) => deletedPost(ctx, kind, channels, c),
      {
        reset: true,
        runs: Math.min(ctx.runs, 3),
        examples: [{ type: 'schedule', by: 'id', fromPlatform: false }, { type: 'now', by: 'group', fromPlatform: true }],
        show: (c: PostCase) => [`POST /posts ${c.type} (2 items)`, `DELETE /posts/${c.by === 'id' ? '{id}' : 'group/{group}'}${c.fromPlatform ? '?deleteFromPlatform=true' : ''}`, 'then GET /posts and every operation on the id'],
      },
    );
    if (ctx.inScope('uploadMedia') && ctx.inScope('deleteMedia')) await deletedMedia(ctx, kind);
    else ctx.notAsked('media: outside the scope');
    if (ctx.inScope('saveBriefDocument') && ctx.inScope('deleteBriefDocument')) await deletedBriefDocument(ctx, kind);
    else ctx.notAsked('brief documents: outside the scope');
    if (ctx.control) {
      await deletedWebhook(ctx, kind, channels);
      if (ctx.inScope('deleteIntegration')) await deletedChannel(ctx, kind, channels);
      else ctx.notAsked('channels: deleting one is outside the scope');
    } else ctx.partial('channels and webhooks: deleting them cannot be undone, or they are configured in the app; both need control');
  },
});
