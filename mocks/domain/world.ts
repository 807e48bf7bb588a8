// The whole in-memory world of the mock as plain data: workspaces with their channels, posts, wallet, media and the rest,
// every area's state declared here and nothing that acts on it. Areas import this file and it imports no area, so the
// domain has no import circle; create-world.ts builds a world from the areas' initialisers.
import type { MockConfig } from './config.ts';
import type { IdSource } from './ids.ts';
import { clampToClockRange, type Clock } from './clock.ts';
import type { Cents } from './money.ts';
import type { TimeIndexedMap } from './time-index.ts';
import type { components } from '../../spec/generated/openapi.d.ts';

export type Plan = 'free' | 'paid';

export interface Group {
  id: string;
  name: string;
}

/** One analytics series a network reports, around a typical daily value (each channel gets its own scale). */
export interface ProviderMetric {
  label: string;
  base: number;
}

/**
 * A provider's row of the catalogue (fixtures/providers.json): what GET /integration-settings serves, and the mock's
 * choices where the reference is silent. Every field past `tools` is optional: a catalogue from another fixtures folder
 * that lacks one gets the mock's default for it.
 */
export interface ProviderInfo {
  label: string;
  type: 'social' | 'article';
  maxLength: number;
  rules: string;
  tools: Array<Record<string, unknown> & { methodName: string }>;
  /** A link in a post's text counts as this many characters (as the network counts it); absent, as its own length. */
  linkLength?: number;
  /**
   * The first item needs a photo or video: always, or when the settings hold every value of `when`; `what` names the
   * post in the refusal. `needs` is the kind the network itself wants, for docs and sample data (the mock takes either).
   */
  media?: { needs: 'image' | 'video'; when?: Record<string, string>; what?: string };
  /** False: the network cannot delete a published post (DELETE with deleteFromPlatform reports it). Default true. */
  deleteFromPlatform?: boolean;
  /** All `settings.tags` values together use at most this many characters; a tag holding a space counts two more. */
  tagsTotal?: number;
  /** The live post's address: `{handle}` the channel's profile, `{id}` the release id, `{short}` the id in base 36. */
  releaseUrl?: string;
  /** The provider's OAuth consent address (never called). */
  consentUrl?: string;
  /** Analytics series of a channel, and of one published post. */
  metrics?: ProviderMetric[];
  postMetrics?: ProviderMetric[];
}

export interface Channel {
  id: string;
  name: string;
  /** The provider identifier (`x`, `linkedin`, ...). */
  identifier: string;
  picture: string | null;
  disabled: boolean;
  profile: string | null;
  /** Group (customer) id the channel is labelled with. */
  customer: string | null;
  /** Minutes after midnight UTC at which this channel posts (find-slot). */
  postingTimes: number[];
  /** Control switch: sends on this channel fail. */
  failing: boolean;
}

export interface Workspace {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
  groups: Group[];
  channels: Channel[];
  posts: PostsState;
  wallet: WalletState;
  media: MediaState;
  brief: BriefState;
  notifications: NotificationsState;
  webhooks: WebhooksState;
  oauth: OAuthWorkspaceState;
  analytics: AnalyticsState;
  /** Times (ms) of this workspace's `POST /posts` requests within the last hour. */
  postRequests: number[];
  /** The mock's numbers, the world's own object: areas that keep history read their caps here without the world. */
  config: MockConfig;
  /**
   * How far this workspace's clock is ahead of the world's (ms; 0 for every workspace but those a conformance lane
   * moved alone, `POST /_mock/clock` with `workspaces`). Every time the workspace sees is the world's plus this.
   */
  clockAheadMs: number;
  /** The limits set for this workspace alone (`PUT /_mock/limits` with `workspaces`), over the world's. */
  limits: WorkspaceLimits;
}

/** The limits a workspace may have of its own: those the reference leaves to the service and a check sets. */
export type WorkspaceLimits = Partial<Pick<MockConfig, 'postsPerHour' | 'freeLibraryBytes' | 'freeStorageBytes' | 'allowLoopbackWebhooks'>>;
export const WORKSPACE_LIMITS = ['postsPerHour', 'freeLibraryBytes', 'freeStorageBytes', 'allowLoopbackWebhooks'] as const;

/**
 * Limits a switched-on fault lifts, per config object: a lens over the stored limits, never a write to them, so that
 * switching the fault off (or exporting while it is on) finds every workspace's limits as they were.
 */
const lifted = new WeakMap<MockConfig, WorkspaceLimits>();

/** Lift these limits for every workspace of `config` while a fault is on; `undefined` puts the stored ones back in force. */
export function liftLimits(config: MockConfig, limits: WorkspaceLimits | undefined): void {
  if (limits) lifted.set(config, { ...lifted.get(config), ...limits });
  else lifted.delete(config);
}

/** A limit as the workspace has it: a fault's lifted one, else its own, else the world's. */
export function limitOf<K extends keyof WorkspaceLimits>(ws: Workspace, name: K): MockConfig[K] {
  return (lifted.get(ws.config)?.[name] ?? ws.limits[name] ?? ws.config[name]) as MockConfig[K];
}

export interface ChannelFixture {
  id: string;
  name: string;
  identifier: string;
  picture?: string | null;
  disabled?: boolean;
  profile?: string | null;
  customer?: string | null;
  postingTimes?: number[];
}

export interface WorkspaceFixture {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
  groups: Group[];
  channels: ChannelFixture[];
  wallet?: WalletFixture;
}

export interface Fixtures {
  workspaces: WorkspaceFixture[];
  providers: Record<string, ProviderInfo>;
  prices: PriceList;
  skills: Skill[];
  /** Labels and order of the skills library's tags. */
  skillTags?: SkillTag[];
  briefRegistry: BriefRegistry;
}

export interface World {
  config: MockConfig;
  fixtures: Fixtures;
  workspaces: Map<string, Workspace>;
  /** API key -> workspace id. Rotating a key replaces its entry. */
  apiKeys: Map<string, string>;
  /** Single-use upload tickets by token. */
  uploadTickets: Map<string, UploadTicket>;
  oauth: OAuthWorldState;
  /** Every webhook request the mock sent (or tried to), newest last. */
  deliveries: Delivery[];
}

/** What every domain operation may need besides the world: time and a source of ids. */
export interface Env {
  /** The time the operation sees: the world's, or one workspace's (`workspaceEnv`). */
  clock: Clock;
  ids: IdSource;
  /** The world's clock, when `clock` is a workspace's. */
  world?: Clock;
}

/**
 * The env of an operation on one workspace: its clock reads the workspace's time. Built from the world's clock whatever
 * env it is given, so scoping twice never adds the offset twice.
 */
export function workspaceEnv(env: Env, ws: Workspace): Env {
  const world = env.world ?? env.clock;
  if (ws.clockAheadMs === 0) return env.world ? { clock: world, ids: env.ids } : env;
  return { clock: { now: () => clampToClockRange(world.now() + ws.clockAheadMs) }, ids: env.ids, world };
}

/** Now, as workspace `ws` sees it (for the world-wide maps: tickets, codes, consents, each judged by its owner's time). */
export function timeIn(env: Env, ws: Workspace): number {
  // Moves keep it in range; a running world clock carrying a lead past the end of 9999 stops there too.
  return clampToClockRange((env.world ?? env.clock).now() + ws.clockAheadMs);
}

/** Default posting times: 02:00, 06:40, 11:40 UTC (mock choice; reference: not shown). */
export const DEFAULT_POSTING_TIMES = [120, 400, 700];

/** A channel of this workspace, or undefined: another workspace's ids are never found. */
export function findChannel(ws: Workspace, id: string): Channel | undefined {
  return ws.channels.find((c) => c.id === id);
}

export function providerInfo(world: World, identifier: string): ProviderInfo {
  return (
    world.fixtures.providers[identifier] ?? {
      label: identifier,
      type: 'social',
      maxLength: 5000,
      rules: 'No additional rules.',
      tools: [],
    }
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Posts (posts.ts)

export type PostState = 'DRAFT' | 'QUEUE' | 'PUBLISHED' | 'ERROR';

export interface PostImage {
  id: string;
  path: string;
  /** Null as the uploaded Media carries it (section 2.6), which clients send back as it is. */
  alt?: string | null;
  thumbnail?: string | null;
}

export interface Tag {
  value: string;
  label: string;
}

/**
 * One item of a group's `value`: index 0 is the post, later ones its thread items or comments. Read-only: a change goes
 * through `updateRow` (posts.ts), which counts it, so that a serializer may keep each row's text until the row changes
 * (the state file renders 20,000 posts from those texts instead of stringifying every one on each write).
 */
export interface PostRow {
  readonly id: string;
  readonly group: string;
  readonly channelId: string;
  readonly index: number;
  /** The text as stored; `(post:<id>)` is replaced by the live URL when the item publishes. */
  readonly content: string;
  /** The text as the client sent it, before any replacement (the next occurrence of a repeating post starts from it). */
  readonly template?: string;
  readonly images: PostImage[];
  readonly settings: Record<string, unknown> | null;
  /** When this item is due (ms): the group's date plus the delays before it. */
  readonly publishAt: number;
  readonly delayMinutes: number;
  readonly state: PostState;
  readonly releaseURL: string | null;
  readonly releaseId: string | null;
  readonly inter: number | null;
  readonly tags: Tag[];
  readonly shortLink: boolean;
  readonly creationMethod: 'API' | 'CLI';
  readonly createdAt: number;
  readonly publishedAt: number | null;
  readonly error: string | null;
}

export interface PostsState {
  /** Every item of every group, also kept sorted by `publishAt` for the calendar's range reads. */
  rows: TimeIndexedMap<PostRow>;
  /** Group id -> its row ids, in thread order. */
  groups: Map<string, string[]>;
  /**
   * The earliest time (ms) anything queued may need attention; runDue skips the workspace before it.
   * It may be early (a row moved or deleted since), never late.
   */
  nextDue: number;
  /**
   * How many rows there were when runDue last looked. Rows stored by other means than this module (test helpers)
   * change the count, and runDue looks again.
   */
  seenRows: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Wallet and prices (wallet.ts)

/** The six types the document lists (`WalletTransaction.type`, reference 2.8 and 4.5). */
export type TransactionType = components['schemas']['WalletTransaction']['type'];

export interface Transaction {
  id: string;
  type: TransactionType;
  description: string | null;
  /** Signed: positive adds to the balance, negative spends. */
  cents: Cents;
  quantity: number;
  actionKey: string | null;
  reference: string | null;
  receiptUrl: string | null;
  createdAt: number;
  /** Top-ups only: the amount paid, in the smallest currency unit (what the auto top-up monthly limit counts). */
  currencyAmount?: number;
}

/** Automatic top-up settings; amounts in the smallest currency unit, as the reference gives them. */
export interface AutoTopUpSettings {
  enabled: boolean;
  belowCents: Cents | null;
  amount: number | null;
  monthlyLimit: number | null;
}

/** What one post item has paid and not had back. */
export interface PaidCharge {
  postId: string;
  group: string;
  provider: string;
  actionKey: string;
  cents: Cents;
  quantity: number;
}

export interface WalletState {
  /** Oldest first; the balance is always the sum of these. */
  ledger: Transaction[];
  balance: Cents;
  toppedUp: boolean;
  frozen: boolean;
  autoTopUp: AutoTopUpSettings;
  /** Unsent paid post items by post id (billing.ts keeps it). */
  paid: Map<string, PaidCharge>;
}

/** One row of the price list (reference 2.8 WalletPriceItem); `price` is written from `credits` when left out. */
export interface PriceItem {
  key: string;
  name: string;
  description: string | null;
  provider: string;
  unit: string;
  billing: 'PER_USE' | 'MONTHLY' | 'UNLOCK';
  requiresTopUp: boolean;
  pricingModel: string;
  includedFree: string;
  price?: string;
  credits: number;
  howCharged: string;
  [extra: string]: unknown;
}

export interface PriceList {
  sections: Array<{ key: string; label: string; items: PriceItem[] }>;
}

export interface WalletFixture {
  ledger: Array<{ type: TransactionType; credits: number; description?: string; daysAgo?: number }>;
  frozen?: boolean;
  autoTopUp?: { enabled: boolean; belowCredits?: number | null; amount?: number | null; monthlyLimit?: number | null };
}

// ---------------------------------------------------------------------------------------------------------------
// Media library (media.ts)

export type MediaKind = 'image' | 'video' | 'document';

export interface MediaItem {
  id: string;
  name: string;
  originalName: string | null;
  /** Where the bytes are served, relative to the mock's origin (`/media-files/<id>.<ext>`); answers make it absolute. */
  path: string;
  thumbnail: string | null;
  alt: string | null;
  bytes: number;
  mime: string;
  kind: MediaKind;
  createdAt: number;
  /** Increasing per workspace: breaks createdAt ties so "newest first" is the upload order on a frozen clock. */
  seq: number;
}

export interface MediaState {
  /** Oldest first by (createdAt, seq), kept so on insertion: a page is a slice from the end, never a sort. */
  items: MediaItem[];
  storedBytes: number;
  nextSeq: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Upload tickets (uploads.ts)

export type TicketPurpose = 'media' | 'brief';

export interface UploadTicket {
  /** 32 random bytes as 64 hex characters: the credential. */
  token: string;
  workspaceId: string;
  purpose: TicketPurpose;
  expiresAt: number;
  /** An upload holding this ticket is under way: a second upload is refused until it succeeds (spent) or fails (released). */
  claimed: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Brief (brief.ts)

export interface BriefBlock {
  id: string;
  heading: string;
  body: string;
  [extra: string]: unknown;
}

export interface BriefLink {
  id: string;
  url: string;
  note?: string;
  [extra: string]: unknown;
}

export interface BriefAsset {
  id: string;
  name: string;
  url: string;
  mime?: string;
  note?: string;
  [extra: string]: unknown;
}

/** A type rather than an interface: revisions carry it where the control document keeps content an open object. */
export type BriefContent = {
  title: string;
  blocks: BriefBlock[];
  links: BriefLink[];
  assets: BriefAsset[];
};

export interface RegistryDocument {
  key: string;
  title: string;
  [extra: string]: unknown;
}

export interface RegistryCategory {
  id: string;
  label?: string;
  /** `fixed`: only the listed documents; `any`: any slug; `channel`: a channel id of the workspace. */
  keys: 'fixed' | 'any' | 'channel';
  create: boolean;
  delete: boolean;
  maxDocuments?: number;
  documents: RegistryDocument[];
  [extra: string]: unknown;
}

export interface BriefRegistry {
  version: number;
  categories: RegistryCategory[];
  /** Documents some demo workspaces start with (mock data, e.g. experience the agent wrote in the app). */
  seedDocuments?: Array<{ workspace: string; category: string; key: string; content: BriefContent }>;
}

export interface StoredDocument {
  category: string;
  key: string;
  content: BriefContent;
  updatedAt: number;
}

export interface BriefRevision {
  revision: number;
  at: number;
  action: 'saved' | 'deleted';
  content: BriefContent | null;
}

export interface OnboardingRun {
  id: string;
  createdAt: number;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  finishedAt: number | null;
  error: string | null;
}

export interface BriefState {
  /** `${category}/${key}` -> the saved document. */
  documents: Map<string, StoredDocument>;
  /** `${category}/${key}` -> revisions, oldest first; outlives the document only with keepHistory. */
  history: Map<string, BriefRevision[]>;
  /** Onboarding runs, oldest first (taken in the app; the API only reads them). */
  onboarding: OnboardingRun[];
}

// ---------------------------------------------------------------------------------------------------------------
// Notifications (notifications.ts)

export interface Notification {
  id: string;
  content: string;
  link: string | null;
  createdAt: number;
}

export interface NotificationsState {
  /** Oldest first; readers reverse. */
  items: Notification[];
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks (webhooks.ts)

export interface Webhook {
  id: string;
  name: string;
  url: string;
  integrations: 'all' | string[];
}

export interface WebhooksState {
  hooks: Webhook[];
}

export interface Delivery {
  id: string;
  webhookId: string | null;
  workspaceId: string;
  url: string;
  body: unknown[];
  status: number | null;
  error: string | null;
  at: number;
  test: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// OAuth apps (oauth.ts)

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  name: string;
  description: string | null;
  picture: string | null;
  redirectUrl: string;
}

export interface OAuthWorkspaceState {
  app: OAuthApp | null;
}

export interface AuthorizationCode {
  /** The workspace the user approved the app for. */
  workspaceId: string;
  clientId: string;
  expiresAt: number;
  /** Spent codes are kept until they expire, so a replay is told apart from a made-up code. */
  used: boolean;
}

/** A consent page that was shown and not yet answered: its nonce is the form's CSRF field. */
export interface PendingConsent {
  clientId: string;
  state: string | null;
  expiresAt: number;
}

export interface OAuthWorldState {
  codes: Map<string, AuthorizationCode>;
  /** Access token -> who it acts for. Revocation deletes the entry. */
  tokens: Map<string, { workspaceId: string; clientId: string }>;
  /** CSRF nonce -> the consent page it was rendered into (single use). */
  consents: Map<string, PendingConsent>;
}

// ---------------------------------------------------------------------------------------------------------------
// Analytics (analytics.ts)

export interface AnalyticsState {
  /** `${channelId}:${date}` -> when the numbers were last read from the network (ms). */
  cache: Map<string, number>;
  /** `${postId}:${YYYY-MM-DD}` -> a charged post read that day (`x.post_read` is charged once per post per UTC day). */
  chargedReads: Set<string>;
}

// ---------------------------------------------------------------------------------------------------------------
// Skills library (skills.ts)

export interface Skill {
  slug: string;
  name: string;
  summary: string;
  whenToUse: string;
  tags: string[];
  tools: string[];
  usesBrief: boolean;
  whatItDoes: string | null;
  body: string;
  version: number | string;
  updatedAt: string;
  /** Library order (lower first), then name. Not part of the answer's contract. */
  sortOrder?: number;
}

export interface SkillTag {
  key: string;
  label: string;
}
