// brief_patch_semantics: PATCH keeps what it was not sent and replaces each array it was sent, whole.
import fc from 'fast-check';
import { savedBriefDoc } from '../arbitraries/requests.ts';
import { documented, type DocumentedBody } from '../documented.ts';
import { ensure, got, register, show } from './registry.ts';

const FIELDS = ['title', 'blocks', 'links', 'assets'] as const;
type Content = DocumentedBody<'getBriefDocument', 200>['content'];

const block = fc.record({ id: fc.stringMatching(/^b[0-9]{1,3}$/), heading: fc.constantFrom('Tone', 'Audience', 'Goals'), body: fc.constantFrom('Plain.', 'Warm and direct.', 'Short.') });
const link = fc.record({ id: fc.stringMatching(/^l[0-9]{1,3}$/), url: fc.constantFrom('https://blog.example.com', 'https://shop.example.com'), note: fc.constantFrom('Blog', 'Shop') }, { requiredKeys: ['id', 'url'] });
const asset = fc.record(
  { id: fc.stringMatching(/^a[0-9]{1,3}$/), name: fc.constantFrom('Logo', 'Brand guide'), url: fc.constantFrom('https://cdn.example.com/logo.png', 'https://cdn.example.com/guide.pdf'), mime: fc.constantFrom('image/png', 'application/pdf'), note: fc.constantFrom('Primary', 'Latest') },
  { requiredKeys: ['id', 'name', 'url'] },
);
const patch = fc.record(
  // Item ids stay distinct within an array: the reference gives items an id and says nothing of two items sharing one.
  { title: fc.constantFrom('Voice', 'Brand', 'Notes'), blocks: fc.uniqueArray(block, { maxLength: 3, selector: (b) => b.id }), links: fc.uniqueArray(link, { maxLength: 3, selector: (l) => l.id }), assets: fc.uniqueArray(asset, { maxLength: 3, selector: (a) => a.id }) },
  { requiredKeys: [] },
);

export const briefPatchSemantics = register({
  name: 'brief_patch_semantics',
  area: 'brief',
  kind: 'property',
  description: 'After a sequence of PATCHes with random subsets of title/blocks/links/assets, the document equals the model: left-out fields kept, sent arrays replaced whole; GET agrees with the PATCH answer.',
  rule: 'Section 4.7: "A field left out keeps the stored value; blocks, links, assets are each replaced whole, so existing items are sent with the changes."',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    await ctx.property(
      'patch sequence',
      fc.array(patch, { minLength: 1, maxLength: 5 }),
      async (patches) => {
        const doc = await savedBriefDoc(ctx, kind);
        const first = await ctx.api.call({ operationId: 'getBriefDocument', path: doc, auth: { kind } });
        ensure(first.status === 200, { operation: 'getBriefDocument', received: got(first), documented: '200 BriefDocument: the document was just saved', exchanges: [first] });
        const model: Content = { ...documented(first, 'getBriefDocument', 200).content };
        for (const p of patches) {
          const e = await ctx.api.call({ operationId: 'saveBriefDocument', path: doc, body: p, auth: { kind } });
          ensure(e.status === 200, { operation: 'saveBriefDocument', received: got(e), documented: '200 BriefDocument', exchanges: [e] });
          Object.assign(model, p);
          const { content } = documented(e, 'saveBriefDocument', 200);
          for (const field of FIELDS) {
            ensure(JSON.stringify(content[field]) === JSON.stringify(model[field]), {
              operation: 'saveBriefDocument',
              received: `${field} ${show(content[field])} after PATCH ${show(p)}`,
              documented: `${field} ${show(model[field])} (${field in p ? 'sent: replaced whole' : 'left out: keeps the stored value'})`,
              exchanges: [e],
            });
          }
        }
        const read = await ctx.api.call({ operationId: 'getBriefDocument', path: doc, auth: { kind } });
        // Another status reads as no fields, so each comparison fails on it.
        const content = read.status === 200 ? documented(read, 'getBriefDocument', 200).content : undefined;
        for (const field of FIELDS) {
          ensure(JSON.stringify(content?.[field]) === JSON.stringify(model[field]), { operation: 'getBriefDocument', received: `${field} ${show(content?.[field])}`, documented: `${field} ${show(model[field])} as saved`, exchanges: [read] });
        }
      },
      { reset: true, examples: [[{ links: [{ id: 'l1', url: 'https://blog.example.com', note: 'Blog' }], assets: [{ id: 'a1', name: 'Logo', url: 'https://cdn.example.com/logo.png' }] }, { title: 'Voice' }, { assets: [] }]], show: (ps: unknown[]) => ps.map((p) => `PATCH /brief/{category}/{key} ${JSON.stringify(p)}`) },
    );
  },
});
