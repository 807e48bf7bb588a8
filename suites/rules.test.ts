// The rules audit holds: each row has its parts (the reference's own words, mock code that names something in its
// file, checks that exist, faults those checks catch or a reason, a variation or a reason), and every line of an
// audited section of the reference is a row or named as no rule.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../mocks/http/faults/index.ts';
import { VARIATIONS } from '../mocks/http/variations.ts';
import { DEFAULT_REFERENCE } from '../scripts/spec-audit.ts';
import './checks/index.ts';
import { getCheck } from './checks/registry.ts';
import { AUDITED_SECTIONS, NOT_RULES, RULES } from './rules.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const present = existsSync(DEFAULT_REFERENCE);

describe('the rules audit (suites/rules.ts)', () => {
  it('each row names mock code that stands in its file, checks that exist, faults those checks catch (or why none), and a variation (or why none)', () => {
    const problems: string[] = [];
    for (const r of RULES) {
      const at = `§${r.section} "${r.quote.slice(0, 50)}"`;
      const file = `${ROOT}${r.mock.file}`;
      if (!existsSync(file) || !readFileSync(file, 'utf8').includes(r.mock.symbol)) problems.push(`${at}: ${r.mock.symbol} does not stand in ${r.mock.file}`);
      for (const c of r.checks) if (!getCheck(c)) problems.push(`${at}: no check ${c}`);
      if (r.checks.length === 0 && !r.noCheck) problems.push(`${at}: no check and no reason (noCheck)`);
      for (const f of r.faults) {
        const fault = FAULTS.find((x) => x.name === f);
        if (!fault) problems.push(`${at}: no fault ${f}`);
        else if (!fault.caughtBy.some((c) => r.checks.includes(c))) problems.push(`${at}: fault ${f} is caught by ${fault.caughtBy.join(', ')}, none of the row's checks`);
      }
      if (r.faults.length === 0 && !r.noFault) problems.push(`${at}: no fault and no reason (noFault)`);
      if (r.variation && !VARIATIONS.some((v) => v.name === r.variation)) problems.push(`${at}: no variation ${r.variation}`);
      if (!r.variation && !r.noVariation) problems.push(`${at}: no variation and no reason (noVariation)`);
    }
    expect(problems).toEqual([]);
  });

  describe.skipIf(!present)(`against the reference (${DEFAULT_REFERENCE})`, () => {
    const text = present ? readFileSync(DEFAULT_REFERENCE, 'utf8') : '';
    /** The lines of a section, from its heading to the next. */
    const section = (n: string) => {
      const lines = text.split('\n');
      const start = lines.findIndex((l) => l.startsWith(`## ${n}.`));
      const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
      return lines.slice(start + 1, end < 0 ? undefined : end);
    };

    it("every row's words are the reference's, in the section it names", () => {
      expect(RULES.concat(NOT_RULES as never[]).filter((r) => !section(r.section).some((l) => l.includes(r.quote))).map((r) => `§${r.section} "${r.quote}"`)).toEqual([]);
    });

    it.each(AUDITED_SECTIONS)('every line of section %s is a rule of the audit or named as no rule (add a row to suites/rules.ts, or to NOT_RULES with why)', (n) => {
      const quotes = [...RULES, ...NOT_RULES].filter((r) => r.section === n).map((r) => r.quote);
      const lines = section(n).filter((l) => l.trim() !== '');
      const uncovered = lines.filter((line, i) => {
        // A table's head and its separator are no sentence.
        if (/^\|[-| ]+\|$/.test(line) || /^\|[-| ]+\|$/.test(lines[i + 1] ?? '')) return false;
        if (line.startsWith('|')) return !quotes.some((q) => line.includes(q));
        // A line of prose is covered when what the quotes leave of it holds no word.
        let rest = line.replace(/^- /, '');
        for (const q of quotes) rest = rest.split(q).join('');
        return /[A-Za-z]/.test(rest);
      });
      expect(uncovered).toEqual([]);
    });
  });
});
