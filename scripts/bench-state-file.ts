// Benchmark (never a test): what keeping a large world in --state-file costs the requests around its writes. A mock
// with --state-file is filled with drafts (20,000 by default: a state file of about 24 MB), then loaded with cheap
// reads while a writer changes the world every 500 ms, so that the file is rewritten throughout; the same load runs on
// a mock without a state file as the baseline. With --baseline-root <dir>, a checkout of another commit (its
// node_modules installed or linked) runs the same load in the same run, for a before/after.
// Usage: npm run bench:state-file [-- --posts 20000 --duration 10 --connections 10 --baseline-root /tmp/before]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { renderStateFile, renderStateFileParts } from '../mocks/state-file.ts';
import { testMock } from '../mocks/testing.ts';
import { API, NODE, ROOT, arg, freePort, httpJson, machine, startServer, type Started } from './lib/processes.ts';

const posts = Number(arg('posts', '20000'));
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '10'));
const baselineRoot = arg('baseline-root');
const KEY = 'demo-paid-key';

async function start(root: string, stateFile: string | undefined): Promise<Started> {
  const port = await freePort();
  const argv = [NODE, join(root, 'cli/bin.ts'), 'mock', '--port', String(port), '--seed', '1', ...(stateFile ? ['--state-file', stateFile] : [])];
  return startServer('mock', argv, port, `${API}/openapi.json`, 120_000);
}

/** `n` drafts through the public API, 20 at a time. */
async function fill(origin: string, n: number): Promise<void> {
  const limits = await httpJson(`${origin}/_mock/limits`, { method: 'PUT', body: { postsPerHour: 1_000_000_000 } });
  if (limits.status !== 200) throw new Error(`could not lift the post limit: ${limits.status}`);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const body = {
        type: 'draft',
        date: new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString(),
        shortLink: false,
        tags: [{ value: 'bench', label: 'Bench' }],
        posts: [{ integration: { id: 'ch_paid_linkedin' }, value: [{ content: `Draft number ${i}: ${'fresh bread and good coffee, '.repeat(20)}`, image: [] }] }],
      };
      const res = await httpJson(`${origin}${API}/posts`, { method: 'POST', headers: { authorization: KEY }, body });
      if (res.status !== 200) throw new Error(`draft ${i} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

interface Measured {
  label: string;
  stateFileMB: number | null;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

async function measure(label: string, root: string, dir: string, withFile: boolean): Promise<Measured> {
  const file = withFile ? join(dir, `${label.replace(/\W+/g, '-')}.json`) : undefined;
  const server = await start(root, file);
  try {
    await fill(server.origin, posts);
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await httpJson(`${server.origin}/_mock/workspaces/ws_payg_demo/wallet/top-up`, { method: 'POST', body: { credits: 1 } }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    await autocannon({ url: `${server.origin}${API}/wallet`, headers: { authorization: 'demo-payg-key' }, connections, duration: 1 });
    const r = await autocannon({ url: `${server.origin}${API}/wallet`, headers: { authorization: 'demo-payg-key' }, connections, duration });
    writing = false;
    await writer;
    return {
      label,
      stateFileMB: file ? Math.round(statSync(file).size / 1e5) / 10 : null,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
    };
  } finally {
    await server.stop();
  }
}

const info = await machine();
console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
console.log(`  a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core (longest stall ${info.cpuAvailability.longestStallMs} ms)${info.cpuAvailability.share < 0.9 ? ': a shared machine, read the ratios' : ''}`);
console.log(`${posts} drafts, then GET /wallet with ${connections} connections for ${duration} s while a top-up every 500 ms changes the world\n`);
const dir = mkdtempSync(join(tmpdir(), 'spw-bench-state-'));
const rows: Measured[] = [];
try {
  rows.push(await measure('no state file', ROOT, dir, false));
  rows.push(await measure('--state-file', ROOT, dir, true));
  if (baselineRoot) rows.push(await measure(`--state-file at ${baselineRoot}`, baselineRoot, dir, true));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// The thread time one write takes, in this process: a whole render against one from the kept row texts (after a first
// render has kept them), the same world, medians of five.
const m = testMock({ strict: false });
m.app.state.config.postsPerHour = 1e12;
for (let i = 0; i < posts; i++) {
  const body = JSON.stringify({ type: 'draft', date: new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString(), shortLink: false, tags: [{ value: 'bench', label: 'Bench' }], posts: [{ integration: { id: 'ch_paid_linkedin' }, value: [{ content: `Draft number ${i}: ${'fresh bread and good coffee, '.repeat(20)}`, image: [] }] }] });
  await m.app.fetch(new Request(`http://127.0.0.1${API}/posts`, { method: 'POST', headers: { authorization: KEY, 'content-type': 'application/json' }, body }));
}
const median = (f: () => unknown) => {
  const times = [0, 1, 2, 3, 4].map(() => {
    const t = performance.now();
    f();
    return performance.now() - t;
  });
  return Math.round(times.sort((a, b) => a - b)[2]!);
};
const whole = median(() => renderStateFile(m.app.state, { keepRows: false }));
renderStateFileParts(m.app.state);
const kept = median(() => renderStateFileParts(m.app.state));
console.log(`One write's render of ${posts} posts (${(renderStateFile(m.app.state).length / 1e6).toFixed(1)} MB): ${whole} ms whole, ${kept} ms from kept row texts (median of 5)\n`);

console.log('| Mock | state file | req/s | p50 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.label} | ${r.stateFileMB === null ? '-' : `${r.stateFileMB} MB`} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} |`);
