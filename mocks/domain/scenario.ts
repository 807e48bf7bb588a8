// A whole world as one versioned JSON document (spec/control.yaml Scenario): export it, and build a world back from one.
import { defaultConfig, type MockConfig } from './config.ts';
import { defaultCaps } from './caps.ts';
import { sumCents } from './money.ts';
import { initPosts, type PostRow } from './posts.ts';
import type { Transaction, AutoTopUpSettings, PaidCharge } from './wallet.ts';
import type { MediaItem } from './media.ts';
import type { StoredDocument, BriefRevision, OnboardingRun } from './brief.ts';
import type { Notification } from './notifications.ts';
import type { Webhook, Delivery } from './webhooks.ts';
import type { OAuthApp } from './oauth.ts';
import { createWorld, createWorkspace } from './create-world.ts';
import type { Channel, Env, Fixtures, Group, Plan, World, WorkspaceLimits } from './world.ts';

export const SCENARIO_VERSION = 1;

/** Every time in the document is milliseconds since the epoch (UTC), as the domain keeps it, except the clock's `now`. */
export interface ScenarioWorkspace {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
  groups: Group[];
  channels: Channel[];
  /** Every post row (thread items and comments too), in the order they were stored. */
  posts: PostRow[];
  wallet: {
    /** Hundredths of a credit; must equal the sum of the ledger's `cents`. */
    balance: number;
    toppedUp: boolean;
    frozen: boolean;
    autoTopUp: AutoTopUpSettings;
    ledger: Transaction[];
    /** Paid items not sent yet, refunded if they fail. */
    paid: PaidCharge[];
  };
  /** Metadata only: the bytes are not in the document. */
  media: MediaItem[];
  brief: { documents: StoredDocument[]; history: Array<{ category: string; key: string; revisions: BriefRevision[] }>; onboarding: OnboardingRun[] };
  notifications: Notification[];
  webhooks: Webhook[];
  oauthApp: OAuthApp | null;
  analytics: { cache: Record<string, number>; chargedReads: string[] };
  postRequests: number[];
  clockAheadMs?: number;
  limits?: WorkspaceLimits;
}

/** Where a recorded scenario came from and what the public API did not show (spec/control.yaml ScenarioRecorded). */
export interface ScenarioRecorded {
  target?: string;
  at: string;
  window?: { from: string; to: string };
  anonymized?: boolean;
  notShown: string[];
}

export interface Scenario {
  scenarioVersion: 1;
  description?: string;
  recorded?: ScenarioRecorded;
  /** Media files' bytes (base64), served at `/media-files/<name>` once loaded: a recording made with `--media`. */
  files?: Array<{ name: string; mime: string; data: string }>;
  clock: { now: string; frozen: boolean };
  config: MockConfig;
  workspaces: ScenarioWorkspace[];
  oauthTokens: Array<{ token: string; workspaceId: string; clientId: string }>;
  deliveries: Delivery[];
}

/** One broken rule: a JSON pointer into the document and what it breaks. */
export interface ScenarioProblem {
  path: string;
  message: string;
}

export class ScenarioError extends Error {
  readonly problems: ScenarioProblem[];
  constructor(problems: ScenarioProblem[]) {
    super(`invalid scenario: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    this.name = 'ScenarioError';
    this.problems = problems;
  }
}

const clone = <T>(v: T): T => structuredClone(v);

/**
 * The world as a scenario document. With `share`, values are the world's own objects rather than copies: for a caller
 * that serializes the document at once (the state file), where copying first doubled the time a write holds the thread.
 */
export function exportScenario(world: World, clock: { now: number; frozen: boolean }, description?: string, { share = false } = {}): Scenario {
  const copy = share ? <T>(v: T): T => v : clone;
  return {
    scenarioVersion: SCENARIO_VERSION,
    ...(description === undefined ? {} : { description }),
    clock: { now: new Date(clock.now).toISOString(), frozen: clock.frozen },
    config: copy(world.config),
    workspaces: [...world.workspaces.values()].map((ws) => ({
      id: ws.id,
      name: ws.name,
      plan: ws.plan,
      apiKey: ws.apiKey,
      groups: copy(ws.groups),
      channels: copy(ws.channels),
      posts: [...ws.posts.rows.values()].map(copy),
      wallet: {
        balance: ws.wallet.balance,
        toppedUp: ws.wallet.toppedUp,
        frozen: ws.wallet.frozen,
        autoTopUp: copy(ws.wallet.autoTopUp),
        ledger: copy(ws.wallet.ledger),
        paid: [...ws.wallet.paid.values()].map(copy),
      },
      media: copy(ws.media.items),
      brief: {
        documents: [...ws.brief.documents.values()].map(copy),
        history: [...ws.brief.history].map(([id, revisions]) => {
          const slash = id.indexOf('/');
          return { category: id.slice(0, slash), key: id.slice(slash + 1), revisions: copy(revisions) };
        }),
        onboarding: copy(ws.brief.onboarding),
      },
      notifications: copy(ws.notifications.items),
      webhooks: copy(ws.webhooks.hooks),
      oauthApp: copy(ws.oauth.app),
      analytics: { cache: Object.fromEntries(ws.analytics.cache), chargedReads: [...ws.analytics.chargedReads] },
      postRequests: [...ws.postRequests],
      // Only where a conformance lane left them: a workspace on the world's time and limits writes neither.
      ...(ws.clockAheadMs !== 0 ? { clockAheadMs: ws.clockAheadMs } : {}),
      ...(Object.keys(ws.limits).length > 0 ? { limits: copy(ws.limits) } : {}),
    })),
    oauthTokens: [...world.oauth.tokens].map(([token, grant]) => ({ token, ...grant })),
    deliveries: copy(world.deliveries),
  };
}

/** The rules a schema cannot state: references between parts of the document, and the ledger's sum. */
export function scenarioProblems(doc: Scenario): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  // The workspace cap holds for a loaded world as for one grown through the control API: checked first, so that a
  // document of a quarter of a million workspaces is refused before any of them is looked at.
  const cap = scenarioConfig(doc).caps.workspaces;
  if (doc.workspaces.length > cap) {
    add('/workspaces', `holds ${doc.workspaces.length} workspaces; this mock keeps at most ${cap} (caps.workspaces: raise it in the document's config.caps to load more; a bound of the mock, not of the API)`);
    return problems;
  }
  const wsIds = new Map<string, number>();
  const apiKeys = new Map<string, number>();
  const appOf = new Map<string, string | null>();
  doc.workspaces.forEach((ws, w) => {
    const at = `/workspaces/${w}`;
    if (wsIds.has(ws.id)) add(`${at}/id`, `duplicate workspace id ${ws.id} (also /workspaces/${wsIds.get(ws.id)})`);
    wsIds.set(ws.id, w);
    if (apiKeys.has(ws.apiKey)) add(`${at}/apiKey`, `API key already used by /workspaces/${apiKeys.get(ws.apiKey)}`);
    apiKeys.set(ws.apiKey, w);
    appOf.set(ws.id, ws.oauthApp?.clientId ?? null);

    const channels = new Set<string>();
    ws.channels.forEach((c, i) => {
      if (channels.has(c.id)) add(`${at}/channels/${i}/id`, `duplicate channel id ${c.id}`);
      channels.add(c.id);
    });
    const groupIds = new Set(ws.groups.map((g) => g.id));
    ws.channels.forEach((c, i) => {
      if (c.customer !== null && !groupIds.has(c.customer)) add(`${at}/channels/${i}/customer`, `unknown group ${c.customer} in this workspace`);
    });

    const posts = new Set<string>();
    const items = new Set<string>();
    ws.posts.forEach((p, i) => {
      if (posts.has(p.id)) add(`${at}/posts/${i}/id`, `duplicate post id ${p.id}`);
      posts.add(p.id);
      if (!channels.has(p.channelId)) add(`${at}/posts/${i}/channelId`, `unknown channel ${p.channelId} in this workspace`);
      const item = `${p.group}#${p.channelId}#${p.index}`;
      if (items.has(item)) add(`${at}/posts/${i}/index`, `group ${p.group} already has an item at index ${p.index} on channel ${p.channelId}`);
      items.add(item);
      if (p.state === 'PUBLISHED' && p.publishedAt === null) add(`${at}/posts/${i}/publishedAt`, 'a PUBLISHED post needs publishedAt');
    });

    const sum = sumCents(ws.wallet.ledger.map((t) => t.cents));
    if (sum !== ws.wallet.balance) add(`${at}/wallet/balance`, `must equal the sum of the ledger's cents (${sum}), not ${ws.wallet.balance}`);
    ws.wallet.paid.forEach((c, i) => {
      if (!posts.has(c.postId)) add(`${at}/wallet/paid/${i}/postId`, `unknown post ${c.postId} in this workspace`);
    });
    ws.webhooks.forEach((h, i) => {
      if (h.integrations === 'all') return;
      h.integrations.forEach((id, j) => {
        if (!channels.has(id)) add(`${at}/webhooks/${i}/integrations/${j}`, `unknown channel ${id} in this workspace`);
      });
    });
  });
  doc.oauthTokens.forEach((t, i) => {
    if (!wsIds.has(t.workspaceId)) add(`/oauthTokens/${i}/workspaceId`, `unknown workspace ${t.workspaceId}`);
    else if (appOf.get(t.workspaceId) !== t.clientId) add(`/oauthTokens/${i}/clientId`, `not the client id of workspace ${t.workspaceId}'s OAuth app`);
  });
  return problems;
}

/** The document's config over the defaults: a hand-written scenario names only the numbers it changes. */
export function scenarioConfig(doc: Pick<Scenario, 'config'>, base: MockConfig = defaultConfig): MockConfig {
  return { ...base, ...doc.config, caps: { ...defaultCaps, ...base.caps, ...doc.config?.caps } };
}

/**
 * A new world from a document already valid against the schema: built through createWorld and createWorkspace,
 * then each area's state filled in, and every index (API keys, the posts time index and groups, next due times,
 * stored bytes) rebuilt from the rows. Throws ScenarioError, having built nothing anyone sees, when a rule breaks.
 */
export function importScenario(doc: Scenario, fixtures: Fixtures, config: MockConfig, env: Env): World {
  const problems = scenarioProblems(doc);
  if (problems.length > 0) throw new ScenarioError(problems);
  const world = createWorld({ ...fixtures, workspaces: [] }, config, env);
  world.fixtures = fixtures;
  for (const s of clone(doc.workspaces)) {
    const ws = createWorkspace(world, { id: s.id, name: s.name, plan: s.plan, apiKey: s.apiKey, groups: s.groups, channels: [] }, env);
    ws.channels = s.channels;
    ws.posts = initPosts();
    const groups = new Map<string, PostRow[]>();
    for (const row of s.posts) {
      ws.posts.rows.set(row.id, row);
      groups.set(row.group, [...(groups.get(row.group) ?? []), row]);
    }
    for (const [group, rows] of groups) ws.posts.groups.set(group, rows.sort((a, b) => a.channelId.localeCompare(b.channelId) || a.index - b.index).map((r) => r.id));
    // Next due unknown: the first tick looks at every queued row and sets it.
    ws.posts.nextDue = Number.NEGATIVE_INFINITY;
    ws.posts.seenRows = ws.posts.rows.size;
    ws.wallet = {
      ledger: s.wallet.ledger,
      balance: s.wallet.balance,
      toppedUp: s.wallet.toppedUp,
      frozen: s.wallet.frozen,
      autoTopUp: s.wallet.autoTopUp,
      paid: new Map(s.wallet.paid.map((c) => [c.postId, c])),
    };
    ws.media = {
      items: s.media,
      storedBytes: s.media.reduce((n, m) => n + m.bytes, 0),
      nextSeq: s.media.reduce((n, m) => Math.max(n, m.seq), 0) + 1,
    };
    ws.brief = {
      documents: new Map(s.brief.documents.map((d) => [`${d.category}/${d.key}`, d])),
      history: new Map(s.brief.history.map((h) => [`${h.category}/${h.key}`, h.revisions])),
      onboarding: s.brief.onboarding,
    };
    ws.notifications = { items: s.notifications };
    ws.webhooks = { hooks: s.webhooks };
    ws.oauth = { app: s.oauthApp };
    ws.analytics = { cache: new Map(Object.entries(s.analytics.cache)), chargedReads: new Set(s.analytics.chargedReads) };
    ws.postRequests = s.postRequests;
    ws.clockAheadMs = s.clockAheadMs ?? 0;
    ws.limits = s.limits ?? {};
  }
  for (const t of doc.oauthTokens) world.oauth.tokens.set(t.token, { workspaceId: t.workspaceId, clientId: t.clientId });
  world.deliveries = clone(doc.deliveries);
  return world;
}
