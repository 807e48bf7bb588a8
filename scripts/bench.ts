// Benchmark (never a test): the mock side by side with Stoplight Prism's mock of our own document and a bare node:http
// server, loaded by autocannon on the same operations in one run; then start-up time, mock against Prism.
// Usage: npm run bench [-- --duration 8 --connections 10 --out reports/bench.json --record]
//   --record  also writes docs/perf/bench.json and docs/perf/throughput.svg (the README's figures and chart)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { API, NODE, ROOT, arg, flag, freePort, httpJson, loadWithCpu, machine, median, memory, prismArgv, startServer, type Started } from './lib/processes.ts';
import { throughputChart } from './lib/chart.ts';
import { BENCH_DRAFT, BENCH_KEY } from './lib/bench-requests.ts';

const duration = Number(arg('duration', '8'));
const connections = Number(arg('connections', '10'));
const startupRuns = Number(arg('startup-runs', '5'));
const out = arg('out', join(ROOT, 'reports', 'bench.json'));
const KEY = BENCH_KEY;
const PROBE = `${API}/openapi.json`;
/** Prism serves the document's paths at its root: it does not mount them under the server URL's base path. */
const PRISM_PROBE = '/openapi.json';

type ServerName = 'mock' | 'prism' | 'bare';

interface Operation {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status every answer should have; others are counted and shown, never hidden. */
  expect: number;
}

const week = { start: '2026-01-05T00:00:00.000Z', end: '2026-01-12T00:00:00.000Z' };
const draft = BENCH_DRAFT;

const OPERATIONS: Operation[] = [
  { name: 'GET /integrations (list)', method: 'GET', path: '/integrations', headers: { authorization: KEY }, expect: 200 },
  {
    name: 'GET /posts (one week)',
    method: 'GET',
    path: `/posts?startDate=${week.start}&endDate=${week.end}`,
    headers: { authorization: KEY },
    expect: 200,
  },
  { name: 'POST /posts (draft)', method: 'POST', path: '/posts', headers: { authorization: KEY, 'content-type': 'application/json' }, body: draft, expect: 200 },
  { name: 'GET /integrations, no key (401)', method: 'GET', path: '/integrations', headers: {}, expect: 401 },
];

interface Row {
  server: ServerName;
  operation: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** The server process's CPU time per request answered, in microseconds: the cost of an answer, which a stalled
   *  or shared machine moves far less than it moves requests per second. */
  cpuMicrosPerRequest: number;
  expectedStatusShare: number;
  statuses: Record<string, number>;
}

/** Where each server mounts the API. */
const BASE: Record<ServerName, string> = { mock: API, prism: '', bare: API };

async function load(server: Started, base: string, op: Operation): Promise<Omit<Row, 'server'>> {
  const { result: r, cpuMicrosPerRequest } = await loadWithCpu(
    { url: server.origin + base + op.path, method: op.method, headers: op.headers, body: op.body, connections },
    server.child.pid!,
    duration,
  );
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = (stats as { count: number }).count;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    operation: op.name,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    cpuMicrosPerRequest,
    expectedStatusShare: total === 0 ? 0 : Number(((statuses[String(op.expect)] ?? 0) / total).toFixed(4)),
    statuses,
  };
}

async function startMock(port: number) {
  const mock = await startServer('mock', [NODE, 'cli/bin.ts', 'mock', '--port', String(port)], port, PROBE);
  // The hourly post limit would turn the write benchmark into a 429 benchmark: lift it through control.
  const limits = await httpJson(`${mock.origin}/_mock/limits`, { method: 'PUT', body: { postsPerHour: 1_000_000_000 } });
  if (limits.status !== 200) throw new Error(`could not lift the mock's post limit: ${limits.status} ${JSON.stringify(limits.body)}`);
  return mock;
}

// Prism logs every request at `info` by default; `error` keeps its console out of the measurement, as ours is.
const startPrism = (port: number) =>
  startServer('prism', prismArgv('mock', port, [join(ROOT, 'spec', 'openapi.yaml'), '--verboseLevel', 'error']), port, PRISM_PROBE, 180_000);

async function startBare(port: number, body: unknown) {
  const file = join(tmpdir(), `spw-bench-body-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(body));
  return startServer('bare', [NODE, 'scripts/lib/bare-server.ts', String(port), file], port, PROBE);
}

interface Startups {
  mockMs: number[];
  prismMs: number[];
  /** CPU seconds each process had used by its first 200. */
  mockCpuSeconds: number[];
  prismCpuSeconds: number[];
}

/** Runs alternate mock and Prism. The mock's first run fills Node's compile cache (see cli/bin.ts): it is the cold start. */
async function startupTimes(): Promise<Startups> {
  const out: Startups = { mockMs: [], prismMs: [], mockCpuSeconds: [], prismCpuSeconds: [] };
  const starters = {
    mock: (p: number) => startServer('mock', [NODE, 'cli/bin.ts', 'mock', '--port', String(p)], p, PROBE),
    prism: startPrism,
  };
  for (let i = 0; i < startupRuns; i++) {
    for (const name of ['mock', 'prism'] as const) {
      const s = await starters[name](await freePort());
      out[`${name}Ms`].push(Math.round(s.startupMs));
      out[`${name}CpuSeconds`].push(s.startupCpuSeconds);
      await s.stop();
    }
  }
  return out;
}

const fmt = (n: number, width: number) => String(n).padStart(width);

async function main() {
  const info = await machine();
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, ${info.memoryGiB} GiB, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
  console.log(
    `  a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core over 2 s (longest stall ${info.cpuAvailability.longestStallMs} ms)` +
      (info.cpuAvailability.share < 0.9 ? ': a shared machine; read the ratios and CPU per request, not the absolute rates' : ''),
  );
  console.log(`autocannon: ${connections} connections, ${duration} s per operation after a 1 s warm-up\n`);

  const mock = await startMock(await freePort());
  // The bare server answers with the mock's own integrations list, so both send the same bytes.
  const list = await httpJson(`${mock.origin}${API}/integrations`, { headers: { authorization: KEY } });
  const servers: Array<[ServerName, () => Promise<Started>]> = [
    ['mock', async () => mock],
    ['prism', async () => startPrism(await freePort())],
    ['bare', async () => startBare(await freePort(), list.body)],
  ];

  const rows: Row[] = [];
  const memoryMiB: Partial<Record<ServerName, number>> = {};
  for (const [name, start] of servers) {
    const server = await start();
    try {
      // The bare server answers one body to everything: it is the floor for the list, and only measured there.
      for (const op of name === 'bare' ? OPERATIONS.slice(0, 1) : OPERATIONS) {
        const row = { server: name, ...(await load(server, BASE[name], op)) };
        rows.push(row);
        const unexpected = row.expectedStatusShare < 1 ? `  (only ${(row.expectedStatusShare * 100).toFixed(1)}% answered ${op.expect}: ${JSON.stringify(row.statuses)})` : '';
        console.log(
          `${name.padEnd(6)} ${op.name.padEnd(34)} ${fmt(row.requestsPerSecond, 7)} req/s  p50 ${fmt(row.p50Ms, 3)} ms  p99 ${fmt(row.p99Ms, 4)} ms  ${fmt(row.cpuMicrosPerRequest, 5)} µs CPU/req${unexpected}`,
        );
      }
      memoryMiB[name] = Math.round(memory(server.child.pid!).rss / 1024);
    } finally {
      await server.stop();
    }
  }

  const get = (server: ServerName, op: string) => rows.find((r) => r.server === server && r.operation === op);
  const ratios = OPERATIONS.map((op) => {
    const m = get('mock', op.name)!;
    const p = get('prism', op.name);
    const b = get('bare', op.name);
    return {
      operation: op.name,
      mockOverPrism: p ? Number((m.requestsPerSecond / p.requestsPerSecond).toFixed(2)) : null,
      mockOverBare: b ? Number((m.requestsPerSecond / b.requestsPerSecond).toFixed(2)) : null,
      /** How many times less CPU the mock spends per answer than Prism (and than the bare server, below 1). */
      cpuPrismOverMock: p ? Number((p.cpuMicrosPerRequest / m.cpuMicrosPerRequest).toFixed(2)) : null,
      cpuBareOverMock: b ? Number((b.cpuMicrosPerRequest / m.cpuMicrosPerRequest).toFixed(2)) : null,
      mockP99Ms: m.p99Ms,
    };
  });

  console.log('\nStart-up (spawn to first 200 on /openapi.json), measuring...');
  const startup = await startupTimes();
  const warm = startup.mockMs.slice(1);
  const startupSummary = {
    mockMedianMs: median(startup.mockMs),
    mockWarmMedianMs: median(warm.length > 0 ? warm : startup.mockMs),
    mockBestMs: Math.min(...startup.mockMs),
    prismMedianMs: median(startup.prismMs),
    prismBestMs: Math.min(...startup.prismMs),
    mockMedianCpuSeconds: median(startup.mockCpuSeconds),
    prismMedianCpuSeconds: median(startup.prismCpuSeconds),
    ...startup,
  };

  console.log('\nRatios and targets (figures, not assertions):');
  for (const r of ratios) {
    const parts = [`${r.operation.padEnd(34)} mock/prism ${fmt(r.mockOverPrism ?? NaN, 6)}x ${(r.mockOverPrism ?? 0) >= 10 ? 'meets' : 'MISSES'} >= 10x`];
    if (r.mockOverBare !== null) parts.push(`mock/bare ${r.mockOverBare}x ${r.mockOverBare >= 0.5 ? 'meets' : 'MISSES'} >= 0.5x`);
    parts.push(`p99 ${r.mockP99Ms} ms ${r.mockP99Ms < 10 ? 'meets' : 'MISSES'} < 10 ms`);
    parts.push(`CPU per answer: Prism ${r.cpuPrismOverMock}x the mock's${r.cpuBareOverMock !== null ? `, bare ${r.cpuBareOverMock}x` : ''}`);
    console.log('  ' + parts.join(';  '));
  }
  console.log(
    `  start-up median: mock ${startupSummary.mockMedianMs} ms (${startupSummary.mockMedianMs < 500 ? 'meets' : 'MISSES'} < 500 ms; best ${startupSummary.mockBestMs} ms, ` +
      `${startupSummary.mockMedianCpuSeconds} s CPU), Prism ${startupSummary.prismMedianMs} ms (best ${startupSummary.prismBestMs} ms, ${startupSummary.prismMedianCpuSeconds} s CPU)` +
      `\n    runs: mock ${startup.mockMs.join(', ')} (the first fills the compile cache); Prism ${startup.prismMs.join(', ')}`,
  );
  console.log(`  RSS after load: ${Object.entries(memoryMiB).map(([k, v]) => `${k} ${v} MiB`).join(', ')}`);

  const result = { date: new Date().toISOString(), machine: info, connections, durationSeconds: duration, rows, ratios, startup: startupSummary, memoryMiB };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(`\nWrote ${out}`);
  if (flag('record')) {
    const dir = join(ROOT, 'docs', 'perf');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'bench.json'), JSON.stringify(result, null, 2) + '\n');
    writeFileSync(join(dir, 'throughput.svg'), throughputChart(result));
    console.log(`Recorded docs/perf/bench.json and docs/perf/throughput.svg`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
