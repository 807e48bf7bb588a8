// What each check, and each part of a check, costs a run: the requests it sends (hook calls included) at the default
// 10 runs per property, from a run against the in-process mock (`npm run states:map` writes suites/unit-costs.json).
// Against a server across a network a request costs a round trip, so this is what orders a concurrent run (longest
// first, so that no long check starts last and runs on alone) and weighs shards when no earlier report is given.
import costs from './unit-costs.json' with { type: 'json' };
import posts from './unit-posts.json' with { type: 'json' };
import type { PostsByKind, RunReport } from './run-report.ts';
import { unitName } from './units.ts';

const known: Record<string, number> = costs;

/** The requests a unit (`check` or `check/part`) sent in the recorded run; undefined for one the file has not seen. */
export function costOf(unit: string): number | undefined {
  return known[unit];
}

/** A check's whole cost: its parts' together, or its own (0 for a check the file has not seen yet). */
export function checkCost(name: string, parts: readonly string[] = []): number {
  return parts.length > 0 ? parts.reduce((n, p) => n + (costOf(unitName(name, p)) ?? 0), 0) : (costOf(name) ?? 0);
}

/** Each property check's, and each part's, requests in a report. */
export function costsOf(report: Pick<RunReport, 'results'>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of report.results) {
    if (r.kind !== 'property') continue;
    if (r.parts) for (const p of r.parts) out[unitName(r.name, p.name)] = p.requests;
    else out[r.name] = r.requests;
  }
  return out;
}

/** The file's text: one line per unit, so that a diff shows which one changed. */
export function costsText(costs: Record<string, number>): string {
  return `{\n${Object.entries(costs).map(([k, v]) => `  ${JSON.stringify(k)}: ${v}`).join(',\n')}\n}\n`;
}

const knownPosts: Record<string, PostsByKind> = posts;

/** The POST /posts a unit sent in the recorded run (10 runs per property), by kind; undefined for one not seen. */
export function postsOf(unit: string): PostsByKind | undefined {
  return knownPosts[unit];
}

/** Each property check's, and each part's, POST /posts in a report, by kind. */
export function postsFromReport(report: Pick<RunReport, 'results'>): Record<string, PostsByKind> {
  const out: Record<string, PostsByKind> = {};
  for (const r of report.results) {
    if (r.kind !== 'property') continue;
    if (r.parts) for (const p of r.parts) out[unitName(r.name, p.name)] = p.posts ?? {};
    else out[r.name] = r.posts ?? {};
  }
  return out;
}

/** The posts file's text: one line per unit. */
export function postsText(posts: Record<string, PostsByKind>): string {
  return `{\n${Object.entries(posts).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
}
