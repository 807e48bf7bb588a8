import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomIds, seededIds } from './ids.ts';

/** A byte source that counts: byte i of the stream is i mod 256, so reuse or skipping shows in the output. */
function countingSource() {
  let next = 0;
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    bytes: (n: number) => {
      calls++;
      return Uint8Array.from({ length: n }, () => next++ % 256);
    },
  };
}

describe('ids', () => {
  it('random ids are the prefix and 24 lowercase letters or digits, and 20,000 of them never repeat', () => {
    const ids = randomIds((n) => randomBytes(n));
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = ids.id('post_');
      expect(id).toMatch(/^post_[a-z0-9]{24}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
  });

  it('property: the pooled source never hands out a random byte twice, whatever sizes are asked', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 8, max: 5000 }), { minLength: 1, maxLength: 40 }), (sizes) => {
        const drawn: Buffer[] = [];
        const ids = randomIds((n) => {
          const b = randomBytes(n);
          drawn.push(b);
          return b;
        });
        const handed = sizes.map((n) => Buffer.from(ids.hex(n), 'hex'));
        // Each answer is found where it was drawn (8 random bytes and more are unique in a few hundred kB), and no two
        // answers share a byte.
        const stream = Buffer.concat(drawn);
        const spans = handed.map((chunk) => [stream.indexOf(chunk), chunk.length] as const).sort((a, b) => a[0] - b[0]);
        if (spans.some(([at]) => at < 0)) return false;
        for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![0] + spans[i - 1]![1]) return false;
        return drawn.length <= sizes.length;
      }),
      { numRuns: 200 },
    );
  });

  it('the pooled source asks the generator once for many ids, not once per id', () => {
    const source = countingSource();
    const ids = randomIds(source.bytes);
    for (let i = 0; i < 1000; i++) ids.id('grp_');
    expect(source.calls).toBeLessThan(30);
  });

  it('seeded ids replay exactly', () => {
    const a = seededIds(7);
    const b = seededIds(7);
    expect([a.id('x_'), a.hex(16), a.alnum(10)]).toEqual([b.id('x_'), b.hex(16), b.alnum(10)]);
  });
});
