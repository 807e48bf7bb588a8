// docs/frontend.md, "Playwright": end-to-end steps against the mock server, driven through the typed control client
// (reset, clock, journal, overrides) with no fetch or cast of its own. The app under test is a compose page with a
// Publish button and a role="alert" for what went wrong, calling the API through its same-origin route
// (docs/examples/next-server.ts). A spec file calls each step:
//
//   test.beforeEach(() => mock.reset());
//   test('a forced 429 shows on the compose page', ({ page }) => rateLimited(page, mock, COMPOSE));
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import type { MockControl } from 'social-publishing-contract/client';

/** The mock's control API and the compose page, as the spec's environment gives them. */
export const MOCK_URL = process.env.MOCK_URL ?? 'http://127.0.0.1:4010';
export const COMPOSE = process.env.COMPOSE_URL ?? 'http://localhost:3000/compose';

async function publishAndRead(page: Page, compose: string): Promise<string> {
  await page.goto(compose);
  await page.getByRole('button', { name: 'Publish' }).click();
  return page.getByRole('alert').innerText();
}

/** A forced 429: the page says so in the API's words, and the mock saw one createPosts, answered by the override. */
export async function rateLimited(page: Page, mock: MockControl, compose = COMPOSE): Promise<void> {
  await mock.override('createPosts', { status: 429, times: 1 });
  assert.match(await publishAndRead(page, compose), /Too Many Requests/);
  const sent = await mock.requests({ operation: 'createPosts' });
  assert.deepEqual(sent.map((e) => [e.status, e.override?.by]), [[429, 'control']]);
}

/** A dropped connection: the route cannot reach the API and answers 502, which is what the page shows. */
export async function networkDropped(page: Page, mock: MockControl, compose = COMPOSE): Promise<void> {
  await mock.override('createPosts', { error: 'network', times: 1 });
  assert.match(await publishAndRead(page, compose), /502: The API could not be reached/);
  assert.deepEqual((await mock.requests({ operation: 'createPosts' })).map((e) => e.status), [0]);
}

/** Out of credits: the 402's relative url leads to the wallet page on the app's own host, not the API's. */
export async function outOfCredits(page: Page, mock: MockControl, compose = COMPOSE): Promise<void> {
  await mock.override('createPosts', { status: 402, times: 1 });
  assert.match(await publishAndRead(page, compose), /402: Not enough credits/);
  const topUp = new URL((await page.getByRole('link', { name: 'Top up' }).getAttribute('href')) ?? '');
  assert.equal(topUp.origin, new URL(compose).origin);
  assert.equal(topUp.pathname, '/wallet');
}

/** A post scheduled for tomorrow is published once the mock's clock moves two days on. */
export async function publishedWhenDue(page: Page, mock: MockControl, compose = COMPOSE): Promise<void> {
  const said = await publishAndRead(page, compose);
  const postId = /^Scheduled (\S+)/.exec(said)?.[1];
  assert.ok(postId, `the page said: ${said}`);
  const moved = await mock.setClock({ advanceSeconds: 2 * 86_400 });
  assert.ok(moved.published.includes(postId), `published: ${moved.published.join(', ')}`);
}
