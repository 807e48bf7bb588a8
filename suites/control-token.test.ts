// verify against a mock started with --control-token: the suites' control client sends the token, and says so when it is missing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../mocks/server.ts';
import { createTarget } from './target.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 1, controlToken: 's3cret' });
});
afterAll(() => mock.close());

it('a target built with the control token reads the keys through control; one without is refused with 401', async () => {
  const target = await createTarget({ target: mock.origin, control: `${mock.origin}/_mock`, controlToken: 's3cret' });
  expect(target.keys.paid).toBe('demo-paid-key');
  await expect(createTarget({ target: mock.origin, control: `${mock.origin}/_mock` })).rejects.toThrow(/answered 401/);
});
