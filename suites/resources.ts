// Making the things a check needs (posts, media, tickets, brief documents) through the public API, and undoing them on targets we do not control.
import fc from 'fast-check';
import type { CheckContext } from './checks/registry.ts';
import { CheckFailed, got } from './checks/registry.ts';
import { record, records, type ChannelInfo } from './discover.ts';
import type { Exchange } from './exchange.ts';
import type { KeyKind } from './target.ts';
import { createPostsBody, futureDate, textSafe, type CreatePostsBody } from './arbitraries/posts.ts';
import { imageForm } from './arbitraries/files.ts';
import { documented, type DocumentedBody } from './documented.ts';

/** The target's idea of now: the control clock when there is one, else this machine's. */
export async function targetNow(ctx: CheckContext): Promise<number> {
  if (ctx.control) return Date.parse((await ctx.control.clock()).now);
  return Date.now();
}

export async function channelsFor(ctx: CheckContext, kind: KeyKind): Promise<ChannelInfo[]> {
  const d = await ctx.discover();
  const channels = textSafe(d.workspaces[kind]?.channels ?? []);
  if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no channel a text post can go to`);
  return channels;
}

export interface CreatedPosts {
  postIds: string[];
  body: CreatePostsBody;
}

/** Create posts with a valid body; registers their deletion on an uncontrolled target. */
export async function createPosts(
  ctx: CheckContext,
  kind: KeyKind,
  type: 'draft' | 'schedule' | 'now',
  options: { channel?: ChannelInfo; days?: number; items?: [number, number]; seed?: number } = {},
): Promise<CreatedPosts> {
  const channels = options.channel ? [options.channel] : (await channelsFor(ctx, kind)).slice(0, 1);
  const now = await targetNow(ctx);
  const date = type === 'now' ? new Date(now).toISOString() : futureDate(now, options.days ?? 3, 7);
  const [body] = fc.sample(createPostsBody({ type, channels, date, items: options.items ?? [1, 1] }), { seed: options.seed ?? ctx.seed, numRuns: 1 });
  const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body });
  if (e.status !== 200 || !Array.isArray(e.responseBody)) {
    throw new CheckFailed({ operation: 'createPosts', received: got(e), documented: `200 with [{postId, integration}] for a valid ${type} post (section 2.4)`, exchanges: [e] });
  }
  const postIds = documented(e, 'createPosts', 200).map((p) => p.postId);
  for (const id of postIds) ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id }, auth: { kind } }));
  return { postIds, body: body! };
}

/** The id of the first post a 200 POST /posts answer names; the check fails when it names none. */
export function firstPostId(e: Exchange): string {
  const id = documented(e, 'createPosts', 200)[0]?.postId;
  if (id === undefined) throw new CheckFailed({ operation: 'createPosts', received: got(e), documented: '200 with one {postId, integration} per post created (section 2.4)', exchanges: [e] });
  return id;
}

/**
 * Register the deletion of every post a POST /posts answer names. Tidying only: an answer off its schema changes no
 * verdict here (the response checks report it), so it is read as far as it goes.
 */
export function cleanupCreated(ctx: CheckContext, e: Exchange, kind: KeyKind): void {
  for (const p of records(e.responseBody)) {
    const id = p.postId;
    if (typeof id === 'string') ctx.cleanup(() => ctx.api.call({ operationId: 'deletePost', path: { id }, auth: { kind } }));
  }
}

export type PostSummary = DocumentedBody<'listPosts', 200>['posts'][number];

/** The post summary of a post id, found by listing the window around its date. */
export async function findPost(ctx: CheckContext, kind: KeyKind, postId: string, around: string): Promise<PostSummary | undefined> {
  const t = Date.parse(around);
  const e = await ctx.api.read(
    { operationId: 'listPosts', auth: { kind }, query: { startDate: new Date(t - 2 * 86_400_000).toISOString(), endDate: new Date(t + 2 * 86_400_000).toISOString() } },
    `the calendar around post ${postId}`,
  );
  return documented(e, 'listPosts', 200).posts.find((p) => p.id === postId);
}

/**
 * A post sent now as the calendar shows it once the server has sent it, or when the run's publish wait is over
 * (`ctx.eventually`): still `QUEUE` then means the server had not sent it yet.
 */
export function afterSending(ctx: CheckContext, kind: KeyKind, postId: string, around: string): Promise<PostSummary | undefined> {
  return ctx.eventually(() => findPost(ctx, kind, postId, around), (p) => p !== undefined && p.state !== 'QUEUE');
}

export async function uploadImage(ctx: CheckContext, kind: KeyKind, name = 'verify-image.png'): Promise<string> {
  const e = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm(name) });
  if (e.status !== 200) {
    throw new CheckFailed({ operation: 'uploadMedia', received: got(e), documented: '200 Media for a 1x1 png (section 4.3: accepted jpeg, png, ...)', exchanges: [e] });
  }
  const { id } = documented(e, 'uploadMedia', 200);
  ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
  return id;
}

/** Mint a ticket; its token is the last path segment of `uploadUrl`. */
export async function mintTicket(ctx: CheckContext, kind: KeyKind, purpose?: string | null): Promise<{ token: string; uploadUrl: string; body: DocumentedBody<'createUploadTicket', 200> }> {
  const e = await ctx.api.call({ operationId: 'createUploadTicket', auth: { kind }, body: purpose === undefined ? undefined : { purpose } });
  if (e.status !== 200) {
    throw new CheckFailed({ operation: 'createUploadTicket', received: got(e), documented: '200 {uploadUrl, expiresInSeconds, field: "file"} (section 4.3)', exchanges: [e] });
  }
  const body = documented(e, 'createUploadTicket', 200);
  const token = decodeURIComponent(new URL(body.uploadUrl).pathname.split('/').filter(Boolean).pop() ?? '');
  return { token, uploadUrl: body.uploadUrl, body };
}

export interface BriefDocRef {
  category: string;
  key: string;
  /** Created by the suites (so deleting it is ours to do). */
  created: boolean;
  /** Whether GET /brief/schema says its category allows deleting, when it says so with a boolean. */
  deletable?: boolean;
}

/** Brief documents the suites may write: read from /brief/schema where its (unshown) item fields say, else tried. */
export async function writableBriefDocs(ctx: CheckContext, kind: KeyKind): Promise<BriefDocRef[]> {
  const e = await ctx.api.read({ operationId: 'getBriefSchema', auth: { kind } }, 'the brief registry (which documents may be written)');
  // The reference does not show a category's fields: each is read only when it has the type expected.
  const categories: Array<Record<string, unknown>> = documented(e, 'getBriefSchema', 200).categories;
  const out: BriefDocRef[] = [];
  for (const c of categories) {
    const id = c.id ?? c.key ?? c.category;
    if (typeof id !== 'string') continue;
    const docs: unknown[] = Array.isArray(c.documents) ? c.documents : [];
    const fixed = docs.map((d) => (typeof d === 'string' ? d : (record(d)?.key ?? record(d)?.id))).filter((k) => typeof k === 'string');
    const flag = c.canDelete ?? c.delete ?? c.allowDelete ?? c.deletable;
    const deletable = typeof flag === 'boolean' ? { deletable: flag } : {};
    if (fixed.length > 0) out.push({ category: id, key: String(fixed[0]), created: false, ...deletable });
    if (c.canCreate ?? c.create ?? c.allowCreate ?? c.creatable ?? fixed.length === 0) out.push({ category: id, key: `verify-${(ctx.seed >>> 0).toString(36)}`, created: true, ...deletable });
  }
  return out;
}
