// A fault is a lens, never a write: switching one on and off, with reads answered while it is on, leaves the world,
// its export, its re-import and a restart from its state file exactly as a run that never had it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAULTS } from './faults/index.ts';
import { readScenarioFile, renderStateFile } from '../state-file.ts';
import { loadScenario } from './scenario.ts';
import { testMock, T0, KEYS, type TestMock } from '../testing.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** One step of traffic, applied the same way to both mocks. */
type Step =
  | { kind: 'draft'; key: keyof typeof KEYS; text: string }
  | { kind: 'schedule'; text: string; link: boolean }
  | { kind: 'topUp'; credits: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'limit'; postsPerHour: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('draft' as const), key: fc.constantFrom('free', 'payg', 'paid') as fc.Arbitrary<keyof typeof KEYS>, text: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant('schedule' as const), text: fc.string({ minLength: 1, maxLength: 20 }), link: fc.boolean() }),
  fc.record({ kind: fc.constant('topUp' as const), credits: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 7200 }) }),
  fc.record({ kind: fc.constant('limit' as const), postsPerHour: fc.integer({ min: 1, max: 500 }) }),
);

const CHANNEL = { free: 'ch_free_linkedin', payg: 'ch_payg_linkedin', paid: 'ch_paid_linkedin' } as const;

async function apply(m: TestMock, s: Step): Promise<void> {
  const now = m.clock.now();
  switch (s.kind) {
    case 'draft':
      await m.api('post', '/posts', KEYS[s.key]).send({ type: 'draft', date: iso(now + 3_600_000), shortLink: false, tags: [], posts: [{ integration: { id: CHANNEL[s.key] }, value: [{ content: s.text || 'x', image: [] }] }] });
      return;
    case 'schedule':
      await m.api('post', '/posts').send({ type: 'schedule', date: iso(now + 3_600_000), shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: `${s.text}${s.link ? ' https://example.com' : ''}`, image: [] }] }] });
      return;
    case 'topUp':
      await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits: s.credits }).expect(200);
      return;
    case 'advance':
      await m.http.post('/_mock/clock').send({ advanceSeconds: s.seconds }).expect(200);
      return;
    case 'limit':
      await m.http.put('/_mock/limits').send({ workspaces: ['ws_payg_demo'], postsPerHour: s.postsPerHour }).expect(200);
  }
}

/** A few reads of each key, answered through whatever faults are on. */
async function read(m: TestMock, keys: string[] = Object.values(KEYS)): Promise<void> {
  for (const key of keys) {
    await m.api('get', '/is-connected', key);
    await m.api('get', '/wallet', key);
    await m.api('get', `/posts?startDate=${iso(T0 - 86_400_000)}&endDate=${iso(T0 + 30 * 86_400_000)}`, key);
    await m.api('get', '/media', key);
  }
}

/** The faults switched on (every one at once, or each in turn), reads answered through them, and switched off again. */
async function switchFaults(m: TestMock, oneByOne = false): Promise<void> {
  for (const active of oneByOne ? FAULTS.map((f) => [f.name]) : [FAULTS.map((f) => f.name)]) {
    await m.http.put('/_mock/faults').send({ active }).expect(200);
    await read(m, oneByOne ? [KEYS.payg] : undefined);
    await m.http.put('/_mock/faults').send({ active: [] }).expect(200);
  }
}

const exported = async (m: TestMock) => (await m.http.get('/_mock/scenario').expect(200)).body;

describe('faults as lenses', () => {
  it('a mock started with every fault stores the limits it was given: its export loads again, limits as set', async () => {
    const faulty = testMock({ faults: FAULTS.map((f) => f.name) });
    await faulty.http.put('/_mock/limits').send({ workspaces: ['ws_payg_demo'], postsPerHour: 7, freeLibraryBytes: 1024 }).expect(200);
    await read(faulty);
    const doc = await exported(faulty);
    expect(doc.config.postsPerHour).toBe(90);
    expect(doc.workspaces.find((w: { id: string }) => w.id === 'ws_payg_demo').limits).toEqual({ postsPerHour: 7, freeLibraryBytes: 1024 });
    await testMock().http.put('/_mock/scenario').send(doc).expect(200);
  });

  it('property: switching every fault on and off around generated traffic changes no stored state (world, export, re-import, restart from the state file equal a run with no fault)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spw-lens-'));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 5 }), async (steps) => {
          const lensed = testMock();
          const plain = testMock();
          await switchFaults(lensed, true);
          for (const s of steps) {
            await apply(lensed, s);
            await apply(plain, s);
            await switchFaults(lensed);
          }
          const want = await exported(plain);
          expect(await exported(lensed)).toEqual(want);
          expect((await lensed.http.get('/_mock/limits?workspace=ws_payg_demo').expect(200)).body).toEqual((await plain.http.get('/_mock/limits?workspace=ws_payg_demo').expect(200)).body);

          // Its export loads again, and so does its state file, into a mock that then holds the same world.
          const again = testMock();
          await again.http.put('/_mock/scenario').send(await exported(lensed)).expect(200);
          expect(await exported(again)).toEqual(want);
          const file = join(dir, 'state.json');
          writeFileSync(file, renderStateFile(lensed.app.state));
          const restarted = testMock();
          loadScenario(restarted.app.state, readScenarioFile(file, restarted.app.state));
          expect(await exported(restarted)).toEqual(want);
        }),
        { numRuns: 4 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
