// What a row of the rules audit (suites/rules.ts) holds, in a file of its own so that the section files can share it.

export interface Rule {
  /** The reference's section. */
  section: string;
  /** Its words, exactly as the reference writes them (a table row is quoted by the words that make it a rule). */
  quote: string;
  /** Where the mock enforces it: a file of this repository and a name that stands in it. */
  mock: { file: string; symbol: string };
  /** The checks that assert it; none only with `noCheck`. */
  checks: string[];
  noCheck?: string;
  /** The faults of the catalogue that break this rule; none only with `noFault`. */
  faults: string[];
  noFault?: string;
  /** The variation that makes another legal choice here, or why there is none. */
  variation?: string;
  noVariation?: string;
}

/** The reason rows share most for having no variation. */
export const FIXED = 'the reference fixes it: another choice is a departure, not a reading';

/** A line of an audited section that is no rule of behaviour, with why. */
export interface NotRule {
  section: string;
  quote: string;
  why: string;
}
