// docs/rules.md's table of the state combinations the checks reach, from suites/combinations.json (written by
// `npm run combinations`, which also rewrites this table; `npm run tables` rewrites it from the file as it stands).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS, allCombinations, CHANNELS, key, leftOutReason, SHAPES, TRANSITIONS, type Account, type Combination, type CombinationsMap } from '../suites/combinations.ts';
import { cell, type GeneratedSection } from './lib/generated-section.ts';

export const COMBINATIONS_FILE = new URL('../suites/combinations.json', import.meta.url);

/** What the last `npm run combinations` recorded. */
export function readRecorded(): CombinationsMap {
  return JSON.parse(readFileSync(COMBINATIONS_FILE, 'utf8')) as CombinationsMap;
}

/** Checks by the combinations they reach: key -> names. */
function byCombination(map: CombinationsMap): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [check, keys] of Object.entries(map)) for (const k of keys) out.set(k, [...(out.get(k) ?? []), check]);
  return out;
}

const abbreviation = (account: Account) => ({ paid: 'paid', 'free before top-up': 'free', 'credits enough': 'enough', 'credits short': 'short', frozen: 'frozen', 'auto top-up': 'auto' })[account];

export const COMBINATIONS_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'rules.md'),
  name: 'combinations-table',
  command: 'npm run combinations',
  generate: () => {
    const recorded = readRecorded();
    const by = byCombination(recorded);
    const lines: string[] = [];
    lines.push(`Each cell counts the checks that drive the transition from that account on that shape of post, on a charged channel / a free one; \`–\` is a combination no check reaches, listed below with why. Accounts: ${ACCOUNTS.map((a) => `${abbreviation(a)} = ${a}`).join(', ')}.`, '');
    lines.push(`| transition | account | ${SHAPES.join(' | ')} |`, `|---|---|${SHAPES.map(() => '---|').join('')}`);
    for (const transition of TRANSITIONS) {
      for (const account of ACCOUNTS) {
        const cells = SHAPES.map((shape) => CHANNELS.map((channel) => by.get(key({ transition, account, shape, channel }))?.length ?? '–').join(' / '));
        lines.push(`| ${transition} | ${abbreviation(account)} | ${cells.join(' | ')} |`);
      }
    }
    const left = allCombinations().filter((c) => !by.has(key(c)));
    const reasons = new Map<string, Combination[]>();
    for (const c of left) {
      const why = leftOutReason(c) ?? 'no reason given';
      reasons.set(why, [...(reasons.get(why) ?? []), c]);
    }
    lines.push('', '**Left out, and why**', '', '| why | combinations |', '|---|---|');
    for (const [why, cs] of reasons) lines.push(`| ${cell(why)} | ${cs.length} |`);
    lines.push('', '**What each check reaches**', '', '| check | combinations |', '|---|---|');
    for (const [check, keys] of Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b))) lines.push(`| \`${check}\` | ${keys.length} of ${allCombinations().length}: ${cell(summarise(keys))} |`);
    return lines.join('\n');
  },
};

/** A check's combinations, said short: its transitions, each with the accounts and shapes it meets. */
function summarise(keys: string[]): string {
  const per = new Map<string, { accounts: Set<string>; shapes: Set<string>; channels: Set<string> }>();
  for (const k of keys) {
    const [transition, account, shape, channel] = k.split(' | ') as [string, Account, string, string];
    const p = per.get(transition) ?? per.set(transition, { accounts: new Set(), shapes: new Set(), channels: new Set() }).get(transition)!;
    p.accounts.add(abbreviation(account));
    p.shapes.add(shape);
    p.channels.add(channel);
  }
  return [...per].map(([t, p]) => `${t} (${[...p.accounts].join(', ')}; ${[...p.shapes].join(', ')}; ${[...p.channels].join(', ')})`).join('; ');
}

