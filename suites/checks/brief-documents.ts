// brief_documents_read_back_apart: each brief document reads back as the one saved at its own category and key, a deleted one is gone, and one GET /brief lists can be saved again.
import fc from 'fast-check';
import { record } from '../discover.ts';
import { documented } from '../documented.ts';
import { writableBriefDocs, type BriefDocRef } from '../resources.ts';
import type { Exchange } from '../exchange.ts';
import { ensure, got, register, show } from './registry.ts';

interface Op {
  doc: number;
  op: 'save' | 'delete';
  title: string;
}

const TITLES = ['Spring plan', 'Voice notes', 'Sources to watch', 'Shop pages', 'Launch'];

export const briefDocumentsApart = register({
  name: 'brief_documents_read_back_apart',
  area: 'brief',
  kind: 'property',
  description:
    'Every document GET /brief lists can be saved again (PATCH with its own title answers 200 and keeps its blocks, links and assets). After a sequence of PATCHes and DELETEs over several documents (fixed ones and new keys where GET /brief/schema says a category takes them), each document saved and not deleted reads back (GET /brief/{category}/{key}) with its own category, key and last title, and GET /brief lists it so; each one a DELETE answered {deleted: true} for answers 404 and is not listed.',
  rule: 'Section 4.7: GET /brief/<category>/<key> gives that BriefDocument, 404 when not found; PATCH: "A field left out keeps the stored value"; DELETE answers {deleted: boolean}; GET /brief/schema gives "what may be created or deleted in each" (nothing restricts editing a document that exists); section 2.12: BriefDocument `category`, `key`, `content`.',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    const writable = await writableBriefDocs(ctx, kind);
    // A second new key in each category that takes new ones, so two documents of one category are kept apart too.
    const docs: BriefDocRef[] = writable.flatMap((d) => (d.created ? [d, { ...d, key: `${d.key}-2` }] : [d]));
    if (docs.length < 2) ctx.notVerified('GET /brief/schema names fewer than two documents to write');
    const path = (d: BriefDocRef) => ({ category: d.category, key: d.key });
    for (const d of docs) if (d.created) ctx.cleanup(() => ctx.api.call({ operationId: 'deleteBriefDocument', path: path(d), auth: { kind } }));
    const arb = fc.array(fc.record({ doc: fc.nat({ max: docs.length - 1 }), op: fc.constantFrom<Op['op']>('save', 'save', 'delete'), title: fc.constantFrom(...TITLES) }), { minLength: 1, maxLength: 6 });
    await ctx.property(
      'brief documents read back apart',
      arb,
      async (ops) => {
        // Documents that exist already (seeded, or saved before): saving one again with its own title is an edit.
        const listed = await ctx.api.call({ operationId: 'listBriefDocuments', auth: { kind } });
        ensure(listed.status === 200, { operation: 'listBriefDocuments', received: got(listed), documented: '200 {registryVersion, documents}', exchanges: [listed] });
        for (const existing of documented(listed, 'listBriefDocuments', 200).documents) {
          const e = await ctx.api.call({ operationId: 'saveBriefDocument', path: { category: existing.category, key: existing.key }, body: { title: existing.content.title }, auth: { kind } });
          const content = e.status === 200 ? documented(e, 'saveBriefDocument', 200).content : undefined;
          ensure(content && JSON.stringify(content) === JSON.stringify(existing.content), {
            operation: 'saveBriefDocument',
            received: e.status === 200 ? `content ${show(content)}` : got(e),
            documented: `200 with the content GET /brief listed for ${existing.category}/${existing.key}, ${show(existing.content)}: the document exists, so this is an edit (GET /brief/schema restricts only creating and deleting), and each field left out keeps the stored value`,
            exchanges: [listed, e],
          });
        }
        // The model: what each document holds after the sequence (undefined: never saved here, null: deleted).
        const model = new Map<number, string | null>();
        const trail: Exchange[] = [];
        for (const o of ops) {
          const d = docs[o.doc]!;
          if (o.op === 'save') {
            const e = await ctx.api.call({ operationId: 'saveBriefDocument', path: path(d), body: { title: o.title }, auth: { kind } });
            trail.push(e);
            if (e.status !== 200) continue;
            const saved = documented(e, 'saveBriefDocument', 200);
            ensure(saved.category === d.category && saved.key === d.key && saved.content.title === o.title, {
              operation: 'saveBriefDocument',
              received: `${saved.category}/${saved.key} titled ${show(saved.content.title)}`,
              documented: `${d.category}/${d.key} titled ${show(o.title)}: the document at the PATCH's path`,
              exchanges: [e],
            });
            model.set(o.doc, o.title);
          } else {
            const e = await ctx.api.call({ operationId: 'deleteBriefDocument', path: path(d), auth: { kind } });
            trail.push(e);
            const deleted = e.status === 200 && record(e.responseBody)?.deleted === true;
            // Deleting is "Only in a category that allows it": where the schema says it does not, nothing goes.
            ensure(!(deleted && d.deletable === false), {
              operation: 'deleteBriefDocument',
              received: `${got(e)} for ${d.category}/${d.key}`,
              documented: `a refusal (400) and the document kept: GET /brief/schema says category ${d.category} allows no deleting (section 4.7 DELETE: "Only in a category that allows it")`,
              exchanges: [...trail],
            });
            if (deleted) model.set(o.doc, null);
          }
        }
        const list = await ctx.api.call({ operationId: 'listBriefDocuments', auth: { kind } });
        ensure(list.status === 200, { operation: 'listBriefDocuments', received: got(list), documented: '200 {registryVersion, documents}', exchanges: [list] });
        const all = documented(list, 'listBriefDocuments', 200).documents;
        for (const [i, title] of model) {
          const d = docs[i]!;
          const e = await ctx.api.call({ operationId: 'getBriefDocument', path: path(d), auth: { kind } });
          const inList = all.filter((x) => x.category === d.category && x.key === d.key);
          if (title === null) {
            ensure(e.status === 404 && inList.length === 0, {
              operation: 'getBriefDocument',
              received: `${got(e)}; GET /brief lists it ${inList.length} time(s)`,
              documented: `404 and not listed: ${d.category}/${d.key} was deleted ({deleted: true}) and not saved since`,
              exchanges: [...trail, e, list],
            });
            continue;
          }
          const read = e.status === 200 ? documented(e, 'getBriefDocument', 200) : undefined;
          ensure(read && read.category === d.category && read.key === d.key && read.content.title === title, {
            operation: 'getBriefDocument',
            received: read ? `${read.category}/${read.key} titled ${show(read.content.title)}` : got(e),
            documented: `200 ${d.category}/${d.key} titled ${show(title)}, as last saved`,
            exchanges: [...trail, e],
          });
          ensure(inList.length === 1 && inList[0]!.content.title === title, {
            operation: 'listBriefDocuments',
            received: `${d.category}/${d.key} listed ${inList.length} time(s)${inList[0] ? `, titled ${show(inList[0].content.title)}` : ''}`,
            documented: `listed once, titled ${show(title)}: a document of the brief, as last saved`,
            exchanges: [...trail, list],
          });
        }
      },
      {
        reset: true,
        // Documents saved one after the other, then the last deleted and the first asked to go (its category may
        // allow no deleting: the first is a fixed document where GET /brief/schema has one), every run whatever the
        // seed draws.
        runs: ctx.runs + 1,
        examples: [[{ doc: 0, op: 'save', title: TITLES[0]! }, { doc: 1, op: 'save', title: TITLES[1]! }, { doc: docs.length - 1, op: 'save', title: TITLES[2]! }, { doc: docs.length - 1, op: 'delete', title: TITLES[2]! }, { doc: 0, op: 'delete', title: TITLES[0]! }]],
        show: (ops: Op[]) => ['GET /brief, then PATCH each listed document with its own title', ...ops.map((o) => `${o.op === 'save' ? `PATCH {title: ${JSON.stringify(o.title)}}` : 'DELETE'} /brief/${docs[o.doc]!.category}/${docs[o.doc]!.key}`), 'GET /brief and GET each document'],
      },
    );
  },
});
