// JSON bodies are parsed as secure-json-parse parses them (prototype keys removed), whichever path the text takes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import secureJson from 'secure-json-parse';
import { parseJson } from './body.ts';

const secure = (text: string) => secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });

describe('parseJson', () => {
  it.each([
    ['a plain key', '{"__proto__":{"polluted":true},"a":1}'],
    ['an escaped key', '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true},"a":1}'],
    ['a constructor.prototype', '{"constructor":{"prototype":{"polluted":true}},"a":1}'],
    ['an escaped constructor', '{"\\u0063onstructor":{"prototype":{"polluted":true}}}'],
    ['deep inside', '{"posts":[{"settings":{"__proto__":{"polluted":true}}}]}'],
  ])('%s is removed, and nothing is polluted', (_, text) => {
    const parsed = parseJson(text);
    expect(parsed).toEqual(secure(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(parsed)).not.toContain('polluted');
  });

  it('property: any JSON text parses to what secure-json-parse gives', () => {
    const keys = fc.constantFrom('a', 'proto', '__proto__', 'constructor', 'prototype', 'x\\u0041', 'é');
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), fc.dictionary(keys, tie('node'), { maxKeys: 3 }), fc.array(tie('node'), { maxLength: 3 })),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (v, escape) => {
        let text = JSON.stringify(v) ?? 'null';
        // Now and then write every underscore as an escape, the spelling a pollution attempt hides behind.
        if (escape) text = text.replaceAll('_', '\\u005f');
        expect(parseJson(text)).toEqual(secure(text));
      }),
      { numRuns: 3000 },
    );
  });
});
