// Concurrent checks (--concurrency): each runs in copies of the seeded workspaces of its own (lanes), reset before it,
// and the checks that move the clock or set limits run alone. The same seed then gives every check the same requests
// and the same verdict at any concurrency, and a fault is caught by the same checks.
import { describe, expect, it } from 'vitest';
import './checks/index.ts';
import { allChecks, getCheck } from './checks/registry.ts';
import { inProcessTarget } from './in-process.ts';
import { runChecks, runsAlone, type RunReport } from './runner.ts';
import { createTarget } from './target.ts';
import type { Exchange } from './history.ts';

const ALL = () => allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name);

/** Per check, the operations it called in order (ids and keys differ between lanes; the operations may not). */
function sequences(report: RunReport, exchanges: Exchange[]): Record<string, string> {
  const out: Record<string, string[]> = {};
  for (const e of exchanges) if (e.by && e.by !== 'discovery' && e.operationId) (out[e.by] ??= []).push(`${e.method} ${e.operationId} -> ${e.status}`);
  void report;
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.join('\n')]));
}

async function recorded(concurrency: number, faults: string[] = []) {
  const target = await inProcessTarget({ faults });
  const all: Exchange[] = [];
  // Keep every exchange (the run compacts bodies away as it inspects them; the sequence needs only the first fields).
  const add = target.history.add.bind(target.history);
  target.history.add = (e, by) => {
    const full = add(e, by);
    all.push({ ...full, responseBody: undefined });
    return full;
  };
  const report = await runChecks(target, { seed: 21, runs: 1, checks: ALL(), concurrency });
  return { report, seq: sequences(report, all) };
}

describe('--concurrency', () => {
  it('the same seed at concurrency 1 and 6: the same verdict per check, the same coverage, and the same operations in the same order per check', async () => {
    const one = await recorded(1);
    const six = await recorded(6);
    const verdicts = (r: RunReport) => Object.fromEntries(r.results.map((c) => [c.name, `${c.status} ${c.failures.length}`]));
    expect(verdicts(six.report)).toEqual(verdicts(one.report));
    expect(six.report.coverage.operations.map((o) => [o.operationId, o.asserted, o.reachedOnly, o.neverReached])).toEqual(one.report.coverage.operations.map((o) => [o.operationId, o.asserted, o.reachedOnly, o.neverReached]));
    expect(six.seq).toEqual(one.seq);
    // The checks really overlapped: more than one ran at a time at concurrency 6.
    const overlaps = (r: RunReport) => r.durationMs < r.results.reduce((n, c) => n + c.ms, 0);
    expect(overlaps(six.report)).toBe(true);
    expect(six.report.lanes).toBe(6);
  }, 180_000);

  it('a fault is caught by the same checks at concurrency 1 and 6 (double-charge, over the whole suite)', async () => {
    const failing = (r: RunReport) => r.results.filter((c) => c.status === 'failed').map((c) => c.name).sort();
    const one = await runChecks(await inProcessTarget({ faults: ['double-charge'] }), { seed: 21, runs: 1, checks: ALL(), concurrency: 1 });
    const six = await runChecks(await inProcessTarget({ faults: ['double-charge'] }), { seed: 21, runs: 1, checks: ALL(), concurrency: 6 });
    expect(failing(one)).not.toEqual([]);
    expect(failing(six)).toEqual(failing(one));
  }, 180_000);

  it('without a hook that copies workspaces, --concurrency runs one check at a time (one lane) and says so in the report', async () => {
    const app = (await inProcessTarget()).app;
    const keys = Object.fromEntries(
      ((await (await app.fetch(new Request('http://mock.in-process/_mock/workspaces'))).json()) as Array<{ plan: string; payAsYouGo: boolean; apiKey: string }>).map((w) => [w.plan === 'paid' ? 'paid' : w.payAsYouGo ? 'payg' : 'free', w.apiKey] as const),
    );
    const transport = ((i: RequestInfo | URL, init?: RequestInit) => app.fetch(i instanceof Request ? i : new Request(i, init))) as typeof fetch;
    const target = await createTarget({ target: 'http://mock.in-process/api/public/v1', keys, transport });
    const report = await runChecks(target, { seed: 21, runs: 1, checks: ['media_search', 'tenant_isolation', 'plan_gates'], concurrency: 4 });
    expect(report.lanes).toBe(1);
    expect(report.results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    // One at a time: no check started before the one before it ended.
    expect(report.durationMs).toBeGreaterThanOrEqual(report.results.reduce((n, c) => n + c.ms, 0) - 5);
  });

  it('the checks that move the clock or set limits run alone; the rest may share the run', () => {
    const alone = allChecks().filter((c) => !c.name.startsWith('test_') && runsAlone(c)).map((c) => c.name);
    for (const name of ['hourly_post_limit', 'each_post_at_its_time', 'library_full_413', 'upload_ticket_expiry']) expect(alone).toContain(name);
    for (const name of ['media_search', 'tenant_isolation', 'positive_data_acceptance', 'frozen_wallet']) expect(alone).not.toContain(name);
    // A check the states map has not seen (new, until `npm run states:map`) is taken as the worst case when it needs a hook.
    expect(runsAlone({ ...getCheck('hourly_post_limit')!, name: 'not_in_the_map' })).toBe(true);
  });
});
