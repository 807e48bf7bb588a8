// Every instant the mock can hold is one it can save and load: the world's clock and each workspace's own stay within
// 1970-01-01 .. 9999-12-31 whatever order moves come in (world, workspaces, time passing), so the export loads again
// and a state file restarts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LATEST_TIME, MockClock } from '../domain/clock.ts';
import { readScenarioFile, renderStateFile } from '../state-file.ts';
import { loadScenario } from './scenario.ts';
import { testMock, T0, KEYS, type TestMock } from '../testing.ts';

/** One move of a clock, or time passing on a running one. */
type Move =
  | { kind: 'world'; to: number }
  | { kind: 'worldBy'; seconds: number }
  | { kind: 'workspace'; to: number }
  | { kind: 'workspaceBy'; seconds: number }
  | { kind: 'run'; ms: number }
  | { kind: 'freeze'; frozen: boolean }
  | { kind: 'read' };

const EDGES = [0, 1, T0, LATEST_TIME - 1, LATEST_TIME];
const instant = fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 0, max: LATEST_TIME }));
const seconds = fc.oneof(fc.constantFrom(1, LATEST_TIME / 1000), fc.integer({ min: 0, max: 1e9 }));
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant('world' as const), to: instant }),
  fc.record({ kind: fc.constant('worldBy' as const), seconds }),
  fc.record({ kind: fc.constant('workspace' as const), to: instant }),
  fc.record({ kind: fc.constant('workspaceBy' as const), seconds }),
  fc.record({ kind: fc.constant('run' as const), ms: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('freeze' as const), frozen: fc.boolean() }),
  fc.constant({ kind: 'read' as const }),
);

const exported = async (m: TestMock) => (await m.http.get('/_mock/scenario').expect(200)).body;

describe('clock bounds', () => {
  it('property: after random moves of the world\'s and a workspace\'s clocks (and time passing), every clock reads 1970..9999, and export, import and restart from the state file round-trip', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spw-clock-'));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 8 }), async (moves) => {
          let real = T0;
          const clock = new MockClock({ realNow: () => real });
          clock.freeze();
          const m = testMock({ clock });
          for (const mv of moves) {
            let res;
            switch (mv.kind) {
              case 'world': res = await m.http.post('/_mock/clock').send({ now: new Date(mv.to).toISOString() }); break;
              case 'worldBy': res = await m.http.post('/_mock/clock').send({ advanceSeconds: mv.seconds }); break;
              case 'workspace': res = await m.http.post('/_mock/clock').send({ now: new Date(mv.to).toISOString(), workspaces: ['ws_paid_demo'] }); break;
              case 'workspaceBy': res = await m.http.post('/_mock/clock').send({ advanceSeconds: mv.seconds, workspaces: ['ws_paid_demo'] }); break;
              case 'run': real += mv.ms; break;
              case 'freeze': res = await m.http.post('/_mock/clock').send({ frozen: mv.frozen }); break;
              case 'read': res = await m.api('get', '/analytics/ch_paid_x?date=7', KEYS.paid); break;
            }
            if (res) expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
            for (const q of ['', '?workspace=ws_paid_demo']) {
              const at = Date.parse((await m.http.get(`/_mock/clock${q}`).expect(200)).body.now);
              expect(at).toBeGreaterThanOrEqual(0);
              expect(at).toBeLessThanOrEqual(LATEST_TIME);
            }
          }
          const doc = await exported(m);
          const again = testMock();
          const loaded = await again.http.put('/_mock/scenario').send(doc);
          expect(loaded.status, JSON.stringify(loaded.body).slice(0, 500)).toBe(200);
          const file = join(dir, 'state.json');
          writeFileSync(file, renderStateFile(m.app.state));
          const restarted = testMock();
          loadScenario(restarted.app.state, readScenarioFile(file, restarted.app.state));
          expect((await exported(restarted)).workspaces).toEqual(doc.workspaces);
        }),
        { numRuns: 30 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a world move that would take a workspace\'s clock out of 1970..9999 is refused with nothing changed', async () => {
    const m = testMock();
    await m.http.post('/_mock/clock').send({ now: '1970-01-01T01:00:00.000Z', workspaces: ['ws_paid_demo'] }).expect(200);
    const before = JSON.stringify(await exported(m));
    const res = await m.http.post('/_mock/clock').send({ now: '1970-01-01T00:00:00.000Z' }).expect(400);
    expect(res.body.message).toMatch(/ws_paid_demo/);
    expect(JSON.stringify(await exported(m))).toBe(before);
  });
});

describe('worlds of many workspaces', () => {
  it('a scenario holding more workspaces than caps.workspaces is refused with nothing changed; one that raises the cap in its config loads', async () => {
    const m = testMock();
    const doc = await exported(m);
    const template = doc.workspaces.find((w: { id: string }) => w.id === 'ws_paid_demo');
    const many = Array.from({ length: 101 }, (_, i) => ({ ...template, id: `ws_many_${i}`, apiKey: `key_many_${i}`, oauthApp: null }));
    const before = JSON.stringify(await exported(m));
    const refused = await m.http.put('/_mock/scenario').send({ ...doc, workspaces: many, oauthTokens: [] }).expect(400);
    expect(JSON.stringify(refused.body)).toMatch(/at most 100 \(caps\.workspaces/);
    expect(JSON.stringify(await exported(m))).toBe(before);
    await m.http.put('/_mock/scenario').send({ ...doc, config: { ...doc.config, caps: { ...doc.config.caps, workspaces: 200 } }, workspaces: many, oauthTokens: [] }).expect(200);
  });

  it('a clock walk over 200,000 workspaces answers without recursing into them', async () => {
    const m = testMock();
    const world = m.app.state.world;
    // Stand-ins with what the walk reads of a workspace: a world this large is bounded by caps.workspaces elsewhere.
    for (let i = 0; i < 200_000; i++) world.workspaces.set(`ws_stand_in_${i}`, { id: `ws_stand_in_${i}`, clockAheadMs: 0, posts: { nextDue: Number.POSITIVE_INFINITY, rows: { size: 0 }, seenRows: 0 } } as never);
    const res = await m.http.post('/_mock/clock').send({ advanceSeconds: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
