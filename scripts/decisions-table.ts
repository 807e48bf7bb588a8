// The tables of the mock's decisions in docs/mock.md and the area guides, generated from mocks/decisions.ts:
// `npm run decisions:table` rewrites each between its markers, and scripts/generated-sections.test.ts fails when one is
// out of date. A guide's table has the columns its decisions fill.
import { join } from 'node:path';
import { DECISIONS, NONE, type Covered, type Decision, type Guide } from '../mocks/decisions.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

const COLUMNS: Array<[keyof Decision, string]> = [
  ['area', 'Area'],
  ['behaviour', 'Behaviour'],
  ['reference', 'The reference says'],
  ['choice', "The mock's choice"],
  ['source', 'Source'],
  ['where', 'Where to change it'],
];

/** The short label each shared reason is shown by; the legend under the table gives it whole. */
const LABELS: Record<keyof typeof NONE, string> = {
  mockOnly: "none: the mock's own",
  notAsserted: 'none: not asserted',
  readFromTarget: 'none: read from the server',
  reference: 'none: the reference fixes it',
  notYet: 'none yet',
};
const labelOf = (why: string) => (Object.keys(NONE) as Array<keyof typeof NONE>).find((k) => NONE[k] === why);

/** The variation that proves the suites accept another choice, or why there is none. */
function covered(d: Covered): string {
  if (d.variation) return `[\`${d.variation}\`](variations.md)`;
  const label = labelOf(d.none!);
  return label ? LABELS[label] : `none: ${d.none}`;
}

function table(guide: Guide): string {
  const rows = DECISIONS.filter((d) => d.guide === guide);
  const columns = COLUMNS.filter(([key]) => rows.some((d) => d[key] !== undefined));
  const used = [...new Set(rows.map((d) => (d.none === undefined ? undefined : labelOf(d.none))).filter((k) => k !== undefined))];
  return [
    `| ${columns.map(([, title]) => title).join(' | ')} | Another choice proven by |`,
    `|${columns.map(() => '---|').join('')}---|`,
    ...rows.map((d) => `| ${columns.map(([key]) => cell(d[key] ?? '')).join(' | ')} | ${cell(covered(d))} |`),
    '',
    `"Another choice proven by": the variation that makes another choice, against which the suites must find no departure, or why there is none: ${used.map((k) => `*${LABELS[k]}*: ${NONE[k]}`).join('; ')}.`,
  ].join('\n');
}

const GUIDES: Guide[] = ['mock', 'wallet', 'media', 'brief-skills-analytics-oauth'];

export const DECISIONS_TABLES: GeneratedSection[] = GUIDES.map((guide) => ({
  file: join(import.meta.dirname, '..', 'docs', `${guide}.md`),
  name: 'decisions-table',
  command: 'npm run decisions:table',
  generate: () => table(guide),
}));

if (import.meta.main) {
  for (const s of DECISIONS_TABLES) writeSection(s);
  console.log(`docs: ${DECISIONS.length} decisions written to ${GUIDES.length} guides`);
}
