// spw mock's flags that are checked before anything starts: --latency against the document's operations, --scenario and
// --state-file against the control schema and the domain's rules. A bad value is a usage error (exit 2) naming the flag.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testMock } from '../mocks/testing.ts';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { clockChoice, main, scenarioPath, type Actions } from './program.ts';

describe('spw mock --latency', () => {
  const noop: Actions = { mock: async () => 0, verify: async () => 0, proxy: async () => 0, merge: async () => 0 };

  it('refuses a malformed value with exit 2 and a message naming the flag', async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      const { defaultActions } = await import('./program.ts');
      // Only the check runs: the value is refused before any server starts.
      const actions: Actions = { ...noop, mock: defaultActions.mock };
      expect(await main(['node', 'spw', 'mock', '--latency', '100-fast'], actions)).toBe(2);
      expect(await main(['node', 'spw', 'mock', '--latency', 'createPost=10'], actions)).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(errors[0]).toMatch(/^error: --latency 100-fast: '100-fast' is not milliseconds or min-max/);
    expect(errors[1]).toMatch(/no public operation is called 'createPost'/);
  });

  it('passes a valid value on to the mock', async () => {
    let seen: Record<string, unknown> | undefined;
    const actions: Actions = { ...noop, mock: async (opts) => ((seen = opts), 0) };
    expect(await main(['node', 'spw', 'mock', '--latency', 'createPosts=1500,listPosts=50-200,100', '--journal-bodies'], actions)).toBe(0);
    expect(seen).toMatchObject({ latency: 'createPosts=1500,listPosts=50-200,100', journalBodies: true });
  });
});

describe('spw mock --scenario and --state-file', () => {
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

  it('a bad --scenario file exits 2 naming the JSON path and rule, before anything listens', async () => {
    const good = (await testMock().http.get('/_mock/scenario').expect(200)).body;
    const file = join(dir, 'bad.json');
    good.workspaces[0].wallet.balance = 123;
    writeFileSync(file, JSON.stringify(good));
    expect(await main(['node', 'spw', 'mock', '--port', '0', '--scenario', file])).toBe(2);
    expect(stderr).toContain(`--scenario ${file}: not a valid scenario`);
    expect(stderr).toContain("/workspaces/0/wallet/balance: must equal the sum of the ledger's cents (0), not 123");
    writeFileSync(file, '{"scenarioVersion": 1,');
    expect(await main(['node', 'spw', 'mock', '--port', '0', '--state-file', file])).toBe(2);
    expect(stderr).toContain(`--state-file ${file}: not JSON`);
  });

  it('--scenario takes a ready scenario by name, and an unknown name exits 2 listing the ready ones', async () => {
    expect(scenarioPath('low-credits')).toMatch(/fixtures\/scenarios\/low-credits\.json$/);
    const file = join(dir, 'mine.json');
    writeFileSync(file, '{}');
    expect(scenarioPath(file)).toBe(file);
    expect(await main(['node', 'spw', 'mock', '--port', '0', '--scenario', 'low-credit'])).toBe(2);
    expect(stderr).toMatch(/--scenario low-credit: no such file, and not a ready scenario \(.*empty-workspace.*low-credits.*\)/);
  });
});

describe('spw mock --control-cors', () => {
  let dir: string;
  let stderr: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spw-cors-'));
    stderr = '';
    for (const name of ['MOCK_CONTROL_CORS', 'MOCK_CORS_ORIGIN', 'SPW_CONFIG']) vi.stubEnv(name, undefined);
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      stderr += `${args.join(' ')}\n`;
    });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (args: string[]) => {
    const { defaultActions } = await import('./program.ts');
    const noop: Actions = { mock: async () => 0, verify: async () => 0, proxy: async () => 0, merge: async () => 0 };
    return main(['node', 'spw', 'mock', ...args], { ...noop, mock: defaultActions.mock });
  };

  // Each way of asking for control CORS with the default or an explicit '*': exit 2 before anything listens.
  const refused: Array<[string, () => string[]]> = [
    ['the flag, with the default origins', () => ['--control-cors']],
    ['the flag, with --cors-origin *', () => ['--control-cors', '--cors-origin', '*']],
    ['MOCK_CONTROL_CORS', () => (vi.stubEnv('MOCK_CONTROL_CORS', '1'), [])],
    ['MOCK_CONTROL_CORS with MOCK_CORS_ORIGIN=*', () => (vi.stubEnv('MOCK_CONTROL_CORS', 'true'), vi.stubEnv('MOCK_CORS_ORIGIN', '*'), [])],
    [
      'the config file',
      () => {
        const file = join(dir, 'spw.config.json');
        writeFileSync(file, JSON.stringify({ mock: { controlCors: true, corsOrigin: '*' } }));
        return ['--config', file];
      },
    ],
  ];
  for (const [what, args] of refused) {
    it(`refuses '*' asked through ${what}, naming the flag`, async () => {
      expect(await run(args())).toBe(2);
      expect(stderr).toContain("--control-cors cannot be used with --cors-origin '*'");
    });
  }

  it('takes a list of origins (the next check, a bad port, is what stops this run)', async () => {
    expect(await run(['--control-cors', '--cors-origin', 'http://localhost:5173', '--port', 'http'])).toBe(2);
    expect(stderr).not.toContain('--control-cors cannot');
    expect(stderr).toContain('--port');
  });
});

describe('spw mock --clock', () => {
  it.each([
    ['real', { mode: 'real' }],
    ['frozen', { mode: 'frozen' }],
    ['as-saved', { mode: 'as-saved' }],
    ['2030-01-01T09:00:00Z', { mode: 'frozen', at: Date.parse('2030-01-01T09:00:00Z') }],
  ])('%s is read as %j', (value, want) => {
    expect(clockChoice(value)).toEqual(want);
  });

  it.each(['tomorrow', '', '12345', '10000-01-01T00:00:00Z', '2030-13-45'])('%j is a usage error naming the flag', (value) => {
    expect(() => clockChoice(value)).toThrow(/^--clock .*: expected real, frozen, as-saved or an ISO 8601 instant/);
  });

  it('a scenario started at an instant has its times moved there, frozen, and the banner says what was loaded and the clock', async () => {
    const bin = fileURLToPath(new URL('./bin.ts', import.meta.url));
    const child = spawn(process.execPath, [bin, 'mock', '--port', '0', '--scenario', 'low-credits', '--clock', '2031-03-03T10:00:00Z'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('Journal:')) resolve(out);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
      });
      expect(banner).toMatch(/World: +scenario low-credits, its times moved to now/);
      expect(banner).toMatch(/Clock: +frozen at 2031-03-03T10:00:00\.000Z/);
      expect(banner).toMatch(/demo-payg-key/);
      const origin = /listening on (\S+)/.exec(banner)![1]!;
      const clock = await (await fetch(`${origin}/_mock/clock`)).json();
      expect(clock).toMatchObject({ now: '2031-03-03T10:00:00.000Z', frozen: true });
    } finally {
      child.kill();
    }
  });
});
