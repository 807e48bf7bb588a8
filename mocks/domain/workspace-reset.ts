// A workspace back to how it was made, alone: the verifier's concurrent checks each work in workspaces of their own
// and start every check from a fresh one, without resetting the world the other checks are using.
import { createWorkspace } from './create-world.ts';
import { invalid, notFound } from './errors.ts';
import type { Env, World, WorkspaceFixture } from './world.ts';
import type { IdSource } from './ids.ts';
import { topUp } from './wallet.ts';

interface Creation {
  fixture: WorkspaceFixture;
  /** The first top-up it was made with (control's createWorkspace), applied again on reset. */
  topUpCredits?: number;
}

// Per world, so a world reset forgets them with the workspaces; never part of a scenario (a loaded workspace was not
// made in this session, and says so when asked to reset).
const made = new WeakMap<World, Map<string, Creation>>();

/** Remember what a workspace was made from (control's createWorkspace calls this). */
export function rememberCreation(world: World, fixture: WorkspaceFixture, topUpCredits?: number): void {
  const map = made.get(world) ?? new Map<string, Creation>();
  map.set(fixture.id, { fixture, topUpCredits });
  made.set(world, map);
}

/**
 * Rebuild one workspace from what it was made from (its seed fixture, or the control call that created it): its
 * posts, media, wallet, brief, webhooks, OAuth app, tickets, codes, tokens, deliveries and hourly count go; its id,
 * first API key, groups and channels come back as they were. Answers the file names of the media it held, for the
 * caller to delete.
 */
export function resetWorkspace(world: World, id: string, env: Env): { files: string[] } {
  return resetWorkspaces(world, [id], env);
}

/**
 * Several workspaces back to how they were made, in one step: every one is checked first (known, and made in this
 * session), so a refusal changes none of them. A verifier's lane starts each check this way, one round trip for all
 * its workspaces.
 */
export function resetWorkspaces(world: World, ids: readonly string[], env: Env): { files: string[] } {
  const creations = ids.map((id) => {
    if (!world.workspaces.has(id)) throw notFound(ids.length > 1 ? `Workspace not found: ${id}. Nothing changed` : 'Workspace not found');
    const creation = made.get(world)?.get(id) ?? (world.fixtures.workspaces.some((f) => f.id === id) ? { fixture: world.fixtures.workspaces.find((f) => f.id === id)! } : undefined);
    if (!creation) throw invalid(`${ids.length > 1 ? `Workspace ${id}` : 'This workspace'} was loaded from a scenario, not made in this session: there is nothing to reset it to. Nothing changed`);
    return [id, creation] as const;
  });
  const files: string[] = [];
  for (const [id, creation] of creations) files.push(...rebuild(world, id, creation, env));
  return { files };
}

/** One workspace rebuilt from what it was made from; the file names of the media it held. */
function rebuild(world: World, id: string, creation: Creation, env: Env): string[] {
  const ws = world.workspaces.get(id)!;
  const files = ws.media.items.map((m) => m.path.split('/').pop() ?? '').filter(Boolean);
  for (const [key, owner] of world.apiKeys) if (owner === id) world.apiKeys.delete(key);
  for (const [token, t] of world.uploadTickets) if (t.workspaceId === id) world.uploadTickets.delete(token);
  for (const [code, c] of world.oauth.codes) if (c.workspaceId === id) world.oauth.codes.delete(code);
  for (const [token, t] of world.oauth.tokens) if (t.workspaceId === id) world.oauth.tokens.delete(token);
  const clientId = ws.oauth.app?.clientId;
  if (clientId) for (const [nonce, c] of world.oauth.consents) if (c.clientId === clientId) world.oauth.consents.delete(nonce);
  world.deliveries = world.deliveries.filter((d) => d.workspaceId !== id);
  // Rebuilt in its place: the order of the workspaces (which control lists, and the verifier picks keys from) stays.
  const order = [...world.workspaces.keys()];
  world.workspaces.delete(id);
  const fresh = createWorkspace(world, creation.fixture, env);
  const rows = new Map(world.workspaces);
  world.workspaces.clear();
  for (const key of order) world.workspaces.set(key, rows.get(key)!);
  if (creation.topUpCredits !== undefined && creation.topUpCredits > 0) topUp(fresh, world.config, creation.topUpCredits, env);
  return files;
}

/** What `like` names was made from: its seed, or the control call that created it. */
function creationOf(world: World, id: string): Creation | undefined {
  const seeded = world.fixtures.workspaces.find((f) => f.id === id);
  return made.get(world)?.get(id) ?? (seeded ? { fixture: seeded } : undefined);
}

/**
 * A fixture made like workspace `id` was made (its groups, its channels with their providers, customers and posting
 * times, its first wallet and top-up), every id and the key its own: a copy the verifier can use beside the original.
 */
export function fixtureLike(world: World, id: string, ids: IdSource, name?: string): { fixture: WorkspaceFixture; topUpCredits?: number } {
  const creation = creationOf(world, id);
  if (!creation) throw notFound('Workspace to copy not found (or loaded from a scenario, with nothing to copy it from)');
  const base = creation.fixture;
  const groupIds = new Map(base.groups.map((g) => [g.id, ids.id('grp_')]));
  const fixture: WorkspaceFixture = {
    id: ids.id('ws_'),
    name: name ?? `${base.name} (copy)`,
    plan: base.plan,
    apiKey: `key_${ids.alnum(40)}`,
    groups: base.groups.map((g) => ({ ...g, id: groupIds.get(g.id)! })),
    channels: base.channels.map((c) => ({ ...c, id: ids.id('ch_'), customer: c.customer ? (groupIds.get(c.customer) ?? null) : c.customer })),
    ...(base.wallet ? { wallet: structuredClone(base.wallet) } : {}),
  };
  return { fixture, topUpCredits: creation.topUpCredits };
}
