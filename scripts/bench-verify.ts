// Benchmark (never a test): a whole `verify` against the mock served over HTTP with every public answer late by
// --latency (a near or a far staging server), one check at a time and with --concurrency N, in one run: the time, the
// requests a second, and whether the verdicts and the coverage are the same. With --faults, the fault catalogue in
// process at concurrency 1 and N: which checks catch each fault at each.
// With --hook-held, a further run at each latency has the hook's answers held as long too (a staging server's hook
// is across the same network; the mock's --latency holds only the public API's), held by the verifier's transport.
// Usage: npm run bench:verify [-- --latency 50,150 --concurrency 8 --seed 1 --baseline 50 --hook-held] [-- --faults [--only a,b]]
import '../suites/checks/index.ts';
import { FAULTS } from '../mocks/http/faults/index.ts';
import { allChecks } from '../suites/checks/registry.ts';
import { inProcessTarget } from '../suites/in-process.ts';
import { runChecks, type RunReport } from '../suites/runner.ts';
import { createTarget } from '../suites/target.ts';
import { API, NODE, arg, flag, freePort, httpJson, machine, startServer } from './lib/processes.ts';

const latencies = arg('latency', '50,150').split(',').map(Number);
const concurrency = Number(arg('concurrency', '8'));
const seed = Number(arg('seed', '1'));
/** The latencies at which the one-at-a-time run is measured too (it is the long part: about 4.6k requests in a row). */
const baseline = new Set(arg('baseline', '50').split(',').filter(Boolean).map(Number));

const verdicts = (r: RunReport) => JSON.stringify(r.results.map((c) => [c.name, c.status, c.failures.length]));
const coverage = (r: RunReport) => JSON.stringify(r.coverage.operations.map((o) => [o.operationId, o.asserted, o.reachedOnly, o.neverReached]));

/** A transport that holds every call to the states hook `ms` before sending it, as a hook across a network would be. */
function holdingHook(ms: number): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/_mock/states')) await new Promise((r) => setTimeout(r, ms));
    return fetch(input, init);
  }) as typeof fetch;
}

async function overHttp(latency: number, n: number, hookHeld = false): Promise<{ report: RunReport; seconds: number; floor: number }> {
  const port = await freePort();
  const server = await startServer(`mock --latency ${latency}`, [NODE, 'cli/bin.ts', 'mock', '--port', String(port), '--latency', String(latency)], port, `${API}/openapi.json`);
  try {
    const target = await createTarget({ target: server.origin, control: `${server.origin}/_mock`, ...(hookHeld ? { transport: holdingHook(latency) } : {}) });
    const t0 = performance.now();
    const report = await runChecks(target, { seed, runs: 10, concurrency: n });
    const seconds = (performance.now() - t0) / 1000;
    // The floor: the public answers the latency held (the journal numbers each one; the hook's are not held), were
    // every n of them to overlap perfectly. No scheduling goes under it; only fewer requests, or more in flight.
    const publicHeld = (await httpJson(`${server.origin}/_mock/requests?after=1000000000`)).body.lastSeq as number;
    // With the hook held too, every request of the run was.
    const held = hookHeld ? report.requests : publicHeld;
    return { report, seconds, floor: (held * latency) / 1000 / n };
  } finally {
    await server.stop();
  }
}

async function faults(): Promise<void> {
  const names = allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name);
  console.log(`The fault catalogue (${FAULTS.length} faults), every check, in process, seed ${seed}, one run per property: the checks that fail at concurrency 1 and ${concurrency}\n`);
  console.log('| fault | failing at 1 | failing at ' + concurrency + ' | same |\n|---|---|---|---|');
  let same = 0;
  const only = arg('only')?.split(',');
  for (const fault of FAULTS.filter((f) => !only || only.includes(f.name))) {
    const failing = async (n: number) => (await runChecks(await inProcessTarget({ faults: [fault.name] }), { seed, runs: 1, checks: names, concurrency: n })).results.filter((r) => r.status === 'failed').map((r) => r.name).sort();
    const [one, many] = [await failing(1), await failing(concurrency)];
    const ok = JSON.stringify(one) === JSON.stringify(many) && one.length > 0;
    if (ok) same++;
    console.log(`| ${fault.name} | ${one.join(', ') || '(none)'} | ${many.join(', ') || '(none)'} | ${ok ? 'yes' : '**no**'} |`);
  }
  console.log(`\n${same} of ${only ? only.length : FAULTS.length} faults caught, by the same checks at both.`);
}

async function main() {
  const info = await machine();
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
  console.log(`  a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core${info.cpuAvailability.share < 0.9 ? ' (a shared machine: the run is bound by latency, not CPU, but read the figures with that in mind)' : ''}\n`);
  if (flag('faults')) return faults();
  console.log(`spw verify against \`spw mock --latency L\` over HTTP, --control, seed ${seed}, 10 runs per property\n`);
  console.log('| latency | concurrency | time | floor | time / floor | requests | requests/s | speed-up | verdicts | coverage |\n|---|---|---|---|---|---|---|---|---|---|');
  for (const latency of latencies) {
    const one = baseline.has(latency) ? await overHttp(latency, 1) : undefined;
    const vsFloor = (r: { seconds: number; floor: number }) => `${r.floor.toFixed(1)} s | ${(r.seconds / r.floor).toFixed(2)}×`;
    if (one) console.log(`| ${latency} ms | 1 | ${one.seconds.toFixed(1)} s | ${vsFloor(one)} | ${one.report.requests} | ${one.report.requestsPerSecond.toFixed(0)} | 1.0× | ${one.report.results.filter((r) => r.status === 'failed').length} failed | ${one.report.coverage.percent}% |`);
    const many = await overHttp(latency, concurrency);
    const same = one ? `${verdicts(many.report) === verdicts(one.report) ? 'same' : '**differ**'}` : `${many.report.results.filter((r) => r.status === 'failed').length} failed`;
    const cov = one ? (coverage(many.report) === coverage(one.report) ? 'same' : '**differs**') : `${many.report.coverage.percent}%`;
    console.log(`| ${latency} ms | ${concurrency} | ${many.seconds.toFixed(1)} s | ${vsFloor(many)} | ${many.report.requests} | ${many.report.requestsPerSecond.toFixed(0)} | ${one ? `${(one.seconds / many.seconds).toFixed(1)}×` : '—'} | ${same} | ${cov} |`);
    if (flag('hook-held')) {
      const far = await overHttp(latency, concurrency, true);
      console.log(`| ${latency} ms, hook too | ${concurrency} | ${far.seconds.toFixed(1)} s | ${vsFloor(far)} | ${far.report.requests} | ${far.report.requestsPerSecond.toFixed(0)} | — | ${far.report.results.filter((r) => r.status === 'failed').length} failed | ${far.report.coverage.percent}% |`);
    }
  }
}

await main();
