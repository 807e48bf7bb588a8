// The /docs page's own edition of the public document (GET /docs/openapi.json): the same paths and schemas, with the
// examples "Try it out" pre-fills taken from the live world and clock, so that each one runs unedited.
//
// The contract (/api/public/v1/openapi.json) keeps its illustrative examples (`ch_x_1`, a date in 2025): they explain
// the shapes, but this mock has no such channel and a date in the past is refused. This edition is read-only (a GET
// must not change the world): what the seeded world lacks (a post, a media item) is taken from the world as it is when
// the page loads, and until there is one the example is a placeholder whose operation says what to run first.
import { providerInfo, type Channel, type PostRow, type Workspace, type World } from '../domain/world.ts';
import type { OpenApiDocument } from '../../spec/documents.ts';
import { deref } from '../../spec/validator.ts';

type Json = Record<string, any>;

/** The placeholders used until the world has what an operation needs: each reaches that operation's documented 404. */
export const DOCS_PLACEHOLDERS = { post: 'no-post-yet', media: 'no-media-yet', ticket: 'token-from-POST-upload-ticket' } as const;

/**
 * A name as Markdown text: Swagger UI renders descriptions as Markdown, and a workspace named `![x](https://…)` would
 * otherwise be an image the page fetches. Every punctuation character Markdown reads is escaped, line breaks flattened.
 */
export function markdownText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>~&"']/g, (c) => `\\${c}`);
}

/**
 * The workspace whose world fills the examples: the first on the paid plan (the seeded Lumen Studio), since only a
 * paid plan reaches every operation (AI, brief, skills) and its wallet operations answer too; else the first.
 */
export function examplesWorkspace(world: World): Workspace {
  const all = [...world.workspaces.values()];
  return all.find((ws) => ws.plan === 'paid') ?? all[0]!;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(doc: Json): Map<string, { op: Json; item: Json }> {
  const found = new Map<string, { op: Json; item: Json }>();
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) if (item[method]?.operationId) found.set(item[method].operationId, { op: item[method], item });
  }
  return found;
}

/** The hour after the next full hour, `days` days from now: a date the mock takes for a scheduled post. */
function futureDate(now: number, days: number): string {
  const hour = 3_600_000;
  return new Date(Math.ceil(now / hour) * hour + days * 86_400_000).toISOString();
}

function startOfDay(ms: number): number {
  return ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
}

/** The examples an operation gets: path and query parameters by name, and a function that rewrites each JSON body example. */
interface Filled {
  params?: Record<string, string>;
  body?: (example: any) => any;
  /** Said first in the operation's description: what to do before its example can run. */
  note?: string;
}

function pickChannel(ws: Workspace, test: (c: Channel) => boolean): Channel | undefined {
  return ws.channels.find((c) => !c.disabled && test(c)) ?? ws.channels.find(test);
}

/** The newest post that heads its group (its id is what the post operations take), preferring one not yet published. */
function latestPost(ws: Workspace): PostRow | undefined {
  let latest: PostRow | undefined;
  let latestUnsent: PostRow | undefined;
  for (const row of ws.posts.rows.values()) {
    if (row.index !== 0) continue;
    if (!latest || row.createdAt >= latest.createdAt) latest = row;
    if (row.state !== 'PUBLISHED' && (!latestUnsent || row.createdAt >= latestUnsent.createdAt)) latestUnsent = row;
  }
  return latestUnsent ?? latest;
}

function examples(world: World, ws: Workspace, now: number, doc: Json): Record<string, Filled> {
  // The scheduled example runs on a channel of the provider its settings are for; the draft (no settings) on another
  // channel whose provider takes a text-only post.
  const postExamples: Json[] = Object.values(deref(doc, operations(doc).get('createPosts')?.op.requestBody)?.content?.['application/json']?.examples ?? {});
  const scheduledType = postExamples.map((e) => e?.value).find((v) => v?.type !== 'draft')?.posts?.[0]?.settings?.__type;
  const channel = pickChannel(ws, (c) => c.identifier === scheduledType) ?? pickChannel(ws, () => true);
  const second = pickChannel(ws, (c) => c.id !== channel?.id && c.identifier !== channel?.identifier && !providerInfo(world, c.identifier).media) ?? channel;
  const providerTools = (c: Channel) => world.fixtures.providers[c.identifier]?.tools?.map((t) => t.methodName) ?? [];
  const triggerExample = deref(doc, operations(doc).get('triggerIntegrationTool')?.op.requestBody)?.content?.['application/json']?.example;
  const toolChannel =
    pickChannel(ws, (c) => providerTools(c).includes(triggerExample?.methodName)) ?? pickChannel(ws, (c) => providerTools(c).length > 0);
  // Deleting a channel is tried on one no other example uses: a disabled one when there is one.
  const removable = [...ws.channels].reverse().find((c) => c.disabled && c.id !== channel?.id) ?? [...ws.channels].reverse().find((c) => c.id !== channel?.id);
  const post = latestPost(ws);
  const media = ws.media.items.at(-1);
  const saved = [...ws.brief.documents.values()];
  const registry = world.fixtures.briefRegistry;
  const deletable = saved.find((d) => registry.categories.find((c) => c.id === d.category)?.delete);
  const readable = saved[0];
  // The brief document a PATCH example can write: one the registry lists, holding every kind of content the example sends.
  const saveExample = deref(doc, operations(doc).get('saveBriefDocument')?.op.requestBody)?.content?.['application/json']?.example ?? {};
  const sends = ['blocks', 'links', 'assets'].filter((k) => k in saveExample);
  const writable = registry.categories
    .flatMap((c) => c.documents.map((d) => ({ category: c.id, key: d.key, holds: Array.isArray(d.holds) ? (d.holds as string[]) : [] })))
    .find((d) => sends.every((k) => d.holds.includes(k)));
  const skill = world.fixtures.skills[0];
  const image = media ? [{ id: media.id, path: media.path }] : [];

  const postNote = `No post in ${markdownText(ws.name)} yet, so the id below is a placeholder (a 404): create one with \`POST /posts\` (its example runs as it is), then reload this page and the example carries its id.`;
  const postParams = (name: string, value: (p: PostRow) => string): Filled =>
    post ? { params: { [name]: value(post) } } : { params: { [name]: DOCS_PLACEHOLDERS.post }, note: postNote };

  const withParam = (fill: Filled, name: string, value: string): Filled => ({ ...fill, params: { ...fill.params, [name]: value } });

  const filled: Record<string, Filled> = {
    getIntegrationSettings: { params: { id: channel?.id ?? '' } },
    triggerIntegrationTool: {
      params: { id: toolChannel?.id ?? '' },
      body: (ex) =>
        toolChannel && !providerTools(toolChannel).includes(ex?.methodName) ? { methodName: providerTools(toolChannel)[0], data: {} } : ex,
    },
    getSocialConnectUrl: { params: { integration: channel?.identifier ?? scheduledType ?? '' } },
    deleteIntegration: { params: { id: removable?.id ?? '' } },
    findSlot: { params: { id: channel?.id ?? '' } },
    listPosts: {
      params: { startDate: new Date(startOfDay(now) - 7 * 86_400_000).toISOString(), endDate: new Date(startOfDay(now) + 31 * 86_400_000).toISOString() },
    },
    createPosts: {
      // Both examples, each on a channel of this workspace and in the future; an image only when the library has one.
      body: (ex) => {
        const draft = ex?.type === 'draft';
        const on = draft ? second : channel;
        return {
          ...ex,
          date: futureDate(now, draft ? 2 : 1),
          posts: (ex?.posts ?? []).map((p: Json) => ({
            ...p,
            integration: { id: on?.id ?? p.integration?.id },
            value: (p.value ?? []).map((v: Json, i: number) => ({
              ...v,
              content: typeof v.content === 'string' ? v.content.replace(/\(post:[^)]*\)/g, 'our blog') : v.content,
              image: i === 0 && (v.image ?? []).length > 0 ? image.map((m) => ({ ...m, ...(v.image[0].alt ? { alt: v.image[0].alt } : {}) })) : [],
            })),
            ...(p.settings?.__type && on && p.settings.__type !== on.identifier ? { settings: undefined } : {}),
          })),
        };
      },
    },
    changePostStatus: postParams('id', (p) => p.id),
    setPostReleaseId: postParams('id', (p) => p.id),
    listMissingReleases: postParams('id', (p) => p.id),
    deletePost: postParams('id', (p) => p.id),
    deletePostGroup: postParams('group', (p) => p.group),
    getPostAnalytics: withParam(postParams('postId', (p) => p.id), 'date', '7'),
    uploadWithTicket: {
      params: { token: DOCS_PLACEHOLDERS.ticket },
      note: 'A ticket is single use and minted per request, so no example can carry a live one: run `POST /upload-ticket`, put the token from its `url` here and pick a file. The placeholder reaches the 404 of a link that is invalid or expired.',
    },
    uploadBriefFile: {
      params: { token: DOCS_PLACEHOLDERS.ticket },
      note: 'A ticket is single use and minted per request, so no example can carry a live one: run `POST /upload-ticket` with `{"purpose": "brief"}`, put the token from its `url` here and pick a file. The placeholder reaches the 404 of a link that is invalid or expired.',
    },
    uploadMedia: { note: 'Pick a file below: a page cannot pre-fill one, so this operation has no runnable example.' },
    uploadMediaFromUrl: {
      note: 'The mock fetches the URL for real and takes only a public https image, so the example runs only when the mock reaches the internet and the URL names an image there; otherwise it is refused with a 400 that says why.',
    },
    deleteMedia: media
      ? { params: { id: media.id } }
      : {
          params: { id: DOCS_PLACEHOLDERS.media },
          note: `No media in ${markdownText(ws.name)}'s library yet, so the id below is a placeholder (a 404): upload a file with \`POST /upload\`, then reload this page and the example carries its id.`,
        },
    getChannelAnalytics: { params: { integration: channel?.id ?? '', date: '7' } },
    getSkill: { params: { slug: skill?.slug ?? '' } },
    getBriefDocument: readable
      ? { params: { category: readable.category, key: readable.key } }
      : { params: { category: writable?.category ?? '', key: writable?.key ?? '' }, note: 'No brief document is saved yet: save this one first with `PATCH` on the same path.' },
    saveBriefDocument: { params: { category: writable?.category ?? '', key: writable?.key ?? '' } },
    deleteBriefDocument: deletable
      ? { params: { category: deletable.category, key: deletable.key } }
      : { params: { category: 'sources', key: 'no-document-yet' }, note: 'No deletable brief document is saved yet: save one under `sources` with `PATCH`, then reload this page.' },
  };
  return filled;
}

/** Give the operation its own copy of a parameter, with `example` set: shared component parameters stay as they are. */
function setParam(doc: Json, op: Json, item: Json, name: string, value: string): void {
  const own: any[] = (op.parameters ??= []);
  const index = own.findIndex((p) => deref(doc, p)?.name === name);
  const base = index >= 0 ? deref(doc, own[index]) : (item.parameters ?? []).map((p: any) => deref(doc, p)).find((p: Json) => p?.name === name);
  if (!base) return;
  // `examples` would win over `example` in Swagger UI: the edition's value is the only one.
  const { examples: _examples, ...rest } = base;
  const next = { ...rest, example: value };
  if (index >= 0) own[index] = next;
  else own.push(next);
}

/**
 * The public document as /docs shows it: server and paths as GET /openapi.json serves them, with every example
 * "Try it out" pre-fills taken from the examples workspace's world and the mock clock. `keyShown` says whether the
 * page may name that workspace's key (not under --control-token without the token).
 */
export function docsDocument(served: OpenApiDocument, world: World, now: number, keyShown: boolean): OpenApiDocument {
  const doc: Json = structuredClone(served);
  const ws = examplesWorkspace(world);
  const filled = examples(world, ws, now, doc);
  for (const [operationId, { op, item }] of operations(doc)) {
    const fill = filled[operationId];
    if (!fill) continue;
    for (const [name, value] of Object.entries(fill.params ?? {})) setParam(doc, op, item, name, value);
    if (fill.body && op.requestBody) {
      const body = (op.requestBody = structuredClone(deref(doc, op.requestBody)));
      const json = body.content?.['application/json'];
      if (json?.example !== undefined) json.example = fill.body(json.example);
      for (const named of Object.values<Json>(json?.examples ?? {})) {
        const resolved = deref(doc, named);
        Object.assign(named, { ...resolved, value: fill.body(resolved.value) });
        delete named.$ref;
      }
    }
    if (fill.note) op.description = `**On this mock:** ${fill.note}${op.description ? `\n\n${op.description}` : ''}`;
  }
  const who = keyShown ? `the demo key \`${ws.apiKey}\`` : `its key (the bar lists the demo keys once given the control token)`;
  doc.info = {
    ...doc.info,
    description:
      `**This page's examples run as they are on this mock**, filled from the world of ${markdownText(ws.name)} (\`${ws.id}\`, ${ws.plan} plan) ` +
      `and dated after the mock's clock: authorize with ${who}. The contract's own document, with illustrative examples, is ` +
      `\`GET /openapi.json\`.\n\n${doc.info?.description ?? ''}`,
  };
  return doc;
}
