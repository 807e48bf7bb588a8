// Which provider states each check uses, and which states reach each outcome that no check reaches without one. Read
// from a run of every check against the mock through its hook (`npm run states:map` writes suites/states-map.json; a
// test holds the file to that run), so that a run against a hook that lacks a state, or a run with no hook, can say
// so before sending anything.
import map from './states-map.json' with { type: 'json' };
import type { RunReport } from './run-report.ts';
import { getCheck } from './checks/registry.ts';

export interface StatesMap {
  /** Check name → the states it set up or read. */
  checks: Record<string, string[]>;
  /** `operationId outcome` → the states of the check that reaches it with the fewest (only outcomes that need one). */
  outcomes: Record<string, string[]>;
  /** Check, or `check/part` → the public operations it called (optional reads left out): what it needs of a target. */
  operations: Record<string, string[]>;
}

const known: StatesMap = map;

/** The runner's fresh start before every check: a world reset, or the lane's copies reset. */
export const FRESH_START = new Set(['world.reset', 'workspace.reset', 'workspaces.reset']);

/**
 * The states a check needs of its own: not the runner's fresh start and keys, nor the clock read a check makes only
 * when a hook is there (it reads the answers' Date otherwise).
 */
const own = (state: string) => !FRESH_START.has(state) && state !== 'workspaces' && state !== 'clock';

export function ownStates(name: string): string[] {
  return statesOfCheck(name).filter(own);
}

export function statesOfCheck(name: string): string[] {
  return known.checks[name] ?? [];
}

/** Whether the map has seen the check (a new check is not in it until `npm run states:map`). */
export function knownCheck(name: string): boolean {
  return name in known.checks;
}

/** The operations a check or a part (`check/part`) called in the recorded run; undefined for one the map has not seen. */
export function operationsOf(unit: string): string[] | undefined {
  return known.operations?.[unit];
}

export function statesOfOutcome(key: string): string[] | undefined {
  return known.outcomes[key];
}

/** The checks that use a state, for `--list-states`. */
export function checksUsing(state: string): string[] {
  return Object.entries(known.checks)
    .filter(([, states]) => states.includes(state))
    .map(([name]) => name);
}

/** The file's text: one line per check and per outcome, so that a diff shows which one changed. */
export function statesMapText(map: StatesMap): string {
  const section = (o: Record<string, string[]>) => Object.entries(o).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n');
  return `{\n  "checks": {\n${section(map.checks)}\n  },\n  "outcomes": {\n${section(map.outcomes)}\n  },\n  "operations": {\n${section(map.operations)}\n  }\n}\n`;
}

/**
 * The map a run shows: every check's states, and for each outcome reached only by checks that cannot run without a
 * hook (`needs.control`), the states of the one that needs the fewest.
 */
export function statesMapOf(report: RunReport): StatesMap {
  const checks: Record<string, string[]> = {};
  for (const r of report.results) if (r.kind === 'property') checks[r.name] = [...r.states].sort();
  const outcomes: Record<string, string[]> = {};
  for (const op of report.coverage.operations) {
    for (const [id, by] of Object.entries(op.reachedBy)) {
      if (by.length === 0 || by.some((name) => !getCheck(name)?.needs?.control)) continue;
      const needs = by.map((name) => (checks[name] ?? []).filter(own));
      if (needs.some((n) => n.length === 0)) continue;
      needs.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
      outcomes[`${op.operationId} ${id}`] = needs[0]!;
    }
  }
  const operations: Record<string, string[]> = {};
  for (const r of report.results) {
    if (r.kind !== 'property') continue;
    operations[r.name] = r.operations ?? [];
    for (const p of r.parts ?? []) operations[`${r.name}/${p.name}`] = p.operations ?? [];
  }
  return { checks, outcomes, operations };
}
