// The in-process target: the mock app served without a port, for speed. The only suites file that imports mock internals.
import { MockClock } from '../mocks/domain/clock.ts';
import { createMockApp, CONTROL_PATH, type MockApp } from '../mocks/http/app.ts';
import type { MockOptions } from '../mocks/http/state.ts';
import { PNG_1x1 } from './arbitraries/files.ts';
import { apiBasePath } from '../spec/load.ts';
import { createTarget, flagLine, type Target } from './target.ts';

export const IN_PROCESS_ORIGIN = 'http://mock.in-process';
/** The instant the in-process world starts at (the mock's test T0: a Monday, 09:00 UTC). */
export const IN_PROCESS_T0 = Date.parse('2026-01-05T09:00:00.000Z');

export interface InProcessTarget extends Target {
  app: MockApp;
}

/**
 * The image the in-process mock "fetches" for upload-from-url: there is no network in process, so its fetch of this one
 * URL answers a 1x1 PNG from memory (every other URL is fetched, checked and refused as on a real server). It is the
 * run's --media-url, so upload-from-url's outcomes are reached like the other uploads'.
 */
export const IN_PROCESS_MEDIA_URL = 'https://media.example.com/in-process/sample.png';

/** A fresh mock (frozen clock, seeded ids) and a target over it, with its control API. */
/** `around`: what stands between the suites and the mock (a test's hook that validates what it is sent). */
export async function inProcessTarget(options: MockOptions = {}, around: (inner: typeof fetch) => typeof fetch = (inner) => inner): Promise<InProcessTarget> {
  const clock = options.clock ?? new MockClock({ frozenAt: IN_PROCESS_T0 });
  const app = createMockApp({ seed: 42, ...options, clock });
  const fetchUrl = app.state.effects.fetchUrl;
  app.state.effects.fetchUrl = (url, opts) =>
    url === IN_PROCESS_MEDIA_URL
      ? Promise.resolve({ ok: true, url: new URL(url), status: 200, contentType: 'image/png', contentLength: PNG_1x1.length, body: new Uint8Array(PNG_1x1) })
      : fetchUrl(url, opts);
  const transport = around(((input: RequestInfo | URL, init?: RequestInit) => app.fetch(input instanceof Request ? input : new Request(input, init))) as typeof fetch);
  const target = await createTarget({
    target: IN_PROCESS_ORIGIN + apiBasePath(),
    control: IN_PROCESS_ORIGIN + CONTROL_PATH,
    transport,
    fetchableImageUrl: IN_PROCESS_MEDIA_URL,
    label: `in-process mock${options.faults?.length ? ` with fault ${options.faults.join(', ')}` : ''}${options.variations?.length ? ` with variation ${options.variations.join(', ')}` : ''}`,
  });
  // The mock in this process sends within the request, or within 60 ms as the async-publisher variation: a second is
  // ample for the variation, and a quarter of one for the mock alone (whatever it sends, it has sent by the answer).
  // A fault that never publishes costs that wait rather than ten seconds.
  target.publishWaitMs = options.variations?.includes('async-publisher') ? 1000 : 250;
  const flagSet = { keys: [], inProcess: true, ...(options.faults?.length ? { faults: [...options.faults] } : {}), ...(options.variations?.length ? { variations: [...options.variations] } : {}) };
  return Object.assign(target, { app, flagSet, flags: flagLine(flagSet) });
}
