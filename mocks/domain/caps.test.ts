import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costBytes, heapBytes, jsonBytes, recordBytes, utf8Length } from './caps.ts';

/** What jsonBytes must always equal: the UTF-8 length of the value's serialisation. */
const serialised = (value: unknown) => utf8Length(JSON.stringify(value) ?? '');

// Strings of every kind JSON escapes or encodes differently: quotes, backslashes, control characters, DEL, accents,
// astral characters, lone surrogates of either half, and the line separators JSON leaves as they are.
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"\\\u007f\u0000\u001f\b\f\n\r\t', '\u2028\u2029', '\ud800', '\udc00x', 'x\ud83d', 'é😀'),
);
const leaf = fc.oneof(
  text,
  fc.double(),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(null, undefined, true, false, -0, NaN, Infinity, 1e21, -1e21, 999_999_999_999_999_900_000, 1767693600000),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value')), fc.dictionary(text, tie('value')), fc.object()),
}));

describe('jsonBytes', () => {
  it('property: the bytes it counts for any plain value are the bytes of its JSON', () => {
    fc.assert(fc.property(value, (v) => jsonBytes(v) === serialised(v)), { numRuns: 1000 });
  });

  it('counts what JSON leaves out or writes null as JSON does, and serialises what is not plain data', () => {
    const fn = () => 1;
    const cases: unknown[] = [
      [undefined, fn, Symbol('s'), , 1], // a hole too
      { a: undefined, b: fn, c: Symbol('s'), d: 1 },
      { a: undefined },
      Object.assign(Object.create(null), { a: 'x' }),
      new Date(0),
      { at: new Date(0) },
      { toJSON: () => 'replaced' },
      new Map([['a', 1]]),
      new (class Row { id = 'x'; })(),
      undefined,
      fn,
    ];
    cases.forEach((c, i) => expect(jsonBytes(c), `case ${i}`).toBe(serialised(c)));
  });

  it('throws where serialising throws: a bigint, a cycle', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => jsonBytes({ n: 1n })).toThrow(TypeError);
    expect(() => jsonBytes(cycle)).toThrow(TypeError);
  });

  it('counts nesting deeper than it walks by serialising it', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 200; i++) deep = i % 2 ? [deep] : { d: deep };
    expect(jsonBytes(deep)).toBe(serialised(deep));
  });

  it('leaves out a field a polluted prototype would add, as JSON does', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'yes';
    try {
      expect(jsonBytes({ a: 1 })).toBe(serialised({ a: 1 }));
    } finally {
      delete proto.polluted;
    }
  });
});

describe('a record\'s cost', () => {
  it('counts the indentation a state file writes it with, exactly (two spaces a level, at the deepest level a record sits)', () => {
    for (const v of [{ a: [1, { b: 'x' }], c: {} }, [[[[]]]], { posts: [{ a: 1 }] }, [], { s: 'é€\u0000' }]) {
      const text = JSON.stringify(v, null, 2).replaceAll('\n', `\n${' '.repeat(12)}`);
      expect(jsonBytes(v) + costBytes(v).indentation).toBe(Buffer.byteLength(text));
    }
  });

  it('counts shapes that cost the heap far more than their JSON at what V8 takes for them or more', () => {
    // Measured per shape (heapUsed after parsing 200,000 of each, node --expose-gc): the figures HEAP is built from.
    const measured: Array<[unknown, number]> = [[{}, 64], [[], 40], [[{}], 120], [[[[]]], 152], [{ a: 1, b: 2, c: 3 }, 56], ['12345', 32]];
    for (const [v, heap] of measured) expect(heapBytes([v]) - heapBytes([])).toBeGreaterThanOrEqual(heap);
    expect(recordBytes({ settings: Array.from({ length: 1000 }, () => ({})) })).toBeGreaterThanOrEqual(64_000);
  });
});
