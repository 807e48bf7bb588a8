// Polite to real servers: the rate cap spaces requests, a 429 is waited out (Retry-After, else a growing back-off) and
// asked again, a wait longer than the run allows is "not verified" (never a departure), and a check that asks for the
// 429 gets it as sent.
import { describe, expect, it } from 'vitest';
import { EXPECT_429, politeFetch, RateLimited, retryAfterMs } from './polite.ts';
import { NotVerified } from './not-verified.ts';
import './checks/index.ts';
import { createMockApp } from '../mocks/http/app.ts';
import { MockClock } from '../mocks/domain/clock.ts';
import { apiBasePath } from '../spec/load.ts';
import { IN_PROCESS_ORIGIN, IN_PROCESS_T0 } from './in-process.ts';
import { createTarget } from './target.ts';
import { runChecks } from './runner.ts';

/** A fake clock and sleep: sleeping moves the clock, and every sleep is recorded. */
function time() {
  let t = 0;
  const slept: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)), slept };
}

/** A server that answers the statuses of `script` in turn (then 200), with the given Retry-After. */
function scripted(script: Array<[status: number, retryAfter?: string]>) {
  const seen: string[] = [];
  const fetch: typeof globalThis.fetch = (async (input: RequestInfo | URL) => {
    seen.push(String(input));
    const [status, retryAfter] = script.shift() ?? [200];
    return new Response(status === 200 ? '{}' : '{"msg":"slow down"}', { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('Retry-After', () => {
  it.each([
    ['2', 2000],
    ['0', 0],
    ['1.5', 1500],
    ['', undefined],
    ['soon', undefined],
    ['-3', undefined],
  ])('%j reads as %j ms', (value, ms) => expect(retryAfterMs(value, 0)).toBe(ms));
  it('an HTTP date reads as the time until it', () => expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000));
});

describe('politeFetch', () => {
  it('a 429 with Retry-After is waited out for that long and asked again; the answer after it is what the check gets', async () => {
    const t = time();
    const server = scripted([[429, '2'], [429, '1']]);
    const polite = politeFetch(server.fetch, t);
    const res = await polite.fetch('http://t/posts', { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(server.seen).toHaveLength(3);
    expect(t.slept).toEqual([2000, 1000]);
    expect([polite.stats.limited, polite.stats.waitedMs]).toEqual([2, 3000]);
  });

  it('a Request with a body is sent whole again after a 429, and the first send is the caller\'s own object', async () => {
    const t = time();
    const bodies: string[] = [];
    const objects: unknown[] = [];
    let first = true;
    const server = (async (input: RequestInfo | URL) => {
      objects.push(input);
      bodies.push(await (input as Request).text());
      if (first) {
        first = false;
        return new Response('', { status: 429, headers: { 'retry-after': '0' } });
      }
      return new Response('{}', { status: 200 });
    }) as typeof globalThis.fetch;
    const request = new Request('http://t/posts', { method: 'POST', body: '{"a":1}' });
    expect((await politeFetch(server, t).fetch(request)).status).toBe(200);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
    expect(objects[0]).toBe(request);
  });

  it('a 429 without Retry-After backs off 1 s, then 2 s: a burst limiter has cleared by then', async () => {
    const t = time();
    const polite = politeFetch(scripted([[429], [429]]).fetch, t);
    expect((await polite.fetch('http://t/x')).status).toBe(200);
    expect(t.slept).toEqual([1000, 2000]);
  });

  it('a post limit with no Retry-After closes that workspace for the run after 3 s: its later posts are not verified before they are sent, the other workspace posts on, and reads are not held back', async () => {
    const t = time();
    const sent: string[] = [];
    const server = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = new Headers(init?.headers).get('authorization')!;
      sent.push(`${init?.method ?? 'GET'} ${key}`);
      // The paid workspace's hour is used up; the other's is not.
      return new Response('{}', { status: key === 'k-paid' && init?.method === 'POST' ? 429 : 200 });
    }) as typeof globalThis.fetch;
    const polite = politeFetch(server, { ...t, describeKey: (k) => (k === 'k-paid' ? 'the paid workspace' : 'another') });
    const post = (key: string) => polite.fetch('http://t/api/public/v1/posts', { method: 'POST', headers: { authorization: key }, body: '{}' });
    const first = await post('k-paid').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RateLimited);
    expect((first as Error).message).toMatch(/^the target's post limit for the paid workspace was reached after 0 post\(s\) accepted in this run \(429 to POST .* 3 times with no Retry-After/);
    expect(t.slept).toEqual([1000, 2000]);
    sent.length = 0;
    await expect(post('k-paid')).rejects.toThrow(/post limit for the paid workspace/);
    expect(sent).toEqual([]);
    expect(t.slept).toEqual([1000, 2000]);
    expect((await post('k-payg')).status).toBe(200);
    expect((await polite.fetch('http://t/api/public/v1/posts?x=1', { headers: { authorization: 'k-paid' } })).status).toBe(200);
    expect(polite.stats.posts.get('k-payg')).toEqual({ accepted: 1 });
  });

  it('a wait longer than the run allows is not verified, naming the request and the wait', async () => {
    const t = time();
    const polite = politeFetch(scripted([[429, '3600']]).fetch, { ...t, maxWaitMs: 60_000 });
    const err = await polite.fetch('http://t/posts', { method: 'POST' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect(err).toBeInstanceOf(NotVerified);
    expect((err as Error).message).toMatch(/429 to POST http:\/\/t\/posts asking to wait 3600 s, longer than the 60 s/);
    expect(t.slept).toEqual([]);
  });

  it('a 429 that does not clear after the retries is not verified', async () => {
    const t = time();
    const polite = politeFetch(scripted(Array.from({ length: 10 }, () => [429, '1'] as [number, string])).fetch, { ...t, retries: 3 });
    await expect(polite.fetch('http://t/x')).rejects.toThrow(/429 to GET http:\/\/t\/x 4 times in a row/);
    expect(t.slept).toEqual([1000, 1000, 1000]);
  });

  it('a request marked as asking for the 429 gets it as sent', async () => {
    const t = time();
    const polite = politeFetch(scripted([[429, '5']]).fetch, t);
    const res = await polite.fetch('http://t/posts', { method: 'POST', [EXPECT_429]: true } as RequestInit);
    expect(res.status).toBe(429);
    expect(t.slept).toEqual([]);
    expect(polite.stats.limited).toBe(0);
  });

  it('--max-rps spaces requests evenly, in the order they were asked', async () => {
    const t = time();
    const polite = politeFetch(scripted([]).fetch, { ...t, maxRps: 10 });
    for (let i = 0; i < 5; i++) await polite.fetch('http://t/x');
    expect(t.slept).toEqual([100, 100, 100, 100]);
  });
});

describe('a run against a server that rate-limits', () => {
  it('a check that meets a 429 passes once the wait is honoured, and the run says how many it waited out', async () => {
    const app = createMockApp({ seed: 42, clock: new MockClock({ frozenAt: IN_PROCESS_T0 }) });
    let first = true;
    const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      // The first listing is refused once, as a busy server would.
      if (first && new URL(request.url).pathname.endsWith('/media')) {
        first = false;
        return new Response('{"msg":"Too many requests"}', { status: 429, headers: { 'retry-after': '0' } });
      }
      return app.fetch(request);
    }) as typeof fetch;
    const target = await createTarget({ target: IN_PROCESS_ORIGIN + apiBasePath(), control: `${IN_PROCESS_ORIGIN}/_mock`, transport });
    const report = await runChecks(target, { seed: 3, runs: 1, checks: ['media_search'] });
    expect(first).toBe(false);
    expect(report.results.map((r) => r.status)).toEqual(['passed']);
    expect(report.limited.answers).toBe(1);
    expect(report.results[0]!.failures).toEqual([]);
  });
});
