// Time passing: posts whose time has come are sent, and the webhook requests to make are returned for the edge to perform.
import { applySettlement, planSettlement, type BillableItem } from './billing.ts';
import { ensureBytes, ensureRoom, recordBytes } from './caps.ts';
import { clampToClockRange, inClockRange } from './clock.ts';
import { DomainError, invalid } from './errors.ts';
import { notify } from './notifications.ts';
import { newReleaseId, noteDue, releaseUrlFor, threadRows, updateRow, type PostRow } from './posts.ts';
import { groupDeliveries, type OutboundWebhook } from './webhooks.ts';
import { findChannel, workspaceEnv, type Env, type Workspace, type World } from './world.ts';

// Built by webhooks.ts, which this module calls; the edge that sends them reads the type here, beside runDue.
export type { OutboundWebhook };

export interface TickResult {
  published: string[];
  failed: string[];
  webhooks: OutboundWebhook[];
  /** Items whose sending threw (a bug in the mock): each failed alone, for the edge to report. */
  errors: { postId: string; error: unknown }[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How long an item waits for a post it references with `(post:<id>)` before it fails (field notes: 60 minutes). */
export const REFERENCE_WAIT_MS = 60 * MINUTE;
/** Safety stop for one tick (a repeating post advanced across years makes one occurrence per pass). */
const MAX_PASSES = 100_000;

const REFERENCE = /\(post:([^)\s]+)\)/g;

export function referencedIds(content: string): string[] {
  return [...content.matchAll(REFERENCE)].map((m) => m[1]!);
}

/**
 * Items due that the sender has not reached yet (a background worker working through its queue): left queued, and
 * looked at again on the next tick.
 */
export type NotYet = (row: PostRow) => boolean;

/**
 * Publish everything due, each workspace at its own time (the world's, unless its clock was moved alone). Cheap when
 * nothing is due: each workspace keeps its next due time. `only`: these workspaces alone.
 */
export function runDue(world: World, env: Env, only?: Iterable<Workspace>, notYet?: NotYet): TickResult {
  const result: TickResult = { published: [], failed: [], webhooks: [], errors: [] };
  const worldNow = (env.world ?? env.clock).now();
  for (const ws of only ?? world.workspaces.values()) {
    const now = clampToClockRange(worldNow + ws.clockAheadMs);
    if (ws.posts.nextDue > now && ws.posts.rows.size === ws.posts.seenRows) continue;
    runWorkspace(world, ws, now, workspaceEnv(env, ws), result, notYet);
  }
  return result;
}

function runWorkspace(world: World, ws: Workspace, now: number, env: Env, result: TickResult, notYet: NotYet | undefined): void {
  let waiting = false;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const due = [...ws.posts.rows.values()]
      .filter((r) => {
        if (r.state !== 'QUEUE' || r.publishAt > now) return false;
        if (!notYet?.(r)) return true;
        waiting = true;
        return false;
      })
      .sort((a, b) => a.publishAt - b.publishAt || a.index - b.index);
    let progress = false;
    for (const row of due) {
      if (row.state !== 'QUEUE') continue; // failed with its chain earlier in this pass
      try {
        if (step(world, ws, row, now, env, result)) progress = true;
      } catch (err) {
        // A bug in the mock while sending one item. The clock runs this before every request, so left in the queue it
        // would throw again on each and turn every answer into a 500: the item fails alone, and the edge tells the bug.
        result.errors.push({ postId: row.id, error: err });
        failAlone(world, ws, row, err, env, result);
        progress = true;
      }
    }
    if (!progress) break;
  }
  // An item the sender has not reached is due still: the next tick looks again.
  ws.posts.nextDue = waiting ? now : nextDueOf(ws, now);
  ws.posts.seenRows = ws.posts.rows.size;
}

/** The earliest moment something queued needs looking at again: its time, or the end of its wait when it is blocked. */
function nextDueOf(ws: Workspace, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const r of ws.posts.rows.values()) {
    if (r.state !== 'QUEUE') continue;
    const at = r.publishAt > now ? r.publishAt : r.publishAt + REFERENCE_WAIT_MS;
    if (at < next) next = Math.max(at, now + 1);
  }
  return next;
}

/** Try to send one due item. Returns whether anything changed. */
function step(world: World, ws: Workspace, row: PostRow, now: number, env: Env, result: TickResult): boolean {
  // A thread goes out on its own channel: a group shared by several channels holds one thread on each.
  const rows = threadRows(ws, row.group, row.channelId);
  const position = rows.findIndex((r) => r.id === row.id);
  const prev = position > 0 ? rows[position - 1] : undefined;
  // A thread goes out in order: an item waits for the one before it.
  if (prev && prev.state !== 'PUBLISHED') {
    if (prev.state === 'ERROR') {
      fail(world, ws, rows.slice(position), 'The previous item of the thread was not published', env, result);
      return true;
    }
    return false;
  }
  const refs = referencedIds(row.content).map((id) => ws.posts.rows.get(id));
  const waiting = referencedIds(row.content).filter((_, i) => refs[i]?.state !== 'PUBLISHED');
  if (waiting.length > 0) {
    if (now >= row.publishAt + REFERENCE_WAIT_MS) {
      fail(world, ws, rows.slice(position), `Referenced post ${waiting[0]} was not published within 60 minutes`, env, result);
      return true;
    }
    return false;
  }
  const channel = findChannel(ws, row.channelId);
  if (!channel || channel.failing || channel.disabled) {
    const why = !channel ? 'The channel was disconnected' : channel.disabled ? `${channel.name} is disabled` : `${channel.name} refused the post`;
    fail(world, ws, rows.slice(position), why, env, result);
    return true;
  }
  // Sent: the references become live links, the item gets its network id and address.
  let content = row.content;
  for (const ref of refs) if (ref) content = content.split(`(post:${ref.id})`).join(ref.releaseURL ?? '');
  const releaseId = newReleaseId(env, channel.id);
  updateRow(row, {
    content,
    releaseId,
    releaseURL: releaseUrlFor(world, channel, releaseId),
    state: 'PUBLISHED',
    error: null,
    // When it went out on the mock's timeline: its own time, or later when it had to wait.
    publishedAt: Math.max(row.publishAt, prev?.publishedAt ?? 0, ...refs.map((r) => r?.publishedAt ?? 0)),
  });
  result.published.push(row.id);
  if (position === rows.length - 1) chainOut(world, ws, rows, env, result);
  return true;
}

/** The whole chain is out: one webhook request per covering webhook, a notification, and the next occurrence. */
function chainOut(world: World, ws: Workspace, rows: PostRow[], env: Env, result: TickResult): void {
  const first = rows[0]!;
  const channel = findChannel(ws, first.channelId);
  result.webhooks.push(...groupDeliveries(world, ws, first));
  notify(ws, env, `Your post on ${channel?.name ?? 'a channel'} was published`, first.releaseURL);
  if (first.inter !== null && first.inter > 0 && channel) queueNextOccurrence(world, ws, rows, first.inter, env);
}

/**
 * A repeating post (`inter` days) is queued again once an occurrence is out: a new group, the same items shifted by
 * `inter` days, charged for one occurrence now. When the wallet does not cover it the series stops, with a notification.
 */
function queueNextOccurrence(world: World, ws: Workspace, rows: PostRow[], inter: number, env: Env): void {
  const channel = findChannel(ws, rows[0]!.channelId)!;
  const group = env.ids.id('grp_', channel.id);
  const next: PostRow[] = rows.map((r) => ({
    ...r,
    id: env.ids.id('post_', channel.id),
    group,
    publishAt: r.publishAt + inter * DAY,
    content: r.template ?? r.content,
    images: r.images.map((i) => ({ ...i })),
    tags: r.tags.map((t) => ({ ...t })),
    settings: r.settings ? structuredClone(r.settings) : null,
    state: 'QUEUE',
    releaseURL: null,
    releaseId: null,
    publishedAt: null,
    error: null,
    createdAt: env.clock.now(),
  }));
  const pay: BillableItem[] = next.map((r) => ({ postId: r.id, group, provider: channel.identifier, content: r.content, occurrences: 1 }));
  let settlement;
  try {
    // A series grows the workspace's posts like a client's request would: it stops at the same caps, and at 9999.
    if (!next.every((r) => inClockRange(r.publishAt))) throw invalid('its date would be after 9999-12-31, past the times this mock keeps');
    ensureRoom(world.config.caps, 'posts', ws.posts.rows.size, next.length, 'posts per workspace');
    ensureBytes(world.config.caps, 'postBytes', ws.posts.rows.bytes, next.reduce((n, r) => n + recordBytes(r), 0), 'posts per workspace');
    settlement = planSettlement(world, ws, pay, [], env);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    notify(ws, env, `The next occurrence of your repeating post on ${channel.name} was not scheduled: ${err.messages[0]}`, null);
    return;
  }
  for (const row of next) {
    ws.posts.rows.set(row.id, row);
    noteDue(ws, row.publishAt);
  }
  ws.posts.groups.set(group, next.map((r) => r.id));
  applySettlement(world, ws, settlement, env);
}

/** A failed send: the item and the rest of its chain end in ERROR and give back what they paid. */
/** Fail one item whose sending threw: through the usual failure (release, notification) when that works, else plainly. */
function failAlone(world: World, ws: Workspace, row: PostRow, err: unknown, env: Env, result: TickResult): void {
  const reason = `The mock failed while publishing this item: ${(err as Error)?.message ?? String(err)}`;
  try {
    if (row.state === 'QUEUE') fail(world, ws, [row], reason, env, result);
  } catch {
    // The failure path itself threw: end the item's turn all the same.
  }
  if (row.state === 'QUEUE') {
    result.failed.push(row.id);
    updateRow(row, { state: 'ERROR', error: reason });
  }
}

function fail(world: World, ws: Workspace, rows: PostRow[], reason: string, env: Env, result: TickResult): void {
  const failing = rows.filter((r) => r.state === 'QUEUE');
  const release = failing.map((r) => ({ postId: r.id, reason: 'not published' as const }));
  let settlement;
  try {
    settlement = planSettlement(world, ws, [], release, env);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
  }
  for (const r of failing) {
    updateRow(r, { state: 'ERROR', error: reason });
    result.failed.push(r.id);
  }
  if (settlement) applySettlement(world, ws, settlement, env);
  const channel = findChannel(ws, rows[0]!.channelId);
  notify(ws, env, `Your post on ${channel?.name ?? 'a disconnected channel'} could not be published: ${reason}`, null);
}
