// GET /media?search=<word>: files whose name holds the word are found, files whose name does not are left out.
import fc from 'fast-check';
import { imageForm } from '../arbitraries/files.ts';
import { documented } from '../documented.ts';
import { ensure, got, register } from './registry.ts';

// Words no seeded file name holds; one is searched for, the other names the file that must not be found.
const WORDS = ['quokka', 'narwhal', 'axolotl', 'pangolin', 'capybara', 'okapi'];

export const mediaSearch = register({
  name: 'media_search',
  area: 'media',
  kind: 'property',
  description: 'Two uploads named after two different words: searching for one word lists the file named with it (on page 1, being newest) and not the other.',
  rule: 'Section 4.3: GET /media "search (string, words in file name)".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    await ctx.property(
      'search by a word of the name',
      fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS), fc.nat(9999)).filter(([a, b]) => a !== b),
      async ([word, other, n]) => {
        const ids: string[] = [];
        for (const name of [`${other}-${n}.png`, `${word}-${n}.png`]) {
          const e = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm(name) });
          ensure(e.status === 200, { operation: 'uploadMedia', received: got(e), documented: '200 Media for a png', exchanges: [e] });
          const { id } = documented(e, 'uploadMedia', 200);
          ids.push(id);
          ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
        }
        const [otherId, wordId] = ids;
        const e = await ctx.api.read({ operationId: 'listMedia', auth: { kind }, query: { page: 1, search: word } }, `a search for "${word}"`);
        const found = new Set<string | undefined>(documented(e, 'listMedia', 200).results.map((m) => m.id));
        ensure(found.has(wordId) && !found.has(otherId), {
          operation: 'listMedia',
          received: `search "${word}": ${word}-${n}.png ${found.has(wordId) ? 'found' : 'not found'}, ${other}-${n}.png ${found.has(otherId) ? 'found' : 'not found'}`,
          documented: `search is by "words in file name": ${word}-${n}.png found, ${other}-${n}.png not`,
          exchanges: [e],
        });
      },
      { reset: true, show: ([word, other, n]: [string, string, number]) => [`POST /upload ${other}-${n}.png`, `POST /upload ${word}-${n}.png`, `GET /media?page=1&search=${word}`] },
    );
  },
});
