// A post budget planned before anything is sent (`--posts-per-hour`): a target with production limits allows so many
// POST /posts per workspace per hour (section 8; the figure is not shown, the user knows theirs). The run picks the
// checks that fit, in the order they would run, runs those whole, and names the rest as not verified for the budget,
// rather than meeting the limit halfway through a check.
import { postsOf } from './unit-costs.ts';

/** The recorded runs per property the unit files were written at (`npm run states:map`). */
const RECORDED_RUNS = 10;

/** The posts a unit is expected to send at `runs` runs per property: the recorded figure, scaled, at least one if any. */
export function expectedPosts(unit: string, runs: number, recorded: (unit: string) => number | undefined = postsOf): number {
  const p = recorded(unit) ?? 0;
  return p === 0 ? 0 : Math.max(1, Math.ceil((p * runs) / RECORDED_RUNS));
}

/**
 * The units that do not fit, each with its expected posts. Without a hook the hour's budget is spent by the whole run
 * (nothing resets the target's count), and it is planned as if every post went to one workspace: the recorded figures
 * do not say which. With a hook each unit starts from a world reset, and needs only fit by itself.
 */
export function unitsOverBudget(units: readonly string[], postsPerHour: number, runs: number, resetEachUnit: boolean, recorded?: (unit: string) => number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  let left = postsPerHour;
  for (const unit of units) {
    const posts = expectedPosts(unit, runs, recorded);
    if (posts > (resetEachUnit ? postsPerHour : left)) out.set(unit, posts);
    else if (!resetEachUnit) left -= posts;
  }
  return out;
}
