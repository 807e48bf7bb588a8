// Control API handlers for the world, the clock, channel failures, limits, webhooks, deliveries and faults (spec/control.yaml).
import { inClockRange } from '../../domain/clock.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { ensureRoom } from '../../domain/caps.ts';
import { createWebhook, deleteWebhook, testDelivery } from '../../domain/webhooks.ts';
import { creditsToCents, topUp } from '../../domain/wallet.ts';
import { createWorkspace as addWorkspace } from '../../domain/create-world.ts';
import { fixtureLike, rememberCreation } from '../../domain/workspace-reset.ts';
import { limitOf, timeIn, WORKSPACE_LIMITS, type Workspace, type WorkspaceFixture } from '../../domain/world.ts';
import { checkPublicUrl } from '../public-address.ts';
import { FAULTS, faultNameProblem } from '../faults.ts';
import { sendWebhooks } from '../state.ts';
import { workspaceRow } from './wallet.ts';
import type { Ctx } from '../pipeline.ts';
import type { ControlHandlers } from '../typed.ts';

function workspaceOf(ctx: Ctx): Workspace {
  const ws = ctx.world.workspaces.get(ctx.params.id);
  if (!ws) throw notFound('Workspace not found');
  return ws;
}

/** The limits in force: the world's, or as workspace `ws` has them. */
function limits(ctx: Ctx, ws?: Workspace) {
  const c = ctx.state.config;
  const of = <K extends (typeof WORKSPACE_LIMITS)[number]>(name: K) => (ws ? limitOf(ws, name) : c[name]);
  return {
    postsPerHour: of('postsPerHour'),
    allowLoopbackWebhooks: of('allowLoopbackWebhooks'),
    freeStorageBytes: of('freeStorageBytes'),
    freeLibraryBytes: of('freeLibraryBytes'),
    caps: { ...c.caps },
  };
}

/** The workspaces a change names (`workspaces`), every one known before anything changes. */
function namedWorkspaces(ctx: Ctx, ids: string[]): Workspace[] {
  return ids.map((id) => {
    const ws = ctx.world.workspaces.get(id);
    if (!ws) throw notFound(`Workspace not found: ${id}. Nothing changed`);
    return ws;
  });
}

/** The workspace a read names (`?workspace=`), if any. */
function queryWorkspace(ctx: Ctx): Workspace | undefined {
  const id = ctx.query.workspace as string | undefined;
  if (id === undefined) return undefined;
  const ws = ctx.world.workspaces.get(id);
  if (!ws) throw notFound('Workspace not found');
  return ws;
}

/** A clock a move walks: the world's, or one workspace's (the world's plus its lead). */
interface Walked {
  now(): number;
  set(instant: number): void;
  /** The earliest moment something falls due on this clock. */
  nextDue(): number;
}

/**
 * Move a clock to `to`, walking through every moment something falls due on the way, so each post is judged at its
 * own time (a post waiting for a reference sees it go out before its own wait ends, as it would in real time). `tick`
 * runs what is due, into `ran`.
 */
function walk(clock: Walked, to: number, tick: () => ReturnType<Ctx['state']['tick']>, ran: { published: string[]; failed: string[] }, after?: () => void): void {
  const collect = () => {
    const r = tick();
    ran.published.push(...r.published);
    ran.failed.push(...r.failed);
  };
  for (let step = 0; step < 100_000 && to > clock.now(); step++) {
    collect();
    const next = clock.nextDue();
    if (!(next > clock.now() && next < to)) break;
    clock.set(next);
  }
  clock.set(to);
  after?.();
  collect();
}

/** Move the named workspaces' clocks alone, each from its own time to `target(its now)`; every target is checked first. */
function moveWorkspaceClocks(ctx: Ctx, list: Workspace[], target: (now: number) => number): { published: string[]; failed: string[] } {
  const world = ctx.state.clock;
  const targets = list.map((ws) => {
    const to = target(timeIn(ctx.state.env, ws));
    if (!inClockRange(to)) throw outOfRange(to);
    return to;
  });
  const ran = { published: [] as string[], failed: [] as string[] };
  list.forEach((ws, i) => {
    const own: Walked = { now: () => timeIn(ctx.state.env, ws), set: (t) => (ws.clockAheadMs = t - world.now()), nextDue: () => ws.posts.nextDue };
    walk(own, targets[i]!, () => ctx.state.tick([ws]), ran);
  });
  return ran;
}

function outOfRange(target: number) {
  return invalid(`The mock clock stays between 1970-01-01 and 9999-12-31 (what a scenario or state file holds); this would move it to ${Number.isFinite(target) ? `${target} ms since the epoch` : String(target)}. Nothing changed`);
}

/** The app refuses webhook URLs that are not public https addresses (reference section 6). */
async function requirePublicUrl(ctx: Ctx, url: string, ws: Workspace): Promise<string> {
  const check = await checkPublicUrl(url, { allowLoopback: limitOf(ws, 'allowLoopbackWebhooks'), lookup: ctx.state.effects.lookupHost });
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

  getClock: (ctx) => {
    const ws = queryWorkspace(ctx);
    return { body: { now: new Date(ws ? timeIn(ctx.state.env, ws) : ctx.state.clock.now()).toISOString(), frozen: ctx.state.clock.frozen } };
  },

  setClock: (ctx) => {
    const { now, advanceSeconds, frozen, workspaces } = ctx.body as { now?: string; advanceSeconds?: number; frozen?: boolean; workspaces?: string[] };
    const clock = ctx.state.clock;
    const at = now === undefined ? undefined : Date.parse(now);
    if (at !== undefined && Number.isNaN(at)) throw invalid('now must be an ISO 8601 date-time');
    // Checked here as well as in the schema: a sum of two values each in range can still leave it.
    const target = (from: number) => (at ?? from) + (advanceSeconds === undefined ? 0 : Math.round(advanceSeconds * 1000));
    if (workspaces !== undefined) {
      if (frozen !== undefined) throw invalid('frozen is the whole world\'s: move workspaces\' clocks without it, or freeze the world\'s clock alone. Nothing changed');
      const list = namedWorkspaces(ctx, workspaces);
      const ran = moveWorkspaceClocks(ctx, list, target);
      return { body: { now: new Date(timeIn(ctx.state.env, list[0]!)).toISOString(), frozen: clock.frozen, ...ran } };
    }
    const to = target(clock.now());
    if (!inClockRange(to)) throw outOfRange(to);
    // A workspace ahead or behind moves with the world: its time must stay in range too, whatever order moves came in.
    for (const ws of ctx.world.workspaces.values()) {
      if (ws.clockAheadMs !== 0 && !inClockRange(to + ws.clockAheadMs)) {
        throw invalid(`The mock clock stays between 1970-01-01 and 9999-12-31 for every workspace; this would move ${ws.id}'s, ${ws.clockAheadMs} ms ahead of the world's, to ${to + ws.clockAheadMs} ms since the epoch. Move its clock first (POST /_mock/clock with workspaces). Nothing changed`);
      }
    }
    const ran = { published: [] as string[], failed: [] as string[] };
    const worldClock: Walked = {
      now: () => clock.now(),
      set: (t) => clock.set(t),
      // Each workspace keeps its next due time in its own time: on the world's clock, that less how far it is ahead.
      // A loop, not Math.min(...list): spreading a list of many workspaces overflows the stack.
      nextDue: () => {
        let next = Number.POSITIVE_INFINITY;
        for (const ws of ctx.world.workspaces.values()) next = Math.min(next, ws.posts.nextDue - ws.clockAheadMs);
        return next;
      },
    };
    walk(worldClock, to, () => ctx.state.tick(), ran, () => {
      if (frozen === true) clock.freeze();
      if (frozen === false) clock.unfreeze();
    });
    return { body: { now: new Date(clock.now()).toISOString(), frozen: clock.frozen, ...ran } };
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

  getLimits: (ctx) => ({ body: limits(ctx, queryWorkspace(ctx)) }),

  setLimits: (ctx) => {
    const input = ctx.body as Partial<ReturnType<typeof limits>> & { workspaces?: string[] };
    if (input.workspaces !== undefined) {
      if (input.caps !== undefined) throw invalid('caps are the whole world\'s: set them without workspaces. Nothing changed');
      const list = namedWorkspaces(ctx, input.workspaces);
      for (const ws of list) for (const name of WORKSPACE_LIMITS) if (input[name] !== undefined) (ws.limits as Record<string, unknown>)[name] = input[name];
      return { body: limits(ctx, list[0]) };
    }
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
    const url = await requirePublicUrl(ctx, ctx.body.url, ws);
    return { status: 201, body: createWebhook(ctx.world, ws, { name: ctx.body.name, url, integrations: ctx.body.integrations }, ctx.env) };
  },

  deleteWebhook: (ctx) => {
    deleteWebhook(workspaceOf(ctx), ctx.params.webhookId);
    return { body: { deleted: true } };
  },

  sendTestWebhook: async (ctx) => {
    const ws = workspaceOf(ctx);
    const url = await requirePublicUrl(ctx, ctx.body.url, ws);
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
    const problems = names.flatMap((name) => faultNameProblem(name) ?? []);
    if (problems.length > 0) throw invalid(`${problems.join('; ').replace(/^u/, 'U')}: GET /_mock/faults lists the catalogue (a fault may be conditioned as fault@condition). Nothing changed`);
    ctx.state.setFaults(names);
    return { body: faultsView(ctx) };
  },
} satisfies Partial<ControlHandlers>;

function faultsView(ctx: Ctx) {
  return { active: [...ctx.state.faults], catalogue: FAULTS.map((f) => ({ name: f.name, area: f.area, description: f.description })) };
}
