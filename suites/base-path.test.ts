// Through a proxy serving the API at `/` (as Prism does), `--base-path /` reaches the API, and a fault that saves what it refuses is caught.
import { beforeAll, describe, expect, it } from 'vitest';
import { MockClock } from '../mocks/domain/clock.ts';
import { startMock } from '../mocks/server.ts';
import { IN_PROCESS_T0 } from './in-process.ts';
import { startRewritingProxy } from './rewriting-proxy.ts';
import { runChecks } from './runner.ts';
import { createTarget } from './target.ts';

const CHECKS = ['ignored_auth', 'negative_data_rejection', 'refusal_saves_nothing'];

async function throughProxy(faults: string[]) {
  const mock = await startMock({ port: 0, seed: 42, faults, clock: new MockClock({ frozenAt: IN_PROCESS_T0 }) });
  const proxy = await startRewritingProxy(mock.origin);
  try {
    const target = await createTarget({ target: proxy.origin, basePath: '/', control: `${proxy.origin}/_mock` });
    const report = await runChecks(target, { seed: 3, runs: 1, checks: CHECKS });
    return { report, seen: proxy.seen };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

describe('verify with --base-path / through a path-rewriting proxy', () => {
  let faulty: Awaited<ReturnType<typeof throughProxy>>;
  let clean: Awaited<ReturnType<typeof throughProxy>>;
  beforeAll(async () => {
    faulty = await throughProxy(['refusal-still-saves']);
    clean = await throughProxy([]);
  }, 300_000);

  it('catches refusal-still-saves: the snapshots read the API, not the base path twice', () => {
    const status = Object.fromEntries(faulty.report.results.map((r) => [r.name, r.status]));
    expect(status.refusal_saves_nothing).toBe('failed');
    expect(faulty.report.results.find((r) => r.name === 'refusal_saves_nothing')!.failures[0]!.received).toMatch(/posts added/);
    expect(faulty.seen.filter((p) => p.includes('/api/public/v1/api/public/v1'))).toEqual([]);
  });

  it("its failure shows the requests as the target's own paths, the hook by its states, and replays with --base-path /", () => {
    const failure = faulty.report.results.find((r) => r.name === 'refusal_saves_nothing')!.failures[0]!;
    const origin = faulty.report.flags!.target!;
    expect(faulty.report.flags).toMatchObject({ target: origin, basePath: '/', control: `${origin}/_mock` });
    expect(failure.replay).toContain(`--target ${origin} --base-path / --control ${origin}/_mock`);
    expect(failure.exchange!.request).toMatch(new RegExp(`^[A-Z]+ ${origin}/[a-z]`));
    // Neither the sequence nor the script spells the mock's own paths: the base path the proxy hides, or /_mock.
    const failures = faulty.report.results.flatMap((r) => r.failures);
    const sequences = failures.flatMap((f) => f.sequence ?? []).join('\n');
    for (const text of [sequences, ...failures.map((f) => f.reproduce ?? '')]) expect(text).not.toContain('/api/public/v1');
    expect(sequences).not.toContain('/_mock');
    expect(failure.reproduce).toContain(`TARGET=\${TARGET:-'${origin}'}`);
    // The hook beside the target, wherever TARGET points.
    expect(failure.reproduce).toContain('HOOK=${HOOK:-"${TARGET%}/_mock/states"}');
    // Every hook call of the script is a state, sent through the one hook function.
    const hookLines = failure.reproduce!.split('\n').filter((l) => l.includes('_mock') && !l.startsWith('HOOK='));
    expect(hookLines).toEqual([]);
    expect(failure.reproduce).toMatch(/^hook '\{"state":"world\.reset"\}'$/m);
  });

  it('passes the same checks on a clean mock, each having asserted something', () => {
    const by = clean.report.results.filter((r) => CHECKS.includes(r.name));
    expect(by.map((r) => `${r.name} ${r.status}`).sort()).toEqual(CHECKS.map((c) => `${c} passed`));
    for (const r of by) expect(r.assertions).toBeGreaterThan(0);
  });
});
