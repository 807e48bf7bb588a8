// Benchmark (never a test): what `spw record` costs on a large workspace, and what loading its recording costs. A mock
// in this process is loaded with a world whose pay-as-you-go workspace has `--posts` posts (10,000 by default) spread
// over the recording's window; it is recorded through the same client `spw record` uses (in process, so the figure is
// the recorder's and the mock's work, not the network's), and the recording is started as a fresh mock's scenario,
// as `spw mock --scenario` does. Time and memory of each step are printed; `--record` writes them to docs/perf/record.json for
// docs/perf.md's table (`npm run perf:tables`).
// Usage: npm run bench:record [-- --posts 10000 --record]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordWorld } from '../cli/record.ts';
import { MockClock } from '../mocks/domain/clock.ts';
import type { Scenario } from '../mocks/domain/scenario.ts';
import { createMockApp } from '../mocks/http/app.ts';
import { apiBasePath } from '../spec/load.ts';
import { arg, machine, ROOT } from './lib/processes.ts';

const posts = Number(arg('posts', '10000'));
const save = process.argv.includes('--record');
const ORIGIN = 'http://mock.in-process';
const DAY = 86_400_000;

const base = JSON.parse(readFileSync(join(ROOT, 'fixtures/scenarios/posts-in-every-state.json'), 'utf8')) as Scenario;
const now = Date.parse(base.clock.now);
const ws = base.workspaces[1]!;
const template = ws.posts.find((p) => p.state === 'DRAFT')!;
// Drafts and published posts (nothing paid, so the ledger stays the seed's), a few a day over the default window.
ws.posts = Array.from({ length: posts }, (_, i) => ({
  ...template,
  id: `post_bench_${i}`,
  group: `grp_bench_${i}`,
  index: 0,
  content: `Post ${i}: ${'fresh bread and good coffee, '.repeat(4)}`,
  publishAt: now - 30 * DAY + Math.floor((i * 120 * DAY) / posts),
  state: i % 2 === 0 ? 'DRAFT' : 'PUBLISHED',
  publishedAt: i % 2 === 0 ? null : now - 30 * DAY + Math.floor((i * 120 * DAY) / posts),
}));
ws.wallet.paid = [];

/** A mock started on `doc`, as `spw mock --scenario` starts one (PUT /_mock/scenario takes at most 5 MiB of JSON). */
function serve(doc: Scenario) {
  const app = createMockApp({ seed: 1, clock: new MockClock({ frozenAt: now }), scenario: doc });
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(input instanceof Request ? input : new Request(input, init))) as typeof globalThis.fetch;
  return { app, fetch };
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

const source = serve(base);
const rssBefore = process.memoryUsage().rss;
peak = rssBefore;
let t = performance.now();
const recording = await recordWorld({ target: ORIGIN + apiBasePath(), keys: [ws.apiKey], now, transport: source.fetch });
const recordMs = performance.now() - t;
const recordPeak = peak;
const text = JSON.stringify(recording.scenario);
if (recording.summary[0]!.posts !== posts) throw new Error(`recorded ${recording.summary[0]!.posts} posts of ${posts}`);

peak = process.memoryUsage().rss;
t = performance.now();
// Parsed and started as `spw mock --scenario` does: the file's text to a running world.
const loaded = serve(JSON.parse(text) as Scenario);
const loadMs = performance.now() - t;
const check = await loaded.fetch(`${ORIGIN}${apiBasePath()}/posts?startDate=${new Date(now - 31 * DAY).toISOString()}&endDate=${new Date(now + 91 * DAY).toISOString()}`, { headers: { authorization: recording.keys[0]! } });
const listed = ((await check.json()) as { posts: unknown[] }).posts.length;
if (listed !== posts) throw new Error(`the loaded mock lists ${listed} posts of ${posts}`);
clearInterval(sampler);

const result = {
  posts,
  requests: recording.requests,
  recordSeconds: Number((recordMs / 1000).toFixed(2)),
  loadSeconds: Number((loadMs / 1000).toFixed(2)),
  fileMiB: Number((Buffer.byteLength(text) / 1024 / 1024).toFixed(1)),
  rssBeforeMiB: mib(rssBefore),
  recordPeakMiB: mib(recordPeak),
  loadPeakMiB: mib(peak),
  machine: await machine(),
};
console.log(
  `recorded ${n(posts)} posts in ${result.recordSeconds} s (${result.requests} GET requests), a ${result.fileMiB} MiB scenario; loaded in ${result.loadSeconds} s. RSS ${result.rssBeforeMiB} MiB before, peak ${result.recordPeakMiB} MiB recording, ${result.loadPeakMiB} MiB loading`,
);
if (save) {
  writeFileSync(join(ROOT, 'docs/perf/record.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('written to docs/perf/record.json; npm run perf:tables puts it in docs/perf.md');
}

function n(v: number) {
  return v.toLocaleString('en');
}
