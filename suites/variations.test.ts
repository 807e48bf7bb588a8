// The variation catalogue proves the suites fail no server for a legal choice: against each variation, and all at once,
// no check fails and none is verified less than against the mock itself; with every variation on, every fault is still
// caught.
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../mocks/http/faults/index.ts';
import { VARIATIONS } from '../mocks/http/variations.ts';
import './checks/index.ts';
import { allChecks, getCheck } from './checks/registry.ts';
import { inProcessTarget } from './in-process.ts';
import { runChecks, type RunReport } from './runner.ts';
import { exportScenario } from '../mocks/domain/scenario.ts';
import { startMock } from '../mocks/server.ts';
import { createTarget } from './target.ts';

const CHECKS = allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name);
const ALL = VARIATIONS.map((v) => v.name);

const verdicts = (r: RunReport) => Object.fromEntries(r.results.map((c) => [c.name, c.status]));
const failures = (r: RunReport) => r.results.flatMap((c) => c.failures.map((f) => `${c.name}${f.part ? `/${f.part}` : ''}: ${f.operation ?? ''} received ${f.received.slice(0, 240)}; documented ${f.documented.slice(0, 160)}`));

describe('variation catalogue', () => {
  it('names each variation once, apart from the faults, and cites the reference section that allows it', () => {
    expect(new Set(ALL).size).toBe(ALL.length);
    for (const v of VARIATIONS) {
      expect(FAULTS.map((f) => f.name), v.name).not.toContain(v.name);
      expect(v.allows, v.name).toMatch(/^Sections? \d/);
      for (const f of v.masks ?? []) expect(FAULTS.map((x) => x.name), `${v.name} masks ${f}`).toContain(f);
    }
  });

  it('a variation changes answers, not the world: the mock wearing every one holds the same seeded world, before and after a reset through the control API', async () => {
    const plain = await inProcessTarget();
    const varied = await inProcessTarget({ variations: ALL });
    const world = (t: typeof plain) => JSON.stringify(exportScenario(t.app.state.world, { now: t.app.state.clock.now(), frozen: true }));
    expect(world(varied)).toBe(world(plain));
    for (const t of [plain, varied]) expect((await t.app.fetch(new Request('http://mock.in-process/_mock/reset', { method: 'POST' }))).status).toBe(200);
    expect(world(varied)).toBe(world(plain));
    expect([...varied.app.state.variations]).toEqual(ALL);
  });

  it('uuid-ids: an id learnt before a reset names the same thing after it, as the seeded world comes back with the same ids', async () => {
    const t = await inProcessTarget({ variations: ['uuid-ids'] });
    const get = (path: string) => t.app.fetch(new Request(`http://mock.in-process/api/public/v1${path}`, { headers: { authorization: 'demo-paid-key' } }));
    const [first] = (await (await get('/integrations')).json()) as Array<{ id: string }>;
    expect(first!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect((await t.app.fetch(new Request('http://mock.in-process/_mock/reset', { method: 'POST' }))).status).toBe(200);
    expect((await get(`/integration-settings/${first!.id}`)).status).toBe(200);
  });

  it('uuid-ids holds no more of a JSON body than the mock reads: a body that goes on is refused for its size after about that much, as without it', async () => {
    const CHUNK = new Uint8Array(64 * 1024).fill(32);
    const send = async (variations: string[]) => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // 64 MiB of JSON whitespace, unless the reader stops first.
          if (pulled >= 64 * 1024 * 1024) return controller.close();
          pulled += CHUNK.length;
          controller.enqueue(CHUNK);
        },
      });
      const t = await inProcessTarget({ variations });
      const res = await t.app.fetch(new Request('http://mock.in-process/api/public/v1/posts', { method: 'POST', headers: { authorization: 'demo-paid-key', 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit));
      return { status: res.status, pulledMiB: Math.ceil(pulled / 1024 / 1024) };
    };
    const plain = await send([]);
    const varied = await send(['uuid-ids']);
    expect(plain.status).toBe(413);
    expect(varied.status).toBe(413);
    // The mock reads 5 MiB of a JSON body; the variation may hold that and a little more, never the whole stream.
    expect(varied.pulledMiB).toBeLessThanOrEqual(8);
  });

  let baseline: Record<string, string>;
  let baselineCoverage: number;
  const verifiedNoLess = (r: RunReport) => {
    const rank = { failed: 0, 'not verified': 1, 'passed in part': 2, passed: 3 } as const;
    return Object.entries(verdicts(r)).filter(([name, status]) => rank[status as keyof typeof rank] < rank[baseline[name] as keyof typeof rank]).map(([name, status]) => `${name}: ${status}, against the mock ${baseline[name]}`);
  };

  it('every check against the mock itself (the baseline the variations are held to) fails nothing', async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 7, runs: 1, checks: CHECKS });
    expect(failures(report)).toEqual([]);
    baseline = verdicts(report);
    baselineCoverage = report.coverage.percent;
    expect(baselineCoverage).toBe(100);
  }, 120_000);

  for (const v of [...ALL.map((name) => [name]), ALL]) {
    const label = v.length === 1 ? v[0]! : `all ${v.length} together`;
    it(`every check against the variation ${label}: no failure, no check verified less, and the coverage of the mock`, async () => {
      const report = await runChecks(await inProcessTarget({ variations: v }), { seed: 7, runs: 1, checks: CHECKS });
      expect(failures(report)).toEqual([]);
      expect(verifiedNoLess(report)).toEqual([]);
      // The same outcomes reached and asserted: --min-coverage 100 is as reachable as against the mock.
      expect(report.coverage.percent).toBe(baselineCoverage);
    }, 120_000);
  }

  it('over HTTP, every variation on a real server (the request bodies read back through the Node server, not the raw socket): every check passes through the hook', async () => {
    const mock = await startMock({ port: 0, seed: 42, variations: ALL });
    try {
      const target = await createTarget({ target: mock.origin, control: `${mock.origin}/_mock` });
      const report = await runChecks(target, { seed: 7, runs: 1, checks: CHECKS });
      expect(failures(report)).toEqual([]);
      expect(report.results.filter((r) => r.status !== 'passed').map((r) => `${r.name}: ${r.status} ${r.notes[0] ?? ''}`)).toEqual([]);
    } finally {
      await mock.close();
    }
  }, 120_000);

  it('with every variation on, every fault of the catalogue is still caught by a check it names', async () => {
    const missed: string[] = [];
    for (const fault of FAULTS) {
      const inspects = (c: string) => getCheck(c)?.kind === 'response';
      const checks = [...fault.caughtBy];
      if (checks.every(inspects)) checks.push('positive_data_acceptance');
      // A variation that takes away what the fault breaks (no forecast at all) leaves it nothing to be caught by.
      const variations = VARIATIONS.filter((v) => !v.masks?.includes(fault.name)).map((v) => v.name);
      const report = await runChecks(await inProcessTarget({ faults: [fault.name], variations }), { seed: 7, runs: 2, checks });
      if (!report.results.some((r) => r.status === 'failed' && fault.caughtBy.includes(r.name))) missed.push(`${fault.name}: ${JSON.stringify(report.results.map((r) => [r.name, r.status, r.notes[0]]))}`);
    }
    expect(missed).toEqual([]);
  }, 300_000);
});
