// The request URL's parts read without a full parse must be exactly what URL would give, whatever a client sends.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { originOf, pathnameOf, searchParamsOf } from './url-parts.ts';

const TRICKY = [
  'http://127.0.0.1:4010/api/public/v1/integrations',
  'http://LOCALHOST:80/api/public/v1/posts?startDate=2026-01-05T00:00:00.000Z&endDate=x',
  'http://localhost:4010/',
  'http://localhost:4010/?a=1',
  'http://[::1]:4010/api/public/v1/openapi.json',
  'http://h/api/public/v1/../../_mock/reset',
  'http://h/api/public/v1/./posts',
  'http://h/api/%2e%2e/_mock',
  'http://h/a/.hidden/b.',
  'http://h/a%20b/c{d}',
  'http://h/a\\b',
  'http://h/é?q=é&r=a+b%20c',
  'http://h/p?q="x"<y>&z=`1`',
  'http://h/p?a=1#frag?b=2',
  'http://h/p#frag',
  'http://h/p?',
  'http://h/p?&&a&=b',
];

function same(url: string): void {
  const parsed = new URL(url);
  expect(originOf(url)).toBe(parsed.origin);
  expect(pathnameOf(url)).toBe(parsed.pathname);
  expect([...searchParamsOf(url)]).toEqual([...parsed.searchParams]);
}

describe('url-parts', () => {
  it.each(TRICKY)('%s reads as URL reads it', (url) => same(url));

  it('property: origin, pathname and query of any web URL equal those URL parses', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => same(new Request(url).url)),
      { numRuns: 2000 },
    );
  });

  it('property: a path of any printable characters reads as URL reads it', () => {
    const chars = fc.constantFrom(...'abc./%2e-_~!$&\'()*+,;=:@ "<>`{}|\\^é?#'.split(''));
    fc.assert(fc.property(fc.array(chars, { maxLength: 30 }), (path) => same(`http://h/${path.join('')}`)), { numRuns: 3000 });
  });
});
