// A failure's replay line holds every flag a run can be aimed with: printed, its variables set, the command line reads
// it back as the same target, hook and keys, and no secret is in it.
import { describe, expect, it } from 'vitest';
import { flagLine, flagSetOf, type TargetOptions } from '../suites/target.ts';
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
