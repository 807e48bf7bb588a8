// Scenarios at the edge: check a document against the control schema and the domain's rules, then swap it in as the world.
import type { OpenApiDocument } from '../../spec/documents.ts';
import type { FileStore } from './files.ts';
import { deref, type ContractValidator } from '../../spec/validator.ts';
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
  /** Where the bytes a scenario carries go; a host without a file store serves none of them. */
  effects?: { files: Pick<FileStore, 'put'> };
}

export const SCENARIO_SCHEMA = '#/components/schemas/Scenario';
/** The schema every stored instant of a scenario uses (ms since the epoch): what moveScenario moves. */
const TIME_SCHEMA = '#/components/schemas/ScenarioTime';
const DAY = 86_400_000;

/** Every broken rule of a document: the schema's first (nothing else is safe to read then), then the domain's. */
export function checkScenario(state: Pick<ScenarioHost, 'controlValidator'>, doc: unknown): ScenarioProblem[] {
  const violations = state.controlValidator.validateAt(SCENARIO_SCHEMA, doc);
  if (violations.length > 0) return violations.map((v) => ({ path: v.path, message: v.message }));
  return scenarioProblems(doc as Scenario);
}

/**
 * The scenario with every instant moved so that its `clock.now` is `to`, keeping each one's distance from now: a
 * scenario saved today and loaded next month still has its scheduled posts ahead, its ledger just behind. Which
 * fields are instants is read from the control document's schema (every `ScenarioTime`), so a field added there moves
 * too; the analytics' charged reads name their UTC day in a string, and move by as many whole days. Returns a new
 * document.
 */
export function moveScenario(controlDocument: unknown, doc: Scenario, to: number): Scenario {
  const from = Date.parse(doc?.clock?.now);
  // Not a scenario: left as it is, for the load to name what is wrong with it.
  if (Number.isNaN(from) || !Number.isFinite(to)) return doc;
  const by = to - from;
  const isTime = (schema: unknown) => (schema as { $ref?: string } | undefined)?.$ref === TIME_SCHEMA;
  const walk = (value: unknown, schema: unknown): unknown => {
    if (isTime(schema)) return typeof value === 'number' ? value + by : value;
    const s = deref<Record<string, any> | undefined>(controlDocument as OpenApiDocument, schema);
    if (!s) return value;
    // A nullable instant is written oneOf [time, null].
    if (typeof value === 'number') return [...(s.oneOf ?? []), ...(s.anyOf ?? [])].some(isTime) ? value + by : value;
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, s.items));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = walk(v, s.properties?.[key] ?? s.additionalProperties);
    return out;
  };
  const moved = walk(doc, { $ref: SCENARIO_SCHEMA }) as Scenario;
  const days = Math.round(by / DAY) * DAY;
  for (const ws of moved.workspaces) {
    ws.analytics.chargedReads = ws.analytics.chargedReads.map((read) => {
      const cut = read.lastIndexOf(':');
      const day = Date.parse(`${read.slice(cut + 1)}T00:00:00Z`);
      return Number.isNaN(day) ? read : `${read.slice(0, cut)}:${new Date(day + days).toISOString().slice(0, 10)}`;
    });
  }
  return { ...moved, clock: { ...moved.clock, now: new Date(to).toISOString() } };
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
  const fresh = <A>(draw: (a: A, scope?: string) => string) => (a: A, scope?: string) => {
    let out = draw(a, scope);
    while (used.has(out)) out = draw(a, scope);
    return out;
  };
  return { id: fresh((p: string | undefined, scope) => ids.id(p, scope)), hex: fresh((n: number, scope) => ids.hex(n, scope)), alnum: fresh((n: number, scope) => ids.alnum(n, scope)) };
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
  // Uploaded bytes stay in the file store: a scenario exported from this mock keeps serving its media files. Bytes the
  // scenario carries (a recording's) are served at their names.
  for (const f of scenario.files ?? []) state.effects?.files.put(f.name, fromBase64(f.data), f.mime);
}

/** Base64 to bytes, with what a page has as well as Node (atob): the core imports no Node built-in. */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
