// A keys-only run against a target with production limits: POST /posts limited per workspace per hour with no
// Retry-After (the production-post-limit variation, on a real server whose clock runs). The run never backs off for
// half a minute a post: a workspace whose limit closed is not posted to again, the checks it cuts short are named and
// cost the run its pass, and --posts-per-hour plans within the limit instead. A departure met before the limit stopped
// a check is still a departure.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { PRODUCTION_POSTS_PER_HOUR } from '../mocks/http/variations.ts';
import './checks/index.ts';
import { allChecks, CheckFailed, register } from './checks/registry.ts';
import { RateLimited } from './polite.ts';
import { runChecks } from './runner.ts';
import { createTarget } from './target.ts';
import { inProcessTarget } from './in-process.ts';
import { unitsOverBudget } from './post-budget.ts';

const CHECKS = allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name);
const KEYS = { free: 'demo-free-key', payg: 'demo-payg-key', paid: 'demo-paid-key' };

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 42, variations: ['production-post-limit'] });
});
afterAll(() => mock.close());
const fresh = async () => {
  // Each run starts from a world whose hour is unspent, as a staging server's first run of the day does.
  await fetch(`${mock.origin}/_mock/reset`, { method: 'POST' });
  return createTarget({ target: mock.origin, keys: KEYS });
};

describe('a keys-only run against production post limits with no Retry-After', () => {
  it('closes each workspace once its limit is met (waiting 3 s, not 30 s a post), names the checks it cut short, and does not pass', async () => {
    const target = await fresh();
    const report = await runChecks(target, { seed: 7, runs: 10, checks: CHECKS });
    const closed = report.limited.closed ?? [];
    expect(closed.map((c) => c.workspace).sort()).toEqual(['the --key-paid workspace', 'the --key-payg workspace']);
    for (const c of closed) expect(c.accepted).toBeLessThanOrEqual(PRODUCTION_POSTS_PER_HOUR);
    // One unknown wait (1 s, then 2 s) per workspace closed: the rest are not sent.
    expect(report.limited.waitedMs).toBe(closed.length * 3000);
    expect(report.limited.cutShort!.length).toBeGreaterThan(0);
    for (const name of report.limited.cutShort!) {
      const r = report.results.find((x) => x.name === name)!;
      expect([name, r.cutShort]).toEqual([name, true]);
      expect(r.notes.join(' ')).toMatch(/post limit for the --key-(paid|payg) workspace was reached after \d+ post\(s\) accepted/);
    }
    expect(report.results.filter((r) => r.status === 'failed').map((r) => `${r.name}: ${r.failures[0]?.received.slice(0, 200)}`)).toEqual([]);
    expect(report.ok).toBe(false);
    expect(report.reasons!.join('\n')).toMatch(/The target's rate limit cut \d+ check\(s\) short .*--posts-per-hour <the limit>/);
  }, 120_000);

  it('--posts-per-hour at the limit: the checks that fit run whole, the rest are named not verified for the budget, and nothing is cut short', async () => {
    const target = await fresh();
    const report = await runChecks(target, { seed: 7, runs: 10, checks: CHECKS, postsPerHour: PRODUCTION_POSTS_PER_HOUR });
    expect(report.limited.closed).toBeUndefined();
    expect(report.limited.cutShort).toBeUndefined();
    expect(report.limited.answers).toBe(0);
    const leftOut = report.limited.budget!.leftOut;
    expect(leftOut.length).toBeGreaterThan(0);
    for (const { name } of leftOut) {
      const check = report.results.find((r) => r.name === name.split('/')[0])!;
      expect(check.notes.join(' ')).toMatch(/left out for the post budget: it sends about \d+ POST \/posts with the --key-(paid|payg|free) workspace.*, more than the --posts-per-hour 60 budget has left once the checks sending fewer are planned/);
    }
    expect(report.results.filter((r) => r.status === 'failed')).toEqual([]);
    expect(report.reasons!.join('\n')).not.toMatch(/rate limit/);
  }, 120_000);
});

describe('the post budget plan', () => {
  const recorded = (u: string) => ({ a: { paid: 30 }, b: { paid: 50 }, c: { paid: 20 }, d: {}, e: { payg: 40, paid: 5 } })[u];
  it('without a hook, spends each workspace\'s budget over the run, the checks sending fewest first; with one, each unit needs only fit alone', () => {
    // paid: c (20) and a (30) fit in 60, then e's 5 (payg 40 on its own budget); b's 50 no longer does.
    expect([...unitsOverBudget(['a', 'b', 'c', 'd', 'e'], 60, 10, false, recorded)]).toEqual([['b', { paid: 50 }]]);
    expect([...unitsOverBudget(['a', 'b', 'c', 'd', 'e'], 40, 10, true, recorded)]).toEqual([['b', { paid: 50 }]]);
    // At fewer runs per property the recorded posts scale down, never to nothing: a 3, b 5, c 2, e 4 + 1.
    expect([...unitsOverBudget(['a', 'b', 'c', 'd', 'e'], 6, 1, false, recorded)]).toEqual([['b', { paid: 5 }]]);
  });
});

register({
  name: 'test_departure_then_limit',
  area: 'test',
  kind: 'property',
  description: '',
  rule: '',
  async run(ctx) {
    let cases = 0;
    await ctx.property('the first case departs, then the limit stops every case after it', fc.nat(), async () => {
      cases++;
      if (cases === 1) throw new CheckFailed({ operation: 'createPosts', received: '201 with no body', documented: '200 with the posts', exchanges: [] });
      throw new RateLimited("the target's post limit for the paid workspace was reached after 1 post(s) accepted in this run");
    });
  },
});

describe('a departure met before the limit', () => {
  it('fails the check on that departure, though the limit stopped the shrinking and the replay', async () => {
    const report = await runChecks(await inProcessTarget(), { seed: 1, runs: 5, checks: ['test_departure_then_limit'] });
    const [r] = report.results;
    expect(r!.status).toBe('failed');
    expect(r!.failures.map((f) => [f.operation, f.received])).toEqual([['createPosts', '201 with no body']]);
    expect(r!.cutShort).toBe(true);
  });
});
