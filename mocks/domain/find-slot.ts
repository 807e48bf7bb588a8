// The next free posting slot: the channel's posting times (minutes after midnight UTC), skipping minutes the workspace already uses.
import { DEFAULT_POSTING_TIMES, type Channel, type Workspace } from './world.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far ahead to look before giving up and answering the first time after that (a full calendar). */
const HORIZON_DAYS = 3660;

/**
 * The earliest posting time strictly after `now` at which no post of the workspace (any channel, any state) is
 * set for that exact minute, today or on a following day (field notes' production rule).
 */
export function findSlot(ws: Workspace, channel: Channel, now: number): number {
  const taken = new Set<number>();
  for (const row of ws.posts.rows.values()) taken.add(Math.floor(row.publishAt / MINUTE));
  const times = [...new Set(channel.postingTimes.length > 0 ? channel.postingTimes : DEFAULT_POSTING_TIMES)]
    .filter((t) => t >= 0 && t < 24 * 60)
    .sort((a, b) => a - b);
  const today = Math.floor(now / DAY) * DAY;
  for (let day = 0; day <= HORIZON_DAYS; day++) {
    for (const minutes of times) {
      const at = today + day * DAY + minutes * MINUTE;
      if (at > now && !taken.has(at / MINUTE)) return at;
    }
  }
  return today + (HORIZON_DAYS + 1) * DAY + times[0]! * MINUTE;
}
