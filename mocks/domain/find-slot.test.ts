// find-slot as a pure function: the earliest posting time after now that no post of the workspace uses.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findSlot } from './find-slot.ts';
import type { Channel, Workspace } from './world.ts';
import type { PostRow } from './posts.ts';

const DAY = 86_400_000;
const MIN = 60_000;
const T0 = Date.parse('2026-01-05T09:00:00.000Z');

function world(taken: number[], postingTimes = [120, 400, 700]) {
  const rows = new Map<string, PostRow>(taken.map((at, i) => [`p${i}`, { id: `p${i}`, publishAt: at } as PostRow]));
  const ws = { posts: { rows } } as Workspace;
  const channel = { postingTimes } as Channel;
  return { ws, channel };
}

describe('findSlot', () => {
  it('answers today\'s next posting time, then skips taken minutes to the following day', () => {
    expect(findSlot(world([]).ws, world([]).channel, T0)).toBe(Date.parse('2026-01-05T11:40:00.000Z'));
    const { ws, channel } = world([Date.parse('2026-01-05T11:40:30.000Z')]);
    expect(findSlot(ws, channel, T0)).toBe(Date.parse('2026-01-06T02:00:00.000Z'));
  });

  it('is always a future posting time of the channel that no post uses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 }), { maxLength: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 1, maxLength: 4 }),
        (takenMinutes, times) => {
          const taken = takenMinutes.map((m) => Math.floor(T0 / DAY) * DAY + m * MIN);
          const { ws, channel } = world(taken, times);
          const slot = findSlot(ws, channel, T0);
          expect(slot).toBeGreaterThan(T0);
          expect(times).toContain(((slot % DAY) / MIN) | 0);
          expect(taken.some((t) => Math.floor(t / MIN) === slot / MIN)).toBe(false);
          // Nothing earlier would have done.
          for (let at = Math.floor(T0 / DAY) * DAY; at < slot; at += MIN) {
            if (at > T0 && times.includes(((at % DAY) / MIN) | 0)) expect(taken.some((t) => Math.floor(t / MIN) === at / MIN)).toBe(true);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
