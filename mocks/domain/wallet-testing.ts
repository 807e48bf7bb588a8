// Test helpers for the wallet: a seeded world on a frozen clock, and posts played the way the posts module stores them.
import { loadFixtures } from '../../fixtures/load.ts';
import { applySettlement, planSettlement, type ReleaseReason } from './billing.ts';
import { MockClock } from './clock.ts';
import { defaultConfig, type MockConfig } from './config.ts';
import { seededIds } from './ids.ts';
import { updateRow, type PostRow, type PostState } from './posts.ts';
import { createWorld } from './create-world.ts';
import type { Env, Fixtures, Workspace, World } from './world.ts';

export const T0 = Date.parse('2026-01-05T09:00:00.000Z');

let cached: Fixtures | undefined;

export interface WalletWorld {
  world: World;
  env: Env;
  clock: MockClock;
  /** The seeded pay-as-you-go workspace (525 credits). */
  ws: Workspace;
}

export function walletWorld(seed = 1, config: Partial<MockConfig> = {}, fixtures?: Fixtures): WalletWorld {
  cached ??= loadFixtures();
  const clock = new MockClock({ frozenAt: T0 });
  const env: Env = { clock, ids: seededIds(seed) };
  const world = createWorld(fixtures ?? cached, { ...defaultConfig, ...config }, env);
  return { world, env, clock, ws: world.workspaces.get('ws_payg_demo')! };
}

/** The workspace's first channel of a provider. */
export function channelOf(ws: Workspace, provider: string): string {
  const ch = ws.channels.find((c) => c.identifier === provider && !c.disabled);
  if (!ch) throw new Error(`no ${provider} channel in ${ws.id}`);
  return ch.id;
}

/** Store rows for a group on one channel, the way createPosts would (one row per `value` item). */
export function putRows(
  ws: Workspace,
  env: Env,
  group: string,
  channelId: string,
  contents: string[],
  state: PostState,
  at: number,
  inter: number | null = null,
  ids: string[] = [],
  firstIndex = 0,
): PostRow[] {
  return contents.map((content, i) => {
    const row: PostRow = {
      id: ids[i] ?? env.ids.id('post_'),
      group,
      channelId,
      index: firstIndex + i,
      content,
      images: [],
      settings: null,
      publishAt: at,
      delayMinutes: 0,
      state,
      releaseURL: null,
      releaseId: null,
      inter,
      tags: [],
      shortLink: false,
      creationMethod: 'API',
      createdAt: env.clock.now(),
      publishedAt: null,
      error: null,
    };
    ws.posts.rows.set(row.id, row);
    return row;
  });
}

function providerOf(ws: Workspace, channelId: string): string {
  return ws.channels.find((c) => c.id === channelId)!.identifier;
}

/** Schedule a new group: price it first (throws the 402 and stores nothing), then store and settle. */
export function schedule(ww: WalletWorld, provider: string, contents: string[], group = ww.env.ids.id('grp_'), inter: number | null = null): PostRow[] {
  const { world, ws, env } = ww;
  const channelId = channelOf(ws, provider);
  const ids = contents.map(() => env.ids.id('post_'));
  const settlement = planSettlement(
    world,
    ws,
    contents.map((content, i) => ({ postId: ids[i]!, group, provider, content })),
    [],
    env,
  );
  const rows = putRows(ws, env, group, channelId, contents, 'QUEUE', env.clock.now() + 3600_000, inter, ids);
  applySettlement(world, ws, settlement, env);
  return rows;
}

/** Edit a queued group in place, item for item by index (the edit keeps `value[].id`s), removing extra items. */
export function edit(ww: WalletWorld, group: string, contents: string[]): void {
  const { world, ws, env } = ww;
  const rows = [...ws.posts.rows.values()].filter((r) => r.group === group && r.state !== 'PUBLISHED').sort((a, b) => a.index - b.index);
  if (rows.length === 0) return;
  const channelId = rows[0]!.channelId;
  const provider = providerOf(ws, channelId);
  const ids = contents.map((_, i) => rows[i]?.id ?? env.ids.id('post_'));
  const settlement = planSettlement(
    world,
    ws,
    contents.map((content, i) => ({ postId: ids[i]!, group, provider, content })),
    rows.slice(contents.length).map((r) => ({ postId: r.id, reason: 'edited' as const })),
    env,
  );
  for (const r of rows.slice(contents.length)) ws.posts.rows.delete(r.id);
  contents.forEach((content, i) => {
    const existing = rows[i];
    if (existing) updateRow(existing, { content });
    else putRows(ws, env, group, channelId, [content], 'QUEUE', rows[0]!.publishAt, null, [ids[i]!], i);
  });
  applySettlement(world, ws, settlement, env);
}

/** Release a whole group (delete, move to drafts, failed send): refunds what its unsent items paid. */
export function releaseGroup(ww: WalletWorld, group: string, reason: ReleaseReason): void {
  const { world, ws, env } = ww;
  const rows = [...ws.posts.rows.values()].filter((r) => r.group === group);
  const settlement = planSettlement(world, ws, [], rows.map((r) => ({ postId: r.id, reason })), env);
  for (const r of rows) {
    if (reason === 'deleted') ws.posts.rows.delete(r.id);
    else updateRow(r, { state: reason === 'moved back to drafts' ? 'DRAFT' : 'ERROR' });
  }
  applySettlement(world, ws, settlement, env);
}

/** Ledger sum in hundredths. */
export function ledgerSum(ws: Workspace): number {
  return ws.wallet.ledger.reduce((s, t) => s + t.cents, 0);
}
