// A post budget planned before anything is sent (`--posts-per-hour`): a target with production limits allows so many
// POST /posts per workspace per hour (section 8; the figure is not shown, the user knows theirs). The run picks the
// checks that fit, runs those whole, and names the rest as not verified for the budget, rather than meeting the limit
// halfway through a check.
import type { PostsByKind } from './run-report.ts';
import { postsOf } from './unit-costs.ts';

/** The recorded runs per property the unit files were written at (`npm run states:map`). */
const RECORDED_RUNS = 10;

/** The posts a unit is expected to send at `runs` runs per property, by kind: the recorded figures, scaled, at least one each. */
export function expectedPosts(unit: string, runs: number, recorded: (unit: string) => PostsByKind | undefined = postsOf): PostsByKind {
  const out: PostsByKind = {};
  for (const [kind, n] of Object.entries(recorded(unit) ?? {}) as Array<[keyof PostsByKind, number]>) if (n > 0) out[kind] = Math.max(1, Math.ceil((n * runs) / RECORDED_RUNS));
  return out;
}

const total = (p: PostsByKind) => Object.values(p).reduce((a, b) => a + b, 0);

/**
 * The units that do not fit, each with its expected posts by kind. Without a hook each workspace's hour is spent by the
 * whole run (nothing resets the target's count): the units that send fewest posts are planned first, so that the most
 * checks run whole, each against what its workspaces have left. With a hook each unit starts from a world reset, and
 * needs only fit by itself.
 */
export function unitsOverBudget(units: readonly string[], postsPerHour: number, runs: number, resetEachUnit: boolean, recorded?: (unit: string) => PostsByKind | undefined): Map<string, PostsByKind> {
  const out = new Map<string, PostsByKind>();
  const left: Record<string, number> = {};
  const need = new Map(units.map((u) => [u, expectedPosts(u, runs, recorded)]));
  const order = [...units].sort((a, b) => total(need.get(a)!) - total(need.get(b)!));
  for (const unit of order) {
    const posts = need.get(unit)!;
    const fits = Object.entries(posts).every(([k, n]) => n <= (resetEachUnit ? postsPerHour : (left[k] ?? postsPerHour)));
    if (!fits) out.set(unit, posts);
    else if (!resetEachUnit) for (const [k, n] of Object.entries(posts)) left[k] = (left[k] ?? postsPerHour) - n;
  }
  // In the order the units were given, as the report lists them.
  return new Map(units.filter((u) => out.has(u)).map((u) => [u, out.get(u)!]));
}
