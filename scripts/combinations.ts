// npm run combinations: runs each check alone against the in-process mock (seeds 1 to 3, the default 10 runs) and records,
// from the mock's world before and after every request the check sends, which transition of a post it drove from
// which account state on which shape of post (suites/combinations.ts names the dimensions). Writes
// suites/combinations.json and docs/rules.md's table of them; --check fails when the file differs from a fresh run.
import { readFileSync, writeFileSync } from 'node:fs';
import type { PostRow, World, Workspace } from '../mocks/domain/world.ts';
import { isChargedProvider } from '../mocks/domain/wallet-pricing.ts';
import '../suites/checks/index.ts';
import { allChecks } from '../suites/checks/registry.ts';
import { combinationsText, key, type Account, type ChannelKind, type Combination, type CombinationsMap, type Shape, type Transition } from '../suites/combinations.ts';
import { COMBINATIONS_FILE, COMBINATIONS_TABLE } from './combinations-table.ts';
import { inProcessTarget, type InProcessTarget } from '../suites/in-process.ts';
import { runChecks } from '../suites/runner.ts';
import { writeSection } from './lib/generated-section.ts';

type Row = { state: string; group: string; channelId: string; index: number; inter: number | null; content: string; settings: string; publishAt: number };
type Snapshot = Map<string, { account: Exclude<Account, 'credits short'>; rows: Map<string, Row> }>;

const rowOf = (r: PostRow): Row => ({ state: r.state, group: r.group, channelId: r.channelId, index: r.index, inter: r.inter, content: r.content, settings: JSON.stringify(r.settings), publishAt: r.publishAt });

/** The account a workspace is in, before a request's answer tells whether its credits covered it. */
function accountOf(ws: Workspace): Exclude<Account, 'credits short'> {
  if (ws.plan === 'paid') return 'paid';
  if (ws.wallet.frozen) return 'frozen';
  if (!ws.wallet.toppedUp) return 'free before top-up';
  return ws.wallet.autoTopUp.enabled ? 'auto top-up' : 'credits enough';
}

function snapshot(world: World): Snapshot {
  const out: Snapshot = new Map();
  for (const ws of world.workspaces.values()) {
    const rows = new Map<string, Row>();
    for (const [id, r] of ws.posts.rows) rows.set(id, rowOf(r));
    out.set(ws.id, { account: accountOf(ws), rows });
  }
  return out;
}

/** The shapes and channel kind of a post: its rows as stored, or the entries of a refused request's body. */
function shapeOf(world: World, ws: Workspace, entries: Array<{ channelId: string; items: number }>, inter: boolean): { shapes: Shape[]; channel: ChannelKind } {
  const shapes: Shape[] = [];
  if (entries.some((e) => e.items > 1)) shapes.push('thread');
  if (inter) shapes.push('repeating');
  if (new Set(entries.map((e) => e.channelId)).size > 1) shapes.push('several channels');
  if (shapes.length === 0) shapes.push('single');
  const charged = entries.some((e) => {
    const channel = ws.channels.find((c) => c.id === e.channelId);
    return channel !== undefined && isChargedProvider(world, channel.identifier);
  });
  return { shapes, channel: charged ? 'charged' : 'free' };
}

/** The shape of a `POST /posts` body: its entries and `inter`. */
function bodyShape(world: World, ws: Workspace, body: any): ReturnType<typeof shapeOf> {
  const entries = Array.isArray(body?.posts) ? body.posts.map((p: any) => ({ channelId: String(p?.integration?.id), items: Array.isArray(p?.value) ? p.value.length : 1 })) : [];
  return shapeOf(world, ws, entries, Number(body?.inter) > 0);
}

function groupShape(world: World, ws: Workspace, rows: Row[]): ReturnType<typeof shapeOf> {
  const perChannel = new Map<string, number>();
  for (const r of rows) perChannel.set(r.channelId, (perChannel.get(r.channelId) ?? 0) + 1);
  return shapeOf(world, ws, [...perChannel].map(([channelId, items]) => ({ channelId, items })), rows.some((r) => (r.inter ?? 0) > 0));
}

/** The transitions one request drove, read from the world before and after it and from what it asked. */
function transitionsOf(world: World, before: Snapshot, request: { method: string; path: string; body: any; key: string }, status: number): Combination[] {
  const found: Combination[] = [];
  const add = (transition: Transition, account: Account, s: ReturnType<typeof shapeOf>) => {
    for (const shape of s.shapes) found.push({ transition, account, shape, channel: s.channel });
  };
  const isCreate = request.method === 'POST' && /\/posts$/.test(request.path);
  const isStatus = request.method === 'PUT' && /\/posts\/[^/]+\/status$/.test(request.path);
  for (const ws of world.workspaces.values()) {
    const was = before.get(ws.id);
    if (!was) continue;
    const account: Account = was.account;
    const groups = new Map<string, { before: Row[]; after: Row[] }>();
    const at = (g: string) => groups.get(g) ?? groups.set(g, { before: [], after: [] }).get(g)!;
    for (const r of was.rows.values()) at(r.group).before.push(r);
    for (const [, r] of ws.posts.rows) at(r.group).after.push(rowOf(r));
    for (const { before: b, after: a } of groups.values()) {
      const changed = b.length !== a.length || a.some((r) => {
        const o = b.find((x) => x.channelId === r.channelId && x.index === r.index);
        return !o || o.state !== r.state || o.content !== r.content || o.settings !== r.settings || o.publishAt !== r.publishAt;
      });
      if (!changed) continue;
      const shape = groupShape(world, ws, a.length > 0 ? a : b);
      // What the clock or the request sent out: published, or failed at an item.
      for (const r of a) {
        const o = b.find((x) => x.channelId === r.channelId && x.index === r.index);
        if (r.state === 'PUBLISHED' && o?.state === 'QUEUE') add('publish', account, shape);
        if (r.state === 'ERROR' && o?.state !== 'ERROR') add(r.index === 0 ? 'failed send, first item' : 'failed send, later item', account, shape);
        if (r.state === 'PUBLISHED' && !o && b.length === 0 && isCreate) add('publish', account, shape);
      }
      if (isCreate && status === 200) {
        // A post on several channels is a group per channel unless the client names one: its shape is what was sent.
        const sent = bodyShape(world, ws, request.body);
        const type = request.body?.type;
        if (b.length === 0) add(type === 'draft' ? 'create draft' : type === 'now' ? 'create now' : 'create scheduled', account, sent);
        else add('edit', account, sent);
      } else if (isStatus && status === 200) {
        add(request.body?.status === 'draft' ? 'to draft' : 'to schedule', account, shape);
      } else if (request.method === 'DELETE' && status === 200 && a.length < b.length) {
        add('delete', account, shape);
      }
    }
  }
  // A refusal for credits changes nothing: what it asked, on the workspace of its key, is the combination.
  if (status === 402 && (isCreate || isStatus)) {
    const id = world.apiKeys.get(request.key);
    const ws = id ? world.workspaces.get(id) : undefined;
    const was = ws && before.get(ws.id);
    if (ws && was && was.account !== 'paid') {
      // A 402 on a frozen wallet or before the first top-up is that account's refusal; on pay-as-you-go, credits were short.
      const account: Account = was.account === 'frozen' || was.account === 'free before top-up' ? was.account : 'credits short';
      if (isCreate) {
        const s = bodyShape(world, ws, request.body);
        const type = request.body?.type;
        for (const shape of s.shapes) found.push({ transition: type === 'draft' ? 'create draft' : type === 'now' ? 'create now' : 'create scheduled', account, shape, channel: s.channel });
      } else {
        const postId = decodeURIComponent(request.path.split('/').at(-2) ?? '');
        const row = [...was.rows.entries()].find(([id]) => id === postId)?.[1];
        if (row) {
          const s = groupShape(world, ws, [...was.rows.values()].filter((r) => r.group === row.group));
          for (const shape of s.shapes) found.push({ transition: request.body?.status === 'draft' ? 'to draft' : 'to schedule', account, shape, channel: s.channel });
        }
      }
    }
  }
  return found;
}

/**
 * The seeds of the recorded runs: what a check reaches depends on what its generators draw, so the record is the union
 * of a few runs of the default ten, as a user's runs on several days would reach.
 */
const SEEDS = [1, 2, 3];

/** The combinations one check reaches when run alone against a fresh in-process mock, over the seeds. */
async function reachOf(check: string): Promise<string[]> {
  const reached = new Set<string>();
  let target: InProcessTarget | undefined;
  const around = (inner: typeof fetch): typeof fetch => async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const world = target?.app.state.world;
    if (!world) return inner(request);
    const before = snapshot(world);
    let body: any;
    if (request.method !== 'GET' && (request.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = JSON.parse(await request.clone().text());
      } catch {
        body = undefined;
      }
    }
    const response = await inner(request);
    // The world a request acts on is the one it started on: a reset swaps it, and nothing moved in the one before.
    const after = target!.app.state.world;
    if (after === world) {
      const path = new URL(request.url).pathname;
      for (const c of transitionsOf(world, before, { method: request.method, path, body, key: (request.headers.get('authorization') ?? '').trim() }, response.status)) reached.add(key(c));
    }
    return response;
  };
  for (const seed of SEEDS) {
    target = await inProcessTarget({}, around);
    await runChecks(target, { seed, runs: 10, checks: [check] });
  }
  return [...reached].sort();
}

export async function recordCombinations(checks = allChecks().filter((c) => !c.name.startsWith('test_')).map((c) => c.name)): Promise<CombinationsMap> {
  const map: CombinationsMap = {};
  for (const check of checks) {
    const reached = await reachOf(check);
    if (reached.length > 0) map[check] = reached;
  }
  return map;
}

if (import.meta.main) {
  const text = combinationsText(await recordCombinations());
  if (process.argv.includes('--check')) {
    if (readFileSync(COMBINATIONS_FILE, 'utf8') !== text) {
      console.error('suites/combinations.json is out of date: run `npm run regen` (or `npm run combinations`) and commit it.');
      process.exit(1);
    }
    console.log('ok suites/combinations.json');
  } else {
    writeFileSync(COMBINATIONS_FILE, text);
    console.log('wrote suites/combinations.json');
    writeSection(COMBINATIONS_TABLE);
    console.log('wrote docs/rules.md (combinations-table)');
  }
}
