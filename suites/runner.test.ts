// A check never passes on what it did not see: no assertion, or a read it relies on that failed, is "not verified".
import { describe, expect, it } from 'vitest';
import { inProcessTarget } from './in-process.ts';
import { runChecks } from './runner.ts';
import { snapshot } from './snapshot.ts';
import { ensure, register } from './checks/registry.ts';

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
    expect(r!.notes[0]).toMatch(/^the snapshot of the paid workspace: the read GET \/api\/public\/v1\/nowhere\/posts answered 404/);
  });
});
