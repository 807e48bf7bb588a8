// The fault catalogue, The agent brief and the skills library (sections 4.6 and 4.7): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, around, forgetting, nowIn, onOk, remember, segmentAt, workspaceOf } from './helpers.ts';
import { getSkill, listSkills } from '../../domain/skills.ts';

/** A brief PATCH's violation: an item of `list` without `field` (a validator that forgot it is required). */
const briefItemMissing = (list: string, field: string) => (v: { path: string; keyword?: string; params?: Record<string, any> }) =>
  new RegExp(`^/${list}/\\d+$`).test(v.path) && v.keyword === 'required' && v.params?.missingProperty === field;

/** The brief faults, in the catalogue's order. */
export const BRIEF: FaultDefinition[] = [
  {
    name: 'brief-patch-clears-omitted',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} empties the `links` it was not sent (kept links are lost).',
    caughtBy: ['brief_patch_semantics'],
    operations: ['saveBriefDocument', 'getBriefDocument'],
    override: onOk((state, r, ws, { operationId }) => {
      const mem = remember(state.world);
      const key = `brief:${ws.id}:${r.body.category}/${r.body.key}`;
      const before = mem.get(key);
      if (operationId === 'saveBriefDocument' && before && before.links.length > 0 && JSON.stringify(before.links) === JSON.stringify(r.body.content.links)) {
        const stored = (ws.brief.documents as Map<string, any>).get(`${r.body.category}/${r.body.key}`);
        if (stored) stored.content = { ...stored.content, links: [] };
        r = { ...r, body: { ...r.body, content: { ...r.body.content, links: [] } } };
      }
      mem.set(key, r.body.content);
      return r;
    }),
  },
  {
    name: 'skills-search-reads-when-to-use',
    area: 'skills',
    description: 'GET /skills?search=<words> also searches each skill\'s whenToUse, so a word found only there lists the skill, though the reference searches name, summary and tags.',
    caughtBy: ['skills_filtered_by_tag_and_search'],
    operations: ['listSkills'],
    override: onOk((state, r, _ws, { request }) => {
      const q = new URL(request.url).searchParams;
      const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter((w) => w.length > 0);
      if (words.length === 0) return undefined;
      const { skills, skillTags } = state.world.fixtures;
      const tag = q.get('tag') ?? undefined;
      const label = (k: string) => skillTags?.find((t) => t.key === k)?.label ?? k;
      const found = listSkills(skills, skillTags ?? [], { tag }).skills.filter((s) => {
        const text = [s.name, s.summary, s.whenToUse, ...s.tags, ...s.tags.map(label)].join('\n').toLowerCase();
        return words.every((w) => text.includes(w));
      });
      return { ...r, body: { ...r.body, skills: found } };
    }),
  },
  {
    name: 'skill-page-ungated',
    area: 'skills',
    description: 'GET /skills/<slug> forgot the gate GET /skills has: a free workspace that never topped up reads a skill (or a 404 for an unknown slug) instead of 402.',
    caughtBy: ['plan_gates'],
    handlers: {
      getSkill: (inner) => ({ ...inner, handle: (ctx) => ({ body: getSkill(ctx.world.fixtures.skills, ctx.params.slug) }) }),
    },
  },
  {
    name: 'brief-lists-registry-only',
    area: 'brief',
    description: "GET /brief lists the documents the registry names (the foundation's fixed ones), so a document created under a new key reads back by its path but is not listed.",
    caughtBy: ['brief_documents_read_back_apart'],
    operations: ['listBriefDocuments'],
    override: onOk((state, r) => {
      const named = new Set((state.world.fixtures.briefRegistry?.categories ?? []).flatMap((c: any) => (c.documents ?? []).map((d: any) => `${c.id}/${d.key}`)));
      const documents = (r.body?.documents ?? []).filter((d: any) => named.has(`${d.category}/${d.key}`));
      return documents.length === r.body?.documents?.length ? undefined : { ...r, body: { ...r.body, documents } };
    }),
  },
  {
    name: 'brief-document-blank',
    area: 'brief',
    description: 'GET /brief/<category>/<key> of a document never saved, or deleted, answers an empty one (a template: the key as title, no blocks, links or assets) instead of 404.',
    caughtBy: ['use_after_free'],
    operations: ['getBriefDocument'],
    override: (state) => (r, { request }) => {
      const [category, key] = [segmentAt(request.url, -2), segmentAt(request.url, -1)];
      const ws = workspaceOf(state, request);
      if (r.status !== 404 || !ws || !state.world.fixtures.briefRegistry.categories.some((c) => c.id === category)) return undefined;
      return { status: 200, headers: {}, body: { category, key, content: { title: key, blocks: [], links: [], assets: [] }, updatedAt: new Date(nowIn(state, ws)).toISOString() } };
    },
  },
  {
    name: 'brief-block-heading-unchecked',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} saves a block without its `heading` (section 2.12: BriefBlock id, heading, body all required).',
    caughtBy: ['negative_data_rejection'],
    handlers: { saveBriefDocument: forgetting(briefItemMissing('blocks', 'heading')) },
  },
  {
    name: 'brief-link-url-unchecked',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} saves a link without its `url` (section 2.12: BriefLink id and url required).',
    caughtBy: ['negative_data_rejection'],
    handlers: { saveBriefDocument: forgetting(briefItemMissing('links', 'url')) },
  },
  {
    name: 'brief-asset-name-unchecked',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} saves an asset without its `name` (section 2.12: BriefAsset id, name and url required).',
    caughtBy: ['negative_data_rejection'],
    handlers: { saveBriefDocument: forgetting(briefItemMissing('assets', 'name')) },
  },
  {
    name: 'brief-delete-any-category',
    area: 'brief',
    description: 'DELETE /brief/{category}/{key} deletes a document of any category, answering {deleted: true} where GET /brief/schema says the category allows no deleting (section 4.7: "Only in a category that allows it", else 400).',
    caughtBy: ['brief_documents_read_back_apart'],
    handlers: {
      deleteBriefDocument: (inner) =>
        around(inner, (ctx, handle) => {
          const registry = ctx.world.fixtures.briefRegistry;
          const lenient = { ...registry, categories: registry.categories.map((c) => ({ ...c, delete: true })) };
          return handle({ ...ctx, world: { ...ctx.world, fixtures: { ...ctx.world.fixtures, briefRegistry: lenient } } });
        }),
    },
  },
  {
    name: 'brief-patch-drops-assets',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} saves the title, blocks and links it is sent but not the `assets` (an older handler that predates them), so an uploaded brief file listed there is never registered (section 4.7).',
    caughtBy: ['brief_patch_semantics'],
    handlers: {
      saveBriefDocument: (inner) =>
        around(inner, (ctx, handle) => {
          if (!ctx.body || typeof ctx.body !== 'object' || !('assets' in ctx.body)) return handle(ctx);
          const { assets: _, ...rest } = ctx.body;
          return handle({ ...ctx, body: rest });
        }),
    },
  },
];
