// The fault catalogue, Posts (sections 2.4, 2.9, 3, 4.2, 7): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, forgetting, nowIn, onOk, afterTick, rowsOf, query, workspaceOf, remember, aroundBody, lastSegment, segmentAt, decodeSegment } from './helpers.ts';
import { invalid } from '../../domain/errors.ts';
import { settingsValidator } from '../routes/posts.ts';
import { findChannel, providerInfo, type Channel, type Workspace, type World } from '../../domain/world.ts';
import { changeStatus, groupRows, listPosts, updateRow, type CreatePostsInput } from '../../domain/posts.ts';
import { checkSettings, EMPTY_MESSAGE, plainText, textLength } from '../../domain/post-validation.ts';
import { findSlot } from '../../domain/find-slot.ts';

export const findSlotIgnoresPosts: FaultDefinition = {
  name: 'find-slot-ignores-posts',
  area: 'posts',
  description: 'GET /find-slot answers the next posting time whether or not a post already fills it.',
  caughtBy: ['find_slot_next_free'],
  operations: ['findSlot'],
  override: onOk((state, r, ws, { request }) => {
    const channel = findChannel(ws, segmentAt(request.url, -1));
    if (!channel) return undefined;
    const empty = { ...ws, posts: { ...ws.posts, rows: new Map() } } as unknown as Workspace;
    return { ...r, body: { date: new Date(findSlot(empty, channel, nowIn(state, ws))).toISOString() } };
  }),
};

export const imageOnlyItemRefused: FaultDefinition = {
  name: 'image-only-item-refused',
  area: 'posts',
  description: 'POST /posts refuses an item that has a photo and no text as empty, as if only text counted as content.',
  caughtBy: ['photo_counts_as_content_story_needs_one'],
  handlers: {
    createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
      const items = (ctx.body.posts ?? []).flatMap((p: any) => p.value ?? []);
      if (items.some((i: any) => plainText(i.content ?? '').trim() === '')) throw invalid(EMPTY_MESSAGE);
      return handle(ctx);
    }),
  },
};

/** Whether the channel's provider limits its tags together (its row's tagsTotal: youtube's, section 2.9). */
const tagsLimited = (world: World, channel: Channel | undefined) => channel !== undefined && providerInfo(world, channel.identifier).tagsTotal !== undefined;

export const youtubeTagsUnchecked: FaultDefinition = {
  name: 'youtube-tags-unchecked',
  area: 'posts',
  description: "POST /posts takes YouTube tags of any total length: the 500-character rule of section 2.9 is not applied.",
  caughtBy: ['youtube_tags_over_500_refused'],
  handlers: {
    createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
      const posts = (ctx.body.posts ?? []).map((p: any) =>
        tagsLimited(ctx.world, findChannel(ctx.ws, p.integration?.id)) && Array.isArray(p.settings?.tags) ? { ...p, settings: { ...p.settings, tags: [] } } : p,
      );
      return handle({ ...ctx, body: { ...ctx.body, posts } });
    }),
  },
};

/** A violation of POST /posts's body at a path matching `at`, of `keyword` (and, for `required`, of that property). */
const violation = (at: RegExp, keyword: string, missing?: string) => (v: { path: string; keyword?: string; params?: Record<string, any> }) =>
  at.test(v.path) && v.keyword === keyword && (missing === undefined || v.params?.missingProperty === missing);

/**
 * Validators of POST /posts that each forgot one rule of section 2.4's table: the body breaking it is saved as a
 * lenient server reads it. negative_data_rejection breaks every rule the body reaches once, so each is caught.
 */
export const BODY_RULES_FORGOTTEN: FaultDefinition[] = [
  {
    name: 'short-link-defaulted',
    area: 'posts',
    description: 'POST /posts takes a body without `shortLink` (section 2.4: required) and saves it as false, where a required field left out is a 400.',
    caughtBy: ['negative_data_rejection'],
    handlers: { createPosts: forgetting(violation(/^\/$/, 'required', 'shortLink'), (b) => ({ shortLink: false, ...b })) },
  },
  {
    name: 'tag-label-unchecked',
    area: 'posts',
    description: 'POST /posts saves a tag without its `label` (section 2.4: `{value, label}`, both required), the tag schema having lost `label` from its required list.',
    caughtBy: ['negative_data_rejection'],
    handlers: { createPosts: forgetting(violation(/^\/tags\/\d+$/, 'required', 'label')) },
  },
  {
    name: 'creation-method-unlisted',
    area: 'posts',
    description: 'POST /posts saves any `creationMethod` string as sent, where section 2.4 allows `API` or `CLI` only.',
    caughtBy: ['negative_data_rejection'],
    handlers: { createPosts: forgetting(violation(/^\/creationMethod$/, 'enum')) },
  },
  {
    name: 'posts-required-unchecked',
    area: 'posts',
    description: 'POST /posts takes a body without `posts` (section 2.4: required) as a request for nothing, answering 200 with an empty list.',
    caughtBy: ['negative_data_rejection'],
    handlers: { createPosts: forgetting(violation(/^\/$/, 'required', 'posts'), (b) => ({ ...b, posts: b.posts ?? [] })) },
  },
  {
    name: 'integration-defaulted',
    area: 'posts',
    description: "POST /posts posts an entry without `integration` (section 2.4: required, the channel id) to the workspace's first channel of the provider its settings' `__type` names.",
    caughtBy: ['negative_data_rejection'],
    handlers: {
      createPosts: forgetting(violation(/^\/posts\/\d+$/, 'required', 'integration'), (b, ctx) => ({
        ...b,
        posts: Array.isArray(b.posts) ? b.posts.map((p: any) => (p && typeof p === 'object' && p.integration === undefined ? { ...p, integration: { id: ctx.ws.channels.find((c) => c.identifier === p.settings?.__type)?.id } } : p)) : b.posts,
      })),
    },
  },
  {
    name: 'empty-value-skipped',
    area: 'posts',
    description: 'POST /posts takes an entry whose `value` is empty (section 2.4: at least 1 item) and skips it, answering 200 for the other entries.',
    caughtBy: ['negative_data_rejection'],
    handlers: {
      createPosts: forgetting(violation(/^\/posts\/\d+\/value$/, 'minItems'), (b) => ({ ...b, posts: Array.isArray(b.posts) ? b.posts.filter((p: any) => !(Array.isArray(p?.value) && p.value.length === 0)) : b.posts })),
    },
  },
  {
    name: 'item-image-defaulted',
    area: 'posts',
    description: 'POST /posts takes an item without `image` (section 2.4: required, may be empty) as an item without media.',
    caughtBy: ['negative_data_rejection'],
    handlers: {
      createPosts: forgetting(violation(/^\/posts\/\d+\/value\/\d+$/, 'required', 'image'), (b) => ({
        ...b,
        posts: Array.isArray(b.posts) ? b.posts.map((p: any) => (Array.isArray(p?.value) ? { ...p, value: p.value.map((i: any) => (i && typeof i === 'object' ? { image: [], ...i } : i)) } : p)) : b.posts,
      })),
    },
  },
  {
    name: 'image-path-unchecked',
    area: 'posts',
    description: 'POST /posts saves an image item without `path` (section 2.4: `id` and `path` required), the media to be found by its id alone.',
    caughtBy: ['negative_data_rejection'],
    handlers: { createPosts: forgetting(violation(/^\/posts\/\d+\/value\/\d+\/image\/\d+$/, 'required', 'path')) },
  },
];

/** The posts faults, in the catalogue's order (the named ones above are placed by the index). */
export const POSTS: FaultDefinition[] = [
  {
    name: 'drafts-validated',
    area: 'posts',
    description: 'Drafts go through the required-settings check like scheduled posts: a draft without settings, or missing a required field, answers 400.',
    caughtBy: ['post_lifecycle_model'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
        const input = ctx.body as CreatePostsInput;
        if (input.type === 'draft') {
          const validate = settingsValidator(ctx);
          input.posts.forEach((entry, i) => {
            const channel = findChannel(ctx.ws, entry.integration.id);
            if (channel) checkSettings(channel, providerInfo(ctx.world, channel.identifier), entry.settings, validate, i);
          });
        }
        return handle(ctx);
      }),
    },
  },
  {
    name: 'customer-filter-crosses-workspaces',
    area: 'posts',
    description: "GET /posts?customer=<group> looks the group up in every workspace: a group of another workspace lists that workspace's posts of its channels.",
    caughtBy: ['tenant_isolation'],
    operations: ['listPosts'],
    override: onOk((state, r, ws, { request }) => {
      const customer = query(request).get('customer');
      const owner = customer ? [...state.world.workspaces.values()].find((w) => w !== ws && w.groups.some((g) => g.id === customer)) : undefined;
      if (!owner || !Array.isArray(r.body?.posts)) return undefined;
      const q = query(request);
      const theirs = listPosts(owner, { startDate: Date.parse(q.get('startDate') ?? ''), endDate: Date.parse(q.get('endDate') ?? ''), customer: customer! });
      return { ...r, body: { ...r.body, posts: [...r.body.posts, ...theirs.map((row) => ({ id: row.id, group: row.group, content: row.content, publishDate: new Date(row.publishAt).toISOString(), state: row.state, releaseURL: row.releaseURL, integration: { id: row.channelId } }))] } };
    }),
  },
  {
    name: 'status-change-crosses-workspaces',
    area: 'posts',
    description: "PUT /posts/<id>/status finds the post in whichever workspace holds it: another workspace's key moves (and charges) this workspace's post.",
    caughtBy: ['tenant_isolation'],
    handlers: {
      changePostStatus: (inner) => ({
        ...inner,
        handle: (ctx) => {
          const owner = [...ctx.world.workspaces.values()].find((w) => w.posts.rows.has(ctx.params.id)) ?? ctx.ws;
          return { body: changeStatus(ctx.world, owner, ctx.params.id, ctx.body.status, ctx.env) };
        },
      }),
    },
  },
  {
    name: 'shared-group-refused',
    area: 'posts',
    description: 'POST /posts refuses entries on several channels that name the same group (400 "named by two entries"), where one post on several channels shares its group.',
    caughtBy: ['post_lifecycle_model', 'billing_holds_in_every_wallet_state'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
        const groups = ((ctx.body as CreatePostsInput).posts ?? []).map((p) => p.group).filter((g): g is string => typeof g === 'string');
        const twice = groups.find((g, i) => groups.indexOf(g) !== i);
        if (twice) throw invalid(`group ${twice} is named by two entries`);
        return handle(ctx);
      }),
    },
  },
  {
    name: 'draft-scheduled-unchecked',
    area: 'posts',
    description: 'PUT /posts/<id>/status puts a draft on the schedule without the settings check it skipped when saved: a draft saved without settings is scheduled (200) instead of refused (400).',
    caughtBy: ['post_lifecycle_model'],
    handlers: {
      changePostStatus: (inner) => ({ ...inner, handle: (ctx) => ({ body: changeStatus(ctx.world, ctx.ws, ctx.params.id, ctx.body.status, ctx.env) }) }),
    },
  },
  {
    name: 'now-not-published',
    area: 'posts',
    description: 'A post sent with type `now` is queued like `schedule` for the next whole hour instead of going out at once, so it shows on the schedule and no webhook follows.',
    caughtBy: ['post_lifecycle_model', 'webhook_per_group'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
        if (ctx.body.type !== 'now') return handle(ctx);
        const hour = 3_600_000;
        return handle({ ...ctx, body: { ...ctx.body, type: 'schedule', date: new Date(Math.floor(ctx.now / hour) * hour + hour).toISOString() } });
      }),
    },
  },
  {
    name: 'thread-items-unchecked',
    area: 'posts',
    description: 'Only the first item of a post is checked for text and length: an empty or over-long thread item is accepted and saved cut to fit.',
    caughtBy: ['empty_or_too_long_refused'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
        const input = ctx.body as CreatePostsInput;
        // Later items are saved as whatever fits (an empty one as a zero-width space).
        const posts = input.posts.map((entry) => {
          const channel = findChannel(ctx.ws, entry.integration.id);
          const max = channel ? providerInfo(ctx.world, channel.identifier).maxLength : Number.POSITIVE_INFINITY;
          return { ...entry, value: entry.value.map((item, i) => (i === 0 ? item : { ...item, content: item.content === '' && item.image.length === 0 ? '\u200b' : item.content.slice(0, max) })) };
        });
        return handle({ ...ctx, body: { ...input, posts } });
      }),
    },
  },
  {
    name: 'moved-draft-not-queued',
    area: 'posts',
    description: 'A draft moved to the schedule by PUT /posts/{id}/status answers QUEUE but is never handed to the publisher: it goes out only if something else falls due first.',
    caughtBy: ['moved_post_keeps_its_time'],
    operations: ['changePostStatus'],
    override: onOk((_state, r, ws) => {
      if (r.body?.state !== 'QUEUE') return undefined;
      let next = Number.POSITIVE_INFINITY;
      for (const row of ws.posts.rows.values()) if (row.state === 'QUEUE' && row.group !== r.body.group && row.publishAt < next) next = row.publishAt;
      ws.posts.nextDue = next;
      return undefined;
    }),
  },
  {
    name: 'publisher-wakes-late',
    area: 'posts',
    description: 'After each run the publisher sets its next wake-up to the latest queued post instead of the earliest, so a post due before it goes out late, when the clock stops between the two.',
    caughtBy: ['each_post_at_its_time'],
    install: afterTick((state) => {
      for (const ws of state.world.workspaces.values()) {
        let latest = Number.NEGATIVE_INFINITY;
        for (const row of ws.posts.rows.values()) if (row.state === 'QUEUE' && row.publishAt > latest) latest = row.publishAt;
        if (latest > nowIn(state, ws) && ws.posts.nextDue <= latest) ws.posts.nextDue = latest;
      }
    }),
  },
  {
    name: 'repeat-ignored',
    area: 'posts',
    description: 'A post scheduled with `inter` is saved as a one-off: it is published once and never again.',
    caughtBy: ['repeating_post_repeats'],
    operations: ['createPosts'],
    override: onOk((_state, r, ws) => {
      for (const created of Array.isArray(r.body) ? r.body : []) {
        const group = ws.posts.rows.get(created?.postId)?.group;
        for (const row of ws.posts.rows.values()) if (group && row.group === group) updateRow(row, { inter: null });
      }
      return undefined;
    }),
  },
  {
    name: 'post-reference-kept',
    area: 'posts',
    description: 'A published post keeps `(post:<id>)` in its text as written instead of the referenced post\'s live URL.',
    caughtBy: ['post_reference_replaced'],
    install: afterTick((state, result) => {
      for (const { row } of rowsOf(state, result.published)) if (row.template?.includes('(post:')) updateRow(row, { content: row.template });
    }),
  },
  {
    name: 'settings-error-unnamed',
    area: 'posts',
    description: 'The 400 for a missing or unlisted required setting says only the problem ({statusCode: 400, message}), not which channel.',
    caughtBy: ['settings_refused'],
    operations: ['createPosts'],
    override: () => (r) => (r.status === 400 && typeof r.body?.provider === 'string' ? { ...r, body: { statusCode: 400, message: r.body.message } } : undefined),
  },
  {
    name: 'cross-workspace-post',
    area: 'posts',
    description: "GET /posts lists every workspace's posts in the window: the calendar query lost its workspace filter.",
    caughtBy: ['tenant_isolation'],
    operations: ['listPosts'],
    override: onOk((state, r, ws, { request }) => {
      const [start, end] = [Date.parse(query(request).get('startDate')!), Date.parse(query(request).get('endDate')!)];
      const foreign = [...state.world.workspaces.values()]
        .filter((w) => w.id !== ws.id)
        .flatMap((w) => [...w.posts.rows.values()])
        .filter((row) => row.index === 0 && row.publishAt >= start && row.publishAt <= end)
        .map((row) => ({ id: row.id, group: row.group, content: row.content, publishDate: new Date(row.publishAt).toISOString(), state: row.state, releaseURL: row.releaseURL, integration: { id: row.channelId } }));
      return foreign.length === 0 ? undefined : { ...r, body: { posts: [...r.body.posts, ...foreign] } };
    }),
  },
  {
    name: 'customer-filter-ignored',
    area: 'posts',
    description: 'GET /posts ignores `customer`: the calendar of one group lists the posts of every channel.',
    caughtBy: ['posts_customer_filter'],
    operations: ['listPosts'],
    override: onOk((_, r, ws, { request }) => {
      const q = query(request);
      if (!q.get('customer')) return undefined;
      const listed = new Map((r.body.posts as any[]).map((p) => [p.id, p]));
      const rows = listPosts(ws, { startDate: Date.parse(q.get('startDate') ?? ''), endDate: Date.parse(q.get('endDate') ?? '') });
      const posts = rows.map((row) => {
        const channel = findChannel(ws, row.channelId);
        return listed.get(row.id) ?? { id: row.id, group: row.group, content: row.content, publishDate: new Date(row.publishAt).toISOString(), state: row.state, releaseURL: row.releaseURL, integration: channel ? { id: channel.id, name: channel.name, identifier: channel.identifier, providerIdentifier: channel.identifier, picture: channel.picture } : { id: row.channelId }, tags: row.tags, inter: row.inter };
      });
      return { ...r, body: { ...r.body, posts } };
    }),
  },
  {
    name: 'delete-flag-defaults-true',
    area: 'posts',
    description: 'DELETE /posts/<id> without deleteFromPlatform deletes the post on its network too (a missing flag read as true).',
    caughtBy: ['delete_from_platform_only_when_asked'],
    operations: ['deletePost'],
    override: () => (r, { request }) => {
      if (r.status !== 200 || query(request).get('deleteFromPlatform') === 'true' || !Array.isArray(r.body?.deletedFromPlatform)) return undefined;
      const id = lastSegment(request.url);
      return { ...r, body: { ...r.body, deletedFromPlatform: [id] } };
    },
  },
  {
    name: 'deleted-post-still-found',
    area: 'posts',
    description: 'DELETE /posts only hides the group from the calendar (a soft delete whose by-id lookups forgot the filter): PUT status and release-id, GET missing, post analytics and a second DELETE still answer 200 for the deleted post.',
    caughtBy: ['use_after_free'],
    operations: ['createPosts', 'deletePost', 'deletePostGroup', 'changePostStatus', 'setPostReleaseId', 'listMissingReleases', 'getPostAnalytics'],
    override: (state) => (r, { operationId, request }) => {
      const mem = remember(state.world);
      const path = new URL(request.url).pathname;
      const id = decodeSegment((/\/posts\/group\/([^/]+)$/.exec(path) ?? /\/(?:posts|analytics\/post)\/([^/]+)(?:\/(?:status|release-id|missing))?$/.exec(path))?.[1] ?? '');
      if (operationId === 'createPosts' && r.status === 200) {
        const ws = workspaceOf(state, request);
        for (const { postId } of r.body as Array<{ postId: string }>) for (const row of ws ? groupRows(ws, ws.posts.rows.get(postId)?.group ?? '') : []) mem.set(`post:${row.id}`, { id: row.id, group: row.group, deleted: false });
        return undefined;
      }
      if ((operationId === 'deletePost' || operationId === 'deletePostGroup') && r.status === 200) {
        for (const [k, p] of mem) if (k.startsWith('post:') && p.group === r.body.group) p.deleted = true;
        return undefined;
      }
      const gone = [...mem.values()].find((p) => p?.deleted && (p.id === id || (operationId === 'deletePostGroup' && p.group === id)));
      if (r.status !== 404 || !gone) return undefined;
      const body: Record<string, unknown> = {
        changePostStatus: { id: gone.id, group: gone.group, state: 'DRAFT' },
        setPostReleaseId: { id: gone.id, releaseId: '1', releaseURL: null },
        listMissingReleases: [],
        getPostAnalytics: { missing: true },
        deletePost: { group: gone.group, error: false, deletedFromPlatform: [], platformErrors: [] },
        deletePostGroup: { group: gone.group, error: false, deletedFromPlatform: [], platformErrors: [] },
      };
      return operationId in body ? { status: 200, body: body[operationId], headers: r.headers } : undefined;
    },
  },
  {
    name: 'calendar-stale-cache',
    area: 'posts',
    description: 'GET /posts answers from a cache kept 60 seconds (mock clock) per workspace and query, never invalidated: a post just created, moved or deleted does not show until it expires.',
    caughtBy: ['ensure_resource_availability', 'post_lifecycle_model'],
    operations: ['listPosts'],
    override: onOk((state, r, ws, { request }) => {
      const mem = remember(state.world);
      const key = `calendar:${ws.id}${new URL(request.url).search}`;
      const cached = mem.get(key);
      if (cached && nowIn(state, ws) - cached.at < 60_000) return { ...r, body: cached.body };
      mem.set(key, { at: nowIn(state, ws), body: r.body });
      return undefined;
    }),
  },
  {
    name: 'link-counted-23-everywhere',
    area: 'posts',
    description: 'Every channel counts a link in a post\'s text as 23 characters, as the field notes say only x does, so a LinkedIn post over its maximum length because of a link is accepted.',
    caughtBy: ['empty_or_too_long_refused'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, async (ctx, handle) => {
        // For the request only, a channel whose items all fit when links count as the provider that counts them
        // does (x, 23) takes any length.
        const counting = Object.values(ctx.world.fixtures.providers).find((p) => p.linkLength !== undefined);
        const raised: Array<[{ maxLength: number }, number]> = [];
        for (const entry of (ctx.body as CreatePostsInput).posts ?? []) {
          const channel = findChannel(ctx.ws, entry.integration?.id);
          const info = channel && providerInfo(ctx.world, channel.identifier);
          if (!counting || !info || info.linkLength !== undefined) continue;
          if (raised.some(([i]) => i === info) || !entry.value.every((item) => textLength(item.content, counting) <= info.maxLength)) continue;
          raised.push([info, info.maxLength]);
          info.maxLength = Number.MAX_SAFE_INTEGER;
        }
        try {
          return await handle(ctx);
        } finally {
          for (const [info, max] of raised) info.maxLength = max;
        }
      }),
    },
  },
  {
    name: 'settings-bounds-unchecked',
    area: 'posts',
    description: 'Settings values outside section 2.9\'s bounds are accepted on a scheduled or immediate post (a TikTok title over 90 characters, a YouTube title under 2 or over 100, a Discord title over 100, an Instagram audio volume outside 0-100): only required fields and allowed lists are checked.',
    caughtBy: ['settings_refused'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => handle({ ...ctx, deferred: ctx.deferred.filter((v) => !['maxLength', 'minLength', 'maximum', 'minimum'].includes(v.keyword ?? '')) })),
    },
  },
  {
    name: 'tiktok-brand-rules-unchecked',
    area: 'posts',
    description: 'TikTok\'s brand rules go unchecked: brand_content_toggle true with privacy_level SELF_ONLY, and disclose true with neither brand toggle on, are accepted.',
    caughtBy: ['settings_refused'],
    handlers: {
      // The two rules are the schema's `not` and `anyOf` (with its `const`s), reported under an `if`; a required field
      // or an unlisted value is still refused.
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => handle({ ...ctx, deferred: ctx.deferred.filter((v) => !['not', 'anyOf', 'const', 'if'].includes(v.keyword ?? '')) })),
    },
  },
  {
    name: 'settings-required-unchecked',
    area: 'posts',
    description: 'A scheduled or immediate post whose settings leave out a field section 2.9 marks required (x\'s who_can_reply_post, instagram\'s post_type, tiktok\'s duet...) is accepted: the settings schema lost its `required`, so only `__type`, allowed lists and bounds are checked.',
    caughtBy: ['settings_refused'],
    handlers: {
      // A missing `settings` (reported at the entry) and a missing `__type` are still refused; only fields inside them pass.
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => handle({ ...ctx, deferred: ctx.deferred.filter((v) => !(v.keyword === 'required' && /^\/posts\/\d+\/settings/.test(v.path) && v.params?.missingProperty !== '__type')) })),
    },
  },
  {
    name: 'settings-lists-unchecked',
    area: 'posts',
    description: 'A scheduled or immediate post whose settings carry a value outside a field\'s allowed list (who_can_reply_post `nobody`, post_type `reel`, a youtube type `hidden`) is accepted: required fields and bounds are checked, allowed lists are not.',
    caughtBy: ['settings_refused'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => handle({ ...ctx, deferred: ctx.deferred.filter((v) => v.keyword !== 'enum') })),
    },
  },
  {
    name: 'settings-type-mismatch-accepted',
    area: 'posts',
    description: 'A scheduled or immediate post whose settings name another provider in `__type` (linkedin settings on an x channel) is checked against that provider\'s fields and accepted, the settings filed under the channel\'s provider: `__type` is never compared with the channel.',
    caughtBy: ['settings_refused'],
    handlers: {
      createPosts: (inner) =>
        aroundBody(inner, (ctx, handle) => {
          const posts = (ctx.body.posts ?? []).map((p: any) => {
            const channel = findChannel(ctx.ws, String(p?.integration?.id ?? ''));
            const type = p?.settings?.__type;
            return channel && typeof type === 'string' && type !== channel.identifier ? { ...p, settings: { ...p.settings, __type: channel.identifier } } : p;
          });
          return handle({ ...ctx, body: { ...ctx.body, posts } });
        }),
    },
  },
  {
    name: 'text-story-posted',
    area: 'posts',
    description: 'A facebook story with no photo or video is accepted and published as an ordinary post (its post_type taken as `post`), where section 2.9 says a story needs at least one photo or video.',
    caughtBy: ['photo_counts_as_content_story_needs_one'],
    handlers: {
      createPosts: (inner) =>
        aroundBody(inner, (ctx, handle) => {
          const posts = (ctx.body.posts ?? []).map((p: any) =>
            p?.settings?.post_type === 'story' && Array.isArray(p.value) && p.value[0] && (p.value[0].image ?? []).length === 0 ? { ...p, settings: { ...p.settings, post_type: 'post' } } : p,
          );
          return handle({ ...ctx, body: { ...ctx.body, posts } });
        }),
    },
  },
  {
    name: 'thread-delay-ignored',
    area: 'posts',
    description: 'POST /posts drops each thread item\'s `delay`: the whole thread goes out at the post\'s time, where section 2.4 has each item go out its delay in minutes after the previous one.',
    caughtBy: ['webhook_per_group'],
    handlers: {
      createPosts: (inner) =>
        aroundBody(inner, (ctx, handle) => {
          const posts = (ctx.body.posts ?? []).map((p: any) => (Array.isArray(p?.value) ? { ...p, value: p.value.map(({ delay: _, ...item }: any) => item) } : p));
          return handle({ ...ctx, body: { ...ctx.body, posts } });
        }),
    },
  },
  {
    name: 'calendar-state-scheduled',
    area: 'posts',
    description: 'GET /posts answers `SCHEDULED` for a post on the schedule, a state name of its own, where section 2.3 lists `QUEUE`, `PUBLISHED`, `ERROR`, `DRAFT`.',
    caughtBy: ['response_schema_conformance', 'post_lifecycle_model'],
    operations: ['listPosts'],
    override: onOk((_, r) => (r.body?.posts?.some((p: any) => p.state === 'QUEUE') ? { ...r, body: { ...r.body, posts: r.body.posts.map((p: any) => (p.state === 'QUEUE' ? { ...p, state: 'SCHEDULED' } : p)) } } : undefined)),
  },
  {
    name: 'created-post-id-only',
    area: 'posts',
    description: 'POST /posts answers `[{postId}]` for each post made, without the `integration` (channel id) section 2.4 requires beside it.',
    caughtBy: ['response_schema_conformance'],
    operations: ['createPosts'],
    override: onOk((_, r) => (Array.isArray(r.body) && r.body.length > 0 ? { ...r, body: r.body.map(({ postId }: { postId: string }) => ({ postId })) } : undefined)),
  },
  {
    name: 'release-url-empty',
    area: 'posts',
    description: 'GET /posts lists a published post with `releaseURL: ""` (the column\'s default, never filled in), where section 2.3 gives the address of the live post.',
    caughtBy: ['post_reference_replaced'],
    operations: ['listPosts'],
    override: onOk((_, r) => (r.body?.posts?.some((p: any) => typeof p.releaseURL === 'string') ? { ...r, body: { ...r.body, posts: r.body.posts.map((p: any) => (typeof p.releaseURL === 'string' ? { ...p, releaseURL: '' } : p)) } } : undefined)),
  },
  {
    name: 'summary-group-is-post-id',
    area: 'posts',
    description: "GET /posts lists each post with its own id as `group` (the summary reads the wrong column), so a post on several channels shows no group it shares, though section 2.3 gives the group id shared by the post, its thread items and comments.",
    caughtBy: ['post_lifecycle_model'],
    operations: ['listPosts'],
    override: onOk((_, r) => (r.body?.posts?.length > 0 ? { ...r, body: { ...r.body, posts: r.body.posts.map((p: any) => ({ ...p, group: p.id })) } } : undefined)),
  },
  {
    name: 'summary-content-preview',
    area: 'posts',
    description: "GET /posts lists a preview of each post's text, its first 80 characters and an ellipsis, where section 2.3 gives the post's `content`.",
    caughtBy: ['post_reference_replaced'],
    operations: ['listPosts'],
    override: onOk((_, r) =>
      r.body?.posts?.some((p: any) => typeof p.content === 'string' && p.content.length > 80)
        ? { ...r, body: { ...r.body, posts: r.body.posts.map((p: any) => (typeof p.content === 'string' && p.content.length > 80 ? { ...p, content: `${p.content.slice(0, 80)}…` } : p)) } }
        : undefined,
    ),
  },
  {
    name: 'thread-items-posted-apart',
    area: 'posts',
    description: "POST /posts posts each extra item of `value` as a post of its own on the channel (each its own group, at the post's time), where section 2.4 posts them as replies forming a thread.",
    caughtBy: ['webhook_per_group', 'failed_send_refunds'],
    handlers: {
      createPosts: (inner) =>
        aroundBody(inner, (ctx, handle) => {
          const posts = (Array.isArray(ctx.body.posts) ? ctx.body.posts : []).flatMap((p: any) =>
            Array.isArray(p?.value) && p.value.length > 1 ? p.value.map(({ delay: _, ...item }: any) => ({ ...p, value: [item] })) : [p],
          );
          return handle({ ...ctx, body: { ...ctx.body, posts } });
        }),
    },
  },
  ...BODY_RULES_FORGOTTEN,
];
