// The suites pass against the mock, in-process and over HTTP on an ephemeral port.
import { describe, expect, it } from 'vitest';
import { startMock } from '../mocks/server.ts';
import { MockClock } from '../mocks/domain/clock.ts';
import { inProcessTarget, IN_PROCESS_T0 } from './in-process.ts';
import { createTarget } from './target.ts';
import { runChecks, type RunReport } from './runner.ts';

function failures(report: RunReport): string {
  return report.results.flatMap((r) => r.failures).map((f) => `${f.check} ${f.operation ?? ''}: received ${f.received}; documented ${f.documented}`).join('\n');
}

describe('verify against the mock', () => {
  it('passes in-process', async () => {
    const target = await inProcessTarget();
    const report = await runChecks(target, { seed: 11, runs: 2 });
    expect(failures(report)).toBe('');
    expect(report.results.filter((r) => r.status === 'passed').length).toBeGreaterThan(15);
  }, 600_000);

  it('passes over HTTP with the control API', async () => {
    const mock = await startMock({ port: 0, seed: 42, clock: new MockClock({ frozenAt: IN_PROCESS_T0 }) });
    try {
      const target = await createTarget({ target: mock.origin, control: `${mock.origin}/_mock` });
      const report = await runChecks(target, { seed: 12, runs: 1, checks: ['generic', 'auth', 'wallet', 'media'] });
      expect(failures(report)).toBe('');
    } finally {
      await mock.close();
    }
  }, 600_000);
});
