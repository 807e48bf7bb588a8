// Response-variant coverage: the outcomes come from the document, answers are classified into them, and --min-coverage gates.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Coverage, sharedCatalogue } from './coverage.ts';
import type { Exchange } from './history.ts';
import type { RunReport } from './runner.ts';
import { runVerdict } from './verdict.ts';

let seq = 0;
const answer = (operationId: string, status: number, responseBody: unknown, authorization = 'paid-key'): Exchange => ({
  seq: ++seq, operationId, method: 'GET', url: 'http://x/api/public/v1/wallet', requestHeaders: { authorization }, status, responseHeaders: {}, responseBody, json: true, ms: 1,
});
const kinds: Record<string, 'free' | 'payg' | 'paid'> = { 'paid-key': 'paid', 'free-key': 'free', 'payg-key': 'payg' };
const fresh = () => new Coverage((e) => kinds[e.requestHeaders.authorization!]);
const ids = (operationId: string) => sharedCatalogue().outcomes.filter((o) => o.operationId === operationId).map((o) => o.id);

describe('the outcome catalogue', () => {
  it('lists each documented status and each oneOf alternative, but not a branch that only says which field is required', () => {
    expect(ids('getWallet')).toEqual(expect.arrayContaining(['200', '401', '200 WalletSummary', '200 NotOnWallet', '200 on a paid workspace', '200 payAsYouGo true']));
    expect(ids('createPosts')).toEqual(expect.arrayContaining(['400', '402', '429']));
    // Section 7: a settings problem "may instead be" PostValidationError; the server's choice is one outcome, not two.
    expect(ids('createPosts').filter((id) => id.startsWith('400'))).toEqual(['400']);
    expect(ids('getPostAnalytics')).toEqual(expect.arrayContaining(['200 array of AnalyticsSeries', '200 {missing: true}']));
    // Error's anyOf (msg or message) is one body, not two outcomes.
    expect(ids('listPosts').filter((id) => id.startsWith('400'))).toEqual(['400']);
  });

  it('classifies an answer by status, by the alternative its body matches, and by the plan of the key that sent it', () => {
    const c = fresh();
    expect(c.catalogue.classify(answer('getWallet', 200, { usesWallet: false, message: 'paid' }), { kind: 'paid' })).toEqual(['200', '200 NotOnWallet', '200 on a paid workspace']);
    expect(c.catalogue.classify(answer('getWallet', 500, {}), { kind: 'paid' })).toEqual([]);
  });
});

describe('coverage of a run', () => {
  it('an operation never reached keeps coverage under 100%, reached without assertion is "reached only", and asserting completes it', () => {
    const c = fresh();
    const total = c.report().counted;
    expect(c.report().percent).toBe(0);
    const e = answer('getWallet', 200, { usesWallet: false, message: 'paid' });
    c.reach(e);
    let wallet = c.report().operations.find((o) => o.operationId === 'getWallet')!;
    expect(wallet.reachedOnly).toEqual(['200', '200 NotOnWallet', '200 on a paid workspace']);
    c.assert(e);
    wallet = c.report().operations.find((o) => o.operationId === 'getWallet')!;
    expect(wallet.asserted).toEqual(['200', '200 NotOnWallet', '200 on a paid workspace']);
    expect(wallet.neverReached).toContain('200 WalletSummary');
    expect(c.report()).toMatchObject({ asserted: 3, reachedOnly: 0, neverReached: total - 3 });
    expect(c.report().percent).toBeLessThan(100);
  });

  it('an outcome no client can provoke is listed with why and not counted', () => {
    const upload = fresh().report().operations.find((o) => o.operationId === 'uploadMedia')!;
    expect(upload.unprovokable.map((u) => u.id)).toEqual(expect.arrayContaining(['402', '413']));
    expect([...upload.neverReached, ...upload.asserted]).not.toContain('413');
  });

  it('an outcome that needs an option (upload-from-url 200, --media-url) is listed naming it when not given, and counted when given', () => {
    const row = (c: Coverage) => c.report().operations.find((o) => o.operationId === 'uploadMediaFromUrl')!;
    const without = row(fresh());
    expect(without.unprovokable).toContainEqual({ id: '200', why: expect.stringMatching(/^needs --media-url/), reached: false });
    expect(without.neverReached).not.toContain('200');
    const withUrl = row(new Coverage((e) => kinds[e.requestHeaders.authorization!], undefined, ['mediaUrl']));
    expect(withUrl.neverReached).toContain('200');
    expect(withUrl.unprovokable.map((u) => u.id)).not.toContain('200');
  });
});

describe('--min-coverage', () => {
  const at = (percent: number) => ({ results: [], coverage: { percent, counted: 10, asserted: percent / 10, reachedOnly: 1, neverReached: 10 - percent / 10 - 1, operations: [] } }) as unknown as RunReport;
  it('fails a run under the minimum with a line saying why, and passes one at it', () => {
    expect(runVerdict(at(80), { minCoverage: 90 }).reasons).toEqual([expect.stringMatching(/^Response coverage 80% is under --min-coverage 90%: 1 outcome\(s\) reached but not asserted, 1 never reached/)]);
    expect(runVerdict(at(90), { minCoverage: 90 }).ok).toBe(true);
    expect(runVerdict(at(10)).ok).toBe(true);
  });

  it('exits 1 from the command line when coverage is under it, 0 when not', () => {
    const bin = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));
    const run = (min: string) => spawnSync(process.execPath, [bin, 'verify', '--in-process', '--seed', '1', '--runs', '1', '--checks', 'plan_gates', '--quiet', '--min-coverage', min], { encoding: 'utf8' });
    const under = run('100');
    expect(under.stdout).toMatch(/Response coverage [\d.]+% is under --min-coverage 100%/);
    expect(under.status).toBe(1);
    const over = run('1');
    expect(over.stdout).not.toMatch(/under --min-coverage/);
    expect(over.status).toBe(0);
  }, 120_000);
});

describe('an outcome is credited by status and shape', () => {
  const exchange = (operationId: string, status: number, body: unknown, key = 'k-payg') =>
    ({ operationId, method: 'GET', url: 'http://t/x', status, requestHeaders: { authorization: key }, responseHeaders: {}, responseBody: body, json: body }) as unknown as Exchange;
  it("a router's 404 in a body unlike the operation's is none of its outcomes; the documented 404 is", () => {
    const c = fresh();
    expect(c.catalogue.classify(exchange('getSkill', 404, '<html>Cannot GET</html>'), { kind: 'payg' })).toEqual([]);
    expect(c.catalogue.classify(exchange('getSkill', 404, { statusCode: 404, message: 'Skill not found' }), { kind: 'payg' })).toContain('404');
  });
  it('"200 once topped up or paid" is credited to a success only, never to a 404', () => {
    const c = fresh();
    expect(c.catalogue.classify(exchange('getSkill', 404, { statusCode: 404, message: 'no route' }), { kind: 'payg' })).not.toContain('200 once topped up or paid');
  });
});
