// Channel and post analytics and the notifications list (reference section 4.4).
import { channelAnalytics, postAnalytics } from '../../domain/analytics.ts';
import { listNotifications } from '../../domain/notifications.ts';
import type { PublicHandlers } from '../typed.ts';
import { walletLink } from '../wallet-link.ts';


const iso = (ms: number) => new Date(ms).toISOString();

export const handlers = {
  getChannelAnalytics: (ctx) => {
    const { series, readAt } = channelAnalytics(ctx.world, ctx.ws, ctx.params.integration, String(ctx.query.date), ctx.query.fresh === 'true', ctx.env);
    return { body: series, headers: { 'X-Cached-At': iso(readAt) } };
  },

  getPostAnalytics: (ctx) => ({ body: postAnalytics(ctx.world, ctx.ws, ctx.params.postId, String(ctx.query.date), ctx.env) }),

  listNotifications: (ctx) => {
    const page = listNotifications(ctx.ws, (ctx.query.page as number | undefined) ?? 0, ctx.state.config.notificationsPageSize);
    // The domain links wallet events to the wallet page; the page for this workspace is named by its handle, which only
    // the edge keeps (wallet-link.ts), as topUpUrl and a 402's url are.
    const wallet = ctx.state.config.walletPath;
    const link = (l: string | null) => (l === wallet ? walletLink(ctx.state, ctx.ws) : l);
    return { body: { ...page, notifications: page.notifications.map((n) => ({ ...n, link: link(n.link), createdAt: iso(n.createdAt) })) } };
  },
} satisfies Partial<PublicHandlers>;
