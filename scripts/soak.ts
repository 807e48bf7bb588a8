// Benchmark (never a test): the mock's memory under a long hostile and growing load. Every store a client can grow is
// driven past its cap (caps lowered through PUT /_mock/limits so a few minutes reach them all), mixed with hostile
// requests (12 KB consent states, deep JSON, prototype keys, over-limit chunked bodies); RSS is read from /proc at every
// tenth of the run and again after an idle pause, with the heap in use after a full collection (the mock runs with
// --expose-gc through scripts/lib/heap-mock.ts). Flat memory once the stores are full is the claim it checks.
// Usage: npm run soak [-- --requests 40000 --concurrency 8 --idle 15 --out reports/soak.json]
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import * as http from 'node:http';
import { dirname, join } from 'node:path';
import { PNG } from '../mocks/http/media-samples.ts';
import { API, NODE, ROOT, arg, cpuAvailability, freePort, httpJson, memory, startServer } from './lib/processes.ts';

const total = Number(arg('requests', '40000'));
const concurrency = Number(arg('concurrency', '8'));
const idleSeconds = Number(arg('idle', '15'));
const out = arg('out', join(ROOT, 'reports', 'soak.json'));

/** Caps a run of this length passes several times over (the defaults are 10 to 100 times larger; see mocks/domain/caps.ts). */
const SOAK_CAPS = {
  posts: 2_000,
  media: 300,
  ledgerEntries: 2_000,
  openTickets: 100,
  briefRevisions: 20,
  notifications: 200,
  pendingConsents: 500,
  authorizationCodes: 200,
  deliveries: 200,
};

const PAYG = 'demo-payg-key';
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

interface Sent {
  status: number;
}

/** One request; a body function writes a chunked body and stops when the answer arrives (the over-limit case). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer | 'endless'): Promise<Sent> {
  return new Promise((resolve) => {
    const endless = body === 'endless';
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: endless ? false : agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (endless) req.destroy();
        resolve({ status: res.statusCode ?? 0 });
      });
    });
    req.on('error', () => resolve({ status: 0 }));
    if (endless) {
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      let answered = false;
      req.on('response', () => (answered = true));
      const pump = () => {
        if (answered) return;
        if (req.write(chunk)) setImmediate(pump);
        else req.once('drain', pump);
      };
      pump();
    } else req.end(body);
  });
}

/** The heap in use after a full collection, as the heap-mock child reports it on SIGUSR2. */
function heapAfterGc(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(JSON.parse(line).heapUsed as number);
    });
    child.kill('SIGUSR2');
  });
}

function multipartPng(): { body: Buffer; type: string } {
  const boundary = 'soakboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="soak.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const probe = cpuAvailability();
  console.log(`A busy loop got ${(probe.share * 100).toFixed(0)}% of a core (longest stall ${probe.longestStallMs} ms): figures below are memory, which load moves little.`);
  const port = await freePort();
  const mock = await startServer('mock', [NODE, '--expose-gc', 'scripts/lib/heap-mock.ts', String(port)], port, `${API}/openapi.json`, 60_000, 'pipe');
  const origin = mock.origin;
  const pid = mock.child.pid!;
  try {
    const json = { 'content-type': 'application/json' };
    await httpJson(`${origin}/_mock/limits`, { method: 'PUT', headers: json, body: { postsPerHour: 1_000_000_000, caps: SOAK_CAPS } });
    const app = await httpJson(`${origin}/_mock/workspaces/ws_paid_demo/oauth-app`, { method: 'POST', headers: json, body: { name: 'Soak', redirectUrl: 'https://app.example.com/cb' } });
    await httpJson(`${origin}/_mock/workspaces/ws_payg_demo/wallet/grant`, { method: 'POST', headers: json, body: { credits: 1_000_000 } });
    const scheduled = await httpJson(`${origin}${API}/posts`, {
      method: 'POST',
      headers: { ...json, authorization: PAYG },
      body: { type: 'schedule', date: '2027-06-01T10:00:00.000Z', shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: 'soak', image: [] }] }] },
    });
    const toggled = scheduled.body?.[0]?.postId as string | undefined;
    if (!app.body?.clientId || !toggled) throw new Error(`set-up failed: ${JSON.stringify({ app: app.status, post: scheduled.status })}`);
    const upload = multipartPng();
    const bigState = 'S'.repeat(12 * 1024);
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const draft = JSON.stringify({ type: 'draft', date: '2027-01-01T10:00:00.000Z', shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_linkedin' }, value: [{ content: 'soak draft', image: [] }, { content: 'second', image: [] }] }] });

    let toggles = 0;
    // What each request does, in turn: every client-growable store, and hostile input beside it.
    const kinds: Array<[string, (i: number) => Promise<Sent>]> = [
      ['consent page, 12 KB state', (i) => send(port, 'GET', `/oauth/authorize?client_id=${app.body.clientId}&response_type=code&state=${bigState}${i}`, {})],
      ['upload ticket', () => send(port, 'POST', `${API}/upload-ticket`, { authorization: PAYG })],
      ['draft, two items', () => send(port, 'POST', `${API}/posts`, { ...json, authorization: PAYG }, draft)],
      ['charged post to draft and back', () => send(port, 'PUT', `${API}/posts/${toggled}/status`, { ...json, authorization: PAYG }, JSON.stringify({ status: toggles++ % 2 ? 'schedule' : 'draft' }))],
      ['brief revision', (i) => send(port, 'PATCH', `${API}/brief/foundation/north-star`, { ...json, authorization: PAYG }, JSON.stringify({ title: `rev ${i}` }))],
      ['image upload', () => send(port, 'POST', `${API}/upload`, { authorization: PAYG, 'content-type': upload.type }, upload.body)],
      ['JSON nested 5,000 deep', () => send(port, 'POST', `${API}/wallet/estimate`, { ...json, authorization: PAYG }, deep)],
      ['prototype keys', () => send(port, 'POST', `${API}/posts`, { ...json, authorization: PAYG }, '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}')],
    ];
    const endlessEvery = 500;

    const statuses = new Map<string, Map<number, number>>();
    const samples: Array<{ done: number; rssMiB: number; heapMiB: number }> = [];
    const rssMiB = () => memory(pid).rss / 1024;
    const sample = async (done: number) => samples.push({ done, rssMiB: rssMiB(), heapMiB: (await heapAfterGc(mock.child)) / 2 ** 20 });
    await sample(0);
    let next = 0;
    let done = 0;
    const t0 = Date.now();
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const endless = i % endlessEvery === endlessEvery - 1;
        const [name, run] = endless
          ? (['chunked body past the limit', () => send(port, 'POST', `${API}/wallet/estimate`, { ...json, authorization: PAYG, 'transfer-encoding': 'chunked' }, 'endless')] as const)
          : kinds[i % kinds.length]!;
        const { status } = await run(i);
        const byStatus = statuses.get(name) ?? new Map<number, number>();
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        statuses.set(name, byStatus);
        done++;
        if (done % Math.ceil(total / 10) === 0) await sample(done);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (Date.now() - t0) / 1000;
    const end = samples.at(-1)!;
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const idle = { rssMiB: rssMiB(), heapMiB: (await heapAfterGc(mock.child)) / 2 ** 20 };
    const peakMiB = memory(pid).peak / 1024;
    const limits = await httpJson(`${origin}/_mock/limits`);

    console.log(`\n${total} requests in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s), ${concurrency} at a time\n`);
    console.log('Memory of the mock (MiB) after each tenth of the run: RSS, and the heap in use after a full collection');
    console.log('           requests      RSS     heap');
    for (const s of samples) console.log(`  ${String(s.done).padStart(17)}  ${s.rssMiB.toFixed(1).padStart(7)}  ${s.heapMiB.toFixed(1).padStart(7)}`);
    console.log(`  ${`after ${idleSeconds} s idle`.padStart(17)}  ${idle.rssMiB.toFixed(1).padStart(7)}  ${idle.heapMiB.toFixed(1).padStart(7)}    (peak RSS ${peakMiB.toFixed(1)})`);
    const mid = samples[Math.floor(samples.length / 2)]!;
    const grew = (k: 'rssMiB' | 'heapMiB') => `${(end[k] - mid[k]).toFixed(1)} MiB (${(((end[k] - mid[k]) / mid[k]) * 100).toFixed(1)}%)`;
    console.log(`\nFrom the middle of the run to its end: RSS ${grew('rssMiB')}, heap ${grew('heapMiB')}`);
    console.log('\nAnswers by kind of request:');
    for (const [name, byStatus] of statuses) console.log(`  ${name.padEnd(32)} ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    const report = {
      at: new Date().toISOString(),
      requests: total,
      concurrency,
      seconds,
      caps: limits.body?.caps,
      memoryMiB: { samples, idle, peakRss: peakMiB, middleToEnd: { rss: end.rssMiB - mid.rssMiB, heap: end.heapMiB - mid.heapMiB } },
      statuses: Object.fromEntries([...statuses].map(([k, v]) => [k, Object.fromEntries(v)])),
      cpuShare: probe.share,
    };
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
    console.log(`\nWrote ${out}`);
  } finally {
    agent.destroy();
    await mock.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
