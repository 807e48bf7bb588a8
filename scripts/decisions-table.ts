// The tables of the mock's decisions in docs/mock.md and the area guides, generated from mocks/decisions.ts:
// `npm run decisions:table` rewrites each between its markers, and scripts/generated-sections.test.ts fails when one is
// out of date. A guide's table has the columns its decisions fill.
import { join } from 'node:path';
import { DECISIONS, type Decision, type Guide } from '../mocks/decisions.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

const COLUMNS: Array<[keyof Decision, string]> = [
  ['area', 'Area'],
  ['behaviour', 'Behaviour'],
  ['reference', 'The reference says'],
  ['choice', "The mock's choice"],
  ['source', 'Source'],
  ['where', 'Where to change it'],
];

function table(guide: Guide): string {
  const rows = DECISIONS.filter((d) => d.guide === guide);
  const columns = COLUMNS.filter(([key]) => rows.some((d) => d[key] !== undefined));
  return [
    `| ${columns.map(([, title]) => title).join(' | ')} |`,
    `|${columns.map(() => '---|').join('')}`,
    ...rows.map((d) => `| ${columns.map(([key]) => cell(d[key] ?? '')).join(' | ')} |`),
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
