// media_paging: GET /media gives 18 items a page, newest first, and a `pages` count consistent with the pages.
import fc from 'fast-check';
import { imageForm } from '../arbitraries/files.ts';
import { record } from '../discover.ts';
import { documented } from '../documented.ts';
import { ensure, got, register } from './registry.ts';

export const mediaPaging = register({
  name: 'media_paging',
  area: 'media',
  kind: 'property',
  description: 'After n uploads into an empty library, page 1 holds min(n, 18) items, newest first, pages = ceil(n / 18), and walking the pages gives every file once; the oldest is then deleted like any other.',
  rule: 'Section 4.3 / 8: "GET /media ... {pages: integer, results: array of Media} ... 18 items per page, newest first".',
  needs: { anyKey: ['paid', 'payg'], control: 'an empty media library to count pages in' },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    await ctx.property(
      'media pages',
      fc.integer({ min: 1, max: 40 }),
      async (n) => {
        const uploaded: string[] = [];
        for (let i = 0; i < n; i++) {
          const e = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm(`page-${i}.png`) });
          ensure(e.status === 200, { operation: 'uploadMedia', received: got(e), documented: '200 Media for a png', exchanges: [e] });
          uploaded.push(documented(e, 'uploadMedia', 200).id);
          await ctx.control!.advance(1);
        }
        const newest = [...uploaded].reverse();
        const pages = Math.ceil(n / 18);
        const seen: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const e = await ctx.api.call({ operationId: 'listMedia', auth: { kind }, query: { page } });
          // Another status reads as an empty page, so the comparisons below fail on it.
          const body = e.status === 200 ? documented(e, 'listMedia', 200) : undefined;
          const ids = body?.results.map((m) => m.id) ?? [];
          const expected = newest.slice((page - 1) * 18, page * 18);
          ensure(body?.pages === pages, { operation: 'listMedia', received: `pages ${body?.pages} with ${n} files`, documented: `pages = ${pages} for ${n} files at "18 items per page"`, exchanges: [e] });
          ensure(ids.length === expected.length, { operation: 'listMedia', received: `${ids.length} items on page ${page} of ${n} files`, documented: `${expected.length} ("18 items per page")`, exchanges: [e] });
          ensure(ids.join() === expected.join(), { operation: 'listMedia', received: `page ${page}: [${ids.join(', ')}]`, documented: `newest first: [${expected.join(', ')}]`, exchanges: [e] });
          seen.push(...ids);
        }
        ensure(new Set(seen).size === n, { operation: 'listMedia', received: `${new Set(seen).size} distinct files over ${pages} pages`, documented: `every one of the ${n} files once` });
        // The oldest file, last on the last page, is deleted like any other.
        const oldest = uploaded[0]!;
        const del = await ctx.api.call({ operationId: 'deleteMedia', path: { id: oldest }, auth: { kind } });
        ensure(del.status === 200 && record(del.responseBody)?.deleted === true, { operation: 'deleteMedia', received: got(del), documented: '200 {deleted: true} for the oldest file of the library (section 4.3)', exchanges: [del] });
      },
      { reset: true, runs: Math.min(ctx.runs, 4), examples: [19], show: (n) => [`upload ${n} png files (the clock moves 1 s between them), then GET /media?page=1..${Math.ceil(n / 18)}`] },
    );
  },
});
