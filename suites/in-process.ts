// The in-process target: the mock app served without a port, for speed. The only suites file that imports mock internals.
import { MockClock } from '../mocks/domain/clock.ts';
import { createMockApp, CONTROL_PATH, type MockApp } from '../mocks/http/app.ts';
import type { MockOptions } from '../mocks/http/state.ts';
import { apiBasePath } from '../spec/load.ts';
import { createTarget, type Target } from './target.ts';

export const IN_PROCESS_ORIGIN = 'http://mock.in-process';
/** The instant the in-process world starts at (the mock's test T0: a Monday, 09:00 UTC). */
export const IN_PROCESS_T0 = Date.parse('2026-01-05T09:00:00.000Z');

export interface InProcessTarget extends Target {
  app: MockApp;
}

/** A fresh mock (frozen clock, seeded ids) and a target over it, with its control API. */
export async function inProcessTarget(options: MockOptions = {}): Promise<InProcessTarget> {
  const clock = options.clock ?? new MockClock({ frozenAt: IN_PROCESS_T0 });
  const app = createMockApp({ seed: 42, ...options, clock });
  const transport = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
  const target = await createTarget({
    target: IN_PROCESS_ORIGIN + apiBasePath(),
    control: IN_PROCESS_ORIGIN + CONTROL_PATH,
    transport,
    label: `in-process mock${options.faults?.length ? ` with fault ${options.faults.join(', ')}` : ''}`,
  });
  return Object.assign(target, { app });
}
