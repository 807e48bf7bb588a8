// The post lifecycle model: a deliberately simpler picture of a workspace's calendar, and the real side the commands drive.
import type fc from 'fast-check';
import type { CheckContext } from '../../checks/registry.ts';
import { CheckFailed, ensure, got, NotVerified } from '../../checks/registry.ts';
import type { ChannelInfo } from '../../discover.ts';
import type { Exchange } from '../../history.ts';
import type { KeyKind } from '../../target.ts';
import { documented } from '../../documented.ts';
import type { PostSummary } from '../../resources.ts';

/**
 * Time in the model moves in slots of six hours from the run's start. Posts sit at a slot plus at most two hours
 * (minutes and thread delays); windows start and end three hours off a slot, so no post is ever near a window's edge
 * and "in range" never depends on how the target rounds or how long a request took.
 */
export const SLOT_MS = 6 * 3_600_000;
export const EDGE_MS = 3 * 3_600_000;

/** What the reference lets us say about a post's state on the calendar (section 3). */
export type ModelState =
  /** `DRAFT`. */
  | 'draft'
  /** On the schedule, before its time: the value is not shown, but it is neither `DRAFT` nor `PUBLISHED`. */
  | 'scheduled'
  /** `PUBLISHED`. */
  | 'published'
  /**
   * A `now` post before any time has passed: "published immediately" (section 3) is read as at once or as soon as the
   * server's queue takes it: a listing reads again until it is `PUBLISHED`, for at most the publish wait, and then
   * judges it; once time passes, published.
   */
  | 'publishing'
  /** A draft whose date has passed: "transitions other than those in the table: not shown". */
  | 'unknown'
  /**
   * The post on another channel of a group whose post was moved by `PUT /posts/<id>/status`: whether a status change
   * takes the group or the post is not shown (a delete "deletes the whole group"; a status change is not said to), so
   * it is DRAFT or on the schedule, never PUBLISHED before its time; the next listing says which.
   */
  | 'draft or scheduled';

export interface ModelPost {
  /** The `postId` createPosts answered: the first post of its group, the one the calendar shows. */
  postId: string;
  /** Learned from the calendar or a delete result. */
  group?: string;
  channelId: string;
  type: 'draft' | 'schedule' | 'now';
  slot: number;
  /** The date sent (ms); for `now`, the target's now when it was sent. */
  at: number;
  /** The date the calendar must show: known for drafts and scheduled posts, not for `now` (the reference gives no date rule there). */
  exactDate: boolean;
  state: ModelState;
  /** Sent with valid settings for its channel; a draft may be saved without (section 2.9), and cannot be scheduled so. */
  settings: boolean;
}

export interface PostModel {
  /** How many slots the clock has moved since the run began. */
  slot: number;
  posts: ModelPost[];
}

export interface PostReal {
  ctx: CheckContext;
  kind: KeyKind;
  channels: ChannelInfo[];
  /** The target's now when the run began (control clock or this machine's), on a whole minute. */
  t0: number;
  /** The control clock stands still between moves (the mock's test clock); else real time runs along. */
  frozen: boolean;
  startedAt: number;
  /** Posts that were in the workspace before the run (another run's, someone else's): never judged. */
  baseline: Set<string>;
  /** Every post id this run created, for cleanup on targets the suites do not control. */
  created: string[];
}

export type PostCommand = fc.AsyncCommand<PostModel, PostReal>;

export const slotStart = (real: PostReal, slot: number) => real.t0 + slot * SLOT_MS;

/** The target's now, as the model sees it. */
export function nowOf(model: PostModel, real: PostReal): number {
  return slotStart(real, model.slot) + (real.frozen ? 0 : Date.now() - real.startedAt);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The window of slots [from, to], three hours wide of each edge. */
export function windowOf(real: PostReal, from: number, to: number): { startDate: string; endDate: string } {
  return { startDate: iso(slotStart(real, from) - EDGE_MS), endDate: iso(slotStart(real, to) + EDGE_MS) };
}

export function fail(operation: string, received: string, documented: string, exchanges: Array<Exchange | undefined>): never {
  throw new CheckFailed({ operation, received, documented, exchanges });
}

/** A 429 is the documented hourly limit, not a fault: the rest of this sequence cannot be judged. */
export function stopOnLimit(e: Exchange): void {
  if (e.status === 429) throw new NotVerified('POST /posts answered 429 (the hourly limit, section 8) before the sequence ended');
}

export function expectOk(e: Exchange, documented: string): void {
  ensure(e.status === 200, { operation: e.operationId ?? 'request', received: got(e), documented, exchanges: [e] });
}

/** Time passes for the model: what was on the schedule and is now due is published; drafts past their date are not judged. */
export function passTime(model: PostModel, real: PostReal, slots: number): void {
  model.slot += slots;
  const now = nowOf(model, real);
  for (const p of model.posts) {
    if (p.at > now) continue;
    if (p.state === 'scheduled' || p.state === 'publishing') p.state = 'published';
    else if (p.state === 'draft' || p.state === 'draft or scheduled') p.state = 'unknown';
  }
}

/** GET /posts over the slots [fromSlot, toSlot]: the answer, and its `posts` (a failure when they are not an array). */
export async function listAround(real: PostReal, fromSlot: number, toSlot: number): Promise<{ e: Exchange; posts: PostSummary[] }> {
  const e = await real.ctx.api.call({ operationId: 'listPosts', auth: { kind: real.kind }, query: windowOf(real, fromSlot, toSlot) });
  expectOk(e, '200 {posts: array of post summary} (section 4.2)');
  const { posts } = documented(e, 'listPosts', 200, (why) => fail('listPosts', got(e), `{posts: array of post summary} (section 4.2): ${why}`, [e]));
  return { e, posts };
}

/** Every slot a sequence can reach (two days back, sixteen days ahead): the baseline is read over it. */
export const SEQUENCE_SPAN: [number, number] = [-8, 64];
