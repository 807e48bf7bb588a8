// The mock as Mock Service Worker handlers: the very same app (validation, states, wallet, errors, control API) in an
// in-memory instance, answering in the browser (setupWorker) or in Node tests (setupServer from msw/node). No Node
// built-ins on this path: files are kept in memory, ids come from Web Crypto, the documents are bundled JSON.
import { http, type HttpHandler } from 'msw';
import {
  createMockControl,
  type ControlClient,
  type ControlComponents,
  type ControlPaths,
  type JournalEntry,
  type JournalFilter,
  type Override,
  type OverrideHandle,
  type OverrideOptions,
  type PublicOperationId,
} from '../../client/control.ts';
import { apiBasePath, loadControlSpec } from '../../spec/documents.ts';
import { CONTROL_PATH, createMockCore, type MockApp } from '../http/core.ts';
import { deliverWebhook, type Effects } from '../http/effects.ts';
import { MemoryFileStore } from '../http/memory-store.ts';
import { UNRESOLVED } from '../http/public-address.ts';
import type { MockOptions } from '../http/state.ts';
import { MockClock } from '../domain/clock.ts';
import type { Scenario } from '../domain/scenario.ts';
import { moveScenario } from '../http/scenario.ts';
import { fetchInBrowser } from './fetch-url.ts';
import { openWalletDialog } from './wallet-dialog.ts';
import { consoleOperations } from '../http/console-data.ts';

// The control client's types, where the export's users have always found them.
export type { ControlClient, ControlComponents, ControlPaths, JournalEntry, JournalFilter, Override, OverrideHandle, OverrideOptions, PublicOperationId };

/** The origin the standalone mock listens on by default: code written against `npm start` runs unchanged under MSW. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010';

export interface MswMockOptions extends Omit<MockOptions, 'stateFile' | 'publicUrl' | 'allowedHosts' | 'effects' | 'clock'> {
  /** The origin the app sends its API requests to (default http://127.0.0.1:4010); in a page, `location.origin` works too. */
  origin?: string;
  /** Start the clock frozen at this instant (ms or ISO), as tests want; real time when omitted. */
  frozenAt?: number | string;
  /**
   * A `scenario`'s times: 'now' (the default) moves every instant so the scenario's `clock.now` is the start (frozenAt,
   * else now), so that its scheduled posts are still ahead whenever it is loaded; 'as-saved' keeps them as written.
   */
  scenarioTimes?: 'now' | 'as-saved';
  /** Replace effects: webhook delivery, URL fetches, name lookup, the file store. */
  effects?: Partial<Effects>;
}

export interface MswMock {
  /** Hand these to `setupWorker(...)` or `setupServer(...)`; put your own `server.use(...)` overrides in front as usual. */
  handlers: HttpHandler[];
  /** The API base URL the app should use: `<origin>/api/public/v1`. */
  apiBase: string;
  /** The control API (reset, clock, faults, wallet, scenario, journal, latency...), typed from spec/control.yaml, called in memory. */
  control: ControlClient;
  /** Back to the starting world (same seed, same ids), the journal emptied. */
  reset(): Promise<void>;
  /** What the app sent to the public API, oldest first (the request journal, with keys and tokens redacted). */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** The mock itself: a fetch(Request) function, for calling it without MSW (a dropped connection rejects, as fetch does). */
  fetch(request: Request): Promise<Response>;
  /**
   * Make the next calls of a public operation answer a status it documents (with the document's example), drop the
   * connection, or wait: `const off = await mock.override('createPosts', { status: 402, times: 1 })`, and
   * `await off.clear()` to end it early. The same as `POST /_mock/overrides`; one the mock refuses throws its reason.
   */
  override(operationId: PublicOperationId, options: OverrideOptions): Promise<OverrideHandle>;
  /**
   * In a page: show the wallet page a link leads to (`topUpUrl`, or a 402's `url`) over the app, walked through this
   * mock, and resolve once the person goes back to the app. Following the link instead would unload the page and the
   * world that lives in it (docs/frontend.md, "The out-of-credits loop").
   */
  openWallet(link: string): Promise<void>;
  /**
   * In a page: the mock's console (the server's `/_mock/console`: requests, time, workspaces, posts, scenarios,
   * overrides and faults) in `element`'s shadow root, over this in-page mock. Its code loads on the first call (a
   * chunk of its own where the app's bundler splits dynamic imports). `scenarios` are offered by name in its Scenarios
   * panel. `close()` stops it.
   */
  mountConsole(element: HTMLElement, options?: ConsoleMountOptions): Promise<{ close(): void }>;
}

export interface ConsoleMountOptions {
  /** Ready scenarios to offer, by name: `{ 'low-credits': lowCredits }` (the JSON of `social-publishing-contract/scenarios/*`). */
  scenarios?: Record<string, unknown>;
  /** The panel to open first: `requests` (the default), `time`, `workspaces`, `posts`, `scenarios` or `overrides`. */
  panel?: string;
}

function browserEffects(): Effects {
  return { files: new MemoryFileStore(), fetchUrl: fetchInBrowser, lookupHost: UNRESOLVED, deliverWebhook };
}

export function createMswMock(options: MswMockOptions = {}): MswMock {
  const origin = new URL(options.origin ?? DEFAULT_ORIGIN).origin;
  const { frozenAt, effects, origin: _origin, scenarioTimes = 'now', ...rest } = options;
  const start = frozenAt === undefined ? undefined : typeof frozenAt === 'number' ? frozenAt : Date.parse(frozenAt);
  const clock = start === undefined ? undefined : new MockClock({ frozenAt: start });
  if (rest.scenario !== undefined && scenarioTimes === 'now') {
    const moved = moveScenario(loadControlSpec(), rest.scenario as Scenario, start ?? Date.now());
    // A frozenAt freezes the moved scenario there; without one it keeps the mode it was saved with.
    rest.scenario = start === undefined ? moved : { ...moved, clock: { ...moved.clock, frozen: true } };
  }
  const app: MockApp = createMockCore(
    // The configured origin names this mock: absolute URLs start with it, and its host reaches the control API.
    { ...rest, clock, effects, publicUrl: origin },
    { effects: browserEffects },
  );
  const mine = (request: Request): boolean => {
    const url = new URL(request.url);
    return url.origin === origin && app.serves(url.pathname);
  };
  // In memory: no network, no service worker, nothing for an override to catch.
  const { control, reset, requests, override } = createMockControl({ baseUrl: origin + CONTROL_PATH, fetch: (request) => app.fetch(request) });
  const apiBase = origin + apiBasePath();
  return {
    handlers: [http.all(({ request }) => mine(request), ({ request }) => app.fetch(request))],
    apiBase,
    control,
    reset,
    requests,
    async fetch(request) {
      const response = await app.fetch(request);
      // What fetch does on a dropped connection (an override's network error).
      if (response.type === 'error') throw new TypeError('Failed to fetch: the mock dropped the connection (an override\'s network error)');
      return response;
    },
    override,
    openWallet: (link) => openWalletDialog({ fetch: (request) => app.fetch(request), origin, walletPath: app.state.config.walletPath }, link),
    async mountConsole(element, { scenarios = {}, panel } = {}) {
      const { mountConsole } = await import('../console/mount.ts');
      return mountConsole(element, {
        origin,
        controlPath: CONTROL_PATH,
        // In memory, as mock.control: the console's reads and changes never reach the network or the worker.
        fetch: (request) => app.fetch(request),
        operations: consoleOperations(app.state.validator),
        panel,
        scenarios: {
          list: async () => Object.entries(scenarios).map(([name, doc]) => ({ name, description: String((doc as { description?: unknown } | null)?.description ?? '') })),
          read: async (name) => scenarios[name],
        },
      });
    },
  };
}
