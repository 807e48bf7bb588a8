// Simulated latency: the --latency syntax, seeded delays that repeat, held on the public API only (fake timers, no sleeping).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMock, KEYS } from '../testing.ts';
import { Latency, formatLatency, parseLatency, LatencySyntaxError } from './latency.ts';

const OPS = ['createPosts', 'listPosts', 'listIntegrations'];

describe('--latency syntax', () => {
  it.each([
    ['off', null],
    ['200', { default: { min: 200, max: 200 }, operations: {} }],
    ['100-800', { default: { min: 100, max: 800 }, operations: {} }],
    ['createPosts=1500, listPosts=50-200, 100', { default: { min: 100, max: 100 }, operations: { createPosts: { min: 1500, max: 1500 }, listPosts: { min: 50, max: 200 } } }],
  ])('reads %s', (text, plan) => {
    expect(parseLatency(text, OPS)).toEqual(plan);
  });

  it.each([
    ['fast', /'fast' is not milliseconds/],
    ['800-100', /maximum below its minimum/],
    ['100,200', /two defaults/],
    ['createPost=10', /no public operation is called 'createPost'/],
    ['listPosts=10,listPosts=20', /given twice/],
    ['200,', /an empty item/],
    ['90000', /over 60000 ms/],
    ['-5', /not milliseconds/],
  ])('refuses %s', (text, message) => {
    expect(() => parseLatency(text, OPS)).toThrow(LatencySyntaxError);
    expect(() => parseLatency(text, OPS)).toThrow(message);
  });

  it('writes a plan back in the same syntax', () => {
    expect(formatLatency(parseLatency('listPosts=50-200,createPosts=1500,100'))).toBe('listPosts=50-200,createPosts=1500,100');
    expect(formatLatency(null)).toBe('off');
  });
});

describe('seeded delays', () => {
  const draws = (l: Latency, op: string, n: number) => Array.from({ length: n }, () => l.draw(op));

  it('repeat for a seed, stay in range, and do not depend on other operations interleaved', () => {
    const plan = parseLatency('listPosts=50-200,100-800');
    const a = new Latency(plan, 7);
    const b = new Latency(plan, 7);
    const first = draws(a, 'listPosts', 50);
    // b sees other operations in between: the n-th listPosts still waits the same.
    const second = Array.from({ length: 50 }, () => (b.draw('createPosts'), b.draw('listPosts')));
    expect(second).toEqual(first);
    expect(first.every((ms) => ms >= 50 && ms <= 200)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(10);
    expect(draws(new Latency(plan, 8), 'listPosts', 50)).not.toEqual(first);
    expect(draws(a, 'getWallet', 20).every((ms) => ms >= 100 && ms <= 800)).toBe(true);
  });
});

describe('latency on the mock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Start a request and wait until the pipeline has decided its answer (it is journaled, then held). */
  async function started(m: ReturnType<typeof testMock>, path: string, init: RequestInit = {}) {
    const before = m.app.state.journal.size;
    let settled = false;
    const response = m.app.fetch(new Request(`http://127.0.0.1${path}`, init)).finally(() => {
      settled = true;
    });
    // setImmediate is not faked: it lets the pipeline run up to its timer.
    while (m.app.state.journal.size === before && !settled) await new Promise((r) => setImmediate(r));
    return { response, settled: () => settled };
  }

  it('holds a public answer for its operation\'s delay, and the control API not at all', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const m = testMock({ latency: 'listIntegrations=1500,20' });
    const req = await started(m, '/api/public/v1/integrations', { headers: { authorization: KEYS.payg } });
    await vi.advanceTimersByTimeAsync(1499);
    expect(req.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(req.settled()).toBe(true);
    expect((await req.response).status).toBe(200);
    expect(m.app.state.journal.list().at(-1)).toMatchObject({ operationId: 'listIntegrations', latencyMs: 1500 });

    // The control API answers at once, though a default applies to every public operation.
    const control = await m.app.fetch(new Request('http://127.0.0.1/_mock/clock'));
    expect(control.status).toBe(200);

    const wallet = await started(m, '/api/public/v1/wallet', { headers: { authorization: KEYS.payg } });
    await vi.advanceTimersByTimeAsync(19);
    expect(wallet.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wallet.settled()).toBe(true);
  });

  it('stops holding when the client goes away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const m = testMock({ latency: '30000' });
    const abort = new AbortController();
    const req = await started(m, '/api/public/v1/integrations', { headers: { authorization: KEYS.payg }, signal: abort.signal });
    await vi.advanceTimersByTimeAsync(10);
    expect(req.settled()).toBe(false);
    abort.abort();
    await req.response;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is off by default', async () => {
    const m = testMock();
    await m.api('get', '/integrations').expect(200);
    expect(m.app.state.journal.list()[0]!.latencyMs).toBe(0);
    expect((await m.http.get('/_mock/latency').expect(200)).body).toEqual({ latency: 'off', seed: 42 });
  });

  it('is set at run time through PUT /_mock/latency, checked, and put back by a reset', async () => {
    const m = testMock({ latency: '5' });
    const set = await m.http.put('/_mock/latency').send({ latency: 'listIntegrations=1-3', seed: 9 }).expect(200);
    expect(set.body).toEqual({ latency: 'listIntegrations=1-3', seed: 9 });
    await m.api('get', '/integrations').expect(200);
    expect(m.app.state.journal.list()[0]!.latencyMs).toBeGreaterThanOrEqual(1);
    const bad = await m.http.put('/_mock/latency').send({ latency: 'listIntegration=10' }).expect(400);
    expect(bad.body.message).toMatch(/no public operation is called 'listIntegration'/);
    await m.http.post('/_mock/reset').expect(200);
    expect((await m.http.get('/_mock/latency').expect(200)).body).toEqual({ latency: '5', seed: 42 });
  });
});
