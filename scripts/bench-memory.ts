// Benchmark (never a test): the mock's memory under sustained plain load, as `npm start` runs it (under the heap limit
// from its budgets, cli/heap.ts). Rounds of sustained reads (GET /integrations, GET /posts, GET /wallet) and refused
// writes (POST /posts with a body the validator refuses, so the world never grows) run back to back; RSS is read from
// /proc after each round, and again at the end after an idle pause (a minute by default), which is the figure that
// says whether what the load left behind was given back. `--record` writes docs/perf/memory.json, from which
// docs/perf.md's table is generated (npm run perf:tables).
// Usage: npm run bench:memory [-- --rounds 4 --duration 10 --connections 20 --idle 60 --record]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API, NODE, ROOT, arg, flag, freePort, machine, memory, serving, startServer } from './lib/processes.ts';

const rounds = Number(arg('rounds', '4'));
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '20'));
const idleSeconds = Number(arg('idle', '60'));
const MiB = (kib: number) => Math.round(kib / 1024);

/** The load of one round: reads, and writes the validator refuses (a draft without its posts), in equal turns. */
const REQUESTS: autocannon.Request[] = [
  { method: 'GET', path: `${API}/integrations` },
  { method: 'GET', path: `${API}/posts?startDate=2026-01-01T00:00:00Z&endDate=2026-01-08T00:00:00Z` },
  { method: 'GET', path: `${API}/wallet` },
  { method: 'POST', path: `${API}/posts`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'draft', shortLink: false, date: '2026-01-01T00:00:00Z', tags: [], posts: 'not a list' }) },
];

interface Measured {
  heapLimitMiB: number | null;
  idleMiB: number;
  rounds: Array<{ round: number; requests: number; requestsPerSecond: number; statuses: Record<string, number>; rssMiB: number; peakMiB: number }>;
  endMiB: number;
  peakMiB: number;
}

/** One mock started as `npm start` starts it (env: MOCK_HEAP_MIB=0 for V8's default heap), loaded round by round, then idle. */
async function measure(label: string, env: NodeJS.ProcessEnv): Promise<Measured> {
  const port = await freePort();
  const saved = process.env.MOCK_HEAP_MIB;
  if (env.MOCK_HEAP_MIB === undefined) delete process.env.MOCK_HEAP_MIB;
  else process.env.MOCK_HEAP_MIB = env.MOCK_HEAP_MIB;
  const mock = await startServer('mock', [NODE, join(ROOT, 'cli', 'start.mjs'), 'mock', '--port', String(port)], port, `${API}/openapi.json`);
  if (saved === undefined) delete process.env.MOCK_HEAP_MIB;
  else process.env.MOCK_HEAP_MIB = saved;
  try {
    const pid = mock.child.pid!;
    const heapLimit = /--max-old-space-size=(\d+)/.exec(readFileSync(`/proc/${serving(pid)}/cmdline`, 'utf8'))?.[1];
    const idle = memory(pid);
    console.log(`${label}: idle ${MiB(idle.rss)} MiB RSS (heap limit ${heapLimit ?? "V8's default"} MiB)`);
    const rows: Measured['rounds'] = [];
    for (let round = 1; round <= rounds; round++) {
      const statuses: Record<string, number> = {};
      const result = await autocannon({
        url: mock.origin,
        connections,
        duration,
        headers: { authorization: 'demo-payg-key' },
        requests: REQUESTS,
        setupClient: (client) => client.on('response', (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1)),
      });
      const m = memory(pid);
      rows.push({ round, requests: result.requests.total, requestsPerSecond: Math.round(result.requests.average), statuses, rssMiB: MiB(m.rss), peakMiB: MiB(m.peak) });
      console.log(`  round ${round}: ${result.requests.total} requests (${Math.round(result.requests.average)}/s; ${Object.entries(statuses).map(([s, n]) => `${s} ×${n}`).join(', ')}), RSS ${MiB(m.rss)} MiB, peak ${MiB(m.peak)} MiB`);
    }
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const end = memory(pid);
    console.log(`  after ${idleSeconds} s idle: RSS ${MiB(end.rss)} MiB, peak ${MiB(end.peak)} MiB`);
    return { heapLimitMiB: heapLimit ? Number(heapLimit) : null, idleMiB: MiB(idle.rss), rounds: rows, endMiB: MiB(end.rss), peakMiB: MiB(end.peak) };
  } finally {
    await mock.stop();
  }
}

async function main(): Promise<void> {
  const info = await machine();
  console.log(`Memory under sustained load: ${rounds} rounds of ${duration} s, ${connections} connections, then ${idleSeconds} s idle`);
  console.log(`  ${info.cpus} × ${info.cpuModel}, load ${info.loadAverage[0]}; a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core`);
  // The mock under its heap limit, then the baseline of the same run: the same load on V8's default heap.
  const limited = await measure('under the heap limit', {});
  const baseline = await measure("on V8's default heap (MOCK_HEAP_MIB=0)", { MOCK_HEAP_MIB: '0' });
  console.log(`\npeak RSS: ${limited.peakMiB} MiB under the limit, ${baseline.peakMiB} MiB without (${(limited.peakMiB / baseline.peakMiB).toFixed(2)}×)`);
  if (flag('record')) {
    const file = join(ROOT, 'docs', 'perf', 'memory.json');
    writeFileSync(file, `${JSON.stringify({ machine: info, connections, durationSeconds: duration, idleSeconds, ...limited, baseline }, null, 2)}\n`);
    console.log("\nrecorded docs/perf/memory.json: run npm run perf:tables to write docs/perf.md's table from it");
  }
}

await main();
