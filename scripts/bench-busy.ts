// Benchmark (never a test): the reads a calendar and a list screen make, on the seeded world and on the ready
// busy-workspace scenario (thousands of posts, hundreds of media items, a long ledger), side by side in one run; then
// the same reads on the busy world kept in a --state-file while a writer changes it, to show what the file's writes
// cost requests. `--record` writes docs/perf/busy.json, from which docs/perf.md's table is generated.
// Usage: npm run bench:busy [-- --duration 5 --connections 10 --record]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, NODE, ROOT, arg, flag, freePort, loadWithCpu, machine, startServer, type Started } from './lib/processes.ts';

const duration = Number(arg('duration', '5'));
const connections = Number(arg('connections', '10'));
const KEY = 'demo-payg-key';
/** The busy scenario's own instant (kept with --clock as-saved): its calendar is full around it. */
const NOW = Date.parse('2026-01-05T09:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const READS: { name: string; path: string }[] = [
  { name: 'GET /posts (a week)', path: `/posts?startDate=${iso(NOW - 3 * DAY)}&endDate=${iso(NOW + 4 * DAY)}` },
  { name: 'GET /posts (a month)', path: `/posts?startDate=${iso(NOW - 15 * DAY)}&endDate=${iso(NOW + 15 * DAY)}` },
  { name: 'GET /media (page 1)', path: '/media' },
  { name: 'GET /wallet/transactions', path: '/wallet/transactions' },
  { name: 'GET /wallet', path: '/wallet' },
];

type World = 'seeded' | 'busy' | 'busy + state file';

async function start(world: World, stateDir: string): Promise<Started> {
  const port = await freePort();
  const argv = [NODE, 'cli/bin.ts', 'mock', '--port', String(port), '--clock', world === 'seeded' ? iso(NOW) : 'as-saved'];
  if (world !== 'seeded') argv.push('--scenario', 'busy-workspace');
  if (world === 'busy + state file') argv.push('--state-file', join(stateDir, 'state.json'));
  return startServer(world, argv, port, `${API}/openapi.json`);
}

/** Changes the world every 200 ms (a top-up), so that the state file is rewritten while the reads run. */
function writer(origin: string): () => void {
  let on = true;
  (async () => {
    while (on) {
      await fetch(`${origin}/_mock/workspaces/ws_payg_demo/wallet/top-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credits": 1}' }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return () => (on = false);
}

async function main() {
  const info = await machine();
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
  console.log(`  a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core (longest stall ${info.cpuAvailability.longestStallMs} ms)${info.cpuAvailability.share < 0.9 ? ': a shared machine, read the ratios' : ''}`);
  console.log(`autocannon: ${connections} connections, ${duration} s per read after a 1 s warm-up\n`);
  const stateDir = mkdtempSync(join(tmpdir(), 'spw-bench-busy-'));
  const rows: Record<string, Partial<Record<World, { rps: number; p99: number; max: number; cpu: number; bytes: number }>>> = {};
  try {
    for (const world of ['seeded', 'busy', 'busy + state file'] as World[]) {
      const server = await start(world, stateDir);
      const stop = world === 'busy + state file' ? writer(server.origin) : () => undefined;
      try {
        for (const read of READS) {
          const { result, cpuMicrosPerRequest } = await loadWithCpu({ url: server.origin + API + read.path, headers: { authorization: KEY }, connections }, server.child.pid!, duration);
          const non2xx = result.non2xx;
          if (non2xx > 0) throw new Error(`${world} ${read.name}: ${non2xx} answers were not 2xx`);
          (rows[read.name] ??= {})[world] = {
            rps: Math.round(result.requests.average),
            p99: result.latency.p99,
            max: result.latency.max,
            cpu: cpuMicrosPerRequest,
            bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
          };
        }
      } finally {
        stop();
        await server.stop();
      }
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
  console.log('| Read | seeded req/s | busy req/s | busy / seeded | busy p99 ms | bytes per answer (busy) | with --state-file: req/s, p99, max ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, r] of Object.entries(rows)) {
    const s = r.seeded!;
    const b = r.busy!;
    const f = r['busy + state file']!;
    console.log(`| ${name} | ${s.rps} | ${b.rps} | ${(b.rps / s.rps).toFixed(2)} | ${b.p99} | ${b.bytes} | ${f.rps}, ${f.p99}, ${f.max} |`);
  }
  if (flag('record')) {
    writeFileSync(join(ROOT, 'docs', 'perf', 'busy.json'), `${JSON.stringify({ machine: info, connections, durationSeconds: duration, rows }, null, 2)}\n`);
    console.log('\nrecorded docs/perf/busy.json: run npm run perf:tables to write docs/perf.md\'s table from it');
  }
}

await main();
