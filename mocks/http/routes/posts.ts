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
  type CreatePostsInput,
  type PostRow,
} from '../../domain/posts.ts';
import type { SettingsValidator } from '../../domain/post-validation.ts';
import { admitPostRequest } from '../../domain/rate-limit.ts';
import { findChannel, type Workspace } from '../../domain/world.ts';
import { describeViolations, type Violation } from '../../../spec/validator.ts';
import type { Ctx } from '../pipeline.ts';
import { readJson } from '../body.ts';
import { createPostsFaults } from '../faults.ts';
import type { PublicHandlers } from '../typed.ts';


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
    tags: row.tags,
    inter: row.inter,
  };
}

/** Read the JSON body ourselves so the per-entry checks can run in the field notes' order (empty, settings, media, length). */
async function readBody(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.request);
  if (body === undefined) throw invalid('request body is required');
  // Kept on the context for the request journal, which records what the pipeline parsed.
  ctx.body = body;
  return body;
}

/**
 * Settings violations of `schedule`/`now` entries are left to the domain's settings step, which names the channel
 * (PostValidationError); every other violation is a plain 400 Error listing them all.
 */
function isSettingsViolation(body: any, v: Violation): boolean {
  if (body?.type !== 'schedule' && body?.type !== 'now') return false;
  return /^\/posts\/\d+\/settings(\/|$)/.test(v.path) || (/^\/posts\/\d+$/.test(v.path) && v.message.includes("'settings'"));
}

function settingsValidator(ctx: Ctx): SettingsValidator {
  return (settings) =>
    ctx.state.validator.validateAt('#/components/schemas/ChannelSettings', settings).map((v) => ({ path: v.path === '/' ? '' : v.path, message: v.message }));
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
    admit: (ctx) => admitPostRequest(ctx.ws, ctx.now, ctx.state.config.postsPerHour),
    rawBody: true,
    handle: async (ctx) => {
      const body = await readBody(ctx);
      const check = ctx.op.validateRequest({ body, contentType: 'application/json' });
      const violations = check.violations.filter((v) => v.in === 'body' && !isSettingsViolation(body, v));
      if (violations.length > 0) throw invalid(describeViolations(violations));
      // Fault hooks (mocks/http/faults.ts): drafts checked for settings, `now` queued instead of sent.
      const input = ctx.state.faults.size > 0 ? createPostsFaults(ctx.state, ctx.ws, body as CreatePostsInput, settingsValidator(ctx)) : (body as CreatePostsInput);
      let created;
      try {
        created = createPosts(ctx.world, ctx.ws, input, settingsValidator(ctx), ctx.env);
      } catch (err) {
        // Fault hook (mocks/http/faults.ts): a 402 that still saves the posts, as drafts.
        if (ctx.state.faults.has('refusal-still-saves') && (err as { kind?: string }).kind === 'wallet_refusal') createPosts(ctx.world, ctx.ws, { ...(body as CreatePostsInput), type: 'draft' }, settingsValidator(ctx), ctx.env);
        throw err;
      }
      // `now` posts are due at once: publish them within this request (webhooks follow).
      if (input.type !== 'draft') ctx.state.tick();
      return { body: created };
    },
  },

  changePostStatus: (ctx) => ({ body: changeStatus(ctx.world, ctx.ws, ctx.params.id, ctx.body.status, ctx.env) }),

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
