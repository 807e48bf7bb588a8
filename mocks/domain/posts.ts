// Posts: create, schedule, move, edit and delete post groups (reference sections 2.3, 2.4, 2.5, 3, 4.2, 7).
import { applySettlement, planSettlement, type BillableItem, type ReleaseReason } from './billing.ts';
import { invalid, notFound } from './errors.ts';
import { ensureBytes, ensureRoom, recordBytes } from './caps.ts';
import { inClockRange } from './clock.ts';
import { TimeIndexedMap } from './time-index.ts';
import { findChannel, providerInfo, type Channel, type Env, type Workspace, type World, type PostState, type PostImage, type Tag, type PostRow, type PostsState } from './world.ts';
import {
  checkLength,
  checkMedia,
  checkNotEmpty,
  checkSettings,
  type SettingsValidator,
  type ValueInput,
} from './post-validation.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.

const revisions = new WeakMap<PostRow, number>();

/**
 * Change a stored row in place, and count the change: rows are read-only to the type checker so that every change comes
 * through here, and a serializer that keeps each row's text (the state file) knows when to make it again.
 */
export function updateRow(row: PostRow, changes: Partial<PostRow>): void {
  Object.assign(row, changes);
  revisions.set(row, (revisions.get(row) ?? 0) + 1);
}

/** How many times `updateRow` changed this row object (0 for a new one: a replaced row is a new object). */
export const rowRevision = (row: PostRow): number => revisions.get(row) ?? 0;

export type { PostState, PostImage, Tag, PostRow, PostsState };

export function initPosts(): PostsState {
  return { rows: new TimeIndexedMap<PostRow>((r) => r.publishAt, recordBytes), groups: new Map(), nextDue: Number.POSITIVE_INFINITY, seenRows: 0 };
}

const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Reading

/**
 * Every row of a group. A group is one post on one or more channels (the entries of one `POST /posts` that name the
 * same `group`, as the service's app groups a post sent to several channels): on each channel a thread, the post and
 * its items in order (`index`). The rows come channel by channel, each thread in order.
 */
export function groupRows(ws: Workspace, group: string): PostRow[] {
  const ids = ws.posts.groups.get(group);
  if (ids) return ids.map((id) => ws.posts.rows.get(id)!).filter(Boolean);
  // Rows stored without the group index (test helpers): find them by scanning.
  return [...ws.posts.rows.values()].filter((r) => r.group === group).sort((a, b) => a.channelId.localeCompare(b.channelId) || a.index - b.index);
}

/** One channel's thread of a group: the post and its items in order. */
export function threadRows(ws: Workspace, group: string, channelId: string): PostRow[] {
  return groupRows(ws, group).filter((r) => r.channelId === channelId);
}

/** The group's row ids with this channel's thread replaced by `thread` (or left out when it is empty). */
function withThread(ws: Workspace, group: string, channelId: string, thread: string[]): string[] {
  const others = groupRows(ws, group).filter((r) => r.channelId !== channelId).map((r) => r.id);
  return [...others, ...thread];
}

/** Run a mutation that adds or removes rows without making runDue think someone else changed them. */
export function keepingSeen<T>(ws: Workspace, change: () => T): T {
  const inSync = ws.posts.rows.size === ws.posts.seenRows;
  const out = change();
  if (inSync) ws.posts.seenRows = ws.posts.rows.size;
  return out;
}

/** A post of this workspace, or the 404: another workspace's ids are never found. */
export function findPost(ws: Workspace, id: string): PostRow {
  const row = ws.posts.rows.get(id);
  if (!row) throw notFound('Post not found');
  return row;
}

export interface ListPostsQuery {
  startDate: number;
  endDate: number;
  customer?: string;
}

/** The calendar: the first post of each group whose publish date falls in [start, end], optionally one group's channels. */
export function listPosts(ws: Workspace, query: ListPostsQuery): PostRow[] {
  if (Number.isNaN(query.startDate) || Number.isNaN(query.endDate)) throw invalid('startDate and endDate must be ISO 8601 date-times');
  if (query.endDate < query.startDate) throw invalid('endDate must not be before startDate');
  const out: PostRow[] = [];
  for (const row of ws.posts.rows.between(query.startDate, query.endDate)) {
    if (row.index !== 0) continue;
    if (query.customer !== undefined && findChannel(ws, row.channelId)?.customer !== query.customer) continue;
    out.push(row);
  }
  return out.sort((a, b) => a.publishAt - b.publishAt || a.createdAt - b.createdAt);
}

// ---------------------------------------------------------------------------------------------------------------
// Creating and editing

export type CreateType = 'draft' | 'schedule' | 'now' | 'update';

export interface CreateEntryInput {
  integration: { id: string };
  group?: string;
  settings?: Record<string, unknown>;
  value: ValueInput[];
}

export interface CreatePostsInput {
  type: CreateType;
  date: string;
  shortLink: boolean;
  tags: Tag[];
  inter?: number;
  creationMethod?: 'API' | 'CLI';
  posts: CreateEntryInput[];
}

export interface CreatedPost {
  postId: string;
  integration: string;
}

interface PlannedEntry {
  channel: Channel;
  group: string;
  existing: PostRow[];
  target: 'DRAFT' | 'QUEUE';
  settings: Record<string, unknown> | null;
  items: ValueInput[];
}

/** The state an entry ends in: `update` keeps an existing group's state (field notes) and schedules a new one. */
function targetState(type: CreateType, existing: PostRow[]): 'DRAFT' | 'QUEUE' {
  if (type === 'draft') return 'DRAFT';
  if (type !== 'update') return 'QUEUE';
  return existing.some((r) => r.state === 'DRAFT') ? 'DRAFT' : 'QUEUE';
}

function billable(row: Pick<PostRow, 'id' | 'group' | 'content'>, channel: Channel): BillableItem {
  return { postId: row.id, group: row.group, provider: channel.identifier, content: row.content, occurrences: 1 };
}

/** Keep the due marker early enough for a row queued at `at`. */
export function noteDue(ws: Workspace, at: number): void {
  if (at < ws.posts.nextDue) ws.posts.nextDue = at;
}

/**
 * `POST /posts`: every entry is checked (channel, empty, settings, media, length) and the whole request priced before
 * anything is saved, so a refused request changes nothing. One group per entry unless `group` names one; an existing
 * group is edited in place, keeping the `value[].id`s it is sent.
 */
export function createPosts(
  world: World,
  ws: Workspace,
  input: CreatePostsInput,
  validateSettings: SettingsValidator,
  env: Env,
): CreatedPost[] {
  const now = env.clock.now();
  const date = input.type === 'now' ? now : Date.parse(input.date);
  if (Number.isNaN(date)) throw invalid('date must be an ISO 8601 date-time');
  // Times the mock keeps are those a scenario or state file holds (1970 to 9999): one outside would make the world unsavable.
  if (!inClockRange(date)) throw invalid('date must be from 1970-01-01 to 9999-12-31 (the times this mock keeps)');
  const seenGroups = new Set<string>();
  const planned = input.posts.map((entry, i) => planEntry(world, ws, input.type, entry, i, seenGroups, validateSettings, env));
  // Price everything before changing anything: pay for what will be queued, give back what no longer is.
  const builds = planned.map((p) => buildRows(p, date, env));
  builds.forEach((b, i) => {
    const late = b.rows.find((r) => !inClockRange(r.publishAt));
    if (late) throw invalid(`posts[${i}].value[${late.index}].delay: the item would be due after 9999-12-31, past the times this mock keeps`);
  });
  const adding = builds.reduce((n, b) => n + b.rows.filter((r) => !r.old).length - b.removed.length, 0);
  ensureRoom(world.config.caps, 'posts', ws.posts.rows.size, adding, 'posts per workspace');
  const stored = builds.map((b) => storedRows(input, b, now));
  // What the request adds in bytes: the rows it stores, less the unsent rows they replace and the rows it drops.
  let bytes = 0;
  builds.forEach((b, i) => {
    for (const row of stored[i]!) bytes += recordBytes(row) - (b.byId.get(row.id) ? recordBytes(b.byId.get(row.id)!) : 0);
    for (const r of b.removed) bytes -= recordBytes(r);
  });
  ensureBytes(world.config.caps, 'postBytes', ws.posts.rows.bytes, bytes, 'posts per workspace');
  const settlement = planSettlement(world, ws, builds.flatMap((b) => b.pay), builds.flatMap((b) => b.release), env);
  // Nothing can fail from here on.
  const created: CreatedPost[] = [];
  keepingSeen(ws, () => {
    builds.forEach((build, i) => created.push(saveGroup(ws, build, stored[i]!)));
  });
  applySettlement(world, ws, settlement, env);
  return created;
}

/** One entry checked in the field notes' order (channel, group, empty, settings, media, length): what it will become. */
function planEntry(
  world: World,
  ws: Workspace,
  type: CreateType,
  entry: CreateEntryInput,
  i: number,
  seenGroups: Set<string>,
  validateSettings: SettingsValidator,
  env: Env,
): PlannedEntry {
  const channel = findChannel(ws, entry.integration.id);
  if (!channel) throw invalid(`posts[${i}].integration: channel ${entry.integration.id} not found`);
  // A group may hold one thread per channel: entries on several channels share it, and naming it again edits the
  // thread of that channel. Two entries for the same channel and group would be two versions of one thread.
  const existing = entry.group ? threadRows(ws, entry.group, channel.id) : [];
  if (entry.group) {
    const key = `${entry.group}\n${channel.id}`;
    if (seenGroups.has(key)) throw invalid(`posts[${i}].group: group ${entry.group} is named by two entries for channel ${channel.id}; send one entry per channel, its items in its value`);
    seenGroups.add(key);
  }
  // An item id names a post to edit only within the group sent (the field notes' edit): the id of a post of another
  // group, or sent with no group, would otherwise make a new post beside it while the client believes it edited it.
  entry.value.forEach((item, j) => {
    if (item.id === undefined || existing.some((r) => r.id === item.id)) return;
    const other = ws.posts.rows.get(item.id);
    if (other && other.group === entry.group) throw invalid(`posts[${i}].value[${j}].id: post ${item.id} is on channel ${other.channelId}, not ${channel.id}; send it in that channel's entry (or leave the id out to make a new post)`);
    if (other) throw invalid(`posts[${i}].value[${j}].id: post ${item.id} is in group ${other.group}; to edit it, send "group": "${other.group}" with this entry (or leave the id out to make a new post)`);
  });
  const target = targetState(type, existing);
  const info = providerInfo(world, channel.identifier);
  const settings = entry.settings && typeof entry.settings === 'object' ? entry.settings : null;
  checkNotEmpty(entry.value);
  if (target === 'QUEUE') {
    checkSettings(channel, info, entry.settings, validateSettings, i);
    if (channel.disabled) throw invalid(`Channel ${channel.name} is disabled; enable it before scheduling to it`);
  }
  // Like the settings check, the media step is met when the post is scheduled or sent: a draft is saved to be finished.
  if (target === 'QUEUE') checkMedia(channel, info, settings, entry.value);
  checkLength(channel, info, entry.value);
  return { channel, group: entry.group ?? env.ids.id('grp_', channel.id), existing, target, settings, items: entry.value };
}

interface NewRow {
  old: PostRow | undefined;
  item: ValueInput;
  index: number;
  publishAt: number;
  id: string;
}

interface GroupBuild {
  p: PlannedEntry;
  rows: NewRow[];
  /** The group's rows as they are now, by id. */
  byId: Map<string, PostRow>;
  /** Unsent rows of the group that the edit leaves out. */
  removed: PostRow[];
  pay: BillableItem[];
  release: Array<{ postId: string; reason: ReleaseReason }>;
}

/** The rows an entry makes (thread items after their delays, kept ids reused) and what they pay or give back. */
function buildRows(p: PlannedEntry, date: number, env: Env): GroupBuild {
  const byId = new Map(p.existing.map((r) => [r.id, r]));
  const kept = new Set<string>();
  let at = date;
  const rows = p.items.map((item, index) => {
    // Whole milliseconds, as every stored time is: a delay is a number of minutes, 1.5 or 0.00001 too.
    if (index > 0) at += Math.round(Math.max(0, item.delay ?? 0) * MINUTE);
    const old = item.id !== undefined ? byId.get(item.id) : undefined;
    if (old) kept.add(old.id);
    return { old, item, index, publishAt: at, id: old?.id ?? env.ids.id('post_', p.channel.id) };
  });
  const pay: BillableItem[] = [];
  const release: GroupBuild['release'] = [];
  for (const r of rows) {
    if (r.old?.state === 'PUBLISHED') continue; // items already sent are never touched
    if (p.target === 'QUEUE') pay.push(billable({ id: r.id, group: p.group, content: r.item.content }, p.channel));
    else if (r.old?.state === 'QUEUE') release.push({ postId: r.id, reason: 'moved back to drafts' });
  }
  const removed = p.existing.filter((r) => !kept.has(r.id) && r.state !== 'PUBLISHED');
  for (const r of removed) release.push({ postId: r.id, reason: 'edited' });
  return { p, rows, byId, removed, pay, release };
}

/** The rows an entry stores, as they will be kept (items already sent are not among them: they stay as they are). */
function storedRows(input: CreatePostsInput, { p, rows }: GroupBuild, now: number): PostRow[] {
  const inter = input.inter !== undefined && input.inter > 0 ? input.inter : null;
  return rows
    .filter((r) => r.old?.state !== 'PUBLISHED')
    .map((r) => ({
      id: r.id,
      group: p.group,
      channelId: p.channel.id,
      index: 0,
      content: r.item.content,
      template: r.item.content,
      images: r.item.image.map((img) => ({ ...img })),
      settings: p.settings ? structuredClone(p.settings) : null,
      publishAt: r.publishAt,
      delayMinutes: r.index === 0 ? 0 : Math.max(0, r.item.delay ?? 0),
      state: p.target,
      releaseURL: null,
      releaseId: null,
      inter,
      tags: input.tags.map((t) => ({ value: t.value, label: t.label })),
      shortLink: input.shortLink,
      creationMethod: input.creationMethod ?? 'API',
      createdAt: r.old?.createdAt ?? now,
      publishedAt: null,
      error: null,
    }));
}

/** Write one group's rows: sent items stay, the rest are replaced, and the group's order is the request's. */
function saveGroup(ws: Workspace, { p, rows, removed }: GroupBuild, stored: PostRow[]): CreatedPost {
  for (const r of removed) ws.posts.rows.delete(r.id);
  const order: string[] = p.existing.filter((r) => r.state === 'PUBLISHED' && !rows.some((n) => n.id === r.id)).map((r) => r.id);
  for (const r of rows) order.push(r.id);
  for (const row of stored) {
    ws.posts.rows.set(row.id, row);
    if (row.state === 'QUEUE') noteDue(ws, row.publishAt);
  }
  order.forEach((id, index) => updateRow(ws.posts.rows.get(id)!, { index }));
  ws.posts.groups.set(p.group, withThread(ws, p.group, p.channel.id, order));
  return { postId: order[0]!, integration: p.channel.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Moving between draft and schedule

/** The answer of `PUT /posts/{id}/status`, whose fields the reference does not show (a type, so it fits an open object). */
export type StatusResult = {
  id: string;
  group: string;
  state: 'DRAFT' | 'QUEUE';
};

/**
 * `PUT /posts/{id}/status`: the post's whole group moves, on every channel it holds. To `schedule` the wallet must
 * cover it (402 otherwise); to `draft` its credits come back. Items already sent stay as they are; a failed group can
 * be scheduled again. A draft put on the schedule meets the settings check it skipped when it was saved (section 2.9:
 * "A field marked required must be present when the post is scheduled ... Drafts are saved without this check"): the
 * 400 names the channel and the problem, and nothing moves. `validate` is the document's check of a settings object.
 */
export function changeStatus(world: World, ws: Workspace, id: string, status: 'draft' | 'schedule', env: Env, validate?: SettingsValidator): StatusResult {
  const post = findPost(ws, id);
  const rows = groupRows(ws, post.group);
  const unsent = rows.filter((r) => r.state !== 'PUBLISHED');
  if (unsent.length === 0) throw invalid('This post is already published; only drafts and scheduled posts change status');
  if (!findChannel(ws, post.channelId)) throw notFound('Post not found');
  const to = status === 'draft' ? 'DRAFT' : 'QUEUE';
  const moving = unsent.filter((r) => r.state !== to && findChannel(ws, r.channelId));
  const channelOf = (r: PostRow) => findChannel(ws, r.channelId)!;
  if (to === 'QUEUE' && validate) {
    for (const r of moving) if (r.state === 'DRAFT') checkSettings(channelOf(r), providerInfo(world, channelOf(r).identifier), r.settings, validate, 0);
  }
  if (to === 'QUEUE') {
    // The media step a draft skipped, on the first item of each channel's thread that moves.
    for (const r of moving) if (r.state === 'DRAFT' && r.index === 0) checkMedia(channelOf(r), providerInfo(world, channelOf(r).identifier), r.settings, [{ content: r.content, image: r.images }]);
  }
  const pay = to === 'QUEUE' ? moving.map((r) => billable(r, channelOf(r))) : [];
  const release = to === 'DRAFT' ? moving.filter((r) => r.state === 'QUEUE').map((r) => ({ postId: r.id, reason: 'moved back to drafts' as const })) : [];
  const settlement = planSettlement(world, ws, pay, release, env);
  for (const r of moving) {
    updateRow(r, { state: to, error: null });
    if (to === 'QUEUE') noteDue(ws, r.publishAt);
  }
  applySettlement(world, ws, settlement, env);
  return { id: post.id, group: post.group, state: to };
}

// ---------------------------------------------------------------------------------------------------------------
// Release ids

/** `PUT /posts/{id}/release-id`: link a post to its network message again; a published post gets its URL back. */
export function setReleaseId(world: World, ws: Workspace, id: string, releaseId: string): PostRow {
  const post = findPost(ws, id);
  if (releaseId.trim() === '') throw invalid('releaseId must not be empty');
  const channel = findChannel(ws, post.channelId);
  // A new record rather than a change in place, so the posts' byte total counts the id it now carries.
  const next: PostRow = { ...post, releaseId, releaseURL: post.state === 'PUBLISHED' && channel ? releaseUrlFor(world, channel, releaseId) : post.releaseURL };
  ensureBytes(world.config.caps, 'postBytes', ws.posts.rows.bytes, recordBytes(next) - recordBytes(post), 'posts per workspace');
  ws.posts.rows.set(id, next);
  return next;
}

/**
 * `GET /posts/{id}/missing`: recent network messages that may be this post. Only a published post whose link was lost
 * (no release id) has candidates; they are derived from the post so the list is stable.
 */
export function missingReleases(world: World, ws: Workspace, id: string): Array<{ id: string; url: string; content: string; publishedAt: string }> {
  const post = findPost(ws, id);
  const channel = findChannel(ws, post.channelId);
  if (post.state !== 'PUBLISHED' || post.releaseId !== null || !channel) return [];
  const base = BigInt(`0x${[...post.id].map((c) => c.charCodeAt(0).toString(16)).join('').slice(0, 14)}`);
  const at = post.publishedAt ?? post.publishAt;
  return [0n, 1n, 2n].map((n, i) => {
    const releaseId = (base + n * 7919n).toString();
    return {
      id: releaseId,
      url: releaseUrlFor(world, channel, releaseId),
      content: i === 0 ? post.content : `${post.content.slice(0, 60)}…`,
      publishedAt: new Date(at + i * 90_000).toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Deleting

export interface DeleteResult {
  group: string;
  error: boolean;
  deletedFromPlatform: string[];
  platformErrors: Array<{ postId: string; integration: string; provider: string; message: string }>;
}

/**
 * Delete a whole group. Unsent items give back what they paid ('deleted'). A published item is only taken off the
 * calendar, unless `fromPlatform`, which also deletes it on networks that support that.
 */
export function deleteGroup(world: World, ws: Workspace, group: string, fromPlatform: boolean, env: Env): DeleteResult {
  const rows = groupRows(ws, group);
  if (rows.length === 0) throw notFound('Post group not found');
  const release = rows.filter((r) => r.state !== 'PUBLISHED').map((r) => ({ postId: r.id, reason: 'deleted' as const }));
  const settlement = planSettlement(world, ws, [], release, env);
  const result: DeleteResult = { group, error: false, deletedFromPlatform: [], platformErrors: [] };
  if (fromPlatform) {
    for (const r of rows.filter((row) => row.state === 'PUBLISHED')) {
      const channel = findChannel(ws, r.channelId);
      const provider = channel?.identifier ?? 'unknown';
      // Whether the network's API can delete a published message is the mock's (its row's deleteFromPlatform).
      if (!channel || providerInfo(world, provider).deleteFromPlatform === false) {
        result.platformErrors.push({ postId: r.id, integration: r.channelId, provider, message: `${providerInfo(world, provider).label} does not support deleting published posts` });
      } else if (channel.failing) {
        result.platformErrors.push({ postId: r.id, integration: r.channelId, provider, message: `${channel.name} could not be reached` });
      } else {
        result.deletedFromPlatform.push(r.id);
      }
    }
  }
  result.error = result.platformErrors.length > 0;
  keepingSeen(ws, () => {
    for (const r of rows) ws.posts.rows.delete(r.id);
    ws.posts.groups.delete(group);
  });
  applySettlement(world, ws, settlement, env);
  return result;
}

/** `DELETE /posts/{id}`: the group the post belongs to. */
export function deletePost(world: World, ws: Workspace, id: string, fromPlatform: boolean, env: Env): DeleteResult {
  return deleteGroup(world, ws, findPost(ws, id).group, fromPlatform, env);
}

/** Every post on a channel being disconnected: unsent ones give back what they paid. Returns the deleted post ids. */
export function deleteChannelPosts(world: World, ws: Workspace, channelId: string, env: Env): { ids: string[]; settle(): void } {
  const rows = [...ws.posts.rows.values()].filter((r) => r.channelId === channelId);
  const release = rows.filter((r) => r.state !== 'PUBLISHED').map((r) => ({ postId: r.id, reason: 'deleted' as const }));
  const settlement = planSettlement(world, ws, [], release, env);
  return {
    ids: rows.map((r) => r.id),
    settle() {
      keepingSeen(ws, () => {
        for (const r of rows) ws.posts.rows.delete(r.id);
        // A group shared with other channels keeps their threads.
        for (const group of new Set(rows.map((r) => r.group))) {
          const left = withThread(ws, group, channelId, []);
          if (left.length > 0) ws.posts.groups.set(group, left);
          else ws.posts.groups.delete(group);
        }
      });
      applySettlement(world, ws, settlement, env);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Live URLs

/**
 * A plausible address of the live message on the channel's network: its row's `releaseUrl`, with `{handle}` the
 * channel's profile (or id), `{id}` the release id and `{short}` a numeric id in base 36.
 */
export function releaseUrlFor(world: World, channel: Channel, releaseId: string): string {
  const short = /^\d{1,30}$/.test(releaseId) ? BigInt(releaseId).toString(36) : encodeURIComponent(releaseId);
  const id = encodeURIComponent(releaseId);
  const handle = encodeURIComponent(channel.profile ?? channel.id);
  const pattern = providerInfo(world, channel.identifier).releaseUrl ?? `https://social.example.com/${encodeURIComponent(channel.identifier)}/{handle}/posts/{id}`;
  const parts: Record<string, string> = { handle, id, short };
  return pattern.replace(/\{(handle|id|short)\}/g, (_, name: string) => parts[name]!);
}

/** A network message id: 19 digits, like the big networks' snowflake ids. */
export function newReleaseId(env: Env, channelId: string): string {
  const n = BigInt(`0x${env.ids.hex(8, channelId)}`) % 9_000_000_000_000_000_000n;
  return (1_000_000_000_000_000_000n + n).toString();
}
