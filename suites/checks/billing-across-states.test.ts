// billing_holds_in_every_wallet_state finds, at a user's default ten runs, the faults that need a wallet state and a
// transition (or a shape and a charge) at once, which the one-state checks beside it miss.
import { describe, expect, it } from 'vitest';
import './index.ts';
import { inProcessTarget } from '../in-process.ts';
import { runChecks } from '../runner.ts';

const CHECK = 'billing_holds_in_every_wallet_state';

describe(CHECK, () => {
  it('passes against the mock over many seeds: no false failure from the states it puts the wallet in', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const report = await runChecks(await inProcessTarget(), { seed, runs: 10, checks: [CHECK] });
      expect(report.results.map((r) => `${seed} ${r.status} ${r.failures[0]?.received ?? ''}`)).toEqual([`${seed} passed `]);
    }
  }, 60_000);

  it.each([
    ['frozen-wallet-keeps-refunds', 'refund_undoes_charge'],
    ['repeating-post-uncharged', 'refund_undoes_charge'],
    ['frozen-wallet-schedules-drafts', 'refusal_saves_nothing'],
    ['shared-group-refused', 'refusal_saves_nothing'],
  ])('catches %s at ten runs, which %s (one state at a time) misses', async (fault, other) => {
    const [mine, theirs] = await Promise.all([CHECK, other].map(async (check) => (await runChecks(await inProcessTarget({ faults: [fault] }), { seed: 7, runs: 10, checks: [check] })).results[0]!.status));
    expect([mine, theirs]).toEqual(['failed', 'passed']);
  }, 60_000);
});
