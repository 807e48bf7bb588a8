// docs/frontend.md, "Scenarios": a scenario's clock may be frozen at its own instant (busy-workspace stands at
// 2026-01-05 09:00), so "this week" computed from Date.now() finds nothing of it. An app that runs on real time reads
// the mock's clock (GET /_mock/clock) as its now while it runs against the mock.
import { createMockControl, type SpwClient } from 'social-publishing-contract/client';

/** The mock's now, from its control API (`http://127.0.0.1:4010/_mock`); the real now without one (production). */
export async function appNow(controlBase?: string): Promise<number> {
  if (!controlBase) return Date.now();
  const clock = await createMockControl({ baseUrl: controlBase }).clock();
  return Date.parse(clock.now);
}

/** The posts of the seven days around `now`. */
export async function thisWeek(api: SpwClient, now: number): Promise<string[]> {
  const day = 86_400_000;
  const query = { startDate: new Date(now - 3 * day).toISOString(), endDate: new Date(now + 4 * day).toISOString() };
  const { data, error } = await api.GET('/posts', { params: { query } });
  if (error) throw new Error(JSON.stringify(error));
  return data.posts.map((p) => p.content);
}
