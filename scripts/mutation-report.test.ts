// The report's markdown tables: a file's score against an earlier report's, and each undetected mutant counted once, in its class or as not explained.
import { describe, expect, it } from 'vitest';
import { markdownTables, type MutationReport } from './mutation-report.ts';

const source = ["export function releaseUrlFor(channel: string): string {", "  return `https://x.com/${channel}`;", '}', 'export function somethingNew(): number {', '  return 1 + 1;', '}'].join('\n');
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
