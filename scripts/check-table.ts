// docs/suites.md's table of checks, generated from the checks themselves (suites/checks/, each file's `register`): what
// each asserts is its `description`, what it rests on its `rule` and the reference sections read from it, so the table
// and the checks cannot drift. `npm run checks:table` (or `npm run regen`) rewrites it between its markers;
// scripts/generated-sections.test.ts fails when it is out of date.
import { join } from 'node:path';
import '../suites/checks/index.ts';
import { allChecks, type Check } from '../suites/checks/registry.ts';
import { sectionsOf } from '../suites/sections.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

/** What a check needs besides the target: the key kinds, and a states hook. */
function needs(c: Check): string {
  const keys = c.needs?.keys ?? [];
  const any = c.needs?.anyKey ?? [];
  return [...(keys.length ? [`${keys.join(', ')} key${keys.length > 1 ? 's' : ''}`] : []), ...(any.length ? [`a ${any.join(' or ')} key`] : []), ...(c.needs?.control ? [`a states hook (${c.needs.control})`] : [])].join('; ') || '—';
}

export function checkTable(): string {
  return [
    '| check | area | asserts | needs | sections | the rule it rests on |',
    '|---|---|---|---|---|---|',
    ...allChecks()
      .filter((c) => !c.name.startsWith('test_'))
      .map((c) => `| \`${c.name}\` | ${c.area} | ${cell(c.description)} | ${needs(c)} | ${sectionsOf(c.rule).join(', ')} | ${cell(c.rule)} |`),
  ].join('\n');
}

export const CHECK_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'suites.md'),
  name: 'check-table',
  command: 'npm run checks:table',
  generate: checkTable,
};

if (import.meta.main) {
  writeSection(CHECK_TABLE);
  console.log(`docs/suites.md: table of ${allChecks().length} checks written`);
}
