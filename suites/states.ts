// Provider states: every precondition a check cannot create through the public API, by name, with what it takes and
// what it gives back. A target offers them through one small hook (spec/states.yaml); the mock's hook is
// /_mock/states, over its control API. `spw verify --list-states` prints this table.

export interface StateSpec {
  name: StateName;
  /** What the target must make true (or, for a read, give back). */
  summary: string;
  /** Parameter name → meaning; a trailing `?` marks an optional one. */
  params: Record<string, string>;
  /** What the hook answers with, field by field. */
  produces: Record<string, string>;
}

import statesDocument from '../spec/generated/states.json' with { type: 'json' };
import type { components } from '../spec/generated/states.d.ts';

/** A state of the hook contract, by name (spec/states.yaml's StateName). */
export type StateName = components['schemas']['StateName'];

interface StateSchema {
  description: string;
  required?: string[];
  properties: Record<string, { description?: string }>;
  'x-produces': Record<string, string>;
}

/**
 * The catalogue, read from spec/states.yaml (its bundle): each state's schema, named after it, holds its summary, its
 * parameters and what it produces. Nothing about a state is written here.
 */
export const STATES: readonly StateSpec[] = (statesDocument.components.schemas.StateName.enum as StateName[]).map((name) => {
  const schema = (statesDocument.components.schemas as unknown as Record<string, StateSchema>)[name]!;
  const required = new Set(schema.required ?? []);
  const params = Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [required.has(k) ? k : `${k}?`, p.description ?? '']));
  return { name, summary: schema.description, params, produces: schema['x-produces'] };
});

export const STATE_NAMES: readonly StateName[] = STATES.map((s) => s.name as StateName);

/** The `--list-states` text: each state, its parameters and what it gives back, and the checks that use it. */
export function listStates(usedBy: (name: StateName) => string[]): string {
  const lines: string[] = [];
  for (const s of STATES) {
    lines.push(`${s.name}`);
    lines.push(`  ${s.summary}`);
    const params = Object.entries(s.params);
    lines.push(`  params:   ${params.length === 0 ? '(none)' : params.map(([k, v]) => `${k} (${v})`).join('; ')}`);
    const produces = Object.entries(s.produces);
    lines.push(`  produces: ${produces.length === 0 ? '(nothing)' : produces.map(([k, v]) => (k === '[]' ? v : `${k} (${v})`)).join('; ')}`);
    const users = usedBy(s.name);
    const runner = s.name === 'world.reset' || s.name === 'workspaces';
    lines.push(`  used by:  ${runner ? 'the runner, before every check (a fresh world and its keys)' : users.length === 0 ? 'no check yet' : users.join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}
