// The typed client of the mock's control API (spec/control.yaml): what a Playwright or vitest run drives the mock server
// with (reset, scenario, clock, journal, overrides, faults), and what the MSW export's `mock` is made of, in memory.
// openapi-fetch over the generated control types, as the public client is over the public ones.
import createClient, { type Client } from 'openapi-fetch';
import type { components as ControlComponents, paths as ControlPaths } from '../spec/generated/control.d.ts';
import type { operations as PublicOperations } from '../spec/generated/openapi.d.ts';

export type { ControlComponents, ControlPaths };
export type ControlClient = Client<ControlPaths>;
type ControlSchemas = ControlComponents['schemas'];
export type JournalEntry = ControlSchemas['JournalEntry'];
export type JournalFilter = NonNullable<ControlPaths['/requests']['get']['parameters']['query']>;
/** An operationId of the public API: what overrides, latency (`createPosts=1500`) and journal filters name. */
export type PublicOperationId = keyof PublicOperations & string;
/** What an override answers: a documented `status` (and `example`) or a server error (500, 502, 503, 504), `error: 'network'`, `delayMs`; `times` calls or until cleared. */
export type OverrideOptions = Omit<ControlSchemas['OverrideCreate'], 'operationId'>;
export type Override = ControlSchemas['Override'];
/** An override in force, as set; `clear()` ends it (and resolves when it was already spent or reset away). */
export interface OverrideHandle extends Override {
  clear(): Promise<void>;
}
export type Clock = ControlSchemas['Clock'];
export type ClockResult = ControlSchemas['ClockResult'];
export type Scenario = ControlSchemas['Scenario'];

/** Where the mock serves its control API; a test holds it equal to the mock's own. */
export const CONTROL_BASE_PATH = '/_mock';

export interface MockControlOptions {
  /** The mock's origin (`http://127.0.0.1:4010`, the control API then at `/_mock`) or the control API's own URL. */
  baseUrl: string;
  /** The mock's `--control-token`, when it was started with one (sent as `Authorization: Bearer <token>`). */
  token?: string;
  /** The fetch to send with (default: the global one, looked up per request). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface MockControl {
  /** The whole control API, typed: `control.POST('/workspaces/{id}/wallet/top-up', { params: { path: { id } }, body: { credits: 50 } })`. */
  control: ControlClient;
  /** Back to the world the mock started from (same seed, same ids), the journal and overrides emptied. */
  reset(): Promise<void>;
  /** Replace the world with a scenario (`social-publishing-contract/scenarios/<name>.json`, or one saved with `scenario()`). */
  loadScenario(scenario: Scenario): Promise<void>;
  /** The whole world as a scenario document. */
  scenario(): Promise<Scenario>;
  /** The mock clock: `{ now, frozen }`. */
  clock(): Promise<Clock>;
  /** Move the clock (`{ advanceSeconds: 3600 }`, `{ now }`, `{ frozen }`); what falls due publishes, and the answer lists it. */
  setClock(change: ControlSchemas['SetClock']): Promise<ClockResult>;
  /** What the app sent to the public API, oldest first (keys and tokens redacted): `requests({ operation: 'createPosts' })`. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** Empty the journal. */
  clearRequests(): Promise<void>;
  /** The next calls of a public operation answer a documented status, drop the connection or wait: `override('createPosts', { status: 402, times: 1 })`. */
  override(operationId: PublicOperationId, options: OverrideOptions): Promise<OverrideHandle>;
  /** End every override. */
  clearOverrides(): Promise<void>;
  /** Switch on exactly these faults of the catalogue (`[]` switches every one off); answers the ones now on. */
  setFaults(active: string[]): Promise<string[]>;
}

/** The reason a control call failed, in one line: its status and the mock's own word. */
function failure(what: string, response: Response, error: unknown): Error {
  const body = (error ?? {}) as { message?: unknown; msg?: unknown };
  const said = Array.isArray(body.message) ? body.message.join('; ') : typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : '';
  return new Error(`${what} answered ${response.status}${said ? `: ${said}` : ''}`);
}

/** The control API base for `url`: the control path added to a bare origin. */
export function controlBaseUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.origin}${path === '' ? CONTROL_BASE_PATH : path}`;
}

/**
 * A typed client of the mock's control API, with the calls a test makes most as methods:
 * `const mock = createMockControl({ baseUrl: 'http://127.0.0.1:4010' }); await mock.reset();`. Each method throws
 * the mock's reason when it refuses; `mock.control` is the whole API, answers and errors as openapi-fetch gives them.
 */
export function createMockControl(options: MockControlOptions): MockControl {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const control = createClient<ControlPaths>({
    baseUrl: controlBaseUrl(options.baseUrl),
    fetch: (request: Request) => send(request),
    ...(options.token !== undefined ? { headers: { Authorization: `Bearer ${options.token}` } } : {}),
  });
  return {
    control,
    async reset() {
      const { error, response } = await control.POST('/reset');
      if (!response.ok) throw failure('POST /_mock/reset', response, error);
    },
    async loadScenario(scenario) {
      const { error, response } = await control.PUT('/scenario', { body: scenario });
      if (!response.ok) throw failure('PUT /_mock/scenario', response, error);
    },
    async scenario() {
      const { data, error, response } = await control.GET('/scenario');
      if (!data) throw failure('GET /_mock/scenario', response, error);
      return data;
    },
    async clock() {
      const { data, error, response } = await control.GET('/clock');
      if (!data) throw failure('GET /_mock/clock', response, error);
      return data;
    },
    async setClock(change) {
      const { data, error, response } = await control.POST('/clock', { body: change });
      if (!data) throw failure('POST /_mock/clock', response, error);
      return data;
    },
    async requests(filter = {}) {
      const { data, error, response } = await control.GET('/requests', { params: { query: filter } });
      if (!data) throw failure('GET /_mock/requests', response, error);
      return data.entries;
    },
    async clearRequests() {
      const { error, response } = await control.DELETE('/requests');
      if (!response.ok) throw failure('DELETE /_mock/requests', response, error);
    },
    async override(operationId, overrideOptions) {
      const { data, error, response } = await control.POST('/overrides', { body: { ...overrideOptions, operationId } });
      if (!data) throw failure(`The override of ${operationId} (POST /_mock/overrides)`, response, error);
      return {
        ...data,
        async clear() {
          const res = await control.DELETE('/overrides/{overrideId}', { params: { path: { overrideId: data.id } } });
          if (!res.response.ok && res.response.status !== 404) throw failure(`DELETE /_mock/overrides/${data.id}`, res.response, res.error);
        },
      };
    },
    async clearOverrides() {
      const { error, response } = await control.DELETE('/overrides');
      if (!response.ok) throw failure('DELETE /_mock/overrides', response, error);
    },
    async setFaults(active) {
      const { data, error, response } = await control.PUT('/faults', { body: { active } });
      if (!data) throw failure('PUT /_mock/faults', response, error);
      return data.active;
    },
  };
}
