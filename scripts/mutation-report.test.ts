// The report's markdown tables: a file's score against an earlier report's, and each undetected mutant counted once, in its class or as not explained.
import { describe, expect, it } from 'vitest';
import { formatReport, markdownTables, rulesListing, type MutationReport } from './mutation-report.ts';

const source = ["export function releaseUrlFor(channel: string): string {", "  return pattern.replace('{handle}', channel);", '}', 'export function somethingNew(): number {', '  return 1 + 1;', '}'].join('\n');
const at = (line: number, from: number, to: number) => ({ start: { line, column: from }, end: { line, column: to } });
const report = (statuses: Array<'Killed' | 'Survived' | 'NoCoverage'>): MutationReport => ({
  files: {
    'mocks/domain/posts.ts': {
      source,
      mutants: [
        { id: '1', mutatorName: 'StringLiteral', replacement: '``', status: statuses[0]!, location: at(2, 10, 36) },
        { id: '2', mutatorName: 'ArithmeticOperator', replacement: '1 - 1', status: statuses[1]!, location: at(5, 10, 15) },
        { id: '3', mutatorName: 'BlockStatement', replacement: '{}', status: statuses[2]!, location: at(4, 43, 6) },
      ],
    },
  },
});

describe('markdownTables', () => {
  it('gives the score now and before, what is left undetected, and sorts it into classes or not explained', () => {
    const out = markdownTables(report(['Survived', 'Survived', 'Killed']), report(['Survived', 'Survived', 'NoCoverage']));
    // Before: nothing detected of three; now one. The release URL is made-up data; 1 + 1 in a function no rule names is not.
    expect(out).toContain('| `mocks/domain/posts.ts` | 3 | 0.0 % | 33.3 % | 2 (0) | 1 | 1 |');
    expect(out).toContain('| all | 3 | 0.0 % | 33.3 % | 2 (0) | 1 | 1 |');
    expect(out).toMatch(/\| `made-up` \| made-up: .* \| 1 \| posts 1 \|/);
    expect(out).not.toContain('`redundant`');
  });
});

describe('rulesListing', () => {
  const wallet = [
    'export function autoTopUpUsedThisMonth(ws: Workspace, now: number): number {',
    "    if (tx.type === 'AUTO_TOPUP' && tx.createdAt >= monthStart && tx.createdAt <= now) used += tx.currencyAmount ?? 0;",
    '}',
  ].join('\n');
  const withGap: MutationReport = {
    files: {
      ...report(['Survived', 'Survived', 'Killed']).files,
      'mocks/domain/wallet.ts': { source: wallet, mutants: [{ id: '9', mutatorName: 'ConditionalExpression', replacement: 'true', status: 'Survived', location: at(2, 37, 63) }] },
    },
  };

  it('lists each class\'s rules that took a mutant, with why, then the mutants; contract rules first, as gaps', () => {
    const out = rulesListing(withGap);
    expect(out.indexOf('[contract]')).toBeLessThan(out.indexOf('[made-up]'));
    expect(out).toMatch(/\[contract\] contract: 1 mutant\(s\) — gaps/);
    expect(out).toContain('[killed by auto_top_up_allowance_renews_monthly] (1)');
    expect(out).toContain('wallet.ts:2:37  tx.createdAt >= monthStart  →  true');
    expect(out).toMatch(/posts\.ts releaseUrlFor line .* — the address form per network .* \(1\)/);
    expect(out).toContain('posts.ts:2:10');
    // 1 + 1 in a function no rule names is in no rule's list.
    expect(out).not.toContain('1 + 1');
  });

  it('counts a contract rule\'s mutant as not explained', () => {
    expect(markdownTables(withGap)).toContain('| `mocks/domain/wallet.ts` | 1 | — | 0.0 % | 1 (0) | 0 | 1 |');
    expect(formatReport(withGap)).toContain('[contract: a gap]');
  });
});
