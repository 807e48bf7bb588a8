// Tables that are data are generated from their source; each one in the docs must be what its source gives now.
import { describe, expect, it } from 'vitest';
import { documented, generated, type GeneratedSection } from './lib/generated-section.ts';
import { DECISIONS_TABLES } from './decisions-table.ts';
import { PERF_TABLES } from './perf-tables.ts';
import { STATES_TABLE } from './states-table.ts';
import { HOSTILE_TABLE } from './hostile-round.ts';

const SECTIONS: GeneratedSection[] = [STATES_TABLE, ...DECISIONS_TABLES, ...PERF_TABLES, HOSTILE_TABLE];

describe('generated sections', () => {
  it.each(SECTIONS.map((s) => [s.name, s] as const))('%s in the docs is what its source generates (run its command when this fails)', (_name, section) => {
    expect(documented(section), `${section.file} has no ${section.name} markers`).toBeDefined();
    expect(documented(section)).toBe(generated(section));
  });
});
