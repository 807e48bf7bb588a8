// The survivor classes: a text the contract quotes is never explained away as a message, and a mutant no rule names stays unexplained.
import { describe, expect, it } from 'vitest';
import { classify, CLASSES, explains, isUnpinnedMessage, RULES } from './mutation-classes.ts';

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
    const urls = ['export function releaseUrlFor(world: World, channel: Channel, releaseId: string): string {', "  const handle = encodeURIComponent(channel.profile ?? channel.id);"];
    expect(classify('mocks/domain/posts.ts', urls, { mutatorName: 'StringLiteral', replacement: '""', location: { start: { line: 2 } } }, 'channel.id')).toBe('made-up');
    const edit = ['function buildRows(p: PlannedEntry, date: number, env: Env): GroupBuild {', '    const old = item.id !== undefined ? byId.get(item.id) : undefined;'];
    expect(classify('mocks/domain/posts.ts', edit, { mutatorName: 'ConditionalExpression', replacement: 'false', location: { start: { line: 2 } } }, 'item.id !== undefined')).toBe('field-notes');
  });
});

describe('survivor rules name their lines', () => {
  it('no rule covers a whole file or a whole function: each names the lines or the expression it covers, or says why the whole file is out of reach', () => {
    for (const r of RULES) {
      const named = r.line !== undefined || r.original !== undefined;
      expect(named || r.wholeFile !== undefined, `${r.cls} ${r.file} ${r.fn?.join(',') ?? ''}`).toBe(true);
    }
    // The one whole-file rule: scenario documents, which no check loads.
    expect(RULES.filter((r) => r.wholeFile !== undefined).map((r) => r.file)).toEqual(['scenario.ts']);
  });

  it('a contract rule names a registered check that kills what it covers, and is never counted as explained', async () => {
    await import('../suites/checks/index.ts');
    const { getCheck } = await import('../suites/checks/registry.ts');
    const contract = RULES.filter((r) => r.cls === 'contract');
    expect(contract.length).toBeGreaterThanOrEqual(3);
    for (const r of contract) for (const name of (r.check ?? '').split(', ')) expect(getCheck(name), `${r.file}: ${name}`).toBeDefined();
    expect(explains('contract')).toBe(false);
    expect(explains('mock-choice')).toBe(true);
  });

  it('the three survivors a reading found misfiled are contract: the monthly allowance, a link on linkedin, a deleted file\'s room', () => {
    const at = (line: number) => ({ start: { line } });
    const month = ['export function autoTopUpUsedThisMonth(ws: Workspace, now: number): number {', "    if (tx.type === 'AUTO_TOPUP' && tx.createdAt >= monthStart && tx.createdAt <= now) used += tx.currencyAmount ?? 0;"];
    expect(classify('mocks/domain/wallet.ts', month, { mutatorName: 'ConditionalExpression', replacement: 'true', location: at(2) }, 'tx.createdAt >= monthStart')).toBe('contract');
    // When a month begins is not said: the first millisecond in or out is the mock's.
    expect(classify('mocks/domain/wallet.ts', month, { mutatorName: 'EqualityOperator', replacement: 'tx.createdAt > monthStart', location: at(2) }, 'tx.createdAt >= monthStart')).toBe('mock-choice');
    const length = ["export function textLength(content: string, info: Pick<ProviderInfo, 'linkLength'>): number {", "  if (info.linkLength !== undefined) text = text.replace(LINK, '.'.repeat(info.linkLength));"];
    expect(classify('mocks/domain/post-validation.ts', length, { mutatorName: 'ConditionalExpression', replacement: 'true', location: at(2) }, 'info.linkLength !== undefined')).toBe('contract');
    // x's own counting stays the field notes'.
    expect(classify('mocks/domain/post-validation.ts', length, { mutatorName: 'ConditionalExpression', replacement: 'false', location: at(2) }, 'info.linkLength !== undefined')).toBe('field-notes');
    const del = ['export function deleteMedia(ws: Workspace, id: string): MediaItem {', '  ws.media.storedBytes -= item!.bytes;'];
    expect(classify('mocks/domain/media.ts', del, { mutatorName: 'AssignmentOperator', replacement: 'ws.media.storedBytes += item!.bytes', location: at(2) }, 'ws.media.storedBytes -= item!.bytes')).toBe('contract');
  });

  it('payAsYouGo is contract: isPayAsYouGo was once filed as redundant with the function around it', () => {
    const lines = ['export function isPayAsYouGo(ws: Workspace): boolean {', "  return ws.plan === 'free' && ws.wallet.toppedUp && !ws.wallet.frozen;"];
    expect(classify('mocks/domain/billing.ts', lines, { mutatorName: 'BooleanLiteral', replacement: 'ws.wallet.frozen', location: { start: { line: 2 } } }, '!ws.wallet.frozen')).toBe('contract');
  });
});
