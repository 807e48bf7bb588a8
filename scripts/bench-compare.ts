// Before and after, in one run of the machine: the mock of another checkout (a git worktree of an older commit)
// against this one, with a bare node:http server sending the same bytes as the floor. Rounds alternate the servers,
// so a machine that gets busier halfway hurts both sides alike; medians of the rounds are printed.
// Usage: git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
//        npm run bench:compare -- --before /tmp/before [--rounds 3 --duration 5 --connections 10 --wait 120 --anyway]
// Like npm run bench, it waits for a quiet machine first and stops if none comes (--anyway measures regardless).
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DRAFT, BENCH_KEY } from './lib/bench-requests.ts';
import { API, NODE, arg, flag, freePort, httpJson, loadWithCpu, median, quietMachine, startServer, type Started } from './lib/processes.ts';

const before = arg('before');
if (!before) {
  console.error('usage: npm run bench:compare -- --before <checkout of the older commit>');
  process.exit(2);
}
const rounds = Number(arg('rounds', '3'));
const duration = Number(arg('duration', '5'));
const connections = Number(arg('connections', '10'));
const KEY = BENCH_KEY;
const PROBE = `${API}/openapi.json`;

/** The command line's entry in a checkout: it moved from mocks/ to cli/. */
const entryOf = (dir: string) => [join(dir, 'cli', 'bin.ts'), join(dir, 'mocks', 'bin.ts')].find((f) => existsSync(f))!;

const draft = BENCH_DRAFT;
const OPERATIONS = [
  { name: 'GET /integrations', method: 'GET' as const, path: '/integrations', headers: { authorization: KEY }, body: undefined },
  { name: 'POST /posts (draft)', method: 'POST' as const, path: '/posts', headers: { authorization: KEY, 'content-type': 'application/json' }, body: draft },
  // A refusal: what the reference's most common answer to a wrong client costs.
  { name: 'GET /integrations, no key (401)', method: 'GET' as const, path: '/integrations', headers: {}, body: undefined },
];

type Side = 'before' | 'after' | 'bare';

async function startMock(dir: string): Promise<Started> {
  const port = await freePort();
  const mock = await startServer(dir === before ? 'before' : 'after', [NODE, entryOf(dir), 'mock', '--port', String(port)], port, PROBE);
  const limits = await httpJson(`${mock.origin}/_mock/limits`, { method: 'PUT', body: { postsPerHour: 1_000_000_000 } });
  if (limits.status !== 200) throw new Error(`could not lift the post limit: ${limits.status}`);
  return mock;
}

async function startBare(body: unknown): Promise<Started> {
  const file = join(tmpdir(), `spw-bench-compare-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(body));
  const port = await freePort();
  return startServer('bare', [NODE, 'scripts/lib/bare-server.ts', String(port), file], port, PROBE);
}

const info = await quietMachine(Number(arg('wait', '120')), flag('anyway'));
console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}; a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core`);
console.log(`before: ${before}; after: this checkout; ${rounds} rounds, ${duration} s per operation, ${connections} connections\n`);

const samples = new Map<string, { rps: number[]; cpu: number[] }>();
const note = (side: Side, op: string, rps: number, cpu: number) => {
  const key = `${side} ${op}`;
  const s = samples.get(key) ?? { rps: [], cpu: [] };
  s.rps.push(rps);
  s.cpu.push(cpu);
  samples.set(key, s);
};

// The bare server answers this checkout's list, so both send the same bytes.
const probe = await startMock(process.cwd());
const list = (await httpJson(`${probe.origin}${API}/integrations`, { headers: { authorization: KEY } })).body;
await probe.stop();

for (let round = 1; round <= rounds; round++) {
  for (const side of (round % 2 ? ['before', 'after', 'bare'] : ['after', 'before', 'bare']) as Side[]) {
    let server: Started;
    if (side === 'bare') server = await startBare(list);
    else server = await startMock(side === 'before' ? before : process.cwd());
    try {
      for (const op of side === 'bare' ? OPERATIONS.slice(0, 1) : OPERATIONS) {
        const { result, cpuMicrosPerRequest } = await loadWithCpu({ url: server.origin + API + op.path, method: op.method, headers: op.headers, body: op.body, connections }, server.child.pid!, duration);
        note(side, op.name, Math.round(result.requests.average), cpuMicrosPerRequest);
        console.log(`round ${round} ${side.padEnd(6)} ${op.name.padEnd(32)} ${String(Math.round(result.requests.average)).padStart(6)} req/s ${String(cpuMicrosPerRequest).padStart(5)} µs CPU/req`);
      }
    } finally {
      await server.stop();
    }
  }
}

console.log('\nMedians:');
for (const op of OPERATIONS) {
  const b = samples.get(`before ${op.name}`)!;
  const a = samples.get(`after ${op.name}`)!;
  const bare = samples.get(`bare ${op.name}`);
  const [bRps, aRps, bCpu, aCpu] = [median(b.rps), median(a.rps), median(b.cpu), median(a.cpu)];
  let line = `  ${op.name.padEnd(32)} CPU per answer ${bCpu} → ${aCpu} µs (after/before ${(aCpu / bCpu).toFixed(2)}x); req/s ${bRps} → ${aRps}`;
  if (bare) line += `; against bare ${median(bare.rps)} req/s: before ${(bRps / median(bare.rps)).toFixed(2)}x, after ${(aRps / median(bare.rps)).toFixed(2)}x`;
  console.log(line);
}
