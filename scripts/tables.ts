// Every table of the docs that is data, each generated from its source: `npm run tables` rewrites them all (each also
// has its own command, named in its markers); `npm run regen` runs this with the other generators, and
// scripts/generated-sections.test.ts fails, naming `npm run regen`, when one is out of date.
import { writeSection, type GeneratedSection } from './lib/generated-section.ts';
import { CHECK_TABLE } from './check-table.ts';
import { OPTIONS_TABLE } from './config-table.ts';
import { DECISIONS_TABLES } from './decisions-table.ts';
import { FAULT_TABLE } from './fault-table.ts';
import { OPERATION_TABLE } from './operation-table.ts';
import { PERF_TABLES } from './perf-tables.ts';
import { PROVIDER_TABLE } from './provider-table.ts';
import { STATES_TABLE } from './states-table.ts';
import { VARIATION_TABLE } from './variation-table.ts';
import { HOSTILE_TABLE } from './hostile-round.ts';
import { RULES_TABLE } from './rules-table.ts';
import { COMBINATIONS_TABLE } from './combinations-table.ts';
import { PAIRS_TABLE } from './mutation-pairs-table.ts';

export const TABLES: GeneratedSection[] = [CHECK_TABLE, FAULT_TABLE, VARIATION_TABLE, OPTIONS_TABLE, OPERATION_TABLE, PROVIDER_TABLE, STATES_TABLE, ...DECISIONS_TABLES, ...PERF_TABLES, HOSTILE_TABLE, RULES_TABLE, COMBINATIONS_TABLE, PAIRS_TABLE];

if (import.meta.main) {
  for (const s of TABLES) writeSection(s);
  console.log(`docs: ${TABLES.length} generated tables written`);
}
