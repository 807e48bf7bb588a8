// Scenario files on disk: the state kept across restarts, atomic writes (the flags that read them: cli/mock-flags.test.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMock } from './server.ts';
import { writeAtomically } from './state-file.ts';
import { MockClock } from './domain/clock.ts';
import { T0, KEYS, API } from './testing.ts';

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
