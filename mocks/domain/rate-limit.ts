// The hourly `POST /posts` limit per workspace (reference section 8): every request counts, accepted or not.
import { rateLimited } from './errors.ts';
import type { Workspace } from './world.ts';

const HOUR = 60 * 60_000;

/** Count this request in the rolling hour; past `limit` requests the answer is 429. */
export function admitPostRequest(ws: Workspace, now: number, limit: number): void {
  const since = now - HOUR;
  let drop = 0;
  while (drop < ws.postRequests.length && ws.postRequests[drop]! <= since) drop++;
  if (drop > 0) ws.postRequests.splice(0, drop);
  ws.postRequests.push(now);
  // Whether more than `limit` fell within the hour depends on the newest limit + 1 alone: a client that keeps
  // sending is refused as long as it should be, and the list stays that short.
  if (ws.postRequests.length > limit + 1) ws.postRequests.splice(0, ws.postRequests.length - limit - 1);
  // Refused requests count too: the next one is admitted once all but limit - 1 of these limit + 1 have left the
  // hour, at the second oldest's time plus an hour, if nothing else is sent meanwhile. Whole seconds, rounded up.
  if (ws.postRequests.length > limit) {
    const frees = (ws.postRequests[ws.postRequests.length - limit] ?? now) + HOUR;
    throw rateLimited(Math.max(1, Math.ceil((frees - now) / 1000)));
  }
}
