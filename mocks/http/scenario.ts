// Scenarios at the edge: check a document against the control schema and the domain's rules, then swap it in as the world.
import type { ContractValidator } from '../../spec/validator.ts';
import type { MockClock } from '../domain/clock.ts';
import { defaultConfig, type MockConfig } from '../domain/config.ts';
import type { IdSource } from '../domain/ids.ts';
import { importScenario, scenarioConfig, scenarioProblems, ScenarioError, type Scenario, type ScenarioProblem } from '../domain/scenario.ts';
import type { Env, World } from '../domain/world.ts';

/**
 * The part of the mock's state a scenario reads and replaces. Named here rather than taken from state.ts's MockState:
 * state.ts loads a scenario at start and so imports this file, and importing it back would make the two a circle.
 */
export interface ScenarioHost {
  controlValidator: ContractValidator;
  world: World;
  clock: MockClock;
  ids: IdSource;
  env: Env;
  config: MockConfig;
}

export const SCENARIO_SCHEMA = '#/components/schemas/Scenario';

/** Every broken rule of a document: the schema's first (nothing else is safe to read then), then the domain's. */
export function checkScenario(state: Pick<ScenarioHost, 'controlValidator'>, doc: unknown): ScenarioProblem[] {
  const violations = state.controlValidator.validateAt(SCENARIO_SCHEMA, doc);
  if (violations.length > 0) return violations.map((v) => ({ path: v.path, message: v.message }));
  return scenarioProblems(doc as Scenario);
}

/** `path: rule` lines, for a 400 body and for the CLI. */
export function describeProblems(problems: ScenarioProblem[]): string[] {
  return problems.map((p) => `${p.path}: ${p.message}`);
}

/**
 * Ids and secrets that are not in the document. A seeded mock restarted from a scenario it exported would otherwise
 * draw the very ids its world already holds, and a new post would replace an old one.
 */
function avoiding(ids: IdSource, doc: Scenario): IdSource {
  const used = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length <= 128) {
        used.add(v);
        const cut = v.indexOf('_');
        if (cut >= 0) used.add(v.slice(cut + 1));
      }
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(doc.workspaces);
  walk(doc.oauthTokens);
  const fresh = <A>(draw: (a: A) => string) => (a: A) => {
    let out = draw(a);
    while (used.has(out)) out = draw(a);
    return out;
  };
  return { id: fresh((p?: string) => ids.id(p)), hex: fresh((n: number) => ids.hex(n)), alnum: fresh((n: number) => ids.alnum(n)) };
}

/** Replace the world, the clock and the limits with the document's: all or nothing (throws ScenarioError first). */
export function loadScenario(state: ScenarioHost, doc: unknown): void {
  const problems = checkScenario(state, doc);
  if (problems.length > 0) throw new ScenarioError(problems);
  const scenario = doc as Scenario;
  const ids = avoiding(state.ids, scenario);
  const env = { clock: state.clock, ids };
  // Built against the live config object (workspaces keep a reference to it); its values change only once the build succeeded.
  const world = importScenario(scenario, state.world.fixtures, state.config, env);
  Object.assign(state.config, scenarioConfig(scenario, defaultConfig));
  const at = Date.parse(scenario.clock.now);
  if (scenario.clock.frozen) {
    state.clock.freeze();
    state.clock.set(at);
  } else {
    state.clock.unfreeze();
    state.clock.set(at);
  }
  state.ids = ids;
  state.env = env;
  state.world = world;
  // Uploaded bytes stay in the file store: a scenario exported from this mock keeps serving its media files.
}
