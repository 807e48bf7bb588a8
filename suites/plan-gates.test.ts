// plan_gates accepts every answer the reference allows: section 7 lists the AI endpoints among those that answer 402
// "for wallet or plan reasons", so a server that refuses AI with a wallet refusal conforms, and a 402 in neither shape
// does not (the fault ai-refusal-unshaped, in the catalogue).
import { describe, expect, it } from 'vitest';
import { MockClock } from '../mocks/domain/clock.ts';
import { createMockApp, CONTROL_PATH } from '../mocks/http/app.ts';
import { apiBasePath } from '../spec/load.ts';
import { IN_PROCESS_ORIGIN, IN_PROCESS_T0 } from './in-process.ts';
import { runChecks } from './runner.ts';
import { createTarget } from './target.ts';

const AI_PATH = /\/(generate-video|video\/function)$/;

/** The mock, with its AI refusals answered as `body` instead: another implementation of the same contract. */
async function targetAnswering(body: unknown) {
  const app = createMockApp({ seed: 42, clock: new MockClock({ frozenAt: IN_PROCESS_T0 }) });
  const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await app.fetch(request);
    if (response.status === 402 && AI_PATH.test(new URL(request.url).pathname)) return Response.json(body, { status: 402 });
    return response;
  }) as typeof fetch;
  return createTarget({ target: IN_PROCESS_ORIGIN + apiBasePath(), control: IN_PROCESS_ORIGIN + CONTROL_PATH, transport, label: 'AI refused otherwise' });
}

describe('plan_gates on the AI endpoints', () => {
  it.each([
    ['a wallet refusal', { message: 'Top up to use AI generation.', wallet: true, url: '/wallet' }, 'passed'],
    ['a wallet refusal with statusCode and msg', { statusCode: 402, msg: 'Top up first.', message: 'Top up first.', wallet: true, url: '/wallet' }, 'passed'],
    ['a body in neither shape', { error: 'upgrade required' }, 'failed'],
  ])('a server that answers %s: plan_gates %s', async (_, body, want) => {
    const report = await runChecks(await targetAnswering(body), { seed: 7, runs: 1, checks: ['plan_gates'] });
    expect(report.results.map((r) => [r.name, r.status])).toEqual([['plan_gates', want]]);
  });
});
