// ensure_resource_availability: what was just created is at once listed and usable — posts, media, brief documents.
import fc from 'fast-check';
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import { imageForm } from '../arbitraries/files.ts';
import type { ChannelInfo } from '../discover.ts';
import { documented } from '../documented.ts';
import { channelsFor, cleanupCreated, firstPostId, targetNow, writableBriefDocs } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, type CheckContext } from './registry.ts';

type PostType = 'draft' | 'schedule' | 'now';

/** A window of a day each side of the post's date, read before and after creating it: absent, then present. */
async function freshPost(ctx: CheckContext, kind: KeyKind, ch: ChannelInfo, type: PostType): Promise<void> {
  const now = await targetNow(ctx);
  const date = type === 'now' ? new Date(now).toISOString() : futureDate(now, 2, 23);
  const t = Date.parse(date);
  const window = { startDate: new Date(t - 86_400_000).toISOString(), endDate: new Date(t + 86_400_000).toISOString() };
  const before = await ctx.api.call({ operationId: 'listPosts', auth: { kind }, query: window });
  ensure(before.status === 200, { operation: 'listPosts', received: got(before), documented: '200 {posts}', exchanges: [before] });
  const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
  const created = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type, date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: `available ${type}`, image: [] }], settings }] } });
  ensure(created.status === 200, { operation: 'createPosts', received: got(created), documented: `200 for a valid ${type} post (section 2.4)`, exchanges: [created] });
  const id = firstPostId(created);
  ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id }, auth: { kind } }));
  const after = await ctx.api.call({ operationId: 'listPosts', auth: { kind }, query: window });
  const listed = after.status === 200 ? documented(after, 'listPosts', 200).posts.find((p) => p.id === id) : undefined;
  ensure(listed && typeof listed.group === 'string', {
    operation: 'listPosts',
    received: `${got(after).slice(0, 200)}, without the ${type} post ${id} created just before`,
    documented: `the new post on the calendar at once, with its group (section 4.2: GET /posts lists the workspace's posts in [startDate, endDate]; it is dated ${date})`,
    exchanges: [before, created, after],
  });
  // Usable: the move section 3 documents from its state (a post sent `now` is published; only deleting applies to it).
  if (type !== 'now') {
    const to = type === 'draft' ? 'schedule' : 'draft';
    const moved = await ctx.api.call({ operationId: 'changePostStatus', path: { id }, body: { status: to }, auth: { kind } });
    ensure(moved.status === 200, { operation: 'changePostStatus', received: got(moved), documented: `200: section 3 moves a ${type === 'draft' ? 'draft onto the schedule' : 'scheduled post back to draft'}`, exchanges: [created, moved] });
  }
  const del = await ctx.api.call({ operationId: 'deletePostGroup', path: { group: listed.group }, auth: { kind } });
  ensure(del.status === 200, { operation: 'deletePostGroup', received: got(del), documented: '200 with the delete result: the group just listed exists (section 4.2)', exchanges: [after, del] });
}

async function freshMedia(ctx: CheckContext, kind: KeyKind, ch: ChannelInfo): Promise<void> {
  const before = await ctx.api.call({ operationId: 'listMedia', auth: { kind }, query: { page: 1 } });
  ensure(before.status === 200, { operation: 'listMedia', received: got(before), documented: '200 {pages, results}', exchanges: [before] });
  const up = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm('available.png') });
  ensure(up.status === 200, { operation: 'uploadMedia', received: got(up), documented: '200 Media for a png', exchanges: [up] });
  const media = documented(up, 'uploadMedia', 200);
  ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id: media.id }, auth: { kind } }));
  // A hosted URL is one a network can fetch: absolute, over http(s). A path relative to the server is not one.
  const hosted = URL.canParse(media.path) && ['http:', 'https:'].includes(new URL(media.path).protocol);
  ensure(hosted, { operation: 'uploadMedia', received: `path ${JSON.stringify(media.path)}`, documented: 'an absolute http(s) URL (section 2.6: path "Hosted URL; used as an image path on a post")', exchanges: [up] });
  const after = await ctx.api.call({ operationId: 'listMedia', auth: { kind }, query: { page: 1 } });
  const ids = after.status === 200 ? documented(after, 'listMedia', 200).results.map((m) => m.id) : [];
  ensure(ids.includes(media.id), { operation: 'listMedia', received: `page 1 without the file ${media.id} uploaded just before: [${ids.join(', ')}]`, documented: 'the newest file on page 1 at once (section 4.3: "newest first")', exchanges: [before, up, after] });
  // Usable: "path is the media's hosted URL; used as an image path on a post". A draft, so no media rule of a network applies.
  const now = await targetNow(ctx);
  const draft = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'draft', date: futureDate(now, 3, 7), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: 'with the new image', image: [{ id: media.id, path: media.path }] }] }] } });
  ensure(draft.status === 200, { operation: 'createPosts', received: got(draft), documented: '200: a just-uploaded file is usable as an image of a post (section 2.4: "Media is uploaded first; path is the media\'s hosted URL")', exchanges: [up, draft] });
  cleanupCreated(ctx, draft, kind);
}

async function freshBriefDocument(ctx: CheckContext, kind: KeyKind): Promise<void> {
  for (const doc of (await writableBriefDocs(ctx, kind)).filter((d) => d.created)) {
    const path = { category: doc.category, key: doc.key };
    const saved = await ctx.api.call({ operationId: 'saveBriefDocument', path, body: { title: 'Available', blocks: [{ id: 'b1', heading: 'Tone', body: 'Plain.' }] }, auth: { kind } });
    if (saved.status !== 200) continue;
    ctx.cleanup(() => ctx.api.call({ operationId: 'deleteBriefDocument', path, auth: { kind } }));
    const read = await ctx.api.call({ operationId: 'getBriefDocument', path, auth: { kind } });
    ensure(read.status === 200 && documented(read, 'getBriefDocument', 200).content.title === 'Available', { operation: 'getBriefDocument', received: got(read), documented: 'the document just saved, with its title (section 4.7)', exchanges: [saved, read] });
    const list = await ctx.api.call({ operationId: 'listBriefDocuments', auth: { kind } });
    const listed = list.status === 200 && documented(list, 'listBriefDocuments', 200).documents.some((d) => d.category === doc.category && d.key === doc.key);
    ensure(listed, { operation: 'listBriefDocuments', received: `GET /brief without ${doc.category}/${doc.key}, saved just before`, documented: 'every document of the brief (section 4.7: {registryVersion, documents})', exchanges: [saved, list] });
    return;
  }
  ctx.partial('brief documents: no category let the suites create a document of their own');
}

export const ensureResourceAvailability = register({
  name: 'ensure_resource_availability',
  area: 'generic',
  kind: 'property',
  description: 'A post (draft, scheduled or sent now) is on the calendar the moment it is created and can be moved and deleted; an uploaded file is on page 1 and usable as a post image; a saved brief document reads back and is listed.',
  rule: 'Section 4.2 (GET /posts, PUT status, DELETE), 2.4 ("Media is uploaded first; path is the media\'s hosted URL"), 2.6 (path "Hosted URL"), 4.3 ("newest first"), 4.7.',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const channels = await channelsFor(ctx, kind);
    await ctx.property('a created post is listed and usable at once', fc.tuple(fc.constantFrom<PostType>('draft', 'schedule', 'now'), fc.nat()), ([type, i]) => freshPost(ctx, kind, channels[i % channels.length]!, type), {
      reset: true,
      runs: Math.min(ctx.runs, 3),
      examples: [['draft', 0], ['schedule', 1], ['now', 2]],
      show: ([type, i]: [PostType, number]) => [`GET /posts (a day each side)`, `POST /posts ${type} on ${channels[i % channels.length]!.id}`, 'GET /posts again, then PUT status and DELETE /posts/group/{group}'],
    });
    await freshMedia(ctx, kind, channels[0]!);
    await freshBriefDocument(ctx, kind);
  },
});
