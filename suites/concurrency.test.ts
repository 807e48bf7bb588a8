// Concurrent checks (--concurrency): each runs in copies of the seeded workspaces of its own (lanes), reset before it,
// and the checks that move the clock or set limits run alone; a check with parts runs each part so, in whichever lane
// is free. The same seed then gives every check and every part the same requests and the same verdict at any
// concurrency, and a fault is caught by the same checks.
import { describe, expect, it } from 'vitest';
import './checks/index.ts';
import { allChecks, getCheck } from './checks/registry.ts';
import { inProcessTarget } from './in-process.ts';
import { runChecks, runsAlone, selectChecks, type RunReport } from './runner.ts';
import { createTarget } from './target.ts';
import { getValidator } from '../spec/validator.ts';
import type { Exchange } from './history.ts';
import { costOf } from './unit-costs.ts';
import { unitName } from './units.ts';

const ALL = () => allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name);

/** An exchange as sent, with when it was recorded. */
type Sent = Exchange & { at: number };

/** Per check, or per part of a check (`check/part`), the operations it called in order (ids and keys differ between lanes; the operations may not). */
function sequences(exchanges: Sent[]): Record<string, string> {
  const out: Record<string, string[]> = {};
  for (const e of exchanges) if (e.by && e.by !== 'discovery' && e.operationId) (out[e.by] ??= []).push(`${e.method} ${e.operationId} -> ${e.status}`);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.join('\n')]));
}

async function record(concurrency: number, checks = ALL(), hide: string[] = []) {
  const target = await inProcessTarget();
  // A hook that does not offer some states (`hide`): what another implementation's hook may leave out.
  if (hide.length > 0) {
    const offered = await target.control!.offered();
    target.control!.offered = async () => new Set([...offered].filter((s) => !hide.includes(s)));
  }
  const all: Sent[] = [];
  // Keep every exchange (the run compacts bodies away as it inspects them; the sequence needs only the first fields).
  const add = target.history.add.bind(target.history);
  target.history.add = (e, by) => {
    const full = add(e, by);
    all.push({ ...full, responseBody: undefined, at: performance.now() });
    return full;
  };
  const report = await runChecks(target, { seed: 21, runs: 1, checks, concurrency });
  return { report, all, seq: sequences(all) };
}

/** The whole suite at a concurrency, run once for the tests that compare against it. */
const runs = new Map<number, ReturnType<typeof record>>();
const recorded = (concurrency: number) => runs.get(concurrency) ?? runs.set(concurrency, record(concurrency)).get(concurrency)!;

describe('--concurrency', () => {
  it('the same seed at concurrency 1 and 6: the same verdict per check and per part, the same coverage, and the same operations in the same order per check and per part', async () => {
    const one = await recorded(1);
    const six = await recorded(6);
    const verdicts = (r: RunReport) => Object.fromEntries(r.results.map((c) => [c.name, `${c.status} ${c.failures.length}`]));
    expect(verdicts(six.report)).toEqual(verdicts(one.report));
    expect(six.report.coverage.operations.map((o) => [o.operationId, o.asserted, o.reachedOnly, o.neverReached])).toEqual(one.report.coverage.operations.map((o) => [o.operationId, o.asserted, o.reachedOnly, o.neverReached]));
    expect(six.seq).toEqual(one.seq);
    // A check with parts is compared part by part: each part sends its own sequence, whichever lane it ran in.
    expect(Object.keys(one.seq)).toContain('positive_data_acceptance/createPosts');
    expect(Object.keys(one.seq)).not.toContain('positive_data_acceptance');
    const parts = (r: RunReport) => Object.fromEntries(r.results.filter((c) => c.parts).map((c) => [c.name, c.parts!.map((p) => `${p.name} ${p.status} ${p.assertions} ${p.requests}`)]));
    expect(Object.keys(parts(one.report))).toEqual(['positive_data_acceptance', 'negative_data_rejection', 'ignored_auth', 'settings_refused']);
    expect(parts(six.report)).toEqual(parts(one.report));
    // The checks really overlapped: more than one ran at a time at concurrency 6.
    const overlaps = (r: RunReport) => r.durationMs < r.results.reduce((n, c) => n + c.ms, 0);
    expect(overlaps(six.report)).toBe(true);
    expect(six.report.lanes).toBe(6);
  }, 180_000);

  it("a check's parts run at once at concurrency 6, in different lanes, and one after another at concurrency 1", async () => {
    const windows = (all: Sent[]) => {
      const out = new Map<string, { from: number; to: number; keys: Set<string> }>();
      for (const e of all.filter((x) => x.by?.startsWith('positive_data_acceptance/'))) {
        const w = out.get(e.by!) ?? { from: e.at, to: e.at, keys: new Set<string>() };
        w.to = e.at;
        if (e.requestHeaders.authorization) w.keys.add(e.requestHeaders.authorization);
        out.set(e.by!, w);
      }
      return [...out.values()];
    };
    const overlapping = (ws: ReturnType<typeof windows>) => ws.filter((a) => ws.some((b) => a !== b && a.from < b.to && b.from < a.to)).length;
    const six = windows((await recorded(6)).all);
    const one = windows((await recorded(1)).all);
    // One part per operation of the document.
    expect(six.length).toBe(getValidator().operations.length);
    // Each lane has keys of its own: the parts' requests went out under more than one lane's keys, in windows that overlap.
    expect(new Set(six.flatMap((w) => [...w.keys])).size).toBeGreaterThan(new Set(one.flatMap((w) => [...w.keys])).size);
    expect(overlapping(six)).toBeGreaterThan(1);
    expect(overlapping(one)).toBe(0);
    // Its time is its parts' together, however they were spread over the run.
    const result = (await recorded(6)).report.results.find((r) => r.name === 'positive_data_acceptance')!;
    expect(result.ms).toBe(result.parts!.reduce((n, p) => n + p.ms, 0));
  }, 180_000);

  it('--checks positive_data_acceptance/createPosts runs that part alone, with the requests and the verdict it has in a whole run', async () => {
    const whole = await recorded(1);
    const alone = await record(1, ['positive_data_acceptance/createPosts']);
    expect(alone.report.results.map((r) => [r.name, r.parts?.map((p) => p.name)])).toEqual([['positive_data_acceptance', ['createPosts']]]);
    expect(Object.keys(alone.seq)).toEqual(['positive_data_acceptance/createPosts']);
    expect(alone.seq['positive_data_acceptance/createPosts']).toBe(whole.seq['positive_data_acceptance/createPosts']);
    const inWhole = whole.report.results.find((r) => r.name === 'positive_data_acceptance')!.parts!.find((p) => p.name === 'createPosts')!;
    const [part] = alone.report.results[0]!.parts!;
    expect([part!.status, part!.assertions, part!.requests]).toEqual([inWhole.status, inWhole.assertions, inWhole.requests]);
    expect(alone.report.results[0]!.status).toBe(part!.status);
  }, 180_000);

  it('--checks takes check/part, and names the parts there are when the part is unknown', () => {
    expect(selectChecks(['negative_data_rejection/createPosts', 'ignored_auth/posts']).map((c) => c.name)).toEqual(['negative_data_rejection', 'ignored_auth']);
    expect(() => selectChecks(['positive_data_acceptance/noSuchOperation'])).toThrow(/positive_data_acceptance's parts are .*createPosts/);
    expect(() => selectChecks(['tenant_isolation/x'])).toThrow(/has no parts/);
    expect(() => selectChecks(['no_such_check/x'])).toThrow(/Unknown check in no_such_check\/x/);
  });

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

  it('with workspace-scoped clock and limits offered, checks that move time or set limits run beside each other, each in its lane\'s own time; without them (nor workspaces.reset), one at a time, their lanes reset workspace by workspace', async () => {
    const movers = ['each_post_at_its_time', 'upload_ticket_expiry', 'hourly_post_limit', 'analytics_cache', 'failed_send_refunds', 'oauth_code_exchanges_only_for_its_app_within_10_minutes', 'library_full_413'];
    /** How many pairs of the checks were running at the same moment (from their first to their last request). */
    const overlapping = (all: Sent[]) => {
      const spans = movers.map((name) => all.filter((e) => e.by?.split('/')[0] === name).map((e) => e.at)).map((ats) => [Math.min(...ats), Math.max(...ats)] as const);
      let pairs = 0;
      for (let i = 0; i < spans.length; i++) for (let j = i + 1; j < spans.length; j++) if (spans[i]![0] < spans[j]![1] && spans[j]![0] < spans[i]![1]) pairs++;
      return pairs;
    };
    const scoped = await record(6, movers);
    expect(Object.fromEntries(scoped.report.results.filter((r) => r.kind === 'property').map((r) => [r.name, r.status]))).toEqual(Object.fromEntries(movers.map((m) => [m, 'passed'])));
    expect(overlapping(scoped.all)).toBeGreaterThan(0);
    // The lanes asked for clock.moved and limits.set; their hook client sent the scoped states, for the lane's workspaces.
    const sent = scoped.all.filter((e) => e.url.includes('/_mock/states') && typeof e.requestBody === 'string').map((e) => JSON.parse(e.requestBody as string).state);
    expect(sent).toContain('workspace.clockMoved');
    expect(sent).toContain('workspace.limitsSet');
    expect(sent).not.toContain('clock.moved');
    // A lane's workspaces are reset in one call when the hook offers it.
    expect(sent).toContain('workspaces.reset');
    expect(sent).not.toContain('workspace.reset');
    const world = await record(6, movers, ['workspace.clockMoved', 'workspace.limitsSet', 'workspaces.reset']);
    expect(Object.fromEntries(world.report.results.filter((r) => r.kind === 'property').map((r) => [r.name, r.status]))).toEqual(Object.fromEntries(movers.map((m) => [m, 'passed'])));
    expect(overlapping(world.all)).toBe(0);
    const sentThere = world.all.filter((e) => e.url.includes('/_mock/states') && typeof e.requestBody === 'string').map((e) => JSON.parse(e.requestBody as string).state);
    expect(sentThere).not.toContain('workspace.clockMoved');
    expect(sentThere).not.toContain('workspaces.reset');
    expect(sentThere).toContain('workspace.reset');
  }, 120_000);

  it('at concurrency 6 the units start longest first (by the requests each sent in the recorded run), so no long one starts last', async () => {
    const six = await recorded(6);
    const unseen = [...new Set(six.all.map((e) => e.by))].filter((u): u is string => !!u && u !== 'discovery' && costOf(u) === undefined);
    expect(unseen, `no recorded cost in suites/unit-costs.json: run \`npm run regen\` (or \`npm run states:map\`) and commit what it writes`).toEqual([]);
    const first = new Map<string, number>();
    for (const e of six.all) if (e.by && e.by !== 'discovery' && !first.has(e.by)) first.set(e.by, e.at);
    const started = [...first].sort((a, b) => a[1] - b[1]).map(([unit]) => unit);
    const costliest = [...first.keys()].sort((a, b) => (costOf(b) ?? 0) - (costOf(a) ?? 0)).slice(0, 6);
    expect(new Set(started.slice(0, 6))).toEqual(new Set(costliest));
    // And the cheapest come last.
    expect(costOf(started.at(-1)!)).toBeLessThanOrEqual(Math.min(...costliest.map((u) => costOf(u)!)));
  });

  it('every check and every part has a recorded cost (npm run regen writes them)', () => {
    const units = allChecks().filter((c) => c.kind === 'property' && !c.name.startsWith('test_')).flatMap((c) => (c.parts?.() ?? [undefined]).map((p) => unitName(c.name, p)));
    expect(units.filter((u) => costOf(u) === undefined), 'no recorded cost in suites/unit-costs.json: run `npm run regen` (or `npm run states:map`) and commit what it writes').toEqual([]);
  });

  it('which checks run alone: those that move the clock or set limits, unless their lane can have its own (scoped states offered)', () => {
    const scoped = new Set(['clock.moved', 'limits.set']);
    expect(runsAlone(getCheck('hourly_post_limit')!, scoped)).toBe(false);
    // It sets limits too: a hook that scopes only the clock leaves it alone.
    expect(runsAlone(getCheck('hourly_post_limit')!, new Set(['clock.moved']))).toBe(true);
    expect(runsAlone(getCheck('each_post_at_its_time')!, new Set(['clock.moved']))).toBe(false);
    expect(runsAlone(getCheck('library_full_413')!, new Set(['limits.set']))).toBe(false);
    expect(runsAlone({ ...getCheck('hourly_post_limit')!, name: 'not_in_the_map' }, scoped)).toBe(true);
  });

  it('the checks that move the clock or set limits run alone; the rest may share the run', () => {
    const alone = allChecks().filter((c) => !c.name.startsWith('test_') && runsAlone(c)).map((c) => c.name);
    for (const name of ['hourly_post_limit', 'each_post_at_its_time', 'library_full_413', 'upload_ticket_expiry']) expect(alone).toContain(name);
    for (const name of ['media_search', 'tenant_isolation', 'positive_data_acceptance', 'frozen_wallet']) expect(alone).not.toContain(name);
    // A check the states map has not seen (new, until `npm run states:map`) is taken as the worst case when it needs a hook.
    expect(runsAlone({ ...getCheck('hourly_post_limit')!, name: 'not_in_the_map' })).toBe(true);
  });
});
