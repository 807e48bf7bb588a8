// Every request URL is made from the target's base by one function, for an API at the document's base path, at `/` and at `/v1`.
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../client/index.ts';
import { ApiClient, buildUrl } from './client.ts';
import { createTarget } from './target.ts';
import { apiRoot, joinUrl } from './url.ts';

const ORIGIN = 'http://127.0.0.1:4010';

describe('apiRoot and joinUrl', () => {
  it.each([
    [undefined, `${ORIGIN}${API_BASE_PATH}`, `${ORIGIN}${API_BASE_PATH}/posts/p1/status`],
    ['/', ORIGIN, `${ORIGIN}/posts/p1/status`],
    ['/v1', `${ORIGIN}/v1`, `${ORIGIN}/v1/posts/p1/status`],
    ['/v1/', `${ORIGIN}/v1`, `${ORIGIN}/v1/posts/p1/status`],
  ])('a bare origin with base path %s has the API root %s, and one slash before each path', (basePath, root, url) => {
    expect(apiRoot(ORIGIN, basePath)).toBe(root);
    expect(apiRoot(`${ORIGIN}/`, basePath)).toBe(root);
    expect(buildUrl(root, '/posts/{id}/status', { id: 'p1' })).toBe(url);
  });

  it('a target URL with a path is the root whatever the base path says', () => {
    expect(apiRoot(`${ORIGIN}/gateway/spw/`, '/')).toBe(`${ORIGIN}/gateway/spw`);
  });

  it('joinUrl refuses a path without its leading slash rather than guess', () => {
    expect(joinUrl(`${ORIGIN}/`, '/_mock/reset')).toBe(`${ORIGIN}/_mock/reset`);
    expect(() => joinUrl(ORIGIN, 'posts')).toThrow(/starts with "\/"/);
  });
});

describe('every client of a target addresses its root', () => {
  it.each([undefined, '/', '/v1'])('with base path %s, the typed client, `call` and control send to the same root', async (basePath) => {
    const urls: string[] = [];
    const transport = (async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const target = await createTarget({ target: ORIGIN, basePath, keys: { paid: 'k' }, transport });
    const api = new ApiClient(target);
    await api.typed('paid').GET('/wallet/transactions', { params: { query: { size: 1 } } });
    await api.call({ operationId: 'listMedia', query: { page: 2 } });
    const root = apiRoot(ORIGIN, basePath);
    expect(urls).toEqual([`${root}/wallet/transactions?size=1`, `${root}/media?page=2`]);
    // The recorder matches operations under the same root, so response checks see both answers.
    expect(target.history.exchanges.map((e) => e.operationId)).toEqual(['listWalletTransactions', 'listMedia']);
  });
});
