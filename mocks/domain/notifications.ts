// Notifications produced by what happens in a workspace (published, failed, low balance, ...), newest first when read.
import type { Env, Workspace, Notification, NotificationsState } from './world.ts';
import { keepNewest } from './caps.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { Notification, NotificationsState };

export function initNotifications(): NotificationsState {
  return { items: [] };
}

/** Record that something happened in the workspace, for `GET /notifications`. */
export function notify(ws: Workspace, env: Env, content: string, link: string | null = null): Notification {
  const item: Notification = { id: env.ids.id('ntf_', ws.id), content, link, createdAt: env.clock.now() };
  ws.notifications.items.push(item);
  keepNewest(ws.notifications.items, ws.config.caps.notifications);
  return item;
}

export interface NotificationsPage {
  notifications: Array<{ id: string; content: string; link: string | null; createdAt: number }>;
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

/** One page of notifications, newest first, pages from 0 (the answer's shape follows the production service). */
export function listNotifications(ws: Workspace, page: number, limit: number): NotificationsPage {
  const items = ws.notifications.items;
  const total = items.length;
  const newestFirst: Notification[] = [];
  // Walk back from the end instead of copying and reversing every item: only one page is needed.
  for (let i = total - 1 - page * limit; i >= 0 && newestFirst.length < limit; i--) newestFirst.push(items[i]!);
  return {
    notifications: newestFirst.map((n) => ({ ...n })),
    total,
    page,
    limit,
    hasMore: (page + 1) * limit < total,
  };
}
