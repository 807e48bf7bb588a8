// docs/rules.md's table, generated from the rules audit (suites/rules.ts): `npm run rules:table` rewrites it between
// its markers; scripts/generated-sections.test.ts names `npm run regen` when it is out of date.
import { join } from 'node:path';
import { RULES } from '../suites/rules.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

const code = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');

export const RULES_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'rules.md'),
  name: 'rules-table',
  command: 'npm run rules:table',
  generate: () =>
    [
      '| § | the reference | mock | checks | faults that break it | another reading |',
      '|---|---|---|---|---|---|',
      // In the reference's order of sections; within one, as the audit lists them.
      ...RULES.toSorted((a, b) => Number(a.section) - Number(b.section)).map(
        (r) =>
          `| ${r.section} | ${cell(r.quote)} | \`${r.mock.file}\` ${cell(r.mock.symbol)} | ${r.checks.length ? code(r.checks) : `none: ${cell(r.noCheck ?? '')}`} | ${r.faults.length ? code(r.faults) : `none: ${cell(r.noFault ?? '')}`} | ${r.variation ? `variation \`${r.variation}\`` : cell(r.noVariation ?? '')} |`,
      ),
    ].join('\n'),
};

if (import.meta.main) {
  writeSection(RULES_TABLE);
  console.log(`docs/rules.md: ${RULES.length} rules written`);
}
