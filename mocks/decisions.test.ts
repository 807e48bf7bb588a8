// Each mock decision says whether a variation proves the suites accept a server that chooses otherwise, and which,
// or why none does; a variation it names is one of the catalogue.
import { describe, expect, it } from 'vitest';
import { DECISIONS } from './decisions.ts';
import { VARIATIONS } from './http/variations.ts';

describe('mock decisions and the variations that prove another choice', () => {
  it('every decision names a variation or says why none covers it', () => {
    const unsaid = DECISIONS.filter((d) => !d.variation === !d.none || (d.none !== undefined && d.none.trim() === ''));
    expect(unsaid.map((d) => `${d.guide}: ${d.behaviour}: give it \`variation: '<name>'\` (mocks/http/variations.ts) or \`none: <why>\` (NONE in mocks/decisions.ts holds the shared reasons)`)).toEqual([]);
  });

  it('every variation a decision names is in the catalogue', () => {
    const names = new Set(VARIATIONS.map((v) => v.name));
    const unknown = DECISIONS.filter((d) => d.variation !== undefined && !names.has(d.variation));
    expect(unknown.map((d) => `${d.behaviour}: variation ${d.variation} is not in mocks/http/variations.ts`)).toEqual([]);
  });
});
