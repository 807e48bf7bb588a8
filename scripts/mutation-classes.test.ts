// The survivor classes: a text the contract quotes is never explained away as a message, and a mutant no rule names stays unexplained.
import { describe, expect, it } from 'vitest';
import { classify, CLASSES, isUnpinnedMessage, RULES } from './mutation-classes.ts';

describe('mutation survivor classes', () => {
  it('calls a refusal text the reference does not quote a message, and one it quotes not', () => {
    expect(isUnpinnedMessage('StringLiteral', "  if (rows.length === 0) throw notFound('Post group not found');", "'Post group not found'")).toBe(true);
    // Section 7 pins both; spec/openapi.yaml quotes them outside its examples.
    expect(isUnpinnedMessage('StringLiteral', 'export const TOO_LONG_MESSAGE = invalid(', "'post is too long, please fix it'")).toBe(false);
    expect(isUnpinnedMessage('StringLiteral', '  throw invalid(EMPTY);', "'Your post should have at least one character or one image.'")).toBe(false);
    // Not a string, or not on a line that builds a text for a person.
    expect(isUnpinnedMessage('ConditionalExpression', "throw notFound('Post not found')", 'x')).toBe(false);
    expect(isUnpinnedMessage('StringLiteral', "  if (post.state === 'PUBLISHED') return;", "'PUBLISHED'")).toBe(false);
  });

  it('leaves a mutant no rule names unexplained, and every rule names a known class', () => {
    const lines = ['export function somethingNew(): number {', '  return 1 + 1;', '}'];
    expect(classify('mocks/domain/posts.ts', lines, { mutatorName: 'ArithmeticOperator', replacement: '1 - 1', location: { start: { line: 2 } } }, '1 + 1')).toBeUndefined();
    const ids = new Set(CLASSES.map((c) => c.id));
    for (const r of RULES) expect(ids.has(r.cls), r.cls).toBe(true);
  });

  it('sorts by function and line: a release URL is made-up data, an edit through value[].id field notes', () => {
    const urls = ['export function releaseUrlFor(_world: World, channel: Channel, releaseId: string): string {', "    case 'x':"];
    expect(classify('mocks/domain/posts.ts', urls, { mutatorName: 'StringLiteral', replacement: '""', location: { start: { line: 2 } } }, "'x'")).toBe('made-up');
    const edit = ['function buildRows(p: PlannedEntry, date: number, env: Env): GroupBuild {', '    const old = item.id !== undefined ? byId.get(item.id) : undefined;'];
    expect(classify('mocks/domain/posts.ts', edit, { mutatorName: 'ConditionalExpression', replacement: 'false', location: { start: { line: 2 } } }, 'item.id !== undefined')).toBe('field-notes');
  });
});
