// A check never passes on what it did not see: no assertion, or a read it relies on that failed, is "not verified".
import { describe, expect, it } from 'vitest';
import { inProcessTarget } from './in-process.ts';
import { runChecks, type CheckResult } from './runner.ts';
import { snapshot } from './snapshot.ts';
import { ensure, NotVerified, register } from './checks/registry.ts';

register({ name: 'test_asserts_nothing', area: 'test', kind: 'property', description: '', rule: '', async run(ctx) {
  await ctx.api.call({ operationId: 'listGroups', auth: { kind: 'paid' } });
} });
register({ name: 'test_asserts_twice', area: 'test', kind: 'property', description: '', rule: '', async run(ctx) {
  const e = await ctx.api.call({ operationId: 'listGroups', auth: { kind: 'paid' } });
  ensure(e.status === 200, { received: String(e.status), documented: '200', exchanges: [e] });
  ctx.expect(Array.isArray(e.responseBody), [e], { received: 'not an array', documented: 'an array' });
} });
register({ name: 'test_snapshot_of_wrong_root', area: 'test', kind: 'property', description: '', rule: '', async run(ctx) {
  // The same target moved under a path the API is not at: every read of the snapshot answers 404.
  const moved = Object.create(ctx.api, { target: { value: { ...ctx.target, baseUrl: `${ctx.target.baseUrl}/nowhere` } } });
  const before = await snapshot(moved, 'paid', Date.now());
  const after = await snapshot(moved, 'paid', Date.now());
  ensure(JSON.stringify(before) === JSON.stringify(after), { received: 'changed', documented: 'unchanged' });
} });

// Parts: `a` asserts, `b` cannot be verified, `c` asserts; the `_all` one cannot verify any part, for one reason.
register({ name: 'test_parts', area: 'test', kind: 'property', description: '', rule: '', parts: () => ['a', 'b', 'c'], async run(ctx) {
  if (ctx.part === 'b') throw new NotVerified('b needs what this run lacks');
  const e = await ctx.api.call({ operationId: 'listGroups', auth: { kind: 'paid' } });
  ensure(e.status === 200, { received: String(e.status), documented: '200', exchanges: [e] });
} });
register({ name: 'test_parts_all_not_verified', area: 'test', kind: 'property', description: '', rule: '', parts: () => ['a', 'b'], async run() {
  throw new NotVerified('needs what this run lacks');
} });

describe('the runner judges what a check saw', () => {
  it('a property check that made no assertion is not verified, and one that did counts its assertions', async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 1, runs: 1, checks: ['test_asserts_nothing', 'test_asserts_twice'] });
    const [none, two] = report.results;
    expect([none!.status, none!.notes[0], none!.assertions]).toEqual(['not verified', 'made no assertion on this run', 0]);
    expect([two!.status, two!.assertions]).toEqual(['passed', 2]);
  });

  it('comparing two snapshots whose reads failed is not verified, naming the read and its answer', async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 1, runs: 1, checks: ['test_snapshot_of_wrong_root'] });
    const [r] = report.results;
    expect(r!.status).toBe('not verified');
    expect(r!.notes[0]).toMatch(/^the snapshot of the paid workspace: no list could be read \(posts: the read GET \/api\/public\/v1\/nowhere\/posts answered 404/);
  });

  it("a check with parts has one verdict: a part not verified is named in the notes of a pass, and the check is not verified only when every part is", async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 1, runs: 1, checks: ['test_parts', 'test_parts_all_not_verified'] });
    const [some, none] = report.results;
    expect([some!.status, some!.notes, some!.assertions, some!.parts!.map((p) => `${p.name} ${p.status}`)]).toEqual(['passed in part', ['b: b needs what this run lacks'], 2, ['a passed', 'b not verified', 'c passed']]);
    expect([none!.status, none!.notes]).toEqual(['not verified', ['needs what this run lacks']]);
  });

  it('a failing part is reported under its check, its failure naming the part, and its replay runs that part alone', async () => {
    // Only TikTok's brand rules go unchecked: of settings_refused's parts (one per provider), only tiktok can fail.
    const whole = await runChecks(await inProcessTarget({ faults: ['tiktok-brand-rules-unchecked'] }), { seed: 7, runs: 1, checks: ['settings_refused'], concurrency: 3 });
    const [r] = whole.results;
    expect(r!.status).toBe('failed');
    expect(r!.parts!.filter((p) => p.status === 'failed').map((p) => p.name)).toEqual(['tiktok']);
    expect(r!.failures.map((f) => [f.check, f.part])).toEqual([['settings_refused', 'tiktok']]);
    expect(r!.failures[0]!.reproduce).toContain('replay: npm run verify -- --in-process --fault tiktok-brand-rules-unchecked --seed 7 --runs 1 --checks settings_refused/tiktok');
    const alone = await runChecks(await inProcessTarget({ faults: ['tiktok-brand-rules-unchecked'] }), { seed: 7, runs: 1, checks: ['settings_refused/tiktok'] });
    expect(alone.results.map((c) => [c.name, c.status, c.parts?.map((p) => p.name)])).toEqual([['settings_refused', 'failed', ['tiktok']]]);
    // The same case, found the same way; only the ids of the lane's copies differ.
    const same = (fs: CheckResult['failures']) => JSON.stringify(fs.map((f) => [f.part, f.received, f.sequence])).replace(/\b(ch|post)_[a-z0-9]+/g, '$1_…');
    expect(same(alone.results[0]!.failures)).toBe(same(r!.failures));
  });
});
