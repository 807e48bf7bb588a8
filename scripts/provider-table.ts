// docs/mock.md's provider table, generated from the mock's catalogue (fixtures/providers.json) and the document's
// settings schemas so the three cannot drift: `npm run providers:table` rewrites it between its markers;
// scripts/generated-sections.test.ts fails, naming `npm run regen`, when it is out of date.
import { join } from 'node:path';
import { bundledFixtures } from '../fixtures/bundled.ts';
import { documentedProviders } from '../suites/provider-settings.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

function media(rule: { needs: string; when?: Record<string, string> } | undefined): string {
  if (!rule) return 'no';
  const when = Object.entries(rule.when ?? {}).map(([k, v]) => `${k} ${v}`);
  return `${rule.needs === 'video' ? 'a photo or video (on the network, a video)' : 'a photo or video'}${when.length ? ` when ${when.join(', ')}` : ''}`;
}

export const PROVIDER_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'mock.md'),
  name: 'provider-table',
  command: 'npm run providers:table',
  generate: () => {
    const rows = bundledFixtures().providers;
    const documented = documentedProviders();
    return [
      '| provider | label | max length | a link counts | first item needs | deletes a published post | settings (document) | helpers |',
      '|---|---|---|---|---|---|---|---|',
      ...Object.entries(rows).map(([id, row]) => {
        const settings = documented.get(id);
        const fields = settings ? `\`${settings.schemaName}\`${settings.required.length ? `, required ${settings.required.map((f) => `\`${f}\``).join(', ')}` : ''}` : 'not described (`__type` only)';
        const helpers = row.tools.map((t) => `\`${t.methodName}\``).join(', ') || '—';
        return `| \`${id}\` | ${cell(row.label)} | ${row.maxLength} | ${row.linkLength === undefined ? 'as written' : `${row.linkLength} characters`} | ${media(row.media)} | ${row.deleteFromPlatform === false ? 'no' : 'yes'} | ${fields} | ${helpers} |`;
      }),
    ].join('\n');
  },
};

if (import.meta.main) {
  writeSection(PROVIDER_TABLE);
  console.log(`docs/mock.md: provider table of ${Object.keys(bundledFixtures().providers).length} providers written`);
}
