// Control API handlers for the world, the clock, channel failures, limits, webhooks, deliveries and faults (spec/control.yaml).
import { isPayAsYouGo } from '../../domain/billing.ts';
import { inClockRange } from '../../domain/clock.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { ensureRoom } from '../../domain/caps.ts';
import { createWebhook, deleteWebhook, testDelivery } from '../../domain/webhooks.ts';
import { creditsToCents, topUp } from '../../domain/wallet.ts';
import { createWorkspace as addWorkspace } from '../../domain/create-world.ts';
import { fixtureLike, rememberCreation } from '../../domain/workspace-reset.ts';
import type { Workspace, WorkspaceFixture } from '../../domain/world.ts';
import { checkPublicUrl } from '../public-address.ts';
import { FAULTS } from '../faults.ts';
import { sendWebhooks } from '../state.ts';
import type { Ctx } from '../pipeline.ts';
import type { ControlHandlers } from '../typed.ts';

function workspaceRow(ws: Workspace) {
  return { id: ws.id, name: ws.name, plan: ws.plan, payAsYouGo: isPayAsYouGo(ws), frozen: ws.wallet.frozen, apiKey: ws.apiKey };
}

function workspaceOf(ctx: Ctx): Workspace {
  const ws = ctx.world.workspaces.get(ctx.params.id);
  if (!ws) throw notFound('Workspace not found');
  return ws;
}

function limits(ctx: Ctx) {
  const c = ctx.state.config;
  return {
    postsPerHour: c.postsPerHour,
    allowLoopbackWebhooks: c.allowLoopbackWebhooks,
    freeStorageBytes: c.freeStorageBytes,
    freeLibraryBytes: c.freeLibraryBytes,
    caps: { ...c.caps },
  };
}

/** The app refuses webhook URLs that are not public https addresses (reference section 6). */
async function requirePublicUrl(ctx: Ctx, url: string): Promise<string> {
  const check = await checkPublicUrl(url, { allowLoopback: ctx.state.config.allowLoopbackWebhooks, lookup: ctx.state.effects.lookupHost });
  if (!check.ok) throw invalid(check.reason.startsWith('URL ') ? `Webhook ${check.reason}` : check.reason);
  return url;
}

/** A new workspace has one group and a channel for every provider of the catalogue, like the seeded ones. */
function newWorkspaceFixture(ctx: Ctx, name: string, plan: 'free' | 'paid'): WorkspaceFixture {
  const ids = ctx.env.ids;
  const group = { id: ids.id('grp_'), name: 'Main' };
  const channels = Object.entries(ctx.world.fixtures.providers).map(([identifier, info]) => ({
    id: ids.id('ch_'),
    name: `${name} on ${info.label}`,
    identifier,
    picture: null,
    disabled: false,
    profile: name.toLowerCase().replace(/[^a-z0-9]+/g, '') || null,
    customer: group.id,
  }));
  return { id: ids.id('ws_'), name, plan, apiKey: `key_${ids.alnum(40)}`, groups: [group], channels, wallet: { ledger: [] } };
}

export const handlers = {
  resetWorld: (ctx) => {
    ctx.state.reset();
    return { body: { ok: true } };
  },

  listWorkspaces: (ctx) => ({ body: [...ctx.world.workspaces.values()].map(workspaceRow) }),

  createWorkspace: (ctx) => {
    const { name, plan, topUpCredits, like } = ctx.body as { name?: string; plan?: 'free' | 'paid'; topUpCredits?: number; like?: string };
    if (like !== undefined && (plan !== undefined || topUpCredits !== undefined)) throw invalid('like copies a workspace as it was made: leave plan and topUpCredits out. Nothing changed');
    if (topUpCredits !== undefined) creditsToCents(topUpCredits); // refuses more than 2 decimals before anything exists
    ensureRoom(ctx.state.config.caps, 'workspaces', ctx.world.workspaces.size, 1, 'workspaces');
    const copy = like === undefined ? undefined : fixtureLike(ctx.world, like, ctx.env.ids, name?.trim() || undefined);
    const fixture = copy?.fixture ?? newWorkspaceFixture(ctx, name?.trim() || `Workspace ${ctx.world.workspaces.size + 1}`, plan!);
    const credits = copy ? copy.topUpCredits : topUpCredits;
    const ws = addWorkspace(ctx.world, fixture, ctx.env);
    rememberCreation(ctx.world, fixture, credits);
    if (credits !== undefined && credits > 0) topUp(ws, ctx.world.config, credits, ctx.env);
    return { status: 201, body: workspaceRow(ws) };
  },

  getClock: (ctx) => ({ body: { now: new Date(ctx.state.clock.now()).toISOString(), frozen: ctx.state.clock.frozen } }),

  setClock: (ctx) => {
    const { now, advanceSeconds, frozen } = ctx.body as { now?: string; advanceSeconds?: number; frozen?: boolean };
    const clock = ctx.state.clock;
    let target = clock.now();
    if (now !== undefined) {
      target = Date.parse(now);
      if (Number.isNaN(target)) throw invalid('now must be an ISO 8601 date-time');
    }
    if (advanceSeconds !== undefined) target += Math.round(advanceSeconds * 1000);
    // Checked here as well as in the schema: a sum of two values each in range can still leave it.
    if (!inClockRange(target)) {
      throw invalid(`The mock clock stays between 1970-01-01 and 9999-12-31 (what a scenario or state file holds); this would move it to ${Number.isFinite(target) ? `${target} ms since the epoch` : String(target)}. Nothing changed`);
    }
    // Walk forward through every moment something falls due, so each post is judged at its own time
    // (a post waiting for a reference sees it go out before its own wait ends, as it would in real time).
    const published: string[] = [];
    const failed: string[] = [];
    const collect = () => {
      const ran = ctx.state.tick();
      published.push(...ran.published);
      failed.push(...ran.failed);
    };
    for (let step = 0; step < 100_000 && target > clock.now(); step++) {
      collect();
      const next = Math.min(...[...ctx.world.workspaces.values()].map((ws) => ws.posts.nextDue));
      if (!(next > clock.now() && next < target)) break;
      clock.set(next);
    }
    clock.set(target);
    if (frozen === true) clock.freeze();
    if (frozen === false) clock.unfreeze();
    collect();
    return {
      body: { now: new Date(clock.now()).toISOString(), frozen: clock.frozen, published, failed },
    };
  },

  setChannelFailure: (ctx) => {
    for (const ws of ctx.world.workspaces.values()) {
      const channel = ws.channels.find((c) => c.id === ctx.params.id);
      if (channel) {
        channel.failing = ctx.body.fail;
        return { body: { id: channel.id, fail: channel.failing } };
      }
    }
    throw notFound('Channel not found');
  },

  getLimits: (ctx) => ({ body: limits(ctx) }),

  setLimits: (ctx) => {
    const input = ctx.body as Partial<ReturnType<typeof limits>>;
    Object.assign(ctx.state.config, {
      ...(input.postsPerHour !== undefined ? { postsPerHour: input.postsPerHour } : {}),
      ...(input.allowLoopbackWebhooks !== undefined ? { allowLoopbackWebhooks: input.allowLoopbackWebhooks } : {}),
      ...(input.freeStorageBytes !== undefined ? { freeStorageBytes: input.freeStorageBytes } : {}),
      ...(input.freeLibraryBytes !== undefined ? { freeLibraryBytes: input.freeLibraryBytes } : {}),
      // A new object: the one in force may be the shared default, which a reset goes back to.
      ...(input.caps !== undefined ? { caps: { ...ctx.state.config.caps, ...input.caps } } : {}),
    });
    return { body: limits(ctx) };
  },

  listWebhooks: (ctx) => ({ body: workspaceOf(ctx).webhooks.hooks.map((h) => ({ ...h })) }),

  createWebhook: async (ctx) => {
    const ws = workspaceOf(ctx);
    const url = await requirePublicUrl(ctx, ctx.body.url);
    return { status: 201, body: createWebhook(ctx.world, ws, { name: ctx.body.name, url, integrations: ctx.body.integrations }, ctx.env) };
  },

  deleteWebhook: (ctx) => {
    deleteWebhook(workspaceOf(ctx), ctx.params.webhookId);
    return { body: { deleted: true } };
  },

  sendTestWebhook: async (ctx) => {
    const ws = workspaceOf(ctx);
    const url = await requirePublicUrl(ctx, ctx.body.url);
    sendWebhooks(ctx.state, [testDelivery(ws, url, ctx.env)]);
    return { body: { sent: true } };
  },

  listDeliveries: (ctx) => ({
    body: ctx.world.deliveries
      .filter((d) => ctx.query.workspace === undefined || d.workspaceId === ctx.query.workspace)
      .map((d) => ({ ...d, at: new Date(d.at).toISOString() })),
  }),

  listFaults: (ctx) => ({ body: faultsView(ctx) }),

  setFaults: (ctx) => {
    const names = [...new Set((ctx.body as { active: string[] }).active)];
    const unknown = names.filter((name) => !FAULTS.some((f) => f.name === name));
    if (unknown.length > 0) throw invalid(`Unknown fault ${unknown.join(', ')}: GET /_mock/faults lists the catalogue. Nothing changed`);
    ctx.state.setFaults(names);
    return { body: faultsView(ctx) };
  },
} satisfies Partial<ControlHandlers>;

function faultsView(ctx: Ctx) {
  return { active: [...ctx.state.faults], catalogue: FAULTS.map((f) => ({ name: f.name, area: f.area, description: f.description })) };
}
