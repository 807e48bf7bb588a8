// Everything one running mock holds: the world, its clock and ids, config, faults, validators and effects; reset rebuilds it.
import { MockClock } from '../domain/clock.ts';
import { defaultConfig, type MockConfig } from '../domain/config.ts';
import { adjustBytes, heldBytes, recordBytes } from '../domain/caps.ts';
import { randomIds, seededIds, type IdSource } from '../domain/ids.ts';
import { createWorld } from '../domain/create-world.ts';
import type { Delivery, Env, Fixtures, Workspace, World } from '../domain/world.ts';
import { runDue, type NotYet, type OutboundWebhook } from '../domain/publishing.ts';
import { getValidator, createValidator, type ContractValidator } from '../../spec/validator.ts';
import { loadControlSpec } from '../../spec/documents.ts';
import { bundledFixtures } from '../../fixtures/bundled.ts';
import type { Effects } from './effects.ts';
import { createAccess, type Access, type AccessOptions } from './access.ts';
import { loadScenario } from './scenario.ts';
import { Journal } from './journal.ts';
import { Latency, parseLatency } from './latency.ts';
import { Overrides } from './overrides.ts';

export interface MockOptions extends AccessOptions {
  /** The seeded world; defaults to fixtures/ as bundled. */
  fixtures?: Fixtures;
  /** Seed for ids and tokens: a seeded run replays exactly. Omit for cryptographically random ids. */
  seed?: number;
  /** The mock clock; defaults to real time. Tests pass a frozen one. */
  clock?: MockClock;
  /** Validate the mock's own responses against the spec and answer 500 on a violation (on in tests). */
  strict?: boolean;
  /** Named faults from the catalogue to switch on. */
  faults?: string[];
  /** Named variations (mocks/http/variations.ts): legal choices the mock makes unlike its own, for as long as it runs. */
  variations?: string[];
  config?: Partial<MockConfig>;
  effects?: Partial<Effects>;
  /** A scenario document (spec/control.yaml Scenario) to start from, and to go back to on reset, instead of the fixtures' world. */
  scenario?: unknown;
  /** Keep the world in this scenario file across restarts (the Node server only: mocks/state-file.ts). */
  stateFile?: string;
  /** Keep each public request's parsed JSON body in the request journal (redacted); off by default. */
  journalBodies?: boolean;
  /** Delay public API answers, in the `--latency` syntax (mocks/http/latency.ts); off by default. */
  latency?: string;
  /** Seed for the latency's random delays; defaults to `seed`, else random. */
  latencySeed?: number;
}

export interface MockState {
  world: World;
  clock: MockClock;
  ids: IdSource;
  env: Env;
  config: MockConfig;
  faults: ReadonlySet<string>;
  /** The variations switched on at start (they stay on across resets: they are how this server is, not a test's state). */
  variations: ReadonlySet<string>;
  /** Switch exactly these faults on (names of the catalogue, checked by the caller); the app is built again for them. */
  setFaults(names: string[]): void;
  strict: boolean;
  validator: ContractValidator;
  controlValidator: ContractValidator;
  effects: Effects;
  /** Which hosts reach the control API and /docs, the control token, and the origin absolute URLs start with. */
  access: Access;
  /** Webhook deliveries under way (tests await them). */
  pending: Set<Promise<void>>;
  /** Counts requests that may have changed the world (every method but GET and HEAD): encoded answers kept from an
   * earlier revision are stale. */
  revision: number;
  /** What clients sent to the public API (GET /_mock/requests). */
  journal: Journal;
  /** The delay added before public API answers. */
  latency: Latency;
  /** Answers set on demand through the control API (POST /_mock/overrides), spent call by call. */
  overrides: Overrides;
  /** Publish what is due and send its webhooks; called before every request and by the control clock. */
  /** Run what fell due, in every workspace or in `only`. */
  tick(only?: Iterable<Workspace>): ReturnType<typeof runDue>;
  /** Due items the sender has not reached yet (the async-publisher variation's queue); none when absent. */
  notYet?: NotYet;
  /** Back to the seeded world (same seed, same ids), clock back to how it started. */
  reset(): void;
  /** Resolves when every webhook under way has been delivered or has failed. */
  settle(): Promise<void>;
  /** The whole app as a fetch, set once it is built: the states hook runs control operations through it, locks and all. */
  dispatch?: (request: Request) => Promise<Response>;
}

let controlValidator: ContractValidator | undefined;

/** Web Crypto: the same ids and tokens in every runtime. */
const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

export function createState(options: MockOptions, platformEffects: () => Effects): MockState {
  const fixtures = options.fixtures ?? bundledFixtures();
  const clock = options.clock ?? new MockClock({ realNow: Date.now });
  const clockStart = { now: clock.now(), frozen: clock.frozen };
  const makeIds = () => (options.seed === undefined ? randomIds(randomBytes) : seededIds(options.seed));
  const config: MockConfig = { ...defaultConfig, ...options.config };
  const effects: Effects = { ...platformEffects(), ...options.effects };
  controlValidator ??= createValidator(loadControlSpec());
  const latencyPlan = parseLatency(options.latency ?? 'off');
  const latencySeed = options.latencySeed ?? options.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;

  const state: MockState = {
    world: undefined as unknown as World,
    clock,
    ids: makeIds(),
    env: undefined as unknown as Env,
    config,
    faults: new Set(options.faults ?? []),
    variations: new Set(options.variations ?? []),
    setFaults(names) {
      state.faults = new Set(names);
    },
    strict: options.strict ?? false,
    validator: getValidator(),
    controlValidator,
    effects,
    access: createAccess(options),
    pending: new Set(),
    revision: 0,
    journal: new Journal(Boolean(options.journalBodies), () => config.caps.journal, () => config.caps.journalBytes),
    latency: new Latency(latencyPlan, latencySeed),
    overrides: new Overrides(),
    tick(only) {
      const result = runDue(state.world, state.env, only, state.notYet);
      for (const { postId, error } of result.errors) console.error(`[mock] publishing ${postId} failed, a bug in the mock (the item is marked ERROR, other posts go on):`, error);
      for (const hook of result.webhooks) sendWebhook(state, hook);
      return result;
    },
    reset() {
      state.revision++;
      state.ids = makeIds();
      state.env = { clock, ids: state.ids };
      if (clockStart.frozen) {
        clock.set(clockStart.now);
        clock.freeze();
      } else {
        clock.unfreeze();
        clock.set(Date.now());
      }
      // Limits changed through the control API go back to how the mock started.
      Object.assign(config, { ...defaultConfig, ...options.config });
      state.world = createWorld(fixtures, config, state.env);
      if (options.scenario !== undefined) loadScenario(state, options.scenario);
      // Uploaded files belonged to the old world.
      state.effects.files.clear();
      state.journal.reset();
      state.latency.set(latencyPlan, latencySeed);
      state.overrides.clear();
      // Faults switched at run time (PUT /_mock/faults) go back to those the mock started with.
      const started = options.faults ?? [];
      if (state.faults.size !== new Set(started).size || started.some((f) => !state.faults.has(f))) state.setFaults(started);
    },
    async settle() {
      while (state.pending.size > 0) await Promise.all([...state.pending]);
    },
  };
  state.env = { clock, ids: state.ids };
  state.world = createWorld(fixtures, config, state.env);
  if (options.scenario !== undefined) loadScenario(state, options.scenario);
  return state;
}

function sendWebhook(state: MockState, hook: OutboundWebhook): void {
  const delivery = {
    id: state.ids.id('dlv_'),
    webhookId: hook.webhookId,
    workspaceId: hook.workspaceId,
    url: hook.url,
    body: hook.body,
    status: null as number | null,
    error: null as string | null,
    // Stamped with the time of the workspace it was sent for, like everything else it did.
    at: state.clock.now() + (state.world.workspaces.get(hook.workspaceId)?.clockAheadMs ?? 0),
    test: hook.test,
  };
  keepDelivery(state, delivery);
  const run = state.effects.deliverWebhook(hook).then((result) => {
    delivery.status = result.status;
    delivery.error = result.error;
  });
  const tracked = run.finally(() => state.pending.delete(tracked));
  state.pending.add(tracked);
}

/**
 * Keep a delivery, forgetting the oldest past the record cap or the byte budget (its body is the posts' content).
 * Measured as it is sent: the status or error it gets later is a few bytes the budget does not wait for.
 */
function keepDelivery(state: MockState, delivery: Delivery): void {
  const list = state.world.deliveries;
  const { deliveries: max, deliveryBytes: budget } = state.config.caps;
  heldBytes(list, () => list);
  list.push(delivery);
  adjustBytes(list, recordBytes(delivery));
  let drop = Math.max(0, list.length - max);
  let held = heldBytes(list, () => list);
  for (let i = 0; i < drop; i++) held -= recordBytes(list[i]!);
  while (drop < list.length && held > budget) held -= recordBytes(list[drop++]!);
  for (const old of list.splice(0, drop)) adjustBytes(list, -recordBytes(old));
}

/** Queue webhook requests produced outside a tick (the control API's test send). */
export function sendWebhooks(state: MockState, hooks: OutboundWebhook[]): void {
  for (const hook of hooks) sendWebhook(state, hook);
}
