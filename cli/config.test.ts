// Settings precedence on the command line (flag > environment variable > config file > default), the config file's
// errors (exit status 2, a message naming the file and the key). (The options table docs/configuration.md shows is held to the program by scripts/generated-sections.test.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { corsOrigins, createProgram, main, type Actions, type Options } from './program.ts';
import { UsageError } from './config.ts';

/** Every variable the commands read: cleared before each test, so the machine's own PORT or HOST cannot leak in. */
const VARIABLES = (() => {
  const names = new Set<string>();
  for (const command of createProgram(recorder().actions, () => {}).commands) for (const o of command.options) if (o.envVar) names.add(o.envVar);
  return [...names];
})();

function recorder() {
  const seen: Record<string, Options> = {};
  const record = (name: string) => async (opts: Options) => {
    seen[name] = { ...opts };
    return 0;
  };
  const actions: Actions = { mock: record('mock'), verify: record('verify'), proxy: record('proxy'), merge: async (_files, opts) => record('merge')(opts) };
  return { seen, actions };
}

let dir: string;
let stderr: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spw-config-'));
  // No spw.config.json is picked up from wherever the tests run: the working folder is an empty one.
  vi.spyOn(process, 'cwd').mockReturnValue(dir);
  for (const name of VARIABLES) vi.stubEnv(name, undefined);
  stderr = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    stderr += String(chunk);
    return true;
  });
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    stderr += `${args.join(' ')}\n`;
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const { seen, actions } = recorder();
  const status = await main(['node', 'spw', ...args], actions);
  return { status, seen };
}

function configFile(content: unknown, name = 'spw.config.json', folder = dir): string {
  const file = join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('where a setting comes from', () => {
  it('takes the default when nothing else is given', async () => {
    const { status, seen } = await run(['mock']);
    expect(status).toBe(0);
    expect(seen.mock).toMatchObject({ port: '4010', host: '127.0.0.1' });
    expect(seen.mock!.strict).toBeUndefined();
  });

  it('takes spw.config.json from the working folder over the default, the variable over the file, the flag over both', async () => {
    configFile({ mock: { port: 4100, host: '0.0.0.0', seed: 1 } });
    expect((await run(['mock'])).seen.mock).toMatchObject({ port: '4100', host: '0.0.0.0', seed: '1' });

    vi.stubEnv('PORT', '4200');
    expect((await run(['mock'])).seen.mock).toMatchObject({ port: '4200', host: '0.0.0.0', seed: '1' });

    expect((await run(['mock', '--port', '4300', '--seed', '9'])).seen.mock).toMatchObject({ port: '4300', host: '0.0.0.0', seed: '9' });
  });

  it('reads --config (or SPW_CONFIG) instead of the working folder, and paths in it from its own folder', async () => {
    configFile({ verify: { target: 'http://from-default-file' } });
    const other = join(dir, 'ci');
    mkdirSync(other);
    const file = configFile({ verify: { target: 'http://from-config-flag', junit: 'reports/verify.xml', checks: ['auth', 'media'], runs: 3 } }, 'spw.json', other);

    const viaFlag = (await run(['verify', '--config', file])).seen.verify!;
    expect(viaFlag).toMatchObject({ target: 'http://from-config-flag', junit: join(other, 'reports/verify.xml'), checks: 'auth,media', runs: '3' });

    vi.stubEnv('SPW_CONFIG', file);
    expect((await run(['verify'])).seen.verify!.target).toBe('http://from-config-flag');
    expect((await run(['verify', '--config', join(dir, 'spw.config.json')])).seen.verify!.target).toBe('http://from-default-file');
  });

  it('keeps secrets in variables: VERIFY_KEY_* over the file, a flag over the variable', async () => {
    configFile({ verify: { target: 'http://candidate', keyFree: 'file-free', keyPaid: 'file-paid' } });
    vi.stubEnv('VERIFY_KEY_FREE', 'env-free');
    vi.stubEnv('VERIFY_KEY_PAID', 'env-paid');
    const { seen } = await run(['verify', '--key-paid', 'flag-paid']);
    expect(seen.verify).toMatchObject({ target: 'http://candidate', keyFree: 'env-free', keyPaid: 'flag-paid' });
    expect(seen.verify!.keyPayg).toBeUndefined();
  });

  it('reads a boolean variable by its value (MOCK_STRICT=false is off, even over a file that says true)', async () => {
    configFile({ mock: { strict: true }, proxy: { upstream: 'http://up', preserveHost: true } });
    expect((await run(['mock'])).seen.mock!.strict).toBe(true);
    vi.stubEnv('MOCK_STRICT', 'false');
    expect((await run(['mock'])).seen.mock!.strict).toBe(false);
    vi.stubEnv('MOCK_STRICT', '1');
    expect((await run(['mock'])).seen.mock!.strict).toBe(true);
    vi.stubEnv('PROXY_PRESERVE_HOST', 'no');
    expect((await run(['proxy'])).seen.proxy).toMatchObject({ upstream: 'http://up', preserveHost: false, port: '4020' });
  });

  it('splits fault lists on commas from any source, and a flag replaces the variable rather than adding to it', async () => {
    configFile({ mock: { fault: 'a, b' } });
    expect((await run(['mock'])).seen.mock!.fault).toEqual(['a', 'b']);
    vi.stubEnv('MOCK_FAULTS', 'c,d');
    expect((await run(['mock'])).seen.mock!.fault).toEqual(['c', 'd']);
    expect((await run(['mock', '--fault', 'e', '--fault', 'f,g'])).seen.mock!.fault).toEqual(['e', 'f', 'g']);
  });

  it('takes --cors-origin as * by default, a comma separated list from the variable, off alone', async () => {
    expect((await run(['mock'])).seen.mock!.corsOrigin).toEqual(['*']);
    vi.stubEnv('MOCK_CORS_ORIGIN', 'http://localhost:5173, https://app.example.com/');
    const listed = (await run(['mock'])).seen.mock!.corsOrigin;
    expect(corsOrigins(listed)).toEqual(['http://localhost:5173', 'https://app.example.com']);
    expect(corsOrigins(['OFF'])).toEqual(['off']);
    expect(corsOrigins(['*'])).toEqual(['*']);
    expect(() => corsOrigins(['*', 'http://localhost:5173'])).toThrow(UsageError);
    expect(() => corsOrigins(['localhost:5173'])).toThrow(/--cors-origin localhost:5173/);
    expect(() => corsOrigins(['http://localhost:5173/app'])).toThrow(UsageError);
  });
});

describe('mistakes are usage errors (status 2) that say what to fix', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['a file that is not JSON', '{"mock": {', /spw\.config\.json: not valid JSON/],
    ['a file that is not an object', '[1]', /expected a JSON object with "mock", "verify", "report", "replay", "record", "proxy" sections/],
    ['an unknown section', { server: {} }, /unknown section "server"/],
    ['a flag name as key', { verify: { 'key-free': 'k' } }, /verify\.key-free is not a setting of spw verify \(did you mean "keyFree"\?\)/],
    ['an unknown key in another section', { proxy: { upstrem: 'http://x' } }, /proxy\.upstrem is not a setting of spw proxy/],
    ['a wrong type', { mock: { strict: 'yes' } }, /mock\.strict must be true or false/],
    ['an object for a value', { mock: { port: { n: 1 } } }, /mock\.port must be a string or a number/],
  ];
  for (const [what, content, message] of cases) {
    it(`refuses ${what}`, async () => {
      configFile(content);
      const { status, seen } = await run(['mock']);
      expect(status).toBe(2);
      expect(seen.mock).toBeUndefined();
      expect(stderr).toMatch(message);
    });
  }

  it('refuses a --config file that does not exist, and a boolean variable it cannot read', async () => {
    expect((await run(['mock', '--config', 'missing.json'])).status).toBe(2);
    expect(stderr).toContain('--config missing.json: no such file');
    vi.stubEnv('VERIFY_QUIET', 'maybe');
    expect((await run(['verify', '--target', 'http://x'])).status).toBe(2);
    expect(stderr).toContain('VERIFY_QUIET=maybe: expected true or false');
  });

  it('gives 2 for unknown commands and options, bad values and missing required settings; 0 for help and version', async () => {
    expect((await run(['serve'])).status).toBe(2);
    expect((await run(['mock', '--prot', '1'])).status).toBe(2);
    expect((await run([])).status).toBe(2);
    // The real actions: each refuses before it listens or sends anything.
    expect(await main(['node', 'spw', 'mock', '--port', 'http'])).toBe(2);
    expect(await main(['node', 'spw', 'mock', '--port', '0', '--fault', 'no-such-fault'])).toBe(2);
    expect(await main(['node', 'spw', 'verify'])).toBe(2);
    expect(await main(['node', 'spw', 'verify', '--in-process', '--runs', '0'])).toBe(2);
    expect(await main(['node', 'spw', 'verify', '--target', 'http://x', '--fault', 'double-charge'])).toBe(2);
    expect(await main(['node', 'spw', 'verify', '--target', 'http://x', '--checks', 'tenant_isolaton'])).toBe(2);
    expect(stderr).toContain('--checks: Unknown check or area: tenant_isolaton');
    expect(await main(['node', 'spw', 'proxy'])).toBe(2);
    expect(stderr).toContain('--upstream <url> is required');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect((await run(['--help'])).status).toBe(0);
    expect((await run(['verify', '--help'])).status).toBe(0);
    expect((await run(['--version'])).status).toBe(0);
  });
});
