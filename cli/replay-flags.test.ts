// A failure's replay line holds every flag a run can be aimed with: printed, its variables set, the command line reads
// it back as the same target, hook and keys, and no secret is in it.
import { describe, expect, it } from 'vitest';
import { flagLine, flagSetOf, type Target, type TargetOptions } from '../suites/target.ts';
import { replayLine } from '../suites/runner.ts';
import { apiRoot } from '../suites/url.ts';
import { main } from './program.ts';

describe('the replay line, read back by the command line', () => {
  // Every flag a run can be aimed with: the line printed, its variables set, parses to the same target, hook and keys.
  const cases: TargetOptions[] = [
    { target: 'http://127.0.0.1:4010', keys: { free: 'k-free', payg: 'k-payg', paid: 'k-paid' } },
    { target: 'http://127.0.0.1:4010', control: 'http://127.0.0.1:4010/_mock', controlToken: 'ctl-token' },
    { target: 'https://staging.example.com/v2', states: 'https://staging.example.com/test-states', statesToken: 'st-token', appUrl: 'https://app.example.com', keys: { paid: 'k-paid' } },
    { target: 'http://127.0.0.1:4011', basePath: '/', control: 'http://127.0.0.1:4011/_mock', fetchableImageUrl: 'https://img.example.com/a.png', maxRps: 20 },
  ];
  const env: Record<string, string> = { VERIFY_KEY_FREE: 'k-free', VERIFY_KEY_PAYG: 'k-payg', VERIFY_KEY_PAID: 'k-paid', VERIFY_CONTROL_TOKEN: 'ctl-token', VERIFY_STATES_TOKEN: 'st-token' };
  for (const options of cases) {
    it(`holds ${Object.keys(options).join(', ')}`, async () => {
      const root = apiRoot(options.target, options.basePath);
      const line = flagLine(flagSetOf(options, root));
      for (const secret of Object.values(env)) expect(line).not.toContain(secret);
      // As a shell reads it: each "$VAR" its value (none of these values needs quoting).
      const argv = line.replace(/"\$([A-Z_]+)"/g, (_, name: string) => env[name]!).split(' ');
      let seen: Record<string, any> = {};
      const record = async (opts: Record<string, any>) => ((seen = opts), 0);
      expect(await main(['node', 'spw', 'verify', ...argv], { mock: record, verify: record, proxy: record, merge: async () => 0 })).toBe(0);
      expect(apiRoot(seen.target, seen.basePath)).toBe(root);
      expect([seen.keyFree, seen.keyPayg, seen.keyPaid]).toEqual([options.keys?.free, options.keys?.payg, options.keys?.paid]);
      expect([seen.control, seen.controlToken, seen.states, seen.statesToken, seen.appUrl]).toEqual([options.control, options.controlToken, options.states, options.statesToken, options.appUrl]);
      expect([seen.mediaUrl, seen.maxRps === undefined ? undefined : Number(seen.maxRps)]).toEqual([options.fetchableImageUrl, options.maxRps]);
    });
  }
});

describe('a replay line of a scoped run', () => {
  it('repeats the seed, the runs and the scope, which change what a unit sends', async () => {
    const target = { flags: flagLine({ target: 'http://127.0.0.1:4010/api/public/v1', keys: [] }) } as Target;
    const record = async (opts: Record<string, any>) => ((seen = opts), 0);
    let seen: Record<string, any> = {};
    const line = replayLine(target, { seed: 9, runs: 3, scope: new Set(['listPosts']), scopeFlags: '--areas posts,wallet' }, 'post_lifecycle_model');
    expect(line).toMatch(/ --target http:\/\/127\.0\.0\.1:4010\/api\/public\/v1 --areas posts,wallet --seed 9 --runs 3 --checks post_lifecycle_model$/);
    expect(await main(['node', 'spw', ...line.replace(/^npm run verify -- /, 'verify ').split(' ')], { mock: record, verify: record, proxy: record, merge: async () => 0 })).toBe(0);
    expect([seen.areas, seen.seed, seen.runs, seen.checks]).toEqual(['posts,wallet', '9', '3', 'post_lifecycle_model']);
    // Without the flags that gave it (a test's own scope), the scope's operations.
    expect(replayLine(target, { seed: 9, runs: 3, scope: new Set(['listPosts', 'createPosts']) }, 'x')).toContain(' --operations createPosts,listPosts --seed 9');
  });
});
