// The one operation matcher (the suites' recorder and the proxy): templates, literal over parameter, percent-decoding that
// copes with a malformed escape, and a path outside the API or with an empty segment told apart from an operation.
import { describe, expect, it } from 'vitest';
import { createOperationMatcher } from './operation-match.ts';
import { getValidator } from './validator.ts';

describe('operation matching', () => {
  const matcher = createOperationMatcher(getValidator(), '/api/public/v1');
  const found = (method: string, path: string) => {
    const m = matcher.match(method, path);
    return m.kind === 'operation' && { id: m.op.operationId, params: m.params };
  };

  it.each([
    ['GET', '/api/public/v1/integrations', 'listIntegrations', {}],
    ['GET', '/api/public/v1/integrations/', 'listIntegrations', {}],
    ['DELETE', '/api/public/v1/posts/group/g1', 'deletePostGroup', { group: 'g1' }],
    ['DELETE', '/api/public/v1/posts/p%201', 'deletePost', { id: 'p 1' }],
    ['GET', '/api/public/v1/analytics/post/p1', 'getPostAnalytics', { postId: 'p1' }],
    ['GET', '/api/public/v1/brief/schema', 'getBriefSchema', {}],
    ['PATCH', '/api/public/v1/brief/foundation/voice', 'saveBriefDocument', { category: 'foundation', key: 'voice' }],
  ])('%s %s is %s', (method, path, operationId, params) => {
    expect(found(method, path)).toEqual({ id: operationId, params });
  });

  it('matches a malformed percent escape as written instead of throwing: the server is the one to refuse it', () => {
    expect(found('DELETE', '/api/public/v1/posts/%ZZ')).toEqual({ id: 'deletePost', params: { id: '%ZZ' } });
    expect(found('DELETE', '/api/public/v1/posts/100%')).toEqual({ id: 'deletePost', params: { id: '100%' } });
    expect(found('PATCH', '/api/public/v1/brief/%E0%A4%A/voice')).toEqual({ id: 'saveBriefDocument', params: { category: '%E0%A4%A', key: 'voice' } });
  });

  it('tells an unknown path, an undocumented method and a path outside the API apart', () => {
    expect(matcher.match('GET', '/api/public/v1/nothing-here')).toMatchObject({ kind: 'unknown', message: expect.stringContaining('/nothing-here') });
    expect(matcher.match('POST', '/api/public/v1/integrations')).toMatchObject({ kind: 'unknown', message: expect.stringContaining('documented there: GET') });
    expect(matcher.match('GET', '/media-files/a.png')).toEqual({ kind: 'outside' });
    expect(matcher.match('GET', '/api/public/v10/integrations')).toEqual({ kind: 'outside' });
  });

  it('does not drop an empty segment and take the path for another operation', () => {
    expect(matcher.match('GET', '/api/public/v1/posts//status')).toMatchObject({ kind: 'unknown' });
    expect(matcher.match('GET', '/api/public/v1//integrations')).toMatchObject({ kind: 'unknown' });
    expect(matcher.match('GET', '/api/public/v1/integrations//')).toMatchObject({ kind: 'unknown' });
  });

  it('works for an API served at the root or under another base path', () => {
    expect(createOperationMatcher(getValidator(), '/').match('GET', '/integrations')).toMatchObject({ kind: 'operation', op: { operationId: 'listIntegrations' } });
    const v1 = createOperationMatcher(getValidator(), '/v1/');
    expect(v1.match('GET', '/v1/integrations')).toMatchObject({ kind: 'operation', op: { operationId: 'listIntegrations' } });
    expect(v1.match('GET', '/api/public/v1/integrations')).toEqual({ kind: 'outside' });
  });
});
