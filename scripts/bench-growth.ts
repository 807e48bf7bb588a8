// Benchmark (never a test): how the mock's cost grows with its state. A paid workspace seeded with 1,000, 10,000,
// 100,000 and 1,000,000 posts (and 1,000 then 10,000 media files); `GET /posts` for one week (always the same 100
// posts) and `GET /media?page=1` are loaded with autocannon at each size; heap per 100,000 posts is printed.
// Usage: npm run bench:growth [-- --duration 5 --connections 10 --max-posts 1000000 --out reports/bench-growth.json]
// (seeding a million posts takes about two and a half minutes here; `--max-posts 100000` stops a size earlier).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { API, NODE, ROOT, arg, flag, freePort, loadWithCpu, machine } from './lib/processes.ts';

const duration = Number(arg('duration', '5'));
const connections = Number(arg('connections', '10'));
const out = arg('out', join(ROOT, 'reports', 'bench-growth.json'));
const maxPosts = Number(arg('max-posts', '1000000'));
const SIZES: Array<{ posts: number; media: number }> = [
  { posts: 1_000, media: 1_000 },
  { posts: 10_000, media: 10_000 },
  { posts: 100_000, media: 10_000 },
  { posts: 1_000_000, media: 10_000 },
].filter((s, i) => i < 2 || s.posts <= maxPosts);

interface Seeded {
  listening: string;
  week: { startDate: string; endDate: string; posts: number };
  posts: number;
  media: number;
  heapMiB: { start: number; built: number; seeded: number };
  rssMiB: { built: number; seeded: number };
}

async function seededMock(posts: number, media: number) {
  const port = await freePort();
  const child = spawn(NODE, ['--expose-gc', 'scripts/lib/seeded-mock.ts', String(port), String(posts), String(media)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<Seeded>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Seeded);
    });
    child.once('exit', (code) => reject(new Error(`seeded mock exited with ${code}`)));
  });
  return { info, pid: child.pid!, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

/** Load one URL: latency, and the mock's CPU time per answer. */
async function latency(url: string, pid: number) {
  const { result: r, cpuMicrosPerRequest } = await loadWithCpu({ url, headers: { authorization: 'demo-paid-key' }, connections }, pid, duration);
  const non2xx = r.non2xx;
  if (non2xx > 0) throw new Error(`${url}: ${non2xx} answers were not 2xx`);
  return { requestsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, meanMs: r.latency.average, cpuMicrosPerRequest };
}

async function main() {
  const info = await machine();
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}; ${connections} connections, ${duration} s each\n`);
  const rows = [];
  for (const size of SIZES) {
    const mock = await seededMock(size.posts, size.media);
    try {
      const { week } = mock.info;
      const posts = await latency(`${mock.info.listening}${API}/posts?startDate=${week.startDate}&endDate=${week.endDate}`, mock.pid);
      const media = await latency(`${mock.info.listening}${API}/media?page=1`, mock.pid);
      const row = { ...size, heapMiB: mock.info.heapMiB, rssMiB: mock.info.rssMiB, postsWeek: posts, mediaPage1: media };
      rows.push(row);
      console.log(
        `${String(size.posts).padStart(7)} posts ${String(size.media).padStart(6)} media | GET /posts (week, ${week.posts} posts): ${posts.requestsPerSecond} req/s, p50 ${posts.p50Ms} ms, p99 ${posts.p99Ms} ms, mean ${posts.meanMs} ms, ${posts.cpuMicrosPerRequest} µs CPU` +
          ` | GET /media?page=1: ${media.requestsPerSecond} req/s, p50 ${media.p50Ms} ms, p99 ${media.p99Ms} ms, mean ${media.meanMs} ms, ${media.cpuMicrosPerRequest} µs CPU | heap ${mock.info.heapMiB.seeded} MiB`,
      );
    } finally {
      await mock.stop();
    }
  }
  const first = rows[0]!;
  // The last two sizes hold the same media, so their heap differs by posts alone.
  const [mid, last] = rows.slice(-2) as [(typeof rows)[number], (typeof rows)[number]];
  const heapPer100k = (last.heapMiB.seeded - mid.heapMiB.seeded) * (100_000 / (last.posts - mid.posts));
  console.log('\nGrowth against 1,000 items (target: within 2x), by mean latency (and by CPU per answer):');
  const growth = rows.map((r) => ({
    posts: r.posts,
    media: r.media,
    postsLatencyRatio: Number((r.postsWeek.meanMs / first.postsWeek.meanMs).toFixed(2)),
    mediaLatencyRatio: Number((r.mediaPage1.meanMs / first.mediaPage1.meanMs).toFixed(2)),
    postsCpuRatio: Number((r.postsWeek.cpuMicrosPerRequest / first.postsWeek.cpuMicrosPerRequest).toFixed(2)),
    mediaCpuRatio: Number((r.mediaPage1.cpuMicrosPerRequest / first.mediaPage1.cpuMicrosPerRequest).toFixed(2)),
  }));
  for (const g of growth) {
    const verdict = (x: number) => `${x}x ${x <= 2 ? 'meets' : 'MISSES'}`;
    console.log(
      `  ${String(g.posts).padStart(7)} posts: GET /posts ${verdict(g.postsLatencyRatio)} (CPU ${g.postsCpuRatio}x);  ` +
        `${String(g.media).padStart(6)} media: GET /media ${verdict(g.mediaLatencyRatio)} (CPU ${g.mediaCpuRatio}x)`,
    );
  }
  console.log(`  heap per 100,000 posts: about ${heapPer100k.toFixed(1)} MiB`);
  const result = { date: new Date().toISOString(), machine: info, connections, durationSeconds: duration, rows, growth, heapMiBPer100kPosts: Number(heapPer100k.toFixed(1)) };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  if (flag('record')) writeFileSync(join(ROOT, 'docs', 'perf', 'growth.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(`\nWrote ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
