// Budgets bound the heap, not JSON bytes: the three demo keys fill every store they reach (posts with settings shaped
// to cost the most heap per JSON byte, brief documents of tiny blocks, media records) with no control call, with and
// without a state file (and a restart from it): the mock's heap stays within the budgets, in a process whose old space
// is capped at its base and twice the budgets (so a mock that held more would die out of memory).
// The budgets are lowered (MEMORY_SCALE, 1/32 of the defaults unless set) so that this runs in seconds on two cores;
// `MEMORY_SCALE=1 npx vitest run mocks/memory.test.ts` measures at the defaults (docs/mock.md, "Memory ceiling").
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultCaps, type ByteCap } from './domain/caps.ts';
import { PNG } from './http/media-samples.ts';
import { API, KEYS } from './testing.ts';

const CHILD = fileURLToPath(new URL('../scripts/lib/memory-mock.ts', import.meta.url));
const MiB = 1024 * 1024;
const SCALE = Number(process.env.MEMORY_SCALE ?? 1 / 32);
const BUDGETS: ByteCap[] = ['postBytes', 'briefBytes', 'mediaBytes', 'webhookBytes', 'pendingConsentBytes', 'deliveryBytes', 'journalBytes'];
const caps = Object.fromEntries(BUDGETS.map((b) => [b, Math.round(defaultCaps[b] * SCALE)])) as Record<ByteCap, number>;
/** What the keys can fill without the control API: posts, brief (paid and pay-as-you-go; free is refused 402), media, the journal. */
const reachable = 3 * (caps.postBytes + caps.mediaBytes) + 2 * caps.briefBytes + caps.journalBytes;
/** The stores without a byte budget (ledger, notifications, the hourly counters) and what V8 keeps of its own. */
const SLACK = 16 * MiB;
/** The idle mock's own heap (documents, validators, the seeded world), with room for its first requests' code. */
const BASE_HEAP = 96 * MiB;
/**
 * The old space the mock is given: its own base and twice what the keys can reach (the records, and the state file's
 * text its keeper holds, which is at most as much). A mock that held more than its budgets let it would die out of
 * memory here. RSS is not asserted: its peak is where V8's collector happens to catch up, which depends on the CPU the
 * machine gives the process (under a full test run it was 90 MiB over what the same fill reached alone).
 */
const HEAP_LIMIT_MIB = Math.ceil((BASE_HEAP + 2 * reachable + SLACK) / MiB);
const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

/** Wait until the file exists and has stopped changing (the keeper writes it once the mock has been idle 250 ms). */
async function waitForFile(file: string): Promise<void> {
  let last = '';
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    const now = existsSync(file) ? String(statSync(file).mtimeMs) : '';
    if (now !== '' && now === last) return;
    last = now;
  }
}

interface Figures { heapUsed: number; rss: number; maxRss: number }
interface Child { process: ChildProcess; origin: string; measure(): Promise<Figures> }

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function start(stateFile?: string): Promise<Child> {
  const child = spawn(process.execPath, ['--expose-gc', `--max-old-space-size=${HEAP_LIMIT_MIB}`, CHILD], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, MEMORY_MOCK: JSON.stringify({ caps, stateFile }) } });
  children.push(child);
  const measure = () => new Promise<Figures>((resolve) => {
    child.once('message', (m) => resolve(m as Figures));
    child.send('measure');
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"origin":"([^"]+)"/.exec(out);
      if (m) resolve({ process: child, origin: m[1]!, measure });
    });
    child.once('exit', (code) => reject(new Error(`memory mock exited ${code}: ${out}`)));
  });
}

const child = (c: Child) => c.process;

async function stop(c: Child): Promise<void> {
  const exited = new Promise((resolve) => c.process.once('exit', resolve));
  c.process.kill('SIGTERM');
  await exited;
}

const CHANNEL = { free: 'ch_free_linkedin', payg: 'ch_payg_linkedin', paid: 'ch_paid_linkedin' } as const;
/** Settings that cost the heap far more than their JSON: empty objects, nested empty arrays, objects of unique keys. */
const SHAPES = [
  () => Array.from({ length: 20_000 }, () => ({})),
  () => Array.from({ length: 12_000 }, () => [[[]]]),
  (i: number) => Array.from({ length: 8_000 }, (_, j) => ({ [`k${i}_${j}`]: 0 })),
];

/** Send `make(i)` until the mock refuses one (a budget, or the hourly limit), and say how many it took and how it ended. */
async function fill(make: (i: number) => Promise<Response>, max: number): Promise<{ taken: number; last: number; message: string }> {
  for (let i = 0; i < max; i++) {
    const res = await make(i);
    const body = await res.text();
    if (res.status >= 500) throw new Error(`answered ${res.status}: ${body.slice(0, 300)}`);
    if (res.status !== 200) return { taken: i, last: res.status, message: body };
  }
  return { taken: max, last: 200, message: '' };
}

async function fillEveryStore(origin: string): Promise<string[]> {
  const ended: string[] = [];
  for (const [name, key] of Object.entries(KEYS) as Array<[keyof typeof KEYS, string]>) {
    const send = (method: string, path: string, body: unknown) => fetch(`${origin}${API}${path}`, { method, headers: { authorization: key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const posts = await fill((i) => send('POST', '/posts', {
      type: 'draft', date: '2026-02-01T10:00:00.000Z', shortLink: false, tags: [],
      posts: [{ integration: { id: CHANNEL[name] }, settings: { __type: 'linkedin', shape: SHAPES[i % SHAPES.length]!(i) }, value: [{ content: `draft ${i}`, image: [] }] }],
    }), 85);
    ended.push(`${name} posts: ${posts.taken} taken, then ${posts.last} ${posts.message.slice(0, 80)}`);
    const brief = await fill((i) => send('PATCH', `/brief/sources/doc-${i}`, { title: `Doc ${i}`, blocks: Array.from({ length: 4_000 }, (_, j) => ({ id: `b${j}`, heading: '', body: '' })) }), 100);
    ended.push(`${name} brief: ${brief.taken} taken, then ${brief.last}`);
    const media = await fill((i) => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), `${'n'.repeat(900)}-${i}.png`);
      return fetch(`${origin}${API}/upload`, { method: 'POST', headers: { authorization: key }, body: form });
    }, Math.min(5_000, Math.ceil(caps.mediaBytes / 1000)));
    ended.push(`${name} media: ${media.taken} taken, then ${media.last}`);
  }
  return ended;
}

describe('memory under the byte budgets', () => {
  for (const withStateFile of [false, true]) {
    it(`the three demo keys filling every store they reach ${withStateFile ? 'with a state file, and a restart from it,' : 'without a state file'} keep the heap within the budgets, in a process whose old space is capped at its base and twice the budgets`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'spw-memory-'));
      const stateFile = withStateFile ? join(dir, 'state.json') : undefined;
      try {
        const mock = await start(stateFile);
        // Each path once, so what the first request loads (validators, pages) is in the base, not in the growth.
        await fetch(`${mock.origin}/_mock/scenario`).then((r) => r.text());
        const base = await mock.measure();
        const ended = await fillEveryStore(mock.origin);
        // Every store was filled to a budget (or the key was refused the store), never left for another limit.
        expect(ended.filter((e) => / 429 /.test(e)), ended.join('\n')).toEqual([]);
        const beforeExport = await mock.measure();
        console.log(`memory (budgets x${SCALE}): before the export: heap grew ${mib(beforeExport.heapUsed - base.heapUsed)}, RSS peak ${mib(beforeExport.maxRss)}`);
        expect((await fetch(`${mock.origin}/_mock/scenario`)).status).toBe(200);
        // The state file is written once the mock is idle: its size says how much text its keeper holds.
        if (stateFile) await waitForFile(stateFile);
        const filled = await mock.measure();
        const text = stateFile ? statSync(stateFile).size : 0;
        const heap = filled.heapUsed - base.heapUsed;
        console.log(`memory (budgets x${SCALE}): ${mib(reachable)} reachable, state file ${mib(text)}; heap grew ${mib(heap)}; RSS ${mib(base.rss)} at rest, peak ${mib(filled.maxRss)}`);
        // The records within their budgets; with a state file, its keeper also holds the text it wrote last, at up to
        // two bytes a character (V8 keeps a string with any character past U+00FF so).
        expect(heap, ended.join('\n')).toBeLessThanOrEqual(reachable + text + SLACK);
        expect(text).toBeLessThanOrEqual(reachable);
        // It got here within its heap limit: the process is alive and answers.
        expect(child(mock).exitCode).toBeNull();
        if (stateFile) {
          await stop(mock);
          expect(existsSync(stateFile)).toBe(true);
          const again = await start(stateFile);
          expect((await fetch(`${again.origin}/_mock/scenario`)).status).toBe(200);
          const restarted = await again.measure();
          expect(restarted.heapUsed - base.heapUsed).toBeLessThanOrEqual(reachable + text + SLACK);
          expect(again.process.exitCode).toBeNull();
          await stop(again);
        } else await stop(mock);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000 * Math.max(1, SCALE * 16));
  }
});
