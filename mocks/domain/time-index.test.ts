import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TimeIndexedMap } from './time-index.ts';

interface Rec {
  key: string;
  at: number;
}

// Ten keys over nine times: many records share a time, so runs of equal times cross chunk bounds.
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const ops = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('set' as const), key: fc.constantFrom(...KEYS), at: fc.integer({ min: 0, max: 8 }) }),
    fc.record({ op: fc.constant('delete' as const), key: fc.constantFrom(...KEYS) }),
    fc.constant({ op: 'clear' as const }),
  ),
  { maxLength: 120 },
);

describe('TimeIndexedMap', () => {
  // Load 1 and 2 split chunks every second or fourth record, so the sequences cross chunk bounds, equal times span
  // chunks and chunks empty; the default load holds these few records in one chunk.
  it.each([1, 2, 512])('between(start, end) always holds exactly the stored records in range, by time then storing order, like a scan of a plain Map (chunk load %i)', (load) => {
    fc.assert(
      fc.property(ops, fc.integer({ min: -1, max: 9 }), fc.integer({ min: -1, max: 9 }), (steps, start, end) => {
        const indexed = new TimeIndexedMap<Rec>((r) => r.at, () => 0, load);
        const plain = new Map<string, { rec: Rec; order: number }>();
        let order = 0;
        for (const s of steps) {
          if (s.op === 'set') {
            const rec = { key: s.key, at: s.at };
            indexed.set(s.key, rec);
            plain.set(s.key, { rec, order: order++ });
          } else if (s.op === 'delete') {
            expect(indexed.delete(s.key)).toBe(plain.delete(s.key));
          } else {
            indexed.clear();
            plain.clear();
          }
        }
        const expected = [...plain.values()]
          .filter(({ rec }) => rec.at >= start && rec.at <= end)
          .sort((x, y) => x.rec.at - y.rec.at || x.order - y.order)
          .map(({ rec }) => rec);
        expect(indexed.between(start, end)).toEqual(expected);
        expect(indexed.size).toBe(plain.size);
        expect([...indexed.keys()].sort()).toEqual([...plain.keys()].sort());
      }),
      { numRuns: 300 },
    );
  });
});
