// Scenario files on disk: the state kept across restarts, atomic writes (the flags that read them: cli/mock-flags.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMock } from './server.ts';
import { keepStateFile, readScenarioFile, removeLeftovers, renderStateFile, renderStateFileParts, SCENARIO_FILE_LIMITS, ScenarioFileError, stateFingerprint, writeAtomically } from './state-file.ts';
import { MockClock } from './domain/clock.ts';
import { loadScenario } from './http/scenario.ts';
import { T0, KEYS, API, testMock, type TestMock } from './testing.ts';

let dir: string;
let stderr: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spw-scenario-'));
  stderr = '';
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    stderr += `${args.join(' ')}\n`;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    stderr += String(chunk);
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const frozen = () => new MockClock({ frozenAt: T0 });

describe('scenario files', () => {
  it('--state-file keeps the world across a restart, and is created when missing', async () => {
    const file = join(dir, 'state.json');
    const first = await startMock({ port: 0, seed: 1, clock: frozen(), stateFile: file });
    const res = await fetch(`${first.origin}/_mock/workspaces/ws_payg_demo/wallet/top-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credits": 12.5}' });
    expect(res.status).toBe(200);
    await first.close();
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.scenarioVersion).toBe(1);
    expect(saved.workspaces.find((w: any) => w.id === 'ws_payg_demo').wallet.ledger.at(-1)).toMatchObject({ type: 'TOPUP', cents: 1250 });
    const second = await startMock({ port: 0, seed: 1, clock: frozen(), stateFile: file });
    const wallet = await (await fetch(`${second.origin}${API}/wallet`, { headers: { authorization: KEYS.payg } })).json();
    const before = saved.workspaces.find((w: any) => w.id === 'ws_payg_demo').wallet.balance;
    expect(Math.round(wallet.balance * 100)).toBe(before);
    await second.close();
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('an atomic write replaces the whole file and leaves no temporary file beside it', () => {
    const file = join(dir, 'x.json');
    writeAtomically(file, 'old');
    writeAtomically(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['x.json']);
  });
});

/** Every stored instant of a state file is a whole number of milliseconds (the schema says integer). */
function fractionalTimes(text: string): string[] {
  return [...text.matchAll(/"(\w+)": (-?\d+\.\d+)/g)].filter(([, name]) => /at$|At$|time|Time|date|Date/.test(name!)).map(([m]) => m);
}

describe('the state file across restarts', () => {
  it('a running clock survives any number of plain restarts: times stay whole milliseconds and every start reads the file', async () => {
    const file = join(dir, 'state.json');
    for (let round = 0; round < 4; round++) {
      const mock = await startMock({ port: 0, seed: 1, stateFile: file });
      const res = await fetch(`${mock.origin}${API}/posts`, {
        method: 'POST',
        headers: { authorization: KEYS.payg, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'draft', date: '2030-01-01T10:00:00.000Z', shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_x' }, value: [{ content: `round ${round}`, image: [] }], settings: { __type: 'x' } }] }),
      });
      expect(res.status, await res.text()).toBe(200);
      await mock.close();
      // A file written a fraction of a millisecond ago, as real file systems stamp it.
      const mtime = statSync(file).mtimeMs;
      utimesSync(file, new Date(), (Math.floor(mtime) + 0.6) / 1000);
      expect(fractionalTimes(readFileSync(file, 'utf8'))).toEqual([]);
    }
    const saved = readFileSync(file, 'utf8');
    for (let round = 0; round < 4; round++) expect(saved).toContain(`"round ${round}"`);
  });

  it('leftovers of a killed write are removed at start, and a running writer\'s are kept', () => {
    const file = join(dir, 'state.json');
    const dead = join(dir, '.state.json.999999999.tmp');
    const deadNumbered = join(dir, '.state.json.999999999.3.tmp');
    const running = join(dir, `.state.json.${process.ppid}.tmp`);
    const other = join(dir, '.other.json.999999999.tmp');
    for (const f of [dead, deadNumbered, running, other]) writeFileSync(f, '{');
    expect(removeLeftovers(file).sort()).toEqual(['.state.json.999999999.3.tmp', '.state.json.999999999.tmp']);
    expect(readdirSync(dir).sort()).toEqual([`.state.json.${process.ppid}.tmp`, '.other.json.999999999.tmp'].sort());
  });
});

describe('state file writes are coalesced off the request path', () => {
  const frozenMock = () => testMock({ seed: 3 });
  const topUp = (m: TestMock, credits: number) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits }).expect(200);
  const balanceIn = (file: string) => JSON.parse(readFileSync(file, 'utf8')).workspaces.find((w: any) => w.id === 'ws_payg_demo').wallet.balance;

  it('a change is not written while requests keep coming, then once when they stop; nothing is lost', async () => {
    const m = frozenMock();
    const file = join(dir, 'state.json');
    // The idle window is far longer than the gaps between these requests, even on a loaded machine (a 40 ms window
    // once closed between two of them when the test files ran two at a time), so "still busy" holds by construction.
    const keeper = keepStateFile(m.app.state, file, { idleMs: 1000, maxDelayMs: 60_000 });
    const start = balanceIn(file);
    const written = statSync(file).mtimeMs;
    for (let i = 0; i < 5; i++) {
      await topUp(m, 1);
      keeper.touch();
      await new Promise((r) => setImmediate(r));
    }
    // Still busy: the file is as it was.
    expect(statSync(file).mtimeMs).toBe(written);
    await keeper.settled();
    expect(balanceIn(file)).toBe(start + 500);
    keeper.close();
  });

  // On the keeper's own clock (timers and Date faked; the file is written for real): a deadline in wall time failed
  // once when the whole suite loaded the machine, the write's fsync taking longer than the test allowed.
  it('under steady traffic a write starts at most maxDelayMs after the first unsaved change, never before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const m = frozenMock();
      const file = join(dir, 'state.json');
      const keeper = keepStateFile(m.app.state, file, { idleMs: 1000, maxDelayMs: 50 });
      const start = balanceIn(file);
      const busy = async (ms: number) => {
        for (let t = 0; t < ms; t += 5) {
          const res = await m.app.fetch(new Request('http://127.0.0.1/_mock/workspaces/ws_payg_demo/wallet/top-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credits": 1}' }));
          expect(res.status).toBe(200);
          keeper.touch();
          await vi.advanceTimersByTimeAsync(5);
        }
      };
      // The write itself is real I/O: wait for it in real time (performance.now is not faked), generously, while the
      // keeper's clock stands still; only the keeper's clock decides when a write starts.
      const realWait = async (ms: number, done: () => boolean) => {
        const until = performance.now() + ms;
        while (!done() && performance.now() < until) await new Promise((r) => setImmediate(r));
      };
      // A change every 5 ms, never 1,000 ms idle: 45 ms in, no write has started (none lands in the next 300 ms).
      await busy(45);
      await realWait(300, () => balanceIn(file) !== start);
      expect(balanceIn(file)).toBe(start);
      // By 50 ms one has, with what the world held when it started.
      await busy(10);
      await realWait(30_000, () => balanceIn(file) !== start);
      expect(balanceIn(file)).toBeGreaterThan(start);
      keeper.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a change made while a write is under way is written after it, and a synchronous flush is never overwritten by an older write', async () => {
    const m = frozenMock();
    const file = join(dir, 'state.json');
    const keeper = keepStateFile(m.app.state, file, { idleMs: 0, maxDelayMs: 0 });
    const start = balanceIn(file);
    await topUp(m, 1);
    keeper.touch();
    await new Promise((r) => setTimeout(r, 1)); // the write has started
    await topUp(m, 2);
    keeper.touch();
    await keeper.settled();
    expect(balanceIn(file)).toBe(start + 300);
    await topUp(m, 4);
    keeper.touch();
    await new Promise((r) => setTimeout(r, 1));
    await topUp(m, 8);
    keeper.close(); // synchronous: the newest world, whatever the write under way had rendered
    await keeper.settled();
    expect(balanceIn(file)).toBe(start + 1500);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a write that fails is told once and the mock goes on; the next change after the cause is gone is written', async () => {
    const m = frozenMock();
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    const file = join(sub, 'state.json');
    const warnings: string[] = [];
    const keeper = keepStateFile(m.app.state, file, { idleMs: 0, maxDelayMs: 0, warn: (l) => warnings.push(l) });
    rmSync(sub, { recursive: true });
    for (let i = 0; i < 3; i++) {
      await topUp(m, 1);
      keeper.touch();
      await keeper.settled();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`state file ${file}: cannot write it \\(ENOENT\\)`));
    mkdirSync(sub);
    await topUp(m, 1);
    keeper.touch();
    await keeper.settled();
    expect(balanceIn(file)).toBeGreaterThan(0);
    keeper.close();
  });
});

describe('any world the mock writes, it reads back identical', () => {
  const READY = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));

  /** Write `text` as a state file, start another mock from it, and render that mock's world. */
  function roundTrip(text: string): string {
    const file = join(dir, `rt-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, text);
    const other = testMock({ seed: 99 });
    const keeper = keepStateFile(other.app.state, file, { idleMs: 60_000 });
    const again = renderStateFile(other.app.state);
    keeper.close();
    rmSync(file);
    return again;
  }

  it.each(readdirSync(READY).filter((f) => f.endsWith('.json')))('ready scenario %s: write, read, write gives the same bytes, kept row texts too', async (name) => {
    const m = testMock({ seed: 5 });
    loadScenario(m.app.state, readScenarioFile(join(READY, name), m.app.state));
    const first = renderStateFile(m.app.state);
    expect(first).toBe(renderStateFile(m.app.state, { keepRows: false }));
    expect(roundTrip(first)).toBe(first);
    // Time passing publishes and fails rows in place: their kept texts must follow.
    await m.http.post('/_mock/clock').send({ advanceSeconds: 90 * 86_400 }).expect(200);
    expect(renderStateFile(m.app.state)).toBe(renderStateFile(m.app.state, { keepRows: false }));
  });

  type Step =
    | { kind: 'post'; type: 'draft' | 'schedule' | 'now'; minutes: number; content: string; channel: number }
    | { kind: 'topUp'; cents: number }
    | { kind: 'advance'; seconds: number }
    | { kind: 'delete'; index: number }
    | { kind: 'freeze'; on: boolean };
  const CHANNELS = ['ch_payg_x', 'ch_payg_linkedin', 'ch_payg_discord'];
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('post' as const), type: fc.constantFrom('draft' as const, 'schedule' as const, 'now' as const), minutes: fc.integer({ min: 1, max: 60 * 24 * 30 }), content: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), channel: fc.nat(CHANNELS.length - 1) }),
    fc.record({ kind: fc.constant('topUp' as const), cents: fc.integer({ min: 1, max: 100_000 }) }),
    // Fractions of a second and of a millisecond: stored times must come out whole all the same.
    fc.record({ kind: fc.constant('advance' as const), seconds: fc.double({ min: 0, max: 3 * 86_400, noNaN: true }) }),
    fc.record({ kind: fc.constant('delete' as const), index: fc.nat(50) }),
    fc.record({ kind: fc.constant('freeze' as const), on: fc.boolean() }),
  );

  async function apply(m: TestMock, s: Step): Promise<void> {
    if (s.kind === 'post') {
      const date = new Date(m.app.state.clock.now() + s.minutes * 60_000).toISOString();
      const channel = CHANNELS[s.channel]!;
      const settings = channel.includes('discord') ? { __type: 'discord', channel: 'general' } : channel.includes('linkedin') ? { __type: 'linkedin' } : { __type: 'x' };
      await m.api('post', '/posts').send({ type: s.type, date, shortLink: false, tags: [], posts: [{ integration: { id: channel }, value: [{ content: s.content, image: [] }], settings }] });
    } else if (s.kind === 'topUp') await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits: s.cents / 100 });
    else if (s.kind === 'advance') await m.http.post('/_mock/clock').send({ advanceSeconds: s.seconds });
    else if (s.kind === 'delete') {
      const posts = [...m.app.state.world.workspaces.get('ws_payg_demo')!.posts.rows.values()];
      const row = posts[s.index % Math.max(1, posts.length)];
      if (row) await m.api('delete', `/posts/${row.group}`);
    } else await m.http.post(`/_mock/workspaces/ws_payg_demo/wallet/${s.on ? 'freeze' : 'unfreeze'}`);
  }

  it('property: for any sequence of API and control calls, write, read, write gives the same bytes and only whole-millisecond times, and the kept row texts always equal a whole render', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const m = testMock({ seed: 7 });
        m.app.state.config.postsPerHour = 10_000;
        for (const s of steps) {
          await apply(m, s);
          // The rows' kept texts (rendered before this step) must never be stale: the same bytes as a whole render.
          expect(renderStateFile(m.app.state)).toBe(renderStateFile(m.app.state, { keepRows: false }));
        }
        const first = renderStateFile(m.app.state);
        expect(fractionalTimes(first)).toEqual([]);
        expect(roundTrip(first)).toBe(first);
      }),
      { numRuns: 30, seed: 1 },
    );
  });
});

describe('scenario and state files that cannot be read', () => {
  const host = () => testMock().app.state;

  it.each([
    ['deep file', () => '['.repeat(100_000) + ']'.repeat(100_000), /: nests deeper than the 100 levels a scenario file may have$/],
    ['malformed file', () => '{"scenarioVersion": 1,', /: not JSON \(/],
    ['empty file', () => '', /: not JSON \(/],
    ['file that is no scenario', () => '{"hello": "world"}', /: not a valid scenario:\n/],
  ])('a %s is refused with one message naming the file, and loads nothing', (_, text, message) => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, text());
    let err: unknown;
    try {
      readScenarioFile(file, host());
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ScenarioFileError);
    expect((err as Error).message.startsWith(`${file}: `)).toBe(true);
    expect((err as Error).message).toMatch(message);
  });

  it('a file over the size limit is refused before it is read, naming the file and the limit', () => {
    const file = join(dir, 'huge.json');
    closeSync(openSync(file, 'w'));
    truncateSync(file, SCENARIO_FILE_LIMITS.bytes + 1); // sparse: no disk is spent
    expect(() => readScenarioFile(file, host())).toThrow(`${file}: 512 MiB, larger than the 512 MiB a scenario file may hold`);
  });

  it('a deep state file fails the start with that message, and the world is not replaced', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(file, '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000));
    const m = testMock();
    const before = renderStateFile(m.app.state);
    expect(() => keepStateFile(m.app.state, file)).toThrow(/nests deeper than the 100 levels/);
    expect(renderStateFile(m.app.state)).toBe(before);
  });
});

describe('a state file survives kill -9 at any moment', () => {
  const BIN = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));

  function start(file: string): Promise<{ child: ChildProcess; origin: string }> {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--seed', '1', '--state-file', file, '--scenario', 'posts-in-every-state'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    return new Promise((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve({ child, origin: m[1]! });
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`spw mock exited ${code} before listening:\n${out}`)));
    });
  }

  it('killed while writing, five times over, each start reads a whole file and removes what the killed write left', async () => {
    const file = join(dir, 'state.json');
    const rand = fc.sample(fc.integer({ min: 0, max: 400 }), { numRuns: 5, seed: 11 });
    let credits = 0;
    for (const delay of rand) {
      const { child, origin } = await start(file);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      const killedAt = Date.now() + 300 + delay;
      // Changes with short pauses, so writes start (the mock writes after 250 ms idle) and some are cut short.
      while (Date.now() < killedAt) {
        const res = await fetch(`${origin}/_mock/workspaces/ws_payg_demo/wallet/top-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credits": 1}' });
        expect(res.status).toBe(200);
        credits++;
        await new Promise((r) => setTimeout(r, 20 + (credits % 7) * 40));
      }
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      // Whole, whichever write the kill came after.
      expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
    }
    const { child, origin } = await start(file);
    const wallet = await (await fetch(`${origin}${API}/wallet`, { headers: { authorization: KEYS.payg } })).json();
    expect(wallet.balance).toBeGreaterThan(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }, 120_000);
});

describe('what the state file keeper holds between writes', () => {
  it('the rows\' own texts and a digest of the document around them, never a slice of the whole document: a running clock alone changes nothing', () => {
    const m = testMock({ scenario: JSON.parse(readFileSync(new URL('../fixtures/scenarios/posts-in-every-state.json', import.meta.url), 'utf8')) });
    const parts = renderStateFileParts(m.app.state);
    const kept = stateFingerprint(parts, false);
    const rowTexts = parts.filter((p: string, i: number) => kept[i] === p);
    // Every kept part is a row's own text (or a separator), or a short digest: none holds the document around the rows.
    for (const p of kept) expect(p === ',\n' || p === '[]' || p === '[\n' || p === '\n      ]' || /^ {8}\{/.test(p) || /^#[A-Za-z0-9+/=]{44}$/.test(p), p.slice(0, 80)).toBe(true);
    expect(rowTexts.filter((p) => /^ {8}\{/.test(p)).length).toBeGreaterThan(0);
    expect(kept.filter((p) => p.startsWith('#')).length).toBe(parts.length - rowTexts.length);
    m.clock.set(m.clock.now() + 60_000);
    expect(stateFingerprint(renderStateFileParts(m.app.state), false)).toEqual(kept);
  });
});
