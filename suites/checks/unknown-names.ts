// unknown_names_refused: a skill slug, provider, channel or brief category that the workspace does not have is refused, not served, and changes nothing.
import fc from 'fast-check';
import { record } from '../discover.ts';
import { documented } from '../documented.ts';
import type { Exchange } from '../history.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register } from './registry.ts';

const word = fc.stringMatching(/^[a-z]{4,10}$/);

type Names = Record<'slug' | 'provider' | 'channel' | 'category' | 'key', string>;

export const unknownNamesRefused = register({
  name: 'unknown_names_refused',
  area: 'generic',
  kind: 'property',
  description:
    'GET /skills/<a slug GET /skills does not list> answers 404; GET /social/<no provider> and GET /social/<provider>?refresh=<no channel of the workspace> answer 400 without a url; PATCH and DELETE /brief/<a category /brief/schema does not list>/<key> are refused (400 or 404, which one is not said) and GET /brief is unchanged.',
  rule: 'Section 4.6: GET /skills/<slug> "402, 404"; 4.1: GET /social/<integration> "400 invalid", `refresh` the "id of an existing channel"; 4.7: `category` "id from /brief/schema"; section 7: 404 "Not found", 400 "Invalid request".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const d = await ctx.discover();
    const channels = d.workspaces[kind]?.channels ?? [];
    const skills = await ctx.api.read({ operationId: 'listSkills', auth: { kind } }, 'the skills library (which slugs exist)');
    const slugs = new Set(documented(skills, 'listSkills', 200).skills.map((s) => s.slug));
    const schema = await ctx.api.read({ operationId: 'getBriefSchema', auth: { kind } }, 'the brief registry (which categories exist)');
    // A category's fields are not shown in the reference: any of its names is taken.
    const categories = new Set(documented(schema, 'getBriefSchema', 200).categories.map((c) => c.id ?? c.key ?? c.category));
    await ctx.property(
      'a name the workspace does not have is refused and changes nothing',
      fc.record<Names>({ slug: word, provider: word, channel: word, category: word, key: word }),
      async (n) => {
        const slug = `verify-${n.slug}`;
        if (!slugs.has(slug)) {
          const e = await ctx.api.call({ operationId: 'getSkill', path: { slug }, auth: { kind } });
          ensure(e.status === 404, { operation: 'getSkill', received: `${got(e)} for "${slug}", which GET /skills does not list`, documented: '404: no such skill (section 4.6 lists 404; section 7: "Not found")', exchanges: [skills, e] });
        }
        const provider = `verify-${n.provider}`;
        const unknown = await ctx.api.call({ operationId: 'getSocialConnectUrl', path: { integration: provider }, auth: { kind } });
        // An error body, read unvalidated: a connect URL in it is the failure, whatever else it holds.
        ensure(unknown.status === 400 && record(unknown.responseBody)?.url === undefined, {
          operation: 'getSocialConnectUrl',
          received: `${got(unknown)} for the provider "${provider}"`,
          documented: '400 and no connect URL: a provider identifier that names no provider is invalid (section 4.1: "400 invalid")',
          exchanges: [unknown],
        });
        const known = channels.find((c) => !c.disabled);
        const refresh = `verify-${n.channel}`;
        if (known && !channels.some((c) => c.id === refresh)) {
          const e = await ctx.api.call({ operationId: 'getSocialConnectUrl', path: { integration: known.identifier }, query: { refresh }, auth: { kind } });
          ensure(e.status === 400 && record(e.responseBody)?.url === undefined, {
            operation: 'getSocialConnectUrl',
            received: `${got(e)} for ${known.identifier} with refresh=${refresh}, no channel of the workspace`,
            documented: '400 and no connect URL: `refresh` is "id of an existing channel to reconnect" (section 4.1: "400 invalid")',
            exchanges: [e],
          });
        }
        const category = `verify-${n.category}`;
        if (categories.has(category)) return;
        const path = { category, key: `verify-${n.key}` };
        const before = await ctx.api.read({ operationId: 'listBriefDocuments', auth: { kind } }, 'the brief before writing to an unknown category');
        const save = await ctx.api.call({ operationId: 'saveBriefDocument', path, body: { title: 'Nowhere' }, auth: { kind } });
        const del = await ctx.api.call({ operationId: 'deleteBriefDocument', path, auth: { kind } });
        const after = await ctx.api.read({ operationId: 'listBriefDocuments', auth: { kind } }, 'the brief after writing to an unknown category');
        for (const e of [save, del]) {
          ensure(e.status === 400 || e.status === 404, {
            operation: e.operationId,
            received: `${got(e)} for ${category}/${path.key}, a category GET /brief/schema does not list`,
            documented: '400 or 404 (the reference does not say which): `category` is an "id from /brief/schema" (section 4.7); section 7: "Invalid request" or "Not found"',
            exchanges: [schema, e],
          });
        }
        const docs = (e: Exchange) => JSON.stringify(documented(e, 'listBriefDocuments', 200).documents.map((x) => [x.category, x.key, x.updatedAt]));
        ensure(docs(before) === docs(after), {
          operation: 'saveBriefDocument',
          received: `GET /brief ${docs(before)} before, ${docs(after)} after`,
          documented: 'a refused PATCH or DELETE changes no document (section 7)',
          exchanges: [save, del, after],
        });
      },
      {
        runs: Math.min(ctx.runs, 2),
        show: (n: Names) => [`GET /skills/verify-${n.slug}`, `GET /social/verify-${n.provider}`, `GET /social/<provider>?refresh=verify-${n.channel}`, `PATCH and DELETE /brief/verify-${n.category}/verify-${n.key}`],
      },
    );
  },
});
