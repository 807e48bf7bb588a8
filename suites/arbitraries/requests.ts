// Valid requests for every public operation: schema-valid, with real ids and the reference's own rules, plus any setup they need.
import fc from 'fast-check';
import type { RequestSpec } from '../client.ts';
import type { CheckContext } from '../checks/registry.ts';
import { NotVerified } from '../checks/registry.ts';
import type { ChannelInfo } from '../discover.ts';
import type { KeyKind } from '../target.ts';
import { documentedProviders } from '../provider-settings.ts';
import { createPostsBody, futureDate, contentArb } from './posts.ts';
import { imageForm } from './files.ts';
import { fromSchema } from './schema.ts';
import { asSchema, atPointer, type JsonSchema } from '../json.ts';
import { loadSpec } from '../../spec/load.ts';
import { createPosts, findPost, mintTicket, uploadImage, writableBriefDocs } from '../resources.ts';
import { documented, type OperationId } from '../documented.ts';
import { transactionsSize, transactionTypes } from '../wallet-helpers.ts';

export interface GenEnv {
  kind: KeyKind;
  channels: ChannelInfo[];
  allChannels: ChannelInfo[];
  groups: Array<{ id: string; name: string }>;
  now: number;
  controlled: boolean;
  fetchableImageUrl?: string;
  /** Providers the price list names (charged: a free workspace cannot connect them before its first top-up). */
  priced: string[];
}

/** Providers to ask about: every one the document describes, and those of the workspace's channels. */
function providersOf(env: GenEnv): string[] {
  return [...new Set([...documentedProviders().keys(), ...env.allChannels.map((c) => c.identifier)])];
}

export interface Case {
  operationId: string;
  /** How the request reads, for failure reports. */
  label: string;
  /** Make what the request needs and return it. */
  build(ctx: CheckContext): Promise<RequestSpec>;
  /** Statuses accepted besides 2xx, and why. */
  accept?: Record<number, string>;
}

const word = fc.stringMatching(/^[a-z][a-z0-9]{2,8}$/);
const DATE_BACK = fc.constantFrom('7', '30', '90', '1', '14');

function simple(operationId: string, spec: Omit<RequestSpec, 'operationId'>, label?: string): Case {
  return { operationId, label: label ?? `${operationId} ${JSON.stringify({ ...spec, auth: undefined })}`, build: async () => ({ operationId, ...spec }) };
}

function schemaOf(pointer: string): JsonSchema {
  return asSchema(atPointer(loadSpec(), pointer));
}

type Gen = (env: GenEnv) => fc.Arbitrary<Case> | string;

/**
 * Helpers whose input the reference implies: `validateDocument` "checks one" document (sanity's `documentId`), and
 * `audioSearch` takes `q`, "empty for trending", and `type` `music` or `original_sound` (section 2.9).
 */
const TOOL_DATA: Record<string, Record<string, string>> = { validateDocument: { documentId: 'verify-document' }, audioSearch: { q: '', type: 'music' } };

const toolCase = (c: ChannelInfo, methodName: string): Case => simple('triggerIntegrationTool', { path: { id: c.id }, body: { methodName, data: TOOL_DATA[methodName] ?? {} } });

/**
 * Each helper the workspace's channels list, once, on the first channel listing it: the cases every run sends, so
 * that no helper is left to the seed (a server may answer one helper and not another).
 */
export function everyTool(env: GenEnv): Case[] {
  const seen = new Map<string, Case>();
  for (const c of env.allChannels) for (const t of c.tools) if (!seen.has(t)) seen.set(t, toolCase(c, t));
  return [...seen.values()];
}

const pickChannel = (env: GenEnv) => (env.channels.length > 0 ? fc.constantFrom(...env.channels) : undefined);

function withPost(env: GenEnv, type: 'draft' | 'schedule' | 'now', make: (ids: { postId: string; group?: string; date: string }) => Omit<RequestSpec, 'operationId'>, operationId: string, needGroup = false): fc.Arbitrary<Case> | string {
  const ch = pickChannel(env);
  if (!ch) return 'no channel a text post can go to';
  return fc.tuple(ch, fc.integer({ min: 1, max: 1_000_000 })).map(([channel, seed]) => ({
    operationId,
    label: `${operationId} on a ${type} post on ${channel.identifier} channel ${channel.id}`,
    async build(ctx: CheckContext) {
      const created = await createPosts(ctx, env.kind, type, { channel, seed });
      const postId = created.postIds[0]!;
      let group: string | undefined;
      if (needGroup) {
        group = (await findPost(ctx, env.kind, postId, created.body.date))?.group;
        if (typeof group !== 'string') throw new NotVerified('the created post was not found in GET /posts, so its group is unknown');
      }
      return { operationId, ...make({ postId, group, date: created.body.date }) };
    },
  }));
}

/** One valid-request generator per operation of the document: the compiler names an operation added without one. */
export const VALID: Record<OperationId, Gen> = {
  checkConnection: () => fc.constant(simple('checkConnection', {})),
  listIntegrations: (env) => fc.option(fc.constantFrom(...(env.groups.length ? env.groups.map((g) => g.id) : ['none'])), { nil: undefined }).map((group) => simple('listIntegrations', { query: { group } })),
  listGroups: () => fc.constant(simple('listGroups', {})),
  getIntegrationSettings: (env) => (env.allChannels.length ? fc.constantFrom(...env.allChannels).map((c) => simple('getIntegrationSettings', { path: { id: c.id } })) : 'no channel'),
  triggerIntegrationTool: (env) => {
    const withTools = env.allChannels.filter((c) => c.tools.length > 0);
    if (withTools.length === 0) return 'no channel lists a tool in GET /integration-settings';
    return fc
      .constantFrom(...withTools)
      .chain((c) => fc.tuple(fc.constant(c), fc.constantFrom(...c.tools)))
      .map(([c, methodName]) => toolCase(c, methodName));
  },
  getSocialConnectUrl: (env) =>
    fc
      .constantFrom(...providersOf(env).filter((i) => env.kind === 'paid' || !env.priced.includes(i)))
      .chain((integration) => {
        const same = env.allChannels.filter((c) => c.identifier === integration).map((c) => c.id);
        return fc.tuple(fc.constant(integration), same.length ? fc.option(fc.constantFrom(...same), { nil: undefined }) : fc.constant(undefined));
      })
      .map(([integration, refresh]) => simple('getSocialConnectUrl', { path: { integration }, query: { refresh } })),
  deleteIntegration: (env) =>
    !env.controlled ? 'disconnecting a channel cannot be undone on a target the suites do not control' : env.allChannels.length ? fc.constantFrom(...env.allChannels).map((c) => simple('deleteIntegration', { path: { id: c.id } })) : 'no channel',
  findSlot: (env) => (env.allChannels.length ? fc.constantFrom(...env.allChannels).map((c) => simple('findSlot', { path: { id: c.id } })) : 'no channel'),
  listPosts: (env) =>
    fc
      .tuple(fc.integer({ min: -60, max: 60 }), fc.integer({ min: 1, max: 90 }), fc.option(fc.constantFrom(...(env.groups.length ? env.groups.map((g) => g.id) : ['none'])), { nil: undefined }))
      .map(([from, len, customer]) => simple('listPosts', { query: { startDate: futureDate(env.now, from), endDate: futureDate(env.now, from + len), customer } })),
  createPosts: (env) => {
    if (env.channels.length === 0) return 'no channel a text post can go to';
    return fc
      .tuple(fc.constantFrom<'draft' | 'schedule' | 'now'>('draft', 'schedule', 'now'), fc.subarray(env.channels, { minLength: 1, maxLength: 2 }), fc.integer({ min: 1, max: 30 }))
      .chain(([type, channels, days]) => createPostsBody({ type, channels, date: type === 'now' ? new Date(env.now).toISOString() : futureDate(env.now, days, 13) }))
      .map((body) => ({
        operationId: 'createPosts',
        label: `createPosts ${JSON.stringify(body)}`,
        accept: env.controlled ? undefined : { 429: 'the hourly limit (figure not shown) may be reached on a shared target' },
        async build(ctx: CheckContext) {
          return { operationId: 'createPosts', body };
        },
      }));
  },
  changePostStatus: (env) => {
    const toDraft = withPost(env, 'schedule', ({ postId }) => ({ path: { id: postId }, body: { status: 'draft' } }), 'changePostStatus');
    const toSchedule = withPost(env, 'draft', ({ postId }) => ({ path: { id: postId }, body: { status: 'schedule' } }), 'changePostStatus');
    return typeof toDraft === 'string' || typeof toSchedule === 'string' ? 'no channel a text post can go to' : fc.oneof(toDraft, toSchedule);
  },
  setPostReleaseId: (env) => withPost(env, 'now', ({ postId }) => ({ path: { id: postId }, body: { releaseId: '1898412345678901234' } }), 'setPostReleaseId'),
  listMissingReleases: (env) => withPost(env, 'now', ({ postId }) => ({ path: { id: postId } }), 'listMissingReleases'),
  deletePost: (env) => withPost(env, 'schedule', ({ postId }) => ({ path: { id: postId }, query: { deleteFromPlatform: 'false' } }), 'deletePost'),
  deletePostGroup: (env) => withPost(env, 'draft', ({ group }) => ({ path: { group: group! } }), 'deletePostGroup', true),
  uploadMedia: () =>
    fc.tuple(word, fc.constantFrom<'png' | 'gif'>('png', 'gif')).map(([name, kind]) => ({
      operationId: 'uploadMedia',
      label: `uploadMedia file=${name}.${kind}`,
      build: async () => ({ operationId: 'uploadMedia', body: imageForm(`${name}.${kind}`, kind) }),
    })),
  uploadMediaFromUrl: (env) => (env.fetchableImageUrl ? fc.constant(simple('uploadMediaFromUrl', { body: { url: env.fetchableImageUrl } })) : 'needs a public https image URL the target can fetch (--media-url)'),
  createUploadTicket: () =>
    fc.option(fc.record({ purpose: fc.oneof(fc.constantFrom('media', 'brief'), word) }, { requiredKeys: [] }), { nil: undefined }).map((body) => simple('createUploadTicket', { body })),
  uploadWithTicket: (env) =>
    fc.constantFrom('media', undefined, 'other').map((purpose) => ({
      operationId: 'uploadWithTicket',
      label: `uploadWithTicket (ticket purpose ${purpose ?? 'none'}, no key)`,
      async build(ctx: CheckContext) {
        const t = await mintTicket(ctx, env.kind, purpose);
        return { operationId: 'uploadWithTicket', path: { token: t.token }, body: imageForm('ticket.png'), auth: { none: true } };
      },
    })),
  uploadBriefFile: (env) =>
    fc.constant({
      operationId: 'uploadBriefFile',
      label: 'uploadBriefFile (ticket purpose brief, no key)',
      async build(ctx: CheckContext) {
        const t = await mintTicket(ctx, env.kind, 'brief');
        return { operationId: 'uploadBriefFile', path: { token: t.token }, body: imageForm('brief.png'), auth: { none: true } };
      },
    }),
  listMedia: () => fc.record({ page: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), search: fc.option(word, { nil: undefined }) }).map((query) => simple('listMedia', { query })),
  deleteMedia: (env) =>
    fc.constant({
      operationId: 'deleteMedia',
      label: 'deleteMedia on a file just uploaded',
      async build(ctx: CheckContext) {
        const id = await uploadImage(ctx, env.kind);
        return { operationId: 'deleteMedia', path: { id } };
      },
    }),
  getChannelAnalytics: (env) =>
    env.allChannels.length
      ? fc
          .tuple(fc.constantFrom(...env.allChannels), DATE_BACK, fc.option(fc.constantFrom('true', 'false'), { nil: undefined }))
          .map(([c, date, fresh]) => simple('getChannelAnalytics', { path: { integration: c.id }, query: { date, fresh } }))
      : 'no channel',
  getPostAnalytics: (env) => withPost(env, 'now', ({ postId }) => ({ path: { postId }, query: { date: '7' } }), 'getPostAnalytics'),
  listNotifications: () => fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }).map((page) => simple('listNotifications', { query: { page } })),
  getWallet: () => fc.constant(simple('getWallet', {})),
  getWalletPrices: (env) => fc.option(fc.constantFrom(...providersOf(env)), { nil: undefined }).map((provider) => simple('getWalletPrices', { query: { provider } })),
  listWalletTransactions: () =>
    fc
      .record({
        page: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        size: fc.option(fc.integer({ min: transactionsSize().minimum, max: transactionsSize().maximum }), { nil: undefined }),
        type: fc.option(fc.subarray(transactionTypes(), { minLength: 1 }).map((t) => t.join(',')), { nil: undefined }),
      })
      .map((query) => simple('listWalletTransactions', { query })),
  estimateWalletCharge: (env) =>
    fc
      .record(
        {
          provider: fc.constantFrom(...providersOf(env)),
          contents: fc.array(contentArb(200), { minLength: 1, maxLength: 6 }),
          inter: fc.integer({ min: 0, max: 3650 }),
        },
        { requiredKeys: ['provider', 'contents'] },
      )
      .map((body) => simple('estimateWalletCharge', { body })),
  listSkills: () => fc.record({ search: fc.option(word, { nil: undefined }) }).map((query) => simple('listSkills', { query })),
  getSkill: (env) =>
    fc.constant({
      operationId: 'getSkill',
      label: 'getSkill with a slug from GET /skills',
      async build(ctx: CheckContext) {
        const list = await ctx.api.read({ operationId: 'listSkills', auth: { kind: env.kind } }, 'the skills library (a slug for getSkill)');
        const slug = documented(list, 'listSkills', 200).skills[0]?.slug;
        if (typeof slug !== 'string') throw new NotVerified('GET /skills lists no skill');
        return { operationId: 'getSkill', path: { slug } };
      },
    }),
  getBriefSchema: () => fc.constant(simple('getBriefSchema', {})),
  listBriefDocuments: () => fc.constant(simple('listBriefDocuments', {})),
  getBriefOnboarding: () => fc.constant(simple('getBriefOnboarding', {})),
  getBriefDocument: (env) =>
    fc.constant({
      operationId: 'getBriefDocument',
      label: 'getBriefDocument on a document just saved',
      async build(ctx: CheckContext) {
        const doc = await savedBriefDoc(ctx, env.kind);
        return { operationId: 'getBriefDocument', path: doc };
      },
    }),
  saveBriefDocument: (env) =>
    fromSchema(schemaOf('#/components/schemas/SaveBriefDocument'), { depth: 3 }).map((body) => ({
      operationId: 'saveBriefDocument',
      label: `saveBriefDocument ${JSON.stringify(body)}`,
      async build(ctx: CheckContext) {
        const docs = await writableBriefDocs(ctx, env.kind);
        if (docs.length === 0) throw new NotVerified('GET /brief/schema names no category id to write to');
        const doc = docs[0]!;
        if (doc.created) ctx.cleanup(() => ctx.api.call({ operationId: 'deleteBriefDocument', path: { category: doc.category, key: doc.key }, auth: { kind: env.kind } }));
        return { operationId: 'saveBriefDocument', path: { category: doc.category, key: doc.key }, body };
      },
    })),
  deleteBriefDocument: (env) =>
    fc.constant({
      operationId: 'deleteBriefDocument',
      label: 'deleteBriefDocument on a document just created',
      accept: { 400: 'deleting is "Only in a category that allows it", and which categories allow it is not shown' },
      async build(ctx: CheckContext) {
        const docs = (await writableBriefDocs(ctx, env.kind)).filter((d) => d.created);
        if (docs.length === 0) throw new NotVerified('no brief category lets the suites create a document to delete');
        const doc = docs[0]!;
        const saved = await ctx.api.call({ operationId: 'saveBriefDocument', path: { category: doc.category, key: doc.key }, body: { title: 'to delete' }, auth: { kind: env.kind } });
        if (saved.status !== 200) throw new NotVerified(`could not create a brief document to delete (${saved.status})`);
        return { operationId: 'deleteBriefDocument', path: { category: doc.category, key: doc.key } };
      },
    }),
  generateVideo: () => fc.constantFrom<Record<string, unknown>>({ prompt: 'A 10 second product teaser' }, {}).map((body) => simple('generateVideo', { body })),
  runVideoFunction: () => fc.constant(simple('runVideoFunction', { body: { identifier: 'image-text-slides', functionName: 'loadVoices', params: {} } })),
  getOpenApiDocument: () => fc.constant(simple('getOpenApiDocument', { auth: { none: true } })),
};

/** The generator of an operation named at run time (the document's list), if the table has one. */
export function validGen(operationId: string): Gen | undefined {
  return Object.hasOwn(VALID, operationId) ? VALID[operationId as OperationId] : undefined;
}

/** A brief document that exists: saved first (a fixed document, or a new key in a category that takes new ones). */
export async function savedBriefDoc(ctx: CheckContext, kind: KeyKind): Promise<{ category: string; key: string }> {
  const docs = await writableBriefDocs(ctx, kind);
  for (const doc of docs) {
    const e = await ctx.api.call({ operationId: 'saveBriefDocument', path: { category: doc.category, key: doc.key }, body: { title: 'Verify' }, auth: { kind } });
    if (e.status === 200) {
      if (doc.created) ctx.cleanup(() => ctx.api.call({ operationId: 'deleteBriefDocument', path: { category: doc.category, key: doc.key }, auth: { kind } }));
      return { category: doc.category, key: doc.key };
    }
  }
  throw new NotVerified('no brief document could be saved with the categories GET /brief/schema names');
}

/** The workspace the generic checks act as: the one where every operation is open (paid), else pay-as-you-go. */
export function openKind(ctx: CheckContext): KeyKind {
  if (ctx.has('paid')) return 'paid';
  if (ctx.has('payg')) return 'payg';
  return ctx.notVerified('needs the key of a paid or pay-as-you-go workspace (where every operation is open)');
}

export async function genEnv(ctx: CheckContext, kind: KeyKind): Promise<GenEnv> {
  const d = await ctx.discover();
  const view = d.workspaces[kind];
  const { textSafe } = await import('./posts.ts');
  const now = ctx.control ? Date.parse((await ctx.control.clock()).now) : Date.now();
  return {
    kind,
    channels: textSafe(view?.channels ?? []),
    allChannels: view?.channels ?? [],
    groups: view?.groups ?? [],
    now,
    controlled: Boolean(ctx.control),
    fetchableImageUrl: ctx.target.fetchableImageUrl,
    priced: [...new Set(d.prices.map((p) => p.provider))],
  };
}
