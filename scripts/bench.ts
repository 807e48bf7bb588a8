// Benchmark (never a test): the mock side by side with Stoplight Prism's mock of our own document, a bare node:http
// server and the mock's HTTP adapter alone (both sending the mock's own bytes), loaded by autocannon on the same
// operations in one run (the bare server also reads the draft's POST and sends the mock's answer to it: the draft's
// floor); then each refusal against its operation's success, alternated on one mock; then memory and
// start-up time, mock against Prism; then the lean-edge targets, met or not.
// Memory at rest and start-up are measured twice: the checkout's command (`node cli/start.mjs mock`, what `npm start`
// runs) and the package's (`dist/cli/bin.js`, what `npx spw mock` runs), which `npm run build` writes first.
// It waits for a quiet machine first (load under 1, a busy loop near a whole core) and stops if none comes.
// Usage: npm run bench [-- --duration 8 --connections 10 --pair-rounds 6 --pair-seconds 2 --out reports/bench.json --record --wait 120 --anyway]
//   --record  also writes docs/perf/bench.json and docs/perf/throughput.svg (the README's figures and chart)
//   --anyway  measure on a machine that stays busy (the figures say so)
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { API, NODE, ROOT, alternatingCpu, arg, flag, freePort, httpJson, loadWithCpu, median, memory, prismArgv, quietMachine, startServer, type Started } from './lib/processes.ts';
import { throughputChart } from './lib/chart.ts';
import { BENCH_DRAFT, BENCH_KEY } from './lib/bench-requests.ts';

const duration = Number(arg('duration', '8'));
const connections = Number(arg('connections', '10'));
const startupRuns = Number(arg('startup-runs', '5'));
const pairRounds = Number(arg('pair-rounds', '6'));
const pairSeconds = Number(arg('pair-seconds', '2'));
const out = arg('out', join(ROOT, 'reports', 'bench.json'));
const KEY = BENCH_KEY;
const PROBE = `${API}/openapi.json`;
/** Prism serves the document's paths at its root: it does not mount them under the server URL's base path. */
const PRISM_PROBE = '/openapi.json';

type ServerName = 'mock' | 'prism' | 'bare' | 'adapter';
/** The same mock started from the built package (dist/), measured at rest and at start-up only. */
type Resting = ServerName | 'package';
const PACKAGE_ARGV = (port: number) => [NODE, 'dist/cli/bin.js', 'mock', '--port', String(port)];

interface Operation {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status every answer should have; others are counted and shown, never hidden. */
  expect: number;
  /** A refusal: the success of the same operation whose CPU per answer it must not exceed. */
  refusalOf?: string;
  /** Measured on the mock alone: it is there to be set against the mock's own success (Prism answers find-slot's example for any channel). */
  mockOnly?: boolean;
}

const week = { start: '2026-01-05T00:00:00.000Z', end: '2026-01-12T00:00:00.000Z' };
/** A channel of the paid demo workspace, whose next free slot find-slot gives. */
const SLOT_CHANNEL = 'ch_paid_linkedin';
const draft = BENCH_DRAFT;
const DRAFT = 'POST /posts (draft)';

const OPERATIONS: Operation[] = [
  { name: 'GET /integrations (list)', method: 'GET', path: '/integrations', headers: { authorization: KEY }, expect: 200 },
  {
    name: 'GET /posts (one week)',
    method: 'GET',
    path: `/posts?startDate=${week.start}&endDate=${week.end}`,
    headers: { authorization: KEY },
    expect: 200,
  },
  { name: 'GET /integrations, no key (401)', method: 'GET', path: '/integrations', headers: {}, expect: 401, refusalOf: 'GET /integrations (list)' },
  // The other two refusals the lean-edge goal names, each against its own operation's success.
  {
    name: 'GET /posts, bad date (400)',
    method: 'GET',
    path: `/posts?startDate=not-a-date&endDate=${week.end}`,
    headers: { authorization: KEY },
    expect: 400,
    refusalOf: 'GET /posts (one week)',
    mockOnly: true,
  },
  { name: 'GET /find-slot/{id} (a slot)', method: 'GET', path: `/find-slot/${SLOT_CHANNEL}`, headers: { authorization: KEY }, expect: 200, mockOnly: true },
  {
    name: 'GET /find-slot/{id}, no channel (404)',
    method: 'GET',
    path: '/find-slot/ch_no_such_channel',
    headers: { authorization: KEY },
    expect: 404,
    refusalOf: 'GET /find-slot/{id} (a slot)',
    mockOnly: true,
  },
  // Last: each draft is kept, so the world (and the heap every later answer collects in) grows by tens of thousands
  // of posts; a read or a refusal measured after it would pay for that growth.
  { name: DRAFT, method: 'POST', path: '/posts', headers: { authorization: KEY, 'content-type': 'application/json' }, body: draft, expect: 200 },
];
/** What Prism is measured on too: the goal's four rows. */
const SIDE_BY_SIDE = OPERATIONS.filter((o) => !o.mockOnly);

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
const BASE: Record<ServerName, string> = { mock: API, prism: '', bare: API, adapter: API };

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
  const mock = await startServer('mock', [NODE, 'cli/start.mjs', 'mock', '--port', String(port)], port, PROBE);
  // The hourly post limit would turn the write benchmark into a 429 benchmark: lift it through control.
  const limits = await httpJson(`${mock.origin}/_mock/limits`, { method: 'PUT', body: { postsPerHour: 1_000_000_000 } });
  if (limits.status !== 200) throw new Error(`could not lift the mock's post limit: ${limits.status} ${JSON.stringify(limits.body)}`);
  return mock;
}

// Prism logs every request at `info` by default; `error` keeps its console out of the measurement, as ours is.
const startPrism = (port: number) =>
  startServer('prism', prismArgv('mock', port, [join(ROOT, 'spec', 'openapi.yaml'), '--verboseLevel', 'error']), port, PRISM_PROBE, 180_000);

/** A floor server (bare node:http, or the mock's adapter alone) answering the mock's own bytes to everything. */
async function startFloor(name: 'bare' | 'adapter', port: number, body: unknown) {
  const file = join(tmpdir(), `spw-bench-body-${process.pid}-${port}.json`);
  writeFileSync(file, JSON.stringify(body));
  try {
    return await startServer(name, [NODE, `scripts/lib/${name}-server.ts`, String(port), file], port, PROBE);
  } finally {
    // Read at the floor's start: once it answers (or fails to), the file is no longer needed.
    rmSync(file, { force: true });
  }
}

/** RSS of a server that has started and answered its probe, once it has settled: what it holds doing nothing. */
async function idleMiB(server: Started): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return Math.round(memory(server.child.pid!).rss / 1024);
}

interface Startups {
  mockMs: number[];
  packageMs: number[];
  prismMs: number[];
  /** CPU seconds each process had used by its first 200. */
  mockCpuSeconds: number[];
  packageCpuSeconds: number[];
  prismCpuSeconds: number[];
}

/** Runs alternate mock, package and Prism. Each mock's first run fills Node's compile cache (see cli/start.mjs): it is the cold start. */
async function startupTimes(): Promise<Startups> {
  const out: Startups = { mockMs: [], packageMs: [], prismMs: [], mockCpuSeconds: [], packageCpuSeconds: [], prismCpuSeconds: [] };
  const starters = {
    mock: (p: number) => startServer('mock', [NODE, 'cli/start.mjs', 'mock', '--port', String(p)], p, PROBE),
    package: (p: number) => startServer('package', PACKAGE_ARGV(p), p, PROBE),
    prism: startPrism,
  };
  for (let i = 0; i < startupRuns; i++) {
    for (const name of ['mock', 'package', 'prism'] as const) {
      const s = await starters[name](await freePort());
      out[`${name}Ms`].push(Math.round(s.startupMs));
      out[`${name}CpuSeconds`].push(s.startupCpuSeconds);
      await s.stop();
    }
  }
  return out;
}

const fmt = (n: number, width: number) => String(n).padStart(width);

/** The lean-edge targets, each with its figure and whether this run meets it. */
function targets(ratios: Ratio[], rows: Row[], paired: Paired, memoryMiB: Partial<Record<ServerName, number>>, idle: Partial<Record<Resting, number>>, startupMedianMs: { mock: number; package: number }) {
  const cpu = (op: string) => rows.find((r) => r.server === 'mock' && r.operation === op)?.cpuMicrosPerRequest ?? NaN;
  const draft = cpu(DRAFT);
  const draftFloor = rows.find((r) => r.server === 'bare' && r.operation === DRAFT)?.cpuMicrosPerRequest;
  const list = ratios[0]!;
  const out: Array<{ target: string; figure: string; met: boolean }> = ratios.map((r) => ({
    target: `${r.operation}: >= 7x Prism's req/s`,
    figure: `${r.mockOverPrism}x`,
    met: (r.mockOverPrism ?? 0) >= 7,
  }));
  out.push({ target: `${list.operation}: >= 0.6x the bare server's req/s`, figure: `${list.mockOverBare}x`, met: (list.mockOverBare ?? 0) >= 0.6 });
  for (const op of OPERATIONS.filter((o) => o.refusalOf)) {
    const refusal = paired[op.name]!.cpuMicrosPerRequest;
    const success = paired[op.refusalOf!]!.cpuMicrosPerRequest;
    out.push({
      target: `a refusal costs no more CPU than its operation's success: ${op.name} against ${op.refusalOf} (alternated, median of ${pairRounds} windows)`,
      figure: `${refusal} vs ${success} µs`,
      met: refusal <= success,
    });
  }
  out.push({ target: 'POST /posts draft under 80 µs of CPU', figure: `${draft} µs (the bare server reading it and sending the same answer: ${draftFloor} µs)`, met: draft < 80 });
  out.push({ target: "RSS after the bench no more than Prism's", figure: `${memoryMiB.mock} vs ${memoryMiB.prism} MiB`, met: (memoryMiB.mock ?? Infinity) <= (memoryMiB.prism ?? 0) });
  for (const [who, name] of [['checkout', 'mock'], ['package', 'package']] as const) {
    const rss = idle[name];
    out.push({ target: `idle RSS under 80 MB (${who})`, figure: `${rss} MiB (${Math.round(((rss ?? 0) * 2 ** 20) / 1e6)} MB)`, met: (rss ?? Infinity) * 2 ** 20 < 80e6 });
  }
  for (const [who, name] of [['checkout', 'mock'], ['package', 'package']] as const) {
    out.push({ target: `start-up under 150 ms (${who}, median, spawn to first 200)`, figure: `${startupMedianMs[name]} ms`, met: startupMedianMs[name] < 150 });
  }
  return out;
}

/** The refusals and their successes, measured in alternating windows on one mock: CPU per answer, each window's too. */
type Paired = Record<string, { cpuMicrosPerRequest: number; windows: number[] }>;

/**
 * A refusal and its success cost about the same, and one run of each differs from the next by more than they differ:
 * each pair is measured on a fresh mock in alternating windows, and the targets read those figures.
 */
async function pairedRefusals(): Promise<Paired> {
  const mock = await startMock(await freePort());
  try {
    const names = [...new Set(OPERATIONS.filter((o) => o.refusalOf).flatMap((o) => [o.refusalOf!, o.name]))];
    const requests = Object.fromEntries(
      names.map((name) => {
        const op = OPERATIONS.find((o) => o.name === name)!;
        return [name, { url: mock.origin + API + op.path, method: op.method, headers: op.headers, body: op.body, connections }];
      }),
    );
    return await alternatingCpu(requests, mock.child.pid!, pairRounds, pairSeconds);
  } finally {
    await mock.stop();
  }
}

interface Ratio {
  operation: string;
  mockOverPrism: number | null;
  mockOverBare: number | null;
  adapterOverBare: number | null;
  cpuPrismOverMock: number | null;
  cpuBareOverMock: number | null;
  mockP99Ms: number;
}

async function main() {
  // The package's figures are of the tree as it is: build it before anything is measured.
  const built = spawnSync(NODE, ['scripts/build.ts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`npm run build failed (status ${built.status ?? built.signal})`);
  const info = await quietMachine(Number(arg('wait', '120')), flag('anyway'));
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, ${info.memoryGiB} GiB, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
  console.log(`  a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core over 2 s (longest stall ${info.cpuAvailability.longestStallMs} ms)`);
  console.log(`autocannon: ${connections} connections, ${duration} s per operation after a 1 s warm-up\n`);

  const mock = await startMock(await freePort());
  // The floors answer with the mock's own integrations list, so all send the same bytes.
  const list = await httpJson(`${mock.origin}${API}/integrations`, { headers: { authorization: KEY } });
  const idle: Partial<Record<Resting, number>> = { mock: await idleMiB(mock) };
  // And the draft's floor answers with the mock's own answer to a draft.
  const draftOp = OPERATIONS.find((o) => o.name === DRAFT)!;
  const draftAnswer = await httpJson(mock.origin + API + draftOp.path, { method: 'POST', headers: draftOp.headers, body: JSON.parse(draftOp.body!) });
  if (draftAnswer.status !== draftOp.expect) throw new Error(`the mock answered a draft ${draftAnswer.status}: ${JSON.stringify(draftAnswer.body)}`);
  const pkgPort = await freePort();
  const pkg = await startServer('package', PACKAGE_ARGV(pkgPort), pkgPort, PROBE);
  idle.package = await idleMiB(pkg);
  await pkg.stop();
  // The mock's code is compiled as it runs: every read is run once before any is measured, so the first one measured
  // is not also the one that pays for the compiling (the draft is not: each one grows the world).
  for (const op of OPERATIONS.filter((o) => o.method === 'GET')) await loadWithCpu({ url: mock.origin + API + op.path, method: op.method, headers: op.headers, connections }, mock.child.pid!, 2);
  const servers: Array<[ServerName, () => Promise<Started>]> = [
    ['mock', async () => mock],
    [
      'prism',
      async () => {
        const prism = await startPrism(await freePort());
        idle.prism = await idleMiB(prism);
        return prism;
      },
    ],
    ['bare', async () => startFloor('bare', await freePort(), list.body)],
    ['adapter', async () => startFloor('adapter', await freePort(), list.body)],
  ];

  const rows: Row[] = [];
  const memoryMiB: Partial<Record<ServerName, number>> = {};
  const report = (row: Row, op: Operation) => {
    const unexpected = row.expectedStatusShare < 1 ? `  (only ${(row.expectedStatusShare * 100).toFixed(1)}% answered ${op.expect}: ${JSON.stringify(row.statuses)})` : '';
    console.log(
      `${row.server.padEnd(7)} ${op.name.padEnd(34)} ${fmt(row.requestsPerSecond, 7)} req/s  p50 ${fmt(row.p50Ms, 3)} ms  p99 ${fmt(row.p99Ms, 4)} ms  ${fmt(row.cpuMicrosPerRequest, 5)} µs CPU/req${unexpected}`,
    );
  };
  for (const [name, start] of servers) {
    const server = await start();
    try {
      // The floors answer one body to everything: they are measured on the list only.
      for (const op of name === 'bare' || name === 'adapter' ? OPERATIONS.slice(0, 1) : name === 'prism' ? SIDE_BY_SIDE : OPERATIONS) {
        const row = { server: name, ...(await load(server, BASE[name], op)) };
        rows.push(row);
        report(row, op);
      }
      memoryMiB[name] = Math.round(memory(server.child.pid!).rss / 1024);
    } finally {
      await server.stop();
    }
  }
  // The draft's floor: a bare server reading the same POST and sending the mock's own answer to it. What a write
  // costs the mock beyond the HTTP exchange itself is the difference; the draft's CPU target is set against it.
  const draftFloor = await startFloor('bare', await freePort(), draftAnswer.body);
  try {
    const row = { server: 'bare' as const, ...(await load(draftFloor, BASE.bare, draftOp)) };
    rows.push(row);
    report(row, draftOp);
  } finally {
    await draftFloor.stop();
  }

  const get = (server: ServerName, op: string) => rows.find((r) => r.server === server && r.operation === op);
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  const ratios: Ratio[] = SIDE_BY_SIDE.map((op) => {
    const m = get('mock', op.name)!;
    const p = get('prism', op.name);
    const b = get('bare', op.name);
    const a = get('adapter', op.name);
    return {
      operation: op.name,
      mockOverPrism: p ? ratio(m.requestsPerSecond, p.requestsPerSecond) : null,
      mockOverBare: b ? ratio(m.requestsPerSecond, b.requestsPerSecond) : null,
      adapterOverBare: a && b ? ratio(a.requestsPerSecond, b.requestsPerSecond) : null,
      /** How many times less CPU the mock spends per answer than Prism (and than the bare server, below 1). */
      cpuPrismOverMock: p ? ratio(p.cpuMicrosPerRequest, m.cpuMicrosPerRequest) : null,
      cpuBareOverMock: b ? ratio(b.cpuMicrosPerRequest, m.cpuMicrosPerRequest) : null,
      mockP99Ms: m.p99Ms,
    };
  });

  console.log(`\nEach refusal and its success, alternated on a fresh mock (${pairRounds} windows of ${pairSeconds} s each):`);
  const paired = await pairedRefusals();
  for (const [name, p] of Object.entries(paired)) console.log(`  ${name.padEnd(40)} ${fmt(p.cpuMicrosPerRequest, 5)} µs CPU/req  (windows: ${p.windows.join(', ')})`);

  console.log('\nStart-up (spawn to first 200 on /openapi.json), measuring...');
  const startup = await startupTimes();
  const warm = startup.mockMs.slice(1);
  const startupSummary = {
    mockMedianMs: median(startup.mockMs),
    mockWarmMedianMs: median(warm.length > 0 ? warm : startup.mockMs),
    mockBestMs: Math.min(...startup.mockMs),
    packageMedianMs: median(startup.packageMs),
    packageBestMs: Math.min(...startup.packageMs),
    packageMedianCpuSeconds: median(startup.packageCpuSeconds),
    prismMedianMs: median(startup.prismMs),
    prismBestMs: Math.min(...startup.prismMs),
    mockMedianCpuSeconds: median(startup.mockCpuSeconds),
    prismMedianCpuSeconds: median(startup.prismCpuSeconds),
    ...startup,
  };

  console.log('\n| Request | mock req/s | CPU per answer | Prism req/s | mock / Prism | bare req/s | mock / bare | adapter alone / bare |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const op of OPERATIONS) {
    const m = get('mock', op.name)!;
    const r = ratios.find((x) => x.operation === op.name) ?? { mockOverPrism: null, mockOverBare: null, adapterOverBare: null };
    const b = get('bare', op.name);
    console.log(
      `| ${op.name} | ${m.requestsPerSecond} | ${m.cpuMicrosPerRequest} µs${b ? ` (bare: ${b.cpuMicrosPerRequest} µs)` : ''} | ${get('prism', op.name)?.requestsPerSecond ?? ''} | ${r.mockOverPrism === null ? '' : `${r.mockOverPrism}x`} | ${b?.requestsPerSecond ?? ''} | ${r.mockOverBare === null ? '' : `${r.mockOverBare}x`} | ${r.adapterOverBare === null ? '' : `${r.adapterOverBare}x`} |`,
    );
  }
  console.log(
    `\nMemory: idle mock ${idle.mock} MiB (package ${idle.package} MiB), Prism ${idle.prism} MiB; after the load ${Object.entries(memoryMiB).map(([k, v]) => `${k} ${v} MiB`).join(', ')}` +
      `\nStart-up median: mock ${startupSummary.mockMedianMs} ms (best ${startupSummary.mockBestMs} ms, ${startupSummary.mockMedianCpuSeconds} s CPU; runs ${startup.mockMs.join(', ')}, the first fills the compile cache), ` +
      `package ${startupSummary.packageMedianMs} ms (best ${startupSummary.packageBestMs} ms, ${startupSummary.packageMedianCpuSeconds} s CPU; runs ${startup.packageMs.join(', ')}), ` +
      `Prism ${startupSummary.prismMedianMs} ms (best ${startupSummary.prismBestMs} ms); the package starts in ${ratio(startupSummary.packageMedianMs, startupSummary.prismMedianMs)} of Prism's time, the checkout in ${ratio(startupSummary.mockMedianMs, startupSummary.prismMedianMs)}`,
  );
  const goals = targets(ratios, rows, paired, memoryMiB, idle, { mock: startupSummary.mockMedianMs, package: startupSummary.packageMedianMs });
  console.log('\nTargets (figures, not assertions):');
  for (const g of goals) console.log(`  ${g.met ? 'meets ' : 'MISSES'}  ${g.target}: ${g.figure}`);

  const result = { date: new Date().toISOString(), machine: info, connections, durationSeconds: duration, rows, ratios, paired, startup: startupSummary, memoryMiB, idleMiB: idle, targets: goals };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(`\nWrote ${out}`);
  if (flag('record')) {
    const dir = join(ROOT, 'docs', 'perf');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'bench.json'), JSON.stringify(result, null, 2) + '\n');
    // The chart shows what was measured side by side; the mock-only refusal rows are in the table and the targets.
    writeFileSync(join(dir, 'throughput.svg'), throughputChart({ ...result, rows: rows.filter((r) => SIDE_BY_SIDE.some((o) => o.name === r.operation)) }));
    console.log(`Recorded docs/perf/bench.json and docs/perf/throughput.svg`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
