// Notifications produced by what happens in a workspace (published, failed, low balance, ...), newest first when read.
import type { Env, Workspace } from './world.ts';

export interface Notification {
  id: string;
  content: string;
  link: string | null;
  createdAt: number;
}

export interface NotificationsState {
  /** Oldest first; readers reverse. */
  items: Notification[];
}

export function initNotifications(): NotificationsState {
  return { items: [] };
}

/** Record that something happened in the workspace, for `GET /notifications`. */
export function notify(ws: Workspace, env: Env, content: string, link: string | null = null): Notification {
  const item: Notification = { id: env.ids.id('ntf_'), content, link, createdAt: env.clock.now() };
  ws.notifications.items.push(item);
  return item;
}
