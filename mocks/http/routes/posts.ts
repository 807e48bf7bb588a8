// Handlers for the `Posts` operations (reference 4.2), keyed by operationId.
import { invalid } from '../../domain/errors.ts';
import {
  changeStatus,
  createPosts,
  deleteGroup,
  deletePost,
  findPost,
  listPosts,
  missingReleases,
  setReleaseId,
  type PostRow,
} from '../../domain/posts.ts';
import type { SettingsValidator, SettingsViolation } from '../../domain/post-validation.ts';
import { admitPostRequest } from '../../domain/rate-limit.ts';
import { findChannel, limitOf, type Workspace } from '../../domain/world.ts';
import type { Violation } from '../../../spec/validator.ts';
import type { Ctx } from '../pipeline.ts';
import type { PublicHandlers } from '../typed.ts';


/**
 * A post as the calendar lists it: exactly the fields of reference section 2.3 (PostSummary), so that a client reading
 * the document's schemas as closed meets nothing it does not name; `integration`'s fields are not shown there, so the
 * mock's are free.
 */
function summary(ws: Workspace, row: PostRow) {
  const channel = findChannel(ws, row.channelId);
  return {
    id: row.id,
    group: row.group,
    content: row.content,
    publishDate: new Date(row.publishAt).toISOString(),
    state: row.state,
    releaseURL: row.releaseURL,
    integration: channel
      ? { id: channel.id, name: channel.name, identifier: channel.identifier, providerIdentifier: channel.identifier, picture: channel.picture }
      : { id: row.channelId },
  };
}

/** A violation inside entry `i`'s settings, and its path relative to them: `/posts/3/settings/title` → 3, `/title`. */
const SETTINGS_PATH = /^\/posts\/(\d+)\/settings(\/.*)?$/;

/**
 * For `schedule` and `now`, the document checks each entry's settings against `ChannelSettings`; those violations are
 * the domain's to report, after the entry's emptiness and naming its channel. A missing `settings` is one of them.
 */
function isSettingsViolation(body: { type?: string } | undefined, v: Violation): boolean {
  if (v.in !== 'body' || (body?.type !== 'schedule' && body?.type !== 'now')) return false;
  return SETTINGS_PATH.test(v.path) || (/^\/posts\/\d+$/.test(v.path) && v.keyword === 'required' && v.params?.missingProperty === 'settings');
}

/**
 * The settings problems of entry `i`: those the request's validation found, where it checked them; otherwise (an
 * `update`, which the document only requires to carry settings) a check of the settings against `ChannelSettings`.
 */
export function settingsValidator(ctx: Ctx): SettingsValidator {
  const checked = ctx.body?.type === 'schedule' || ctx.body?.type === 'now';
  return (settings, entry) => {
    if (!checked) return documentSettingsValidator(ctx)(settings, entry);
    const out: SettingsViolation[] = [];
    for (const v of ctx.deferred) {
      const m = SETTINGS_PATH.exec(v.path);
      if (m && Number(m[1]) === entry) out.push({ ...v, path: m[2] ?? '' });
    }
    return out;
  };
}

/** The document's check of a settings object (`ChannelSettings`), for settings not in this request's body. */
export function documentSettingsValidator(ctx: Ctx): SettingsValidator {
  return (settings) => ctx.state.validator.validateAt('#/components/schemas/ChannelSettings', settings).map((v) => ({ ...v, path: v.path === '/' ? '' : v.path }));
}

export const handlers = {
  listPosts: (ctx) => {
    const rows = listPosts(ctx.ws, {
      startDate: Date.parse(ctx.query.startDate),
      endDate: Date.parse(ctx.query.endDate),
      customer: ctx.query.customer,
    });
    return { body: { posts: rows.map((r) => summary(ctx.ws, r)) } };
  },

  createPosts: {
    admit: (ctx) => admitPostRequest(ctx.ws, ctx.now, limitOf(ctx.ws, 'postsPerHour')),
    // A missing body is POST /posts's to word: it has always answered it without the body-path prefix the other
    // operations put before their violations.
    defer: (ctx, v) => ctx.body === undefined || isSettingsViolation(ctx.body, v),
    handle: (ctx) => {
      if (ctx.body === undefined) throw invalid('request body is required');
      const created = createPosts(ctx.world, ctx.ws, ctx.body, settingsValidator(ctx), ctx.env);
      // `now` posts are due at once: publish them within this request (webhooks follow).
      if (ctx.body.type !== 'draft') ctx.state.tick();
      return { body: created };
    },
  },

  changePostStatus: (ctx) => ({ body: changeStatus(ctx.world, ctx.ws, ctx.params.id, ctx.body.status, ctx.env, documentSettingsValidator(ctx)) }),

  setPostReleaseId: (ctx) => {
    const row = setReleaseId(ctx.world, ctx.ws, ctx.params.id, ctx.body.releaseId);
    return { body: { id: row.id, releaseId: row.releaseId, releaseURL: row.releaseURL } };
  },

  listMissingReleases: (ctx) => ({ body: missingReleases(ctx.world, ctx.ws, ctx.params.id) }),

  deletePost: (ctx) => {
    findPost(ctx.ws, ctx.params.id);
    return { body: deletePost(ctx.world, ctx.ws, ctx.params.id, ctx.query.deleteFromPlatform === 'true', ctx.env) };
  },

  deletePostGroup: (ctx) => ({
    body: deleteGroup(ctx.world, ctx.ws, ctx.params.group, ctx.query.deleteFromPlatform === 'true', ctx.env),
  }),
} satisfies Partial<PublicHandlers>;
