// Analytics: deterministic synthetic series per channel with a one-hour cache on the mock clock (reference 2.7, 4.4).
import { invalid, notFound } from './errors.ts';
import { applySettlement, planActions } from './billing.ts';
import type { PostRow } from './posts.ts';
import { priceItem } from './wallet-pricing.ts';
import { providerInfo, type Channel, type Env, type ProviderMetric, type Workspace, type World, type AnalyticsState } from './world.ts';

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

type Metric = ProviderMetric;

const DEFAULT_METRICS: Metric[] = [
  { label: 'Impressions', base: 600 },
  { label: 'Engagements', base: 30 },
];

/** Each network's own metric names are its row's `metrics` and `postMetrics` (reference: not shown); others use these. */
const DEFAULT_POST_METRICS: Metric[] = [
  { label: 'Impressions', base: 500 },
  { label: 'Likes', base: 20 },
  { label: 'Comments', base: 3 },
  { label: 'Shares', base: 2 },
];

const DAY = 24 * 60 * 60 * 1000;
/**
 * The days of history the synthetic network keeps. The reference gives `date` as days back ("for example 7, 30, 90")
 * with no bound, so a longer window is taken, not refused, and answers the days kept: a client cannot make the mock
 * synthesise (or cache under) a window of its choosing however long.
 */
export const NETWORK_HISTORY_DAYS = 3650;

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

/** `date` as the reference takes it: a whole number of days back, at least one; the window read is at most the history kept. */
export function parseDays(date: string): number {
  if (!/^\d+$/.test(date.trim())) throw invalid('date must be a whole number of days back, for example 7, 30 or 90');
  const days = Number(date.trim());
  if (days < 1) throw invalid('date must be at least 1 day back, for example 7, 30 or 90');
  return Math.min(days, NETWORK_HISTORY_DAYS);
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

/** Whether a read is paid from the wallet: fresh reads on a free-plan workspace of a provider whose reads the price list prices (`x.post_read`). */
function chargedProvider(world: World, ws: Workspace, provider: string): boolean {
  return ws.plan === 'free' && priceItem(world, readKey(provider)) !== undefined;
}

/** The priced action of reading one post's numbers on a provider. */
const readKey = (provider: string) => `${provider}.post_read`;

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

/** Price and take `<provider>.post_read` for these posts (throws the 402 first, changing nothing). */
function chargeReads(world: World, ws: Workspace, provider: string, posts: PostRow[], reference: string, env: Env): void {
  if (posts.length === 0) return;
  const settlement = planActions(world, ws, [{ actionKey: readKey(provider), quantity: posts.length, reference, description: 'Analytics read' }], env);
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
    if (wantsFresh && chargedProvider(world, ws, channel.identifier)) {
      chargeReads(world, ws, channel.identifier, unchargedPosts(ws, channel.id, now - days * DAY, isoDay(now)), channel.id, env);
    }
    ws.analytics.cache.set(key, now);
    readAt = now;
  }
  return { series: series(channel.id, providerInfo(world, channel.identifier).metrics ?? DEFAULT_METRICS, days, readAt), readAt };
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
  if (chargedProvider(world, ws, provider) && !ws.analytics.chargedReads.has(`${post.id}:${isoDay(now)}`)) {
    chargeReads(world, ws, provider, [post], post.id, env);
  }
  const since = post.publishedAt ?? post.publishAt;
  if (since > now) return [];
  return series(`${post.id}|${post.releaseId}`, providerInfo(world, provider).postMetrics ?? DEFAULT_POST_METRICS, days, now, since);
}
