// Analytics: deterministic synthetic series per channel with a one-hour cache on the mock clock (reference 2.7, 4.4).
import { invalid, notFound } from './errors.ts';
import { applySettlement, planActions } from './billing.ts';
import type { PostRow } from './posts.ts';
import type { Channel, Env, Workspace, World, AnalyticsState } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { AnalyticsState };

export function initAnalytics(): AnalyticsState {
  return { cache: new Map(), chargedReads: new Set() };
}

export interface AnalyticsSeries {
  label: string;
  percentageChange: number;
  data: Array<{ total: number; date: string }>;
}

interface Metric {
  label: string;
  /** Typical daily value; each channel gets its own scale around it. */
  base: number;
}

/** Each network's own metric names (reference: not shown; these follow what each network calls them). */
const CHANNEL_METRICS: Record<string, Metric[]> = {
  x: [
    { label: 'Impressions', base: 1800 },
    { label: 'Likes', base: 60 },
    { label: 'Reposts', base: 12 },
    { label: 'Replies', base: 9 },
    { label: 'Followers', base: 4 },
  ],
  linkedin: [
    { label: 'Impressions', base: 900 },
    { label: 'Reactions', base: 35 },
    { label: 'Comments', base: 6 },
    { label: 'Reposts', base: 3 },
  ],
  'linkedin-page': [
    { label: 'Page Views', base: 140 },
    { label: 'Unique Visitors', base: 90 },
    { label: 'Clicks', base: 25 },
    { label: 'Followers', base: 3 },
  ],
  instagram: [
    { label: 'Reach', base: 1200 },
    { label: 'Impressions', base: 2100 },
    { label: 'Likes', base: 110 },
    { label: 'Saves', base: 14 },
    { label: 'Followers', base: 6 },
  ],
  'instagram-standalone': [
    { label: 'Reach', base: 1000 },
    { label: 'Views', base: 1900 },
    { label: 'Likes', base: 95 },
    { label: 'Followers', base: 5 },
  ],
  facebook: [
    { label: 'Page Impressions', base: 1500 },
    { label: 'Post Engagements', base: 80 },
    { label: 'Page Fans', base: 4 },
    { label: 'Video Views', base: 300 },
  ],
  threads: [
    { label: 'Views', base: 700 },
    { label: 'Likes', base: 40 },
    { label: 'Replies', base: 7 },
    { label: 'Reposts', base: 5 },
  ],
  tiktok: [
    { label: 'Video Views', base: 4000 },
    { label: 'Profile Views', base: 150 },
    { label: 'Likes', base: 320 },
    { label: 'Comments', base: 25 },
    { label: 'Shares', base: 30 },
  ],
  youtube: [
    { label: 'Views', base: 2500 },
    { label: 'Watch Time (minutes)', base: 5200 },
    { label: 'Subscribers', base: 8 },
    { label: 'Likes', base: 90 },
  ],
  discord: [
    { label: 'Messages', base: 220 },
    { label: 'Active Members', base: 45 },
    { label: 'New Members', base: 3 },
  ],
  bluesky: [
    { label: 'Likes', base: 50 },
    { label: 'Reposts', base: 10 },
    { label: 'Replies', base: 6 },
    { label: 'Followers', base: 3 },
  ],
};
const DEFAULT_METRICS: Metric[] = [
  { label: 'Impressions', base: 600 },
  { label: 'Engagements', base: 30 },
];

/** Metrics of one published post, per network; others use the default. */
const POST_METRICS: Record<string, Metric[]> = {
  x: [
    { label: 'Impressions', base: 900 },
    { label: 'Likes', base: 30 },
    { label: 'Reposts', base: 6 },
    { label: 'Replies', base: 4 },
  ],
  instagram: [
    { label: 'Reach', base: 700 },
    { label: 'Likes', base: 60 },
    { label: 'Comments', base: 5 },
    { label: 'Saves', base: 8 },
  ],
  tiktok: [
    { label: 'Views', base: 2500 },
    { label: 'Likes', base: 200 },
    { label: 'Comments', base: 15 },
    { label: 'Shares', base: 18 },
  ],
  youtube: [
    { label: 'Views', base: 1200 },
    { label: 'Likes', base: 45 },
    { label: 'Comments', base: 6 },
  ],
};
const DEFAULT_POST_METRICS: Metric[] = [
  { label: 'Impressions', base: 500 },
  { label: 'Likes', base: 20 },
  { label: 'Comments', base: 3 },
  { label: 'Shares', base: 2 },
];

const DAY = 24 * 60 * 60 * 1000;
/** The longest window the mock synthesises (reference: days back, for example 7, 30, 90). */
export const MAX_DAYS = 365;

/** FNV-1a 32-bit: a stable hash, so the same channel, metric and day always give the same number. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
const unit = (text: string) => hash(text) / 0x100000000;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `date` as the reference takes it: a whole number of days back. */
export function parseDays(date: string): number {
  if (!/^\d+$/.test(date.trim())) throw invalid('date must be a whole number of days back, for example 7, 30 or 90');
  const days = Number(date.trim());
  if (days < 1 || days > MAX_DAYS) throw invalid(`date must be between 1 and ${MAX_DAYS} days`);
  return days;
}

/** The full-day value of a metric on a day: a weekly rhythm and noise around the seed's own scale. */
function dailyValue(seed: string, metric: Metric, day: string): number {
  const scale = 0.5 + unit(`${seed}|${metric.label}|scale`);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const rhythm = weekday === 0 || weekday === 6 ? 0.75 : 1.05;
  const noise = 0.7 + 0.6 * unit(`${seed}|${metric.label}|${day}`);
  return Math.round(metric.base * scale * rhythm * noise);
}

/** Series over the `days` UTC days ending on the day of `readAt`; today's value counts only the hours elapsed. */
function series(seed: string, metrics: Metric[], days: number, readAt: number, since?: number): AnalyticsSeries[] {
  const today = Date.parse(`${isoDay(readAt)}T00:00:00Z`);
  const elapsed = (readAt - today) / DAY;
  const first = since === undefined ? today - (days - 1) * DAY : Math.max(today - (days - 1) * DAY, Date.parse(`${isoDay(since)}T00:00:00Z`));
  return metrics.map((metric) => {
    const data: Array<{ total: number; date: string }> = [];
    for (let t = first; t <= today; t += DAY) {
      const day = isoDay(t);
      const full = dailyValue(seed, metric, day);
      data.push({ total: t === today ? Math.floor(full * elapsed) : full, date: day });
    }
    // Change against the same number of days just before the window (complete days on both sides).
    let current = 0;
    let previous = 0;
    for (let i = 0; i < days; i++) {
      current += dailyValue(seed, metric, isoDay(today - (i + 1) * DAY));
      previous += dailyValue(seed, metric, isoDay(today - (days + i + 1) * DAY));
    }
    const percentageChange = previous === 0 ? 0 : Math.round(((current - previous) / previous) * 10000) / 100;
    return { label: metric.label, percentageChange, data };
  });
}

/** Whether a read is paid from the wallet: fresh reads on a free-plan workspace for the channel whose provider is `x`. */
function chargedProvider(ws: Workspace, provider: string): boolean {
  return ws.plan === 'free' && provider === 'x';
}

/** Published posts of a channel whose reads are not yet charged today. */
function unchargedPosts(ws: Workspace, channelId: string, since: number, day: string): PostRow[] {
  const out: PostRow[] = [];
  for (const row of ws.posts.rows.values()) {
    if (row.channelId !== channelId || row.state !== 'PUBLISHED' || row.index !== 0) continue;
    if ((row.publishedAt ?? row.publishAt) < since) continue;
    if (!ws.analytics.chargedReads.has(`${row.id}:${day}`)) out.push(row);
  }
  return out;
}

/** Price and take `x.post_read` for these posts (throws the 402 first, changing nothing). */
function chargeReads(world: World, ws: Workspace, posts: PostRow[], reference: string, env: Env): void {
  if (posts.length === 0) return;
  const settlement = planActions(world, ws, [{ actionKey: 'x.post_read', quantity: posts.length, reference, description: 'Analytics read' }], env);
  applySettlement(world, ws, settlement, env);
  const day = isoDay(env.clock.now());
  for (const post of posts) ws.analytics.chargedReads.add(`${post.id}:${day}`);
}

/**
 * `GET /analytics/{integration}`: the numbers as last read, re-read when the hour is up or `fresh` asks
 * (ignored on a paid plan). A fresh read on `x` on the free plan is charged per post read (`x.post_read`).
 */
export function channelAnalytics(
  world: World,
  ws: Workspace,
  channelId: string,
  date: string,
  fresh: boolean,
  env: Env,
): { series: AnalyticsSeries[]; readAt: number } {
  const channel: Channel | undefined = ws.channels.find((c) => c.id === channelId);
  if (!channel) throw notFound('Channel not found');
  const days = parseDays(date);
  const now = env.clock.now();
  const key = `${channel.id}:${days}`;
  const cachedAt = ws.analytics.cache.get(key);
  const wantsFresh = fresh && ws.plan !== 'paid';
  const valid = cachedAt !== undefined && now - cachedAt < world.config.analyticsCacheSeconds * 1000;
  let readAt: number;
  if (valid && !wantsFresh) {
    readAt = cachedAt;
  } else {
    if (wantsFresh && chargedProvider(ws, channel.identifier)) {
      chargeReads(world, ws, unchargedPosts(ws, channel.id, now - days * DAY, isoDay(now)), channel.id, env);
    }
    ws.analytics.cache.set(key, now);
    readAt = now;
  }
  return { series: series(channel.id, CHANNEL_METRICS[channel.identifier] ?? DEFAULT_METRICS, days, readAt), readAt };
}

/**
 * `GET /analytics/post/{postId}`: read live. `{missing: true}` while the post has no release id (not linked to its
 * network message); series from its publication day otherwise. A read of an `x` post on the free plan is charged
 * once per post per UTC day.
 */
export function postAnalytics(
  world: World,
  ws: Workspace,
  postId: string,
  date: string,
  env: Env,
): AnalyticsSeries[] | { missing: true } {
  const post = ws.posts.rows.get(postId);
  if (!post) throw notFound('Post not found');
  const days = parseDays(date);
  if (!post.releaseId) return { missing: true };
  const channel = ws.channels.find((c) => c.id === post.channelId);
  const provider = channel?.identifier ?? 'other';
  const now = env.clock.now();
  if (chargedProvider(ws, provider) && !ws.analytics.chargedReads.has(`${post.id}:${isoDay(now)}`)) {
    chargeReads(world, ws, [post], post.id, env);
  }
  const since = post.publishedAt ?? post.publishAt;
  if (since > now) return [];
  return series(`${post.id}|${post.releaseId}`, POST_METRICS[provider] ?? DEFAULT_POST_METRICS, days, now, since);
}
