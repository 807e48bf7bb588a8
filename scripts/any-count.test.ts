// The suites read wire shapes through the generated types, so `any` stays out of suites/ (at most
// MAX_ANY, test files aside). Counted with a regex over the code once comments, strings and regex literals are blanked.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_ANY = 5;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `any` written as a type: `: any`, `any[]`, `<any>`, `as any`, `Record<string, any>`, `= any`, `[any]`, `| any`,
 * `keyof any`... Once comments and literals are blanked, the word `any` is a type unless it is a property (`.any`,
 * `any:` as a key) or part of a longer name (`anyKey`, `many`).
 */
const ANY = /(?<![\w$.])any(?![\w$])(?!\s*\??\s*:(?!:))/g;

/** `source` with comments, string and template text and regex literals replaced by spaces (newlines kept). */
export function codeOnly(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  // Open template literals, each with the depth of `{` inside its current `${...}`.
  const templates: number[] = [];
  let lastSignificant = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (templates.length > 0 && templates.at(-1)! < 0) {
      // Inside a template's text: up to its end or the next `${`.
      const start = i;
      while (i < source.length && source[i] !== '`' && !(source[i] === '$' && source[i + 1] === '{')) i += source[i] === '\\' ? 2 : 1;
      blank(start, i);
      if (source[i] === '`') {
        templates.pop();
        lastSignificant = '`';
        i++;
      } else {
        templates[templates.length - 1] = 0;
        i += 2;
        lastSignificant = '{';
      }
      continue;
    }
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      blank(i, end < 0 ? source.length : end);
      i = end < 0 ? source.length : end;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      blank(i, end < 0 ? source.length : end + 2);
      i = end < 0 ? source.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = c;
      continue;
    }
    if (c === '`') {
      templates.push(-1);
      i++;
      continue;
    }
    if (c === '/' && (lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant) || /\b(return|typeof|case|in|of)$/.test(source.slice(Math.max(0, i - 8), i).trimEnd()))) {
      // A regex literal (a division follows a value: a name, a number, `)` or `]`).
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = '/';
      continue;
    }
    if (templates.length > 0) {
      if (c === '{') templates[templates.length - 1]!++;
      else if (c === '}') {
        if (templates.at(-1) === 0) {
          templates[templates.length - 1] = -1;
          i++;
          continue;
        }
        templates[templates.length - 1]!--;
      }
    }
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return out.join('');
}

/** Every `any` type in `source`, as `line: text`. */
export function anyTypes(source: string): Array<{ line: number; text: string }> {
  const code = codeOnly(source);
  const lines = source.split('\n');
  const found: Array<{ line: number; text: string }> = [];
  for (const m of code.matchAll(ANY)) {
    const line = code.slice(0, m.index).split('\n').length;
    found.push({ line, text: lines[line - 1]!.trim() });
  }
  return found;
}

function suiteSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return suiteSources(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('`any` in suites/', () => {
  it('finds `any` written as a type, and nothing else', () => {
    const source = [
      '// any comment, with any word',
      "const s = 'any string', t = \"any\", u = `any ${x as any} text ${`nested ${y as any}`}`;",
      'const r = /any|anything/g, half = a / b / c; let d: any;',
      'let a: any; const b: any[] = [] as any[]; f<any>(); type R = Record<string, any>;',
      'type G<T = any> = T | any; const o = { any: 1, anyKey: 2, many: 3 }; o.any;',
      '/* any',
      '   any */ const z = (p: any) => p;',
    ].join('\n');
    expect(anyTypes(source).map((f) => f.line)).toEqual([2, 2, 3, 4, 4, 4, 4, 4, 5, 5, 7]);
  });

  it(`stays at ${MAX_ANY} or fewer outside test files`, () => {
    const found = suiteSources(join(ROOT, 'suites')).flatMap((file) =>
      anyTypes(readFileSync(file, 'utf8')).map((f) => `${relative(ROOT, file)}:${f.line}: ${f.text}`),
    );
    expect(
      found.length,
      `${found.length} \`any\` types in suites/ (at most ${MAX_ANY}): read answers with documented() (suites/documented.ts), record()/records() (suites/json.ts) or the generated types, and schemas as JsonSchema:\n${found.join('\n')}`,
    ).toBeLessThanOrEqual(MAX_ANY);
  });
});
