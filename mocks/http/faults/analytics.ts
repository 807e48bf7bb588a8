// The fault catalogue, Analytics (section 4.4): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, takeBack, duringRequest, nowIn, onOk, workspaceOf, isSpend, segmentAt } from './helpers.ts';
import { findChannel } from '../../domain/world.ts';
import { priceItem } from '../../domain/wallet-pricing.ts';
import { updateRow } from '../../domain/posts.ts';

/** The analytics faults, in the catalogue's order. */
export const ANALYTICS: FaultDefinition[] = [
  {
    name: 'analytics-window-capped-365',
    area: 'analytics',
    description: 'GET /analytics/{integration} refuses a window over a year (`date` above 365 days back) with 400, a bound of its own: the reference gives `date` as days back with none.',
    caughtBy: ['analytics_cache'],
    operations: ['getChannelAnalytics'],
    override: () => (r, { request }) => {
      const days = Number(new URL(request.url).searchParams.get('date'));
      if (r.status !== 200 || !(days > 365)) return undefined;
      const message = 'date must be between 1 and 365 days';
      return { status: 400, headers: {}, body: { statusCode: 400, msg: message, message } };
    },
  },
  {
    name: 'analytics-never-cached',
    area: 'analytics',
    description: 'GET /analytics/{integration} reads the network on every call: X-Cached-At is always now, within the hour too.',
    caughtBy: ['analytics_cache'],
    operations: ['getChannelAnalytics'],
    override: (state) => (r, { request }) => {
      if (r.status !== 200) return undefined;
      const now = nowIn(state, workspaceOf(state, request));
      const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, k.toLowerCase() === 'x-cached-at' ? new Date(now).toISOString() : v]));
      return { ...r, headers };
    },
  },
  {
    name: 'x-reads-free',
    area: 'analytics',
    description: 'A fresh analytics read of the `x` channel on pay-as-you-go takes nothing from the wallet (and is never refused with 402): the read is charged and at once put back.',
    caughtBy: ['x_analytics_reads_charged'],
    operations: ['getChannelAnalytics'],
    override: (state) => (r, info) => {
      const { request } = info;
      const ws = workspaceOf(state, request);
      if (!ws || (r.status !== 200 && !(r.status === 402 && r.body?.wallet === true))) return undefined;
      takeBack(ws, (t) => isSpend(t) && t.actionKey === 'x.post_read' && duringRequest(state, ws, info, t.createdAt));
      if (r.status !== 402) return undefined;
      const channelId = segmentAt(request.url, -1);
      const channel = findChannel(ws, channelId);
      // Only a provider whose reads the price list prices (x.post_read) is refused for want of credits.
      if (!channel || !priceItem(state.world, `${channel.identifier}.post_read`)) return undefined;
      // The 402 came from the charge: answer as if the read were free.
      return { status: 200, headers: { ...r.headers, 'x-cached-at': new Date(nowIn(state, ws)).toISOString() }, body: [] };
    },
  },
  {
    name: 'missing-x-cached-at',
    area: 'analytics',
    description: 'GET /analytics/{integration} answers without the X-Cached-At header.',
    caughtBy: ['response_headers_conformance'],
    operations: ['getChannelAnalytics'],
    override: () => (r) => {
      const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => k.toLowerCase() !== 'x-cached-at'));
      return { ...r, headers };
    },
  },
  {
    name: 'release-id-not-kept',
    area: 'analytics',
    description: 'PUT /posts/{id}/release-id answers 200 with the id but does not store it on a post not yet published, so its analytics still answer {missing: true}.',
    caughtBy: ['post_analytics_link'],
    operations: ['setPostReleaseId'],
    override: onOk((_state, r, ws) => {
      const post = ws.posts.rows.get(r.body?.id);
      if (post && post.state !== 'PUBLISHED') updateRow(post, { releaseId: null });
      return undefined;
    }),
  },
  {
    name: 'analytics-total-null',
    area: 'analytics',
    description: 'GET /analytics/{integration} answers `total: null` for the last day of each series (today, not counted yet), where section 2.7 gives `total` a number or a string.',
    caughtBy: ['response_schema_conformance'],
    operations: ['getChannelAnalytics'],
    override: onOk((_, r) =>
      Array.isArray(r.body) && r.body.some((s: any) => s.data?.length > 0)
        ? { ...r, body: r.body.map((s: any) => ({ ...s, data: s.data.map((p: any, i: number) => (i === s.data.length - 1 ? { ...p, total: null } : p)) })) }
        : undefined,
    ),
  },
];
