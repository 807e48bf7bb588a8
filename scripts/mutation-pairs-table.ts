// docs/suites.md's table of the conditioned faults' score, from docs/mutation-pairs.json (written by
// `npm run mutation:pairs -- --record`; `npm run tables` rewrites the table from the file as it stands).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cell, type GeneratedSection } from './lib/generated-section.ts';

export const PAIRS_FILE = new URL('../docs/mutation-pairs.json', import.meta.url);

export interface PairOutcome {
  fault: string;
  condition: string;
  outcome: 'caught' | 'missed' | 'not reached';
  /** The checks that failed against the pair. */
  caughtBy: string[];
  /** The requests on which the condition held where the fault acts. */
  opened: number;
}

export interface PairsRecord {
  seed: number;
  runs: number;
  conditions: Array<{ name: string; description: string }>;
  pairs: PairOutcome[];
  skipped: Array<{ fault: string; why: string }>;
}

const score = (caught: number, missed: number) => (caught + missed ? `${((100 * caught) / (caught + missed)).toFixed(1)}%` : '–');

export const PAIRS_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'suites.md'),
  name: 'pairs-table',
  command: 'npm run mutation:pairs -- --record',
  generate: () => {
    if (!existsSync(PAIRS_FILE)) return '_Not recorded: run `npm run mutation:pairs -- --record`._';
    const r = JSON.parse(readFileSync(PAIRS_FILE, 'utf8')) as PairsRecord;
    const of = (o: PairOutcome['outcome'], c?: string) => r.pairs.filter((p) => p.outcome === o && (!c || p.condition === c)).length;
    const lines = [
      `Seed ${r.seed}, ${r.runs} runs per property; each fault's own checks (its \`caughtBy\`) against it. ${r.skipped.length} fault(s) act outside a request and cannot be conditioned.`,
      '',
      '| condition | what holds | caught | missed | not reached | score |',
      '|---|---|---|---|---|---|',
      ...r.conditions.map((c) => `| \`${c.name}\` | ${cell(c.description)} | ${of('caught', c.name)} | ${of('missed', c.name)} | ${of('not reached', c.name)} | ${score(of('caught', c.name), of('missed', c.name))} |`),
      `| all | | ${of('caught')} | ${of('missed')} | ${of('not reached')} | ${score(of('caught'), of('missed'))} |`,
    ];
    const missed = r.pairs.filter((p) => p.outcome === 'missed');
    if (missed.length > 0) {
      lines.push('', '**Missed pairs** (the condition held where the fault acts, and its checks passed)', '', '| fault | condition | requests it held on |', '|---|---|---|');
      for (const p of missed) lines.push(`| \`${p.fault}\` | \`${p.condition}\` | ${p.opened} |`);
    }
    return lines.join('\n');
  },
};
