// Benchmark (never a test): where the mock's cost per answer sits, step by step from a bare node:http server to the
// mock, all sending the mock's own integrations list: the bare server, the HTTP adapter alone, a Hono route with an
// async handler, the mock's app behind the adapter, and the mock as `spw mock` serves it, on its direct lane past the
// adapter and the router (docs/architecture.md). Rounds alternate the five,
// so a machine that gets busier hurts all alike; medians of the rounds are printed, as CPU per answer. `--record`
// writes docs/perf/edge.json, from which docs/perf.md's table is generated.
// Usage: npm run bench:edge [-- --rounds 3 --duration 5 --connections 10 --wait 120 --anyway --record]
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_KEY } from './lib/bench-requests.ts';
import { API, NODE, ROOT, arg, flag, freePort, httpJson, loadWithCpu, median, quietMachine, startServer } from './lib/processes.ts';

const rounds = Number(arg('rounds', '3'));
const duration = Number(arg('duration', '5'));
const connections = Number(arg('connections', '10'));
const PROBE = `${API}/openapi.json`;

const STEPS: Array<{ name: string; argv: (port: number, body: string) => string[]; probe: string }> = [
  { name: 'bare node:http', argv: (p, b) => [NODE, 'scripts/lib/bare-server.ts', String(p), b], probe: '/' },
  { name: 'adapter alone', argv: (p, b) => [NODE, 'scripts/lib/adapter-server.ts', String(p), b], probe: '/' },
  { name: 'Hono route, async handler', argv: (p, b) => [NODE, 'scripts/lib/edge-server.ts', 'hono', String(p), b], probe: PROBE },
  { name: "the mock's app behind the adapter", argv: (p, b) => [NODE, 'scripts/lib/edge-server.ts', 'app', String(p), b], probe: PROBE },
  { name: 'spw mock (direct lane)', argv: (p) => [NODE, 'cli/start.mjs', 'mock', '--port', String(p)], probe: PROBE },
];

async function main() {
  const info = await quietMachine(Number(arg('wait', '120')), flag('anyway'));
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}; a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core`);
  console.log(`GET ${API}/integrations, ${connections} connections, ${duration} s per step, ${rounds} alternating rounds\n`);
  // Every step sends the bytes the mock sends.
  const port = await freePort();
  const mock = await startServer('mock', [NODE, 'cli/start.mjs', 'mock', '--port', String(port)], port, PROBE);
  const list = await httpJson(`${mock.origin}${API}/integrations`, { headers: { authorization: BENCH_KEY } });
  await mock.stop();
  if (list.status !== 200) throw new Error(`the mock's list answered ${list.status}`);
  const bodyFile = join(tmpdir(), `spw-bench-edge-${process.pid}.json`);
  writeFileSync(bodyFile, JSON.stringify(list.body));

  const cpu: number[][] = STEPS.map(() => []);
  const rps: number[][] = STEPS.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, step] of STEPS.entries()) {
      const p = await freePort();
      const server = await startServer(step.name, step.argv(p, bodyFile), p, step.probe);
      try {
        const { result, cpuMicrosPerRequest } = await loadWithCpu({ url: `${server.origin}${API}/integrations`, headers: { authorization: BENCH_KEY }, connections }, server.child.pid!, duration);
        if (result.non2xx > 0) throw new Error(`${step.name}: ${result.non2xx} answers were not 2xx`);
        cpu[i]!.push(cpuMicrosPerRequest);
        rps[i]!.push(Math.round(result.requests.average));
      } finally {
        await server.stop();
      }
    }
  }
  const bare = median(cpu[0]!);
  console.log('| step | req/s | CPU per answer | added by the step | over the bare server |');
  console.log('|---|---|---|---|---|');
  for (const [i, step] of STEPS.entries()) {
    const here = median(cpu[i]!);
    const added = i === 0 ? '' : `${here - median(cpu[i - 1]!)} µs`;
    console.log(`| ${step.name} | ${median(rps[i]!)} | ${here} µs (rounds: ${cpu[i]!.join(', ')}) | ${added} | ${(here / bare).toFixed(2)}x |`);
  }
  if (flag('record')) {
    const steps = STEPS.map((step, i) => ({ name: step.name, requestsPerSecond: median(rps[i]!), cpuMicrosPerRequest: median(cpu[i]!), rounds: cpu[i]! }));
    writeFileSync(join(ROOT, 'docs', 'perf', 'edge.json'), `${JSON.stringify({ machine: info, connections, durationSeconds: duration, rounds, steps }, null, 2)}\n`);
    console.log('\nrecorded docs/perf/edge.json: run npm run perf:tables to write docs/perf.md\'s table from it');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
