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

  it('passes the same checks on a clean mock, each having asserted something', () => {
    const by = clean.report.results.filter((r) => CHECKS.includes(r.name));
    expect(by.map((r) => `${r.name} ${r.status}`).sort()).toEqual(CHECKS.map((c) => `${c} passed`));
    for (const r of by) expect(r.assertions).toBeGreaterThan(0);
  });
});
