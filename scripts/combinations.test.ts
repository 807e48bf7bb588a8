// The state combinations the checks reach (suites/combinations.ts): every combination of the dimensions is reached by a
// check or left out with why, a combination said to be impossible or left open by the reference is reached by none,
// and suites/combinations.json is what a run of the checks records now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCombinations, combinationsText, key, LEFT_OUT, leftOutReason } from '../suites/combinations.ts';
import { COMBINATIONS_FILE, readRecorded } from './combinations-table.ts';
import { recordCombinations } from './combinations.ts';

const recorded = readRecorded();
const reached = new Set(Object.values(recorded).flat());

describe('the state combinations the checks reach', () => {
  it('every combination is reached by a check, or left out with why (add a reason to LEFT_OUT in suites/combinations.ts, or a check that reaches it)', () => {
    expect(allCombinations().filter((c) => !reached.has(key(c)) && !leftOutReason(c)).map(key)).toEqual([]);
  });

  it('no combination said to be impossible, or left open by the reference, is reached by a check (the reason is then wrong, or a check drives what it cannot hold a server to)', () => {
    const wrong = allCombinations().filter((c) => reached.has(key(c)) && /^(cannot happen|open):/.test(leftOutReason(c) ?? ''));
    expect(wrong.map((c) => `${key(c)}: ${leftOutReason(c)}`)).toEqual([]);
  });

  it('every reason of LEFT_OUT stands for a combination no check reaches', () => {
    const used = new Set(allCombinations().filter((c) => !reached.has(key(c))).map((c) => leftOutReason(c)));
    expect(LEFT_OUT.filter((l) => !used.has(l.why)).map((l) => l.why)).toEqual([]);
  });

  it('every recorded combination is one of the dimensions\' (a check renamed or a dimension dropped leaves none behind)', () => {
    const known = new Set(allCombinations().map(key));
    expect([...reached].filter((k) => !known.has(k))).toEqual([]);
  });

  it('suites/combinations.json is what each check reaches now (run `npm run regen` or `npm run combinations` and commit it)', async () => {
    expect(combinationsText(await recordCombinations())).toBe(readFileSync(COMBINATIONS_FILE, 'utf8'));
  }, 180_000);
});
