// A scenario loads with its times moved: every instant keeps its distance from the scenario's `now`, which becomes the
// start (now, or the instant asked for). What is not an instant (cents, indexes, sizes, limits) does not move.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadControlSpec } from '../../spec/load.ts';
import type { Scenario } from '../domain/scenario.ts';
import { createMswMock } from '../msw/index.ts';
import { testMock } from '../testing.ts';
import { checkScenario, moveScenario } from './scenario.ts';

const READY = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
const ready = readdirSync(READY).filter((f) => f.endsWith('.json'));
const read = (name: string): Scenario => JSON.parse(readFileSync(READY + name, 'utf8'));
const DAY = 86_400_000;

/** Every number in `doc` by its JSON path. */
function numbers(doc: unknown, path = ''): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (v: unknown, p: string) => {
    if (typeof v === 'number') out.set(p, v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${p}/${k}`);
  };
  walk(doc, path);
  return out;
}

/** Paths whose last names are instants in the control schema (ScenarioTime), or items of one (postRequests, analytics cache). */
const INSTANT = /\/(publishAt|createdAt|publishedAt|updatedAt|finishedAt|at|expiresAt)$|\/postRequests\/\d+$|\/analytics\/cache\/[^/]+$/;

describe('moveScenario', () => {
  it.each(ready)('%s moved 40 days on: every instant by exactly that, nothing else, and it is still a valid scenario', (name) => {
    const doc = read(name);
    const by = 40 * DAY + 12_345;
    const moved = moveScenario(loadControlSpec(), doc, Date.parse(doc.clock.now) + by);
    expect(moved.clock.now).toBe(new Date(Date.parse(doc.clock.now) + by).toISOString());
    const before = numbers(doc);
    const after = numbers(moved);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [path, value] of before) {
      if (INSTANT.test(path)) expect(after.get(path), path).toBe(value + by);
      else expect(after.get(path), path).toBe(value);
    }
    expect(checkScenario(testMock().app.state, moved)).toEqual([]);
    expect(doc).toEqual(read(name)); // the input is not changed
  });

  it('moves the analytics charged-read days by whole days', () => {
    const doc = read('posts-in-every-state.json');
    const ws = doc.workspaces[0]!;
    ws.analytics.chargedReads = ['post_1:2026-01-05', 'post_2:2026-01-04'];
    const moved = moveScenario(loadControlSpec(), doc, Date.parse(doc.clock.now) + 3 * DAY + 5_000);
    expect(moved.workspaces[0]!.analytics.chargedReads).toEqual(['post_1:2026-01-08', 'post_2:2026-01-07']);
  });

  it('leaves a document that is no scenario as it is, for the load to name the problem', () => {
    const junk = { clock: { now: 'yesterday' } } as unknown as Scenario;
    expect(moveScenario(loadControlSpec(), junk, Date.now())).toBe(junk);
  });
});

describe('a scenario in the MSW export', () => {
  const queuedAhead = async (mock: ReturnType<typeof createMswMock>, key: string) => {
    const { data } = await mock.control.GET('/clock');
    const now = Date.parse(data!.now);
    const list = await mock.fetch(new Request(`${mock.apiBase}/posts?startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z`, { headers: { authorization: key } }));
    const posts = ((await list.json()) as { posts: { publishDate: string; status?: string; state?: string }[] }).posts;
    return { now, ahead: posts.filter((p) => Date.parse(p.publishDate) > now).length, total: posts.length };
  };

  it('loads with its times moved to the start by default, so what was ahead when it was saved is ahead now', async () => {
    const doc = read('posts-in-every-state.json');
    const key = doc.workspaces.find((w) => w.posts.length > 0)!.apiKey;
    const asSaved = createMswMock({ scenario: doc, scenarioTimes: 'as-saved' });
    const saved = await queuedAhead(asSaved, key);
    expect(saved.now).toBe(Date.parse(doc.clock.now));
    const start = Date.parse('2031-06-01T08:00:00Z');
    const moved = createMswMock({ scenario: doc, frozenAt: start });
    const now = await queuedAhead(moved, key);
    expect(now.now).toBe(start);
    expect(now.total).toBe(saved.total);
    expect(now.ahead).toBe(saved.ahead);
    expect(saved.ahead).toBeGreaterThan(0);
  });
});
