// `spw record`: what the public API shows of each key's workspace, read with GET requests only, rebuilt as one scenario
// document the mock loads. The mock is stateful, so the recording is a world every operation then works on, not a list
// of answers to replay. What the API does not show is filled with the mock's defaults and named in `recorded.notShown`.
//
// The target is untrusted: every request goes through the layers verify uses (suites/target.ts targetTransport: the
// answer bounds and the 429 patience), every answer is checked for the shape the recording reads before it is used,
// and any failure ends the recording with a message naming the request. The file is written whole or not at all.
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_POSTING_TIMES, type Channel, type Group, type MediaItem, type PostRow, type PostState, type Transaction } from '../mocks/domain/world.ts';
import type { Notification } from '../mocks/domain/notifications.ts';
import type { StoredDocument, OnboardingRun } from '../mocks/domain/brief.ts';
import type { PaidCharge } from '../mocks/domain/wallet.ts';
import { SCENARIO_VERSION, type Scenario, type ScenarioWorkspace } from '../mocks/domain/scenario.ts';
import { BoundHit, boundedText, longestList, tooLong, type AnswerBounds } from '../suites/bounded.ts';
import { RateLimited, type PoliteOptions } from '../suites/polite.ts';
import { record as obj, records } from '../suites/json.ts';
import { targetTransport } from '../suites/target.ts';
import { apiRoot } from '../suites/url.ts';

const DAY = 86_400_000;
/** GET /posts has no pages: the window is read in slices, and a slice holding this many posts or more is halved. */
const SLICE_POSTS = 500;
const FIRST_SLICE_MS = 7 * DAY;
/** Wallet transactions per page: the largest `size` the reference allows. */
const LEDGER_PAGE = 100;

export interface RecordOptions {
  target: string;
  basePath?: string;
  keys: string[];
  /** The keys the recorded workspaces get in the file, in the order of `keys`; fresh demo keys for those left out. */
  keyAs?: string[];
  /** The posts window (ms); default a month back and three months ahead of `now`. */
  from?: number;
  to?: number;
  /** The target's time (ms): the recording's clock. This machine's by default. */
  now?: number;
  anonymize?: boolean;
  /**
   * Copy media files' bytes too, up to this many bytes in all (`--media [MiB]`): only files on the target's own
   * origin, fetched without a key (a key goes to the API, never to where an answer points).
   */
  media?: number;
  transport?: typeof fetch;
  bounds?: Partial<AnswerBounds>;
  maxRps?: number;
  /** For tests: the 429 waits. */
  polite?: Omit<PoliteOptions, 'maxRps' | 'describeKey'>;
  /** A line of progress (pages read per area). */
  progress?: (line: string) => void;
}

export interface WorkspaceSummary {
  key: string;
  plan: 'free' | 'paid';
  channels: number;
  groups: number;
  posts: number;
  transactions: number;
  balance: number | null;
  media: number;
  briefDocuments: number;
  notifications: number;
}

export interface Recording {
  scenario: Scenario;
  /** The key each recorded workspace has in the file, in the order of the keys given. */
  keys: string[];
  summary: WorkspaceSummary[];
  notShown: string[];
  requests: number;
}

/** A recording that could not be finished: the message names the request and what was wrong with its answer. */
export class RecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordError';
  }
}

/** What the public API does not show, and what the mock puts in its place (one line each, in the file and on the terminal). */
export const NOT_SHOWN = [
  'workspace ids and names: not shown by the public API; each recorded workspace is rec_<n>, "Recorded workspace <n>"',
  'webhooks: configured in the app, not readable through the public API; none recorded',
  'the OAuth app and its tokens: not readable through the public API; none recorded',
  'thread items and comments: GET /posts lists each group\'s first post only; the first posts are recorded alone',
  'post settings, images, tags, repeat interval and creation time: not in the post summary; settings are {__type: <provider>}, no images, no tags, no repeat, created in listing order before the recording',
  'release ids and failure reasons: not shown; published posts have no release id (post analytics answer missing), failed posts a generic error',
  'channel posting times (find-slot) and failing switches: not shown; the mock\'s default posting times, sends succeed',
  'what unsent paid posts have paid: rebuilt from the ledger (SPEND less REFUND per post reference)',
  'auto top-up amounts in currency per transaction: not shown; the month\'s used amount is put on its latest AUTO_TOPUP',
  'media bytes, sizes, types and upload times: not copied; items are metadata in listing order, sizes 0 (the library counts no storage), paths point into the mock, which serves no bytes for them',
  'brief revision history: not shown; each document has none',
  'analytics caches and the post rate limit\'s count: not shown; empty',
  'channel settings schemas, prices and skills: not loaded (a scenario holds no catalogue; the mock answers its own, fixtures/); where the target\'s differ from the mock\'s, a line below says which',
];

interface Client {
  get(key: string, path: string, what: string): Promise<unknown>;
  /** A file's bytes and type, read within the answer bounds; undefined when it does not answer 200. */
  file(url: string, what: string): Promise<{ data: Uint8Array; mime: string } | undefined>;
  requests: number;
}

/** A GET client over the target's layers that turns every way an answer can be wrong into a RecordError naming it. */
function client(o: RecordOptions, root: string): Client & { maxListItems: number } {
  const layers = targetTransport(root, { transport: o.transport, bounds: o.bounds, maxRps: o.maxRps, describeKey: () => 'a recorded workspace', polite: o.polite });
  const c = {
    requests: 0,
    maxListItems: layers.bounds.maxListItems,
    async get(key: string, path: string, what: string): Promise<unknown> {
      const name = `GET ${path} (${what})`;
      c.requests++;
      let response: Response;
      let text: string;
      try {
        response = await layers.fetch(root + path, { method: 'GET', headers: { authorization: key, accept: 'application/json' } });
        if (response.status === 402) {
          await response.body?.cancel();
          return PAYMENT_REQUIRED;
        }
        text = await boundedText(response);
      } catch (err) {
        if (err instanceof BoundHit) throw new RecordError(`${name}: ${err.received}; expected ${err.documented}`);
        if (err instanceof RateLimited) throw new RecordError(`${name}: rate limited and it did not clear: ${err.message}`);
        throw new RecordError(`${name}: no answer (${(err as Error).message}${(err as { cause?: Error }).cause ? `: ${(err as { cause?: Error }).cause!.message}` : ''})`);
      }
      if (response.status === 401 || response.status === 403) throw new RecordError(`${name}: the key was refused (${response.status} ${text.slice(0, 200)}); check the key given with --key`);
      if (response.status !== 200) throw new RecordError(`${name}: answered ${response.status}${text ? ` (${text.slice(0, 200)})` : ''}, not 200`);
      const type = response.headers.get('content-type') ?? '';
      if (!/json/i.test(type)) throw new RecordError(`${name}: answered ${type || 'no content type'}, not JSON (is --target the API root, such as https://host/api/public/v1?)`);
      let value: unknown;
      try {
        // A key named __proto__ in an answer stays an own property: JSON.parse never sets a prototype.
        value = JSON.parse(text);
      } catch (err) {
        throw new RecordError(`${name}: the answer is not whole JSON (${(err as Error).message}); truncated or broken`);
      }
      const longest = longestList(value, c.maxListItems);
      if (longest > c.maxListItems) throw new RecordError(`${name}: ${tooLong({ maxListItems: c.maxListItems } as AnswerBounds, longest).received}; --max-list-items raises the bound`);
      return value;
    },
    async file(url: string, what: string): Promise<{ data: Uint8Array; mime: string } | undefined> {
      c.requests++;
      try {
        const response = await layers.fetch(url, { method: 'GET' });
        if (response.status !== 200) {
          await response.body?.cancel();
          return undefined;
        }
        return { data: new Uint8Array(await response.arrayBuffer()), mime: response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream' };
      } catch (err) {
        const bound = err instanceof BoundHit ? err : (err as { cause?: unknown }).cause instanceof BoundHit ? ((err as { cause: BoundHit }).cause) : undefined;
        if (bound) throw new RecordError(`GET ${url} (${what}): ${bound.received}; expected ${bound.documented}`);
        throw new RecordError(`GET ${url} (${what}): no answer (${(err as Error).message})`);
      }
    },
  };
  return c;
}

const PAYMENT_REQUIRED = Symbol('402');

const str = (v: unknown, name: string, what: string): string => {
  if (typeof v !== 'string') throw new RecordError(`${what}: ${name} is ${JSON.stringify(v)?.slice(0, 80)}, not a string`);
  return v;
};
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown, name: string, what: string): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new RecordError(`${what}: ${name} is ${JSON.stringify(v)?.slice(0, 80)}, not a number`);
  return n;
};
const time = (v: unknown, name: string, what: string): number => {
  const t = Date.parse(str(v, name, what));
  if (Number.isNaN(t)) throw new RecordError(`${what}: ${name} ${JSON.stringify(v)} is not a date-time`);
  return t;
};
const list = (v: unknown, what: string) => {
  if (!Array.isArray(v)) throw new RecordError(`${what}: expected a list, got ${v === null ? 'null' : typeof v}`);
  return records(v);
};
const iso = (ms: number) => new Date(ms).toISOString();
const cents = (credits: number) => Math.round(credits * 100);

/** Text of the same length and shape: letters for letters (case kept), digits for digits, the rest (spaces, punctuation, HTML tags) as it was. */
export function anonymizer(seed = 1): (text: string) => string {
  let s = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: repeatable, so one recording anonymized twice reads the same.
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
  const lower = 'abcdefghijklmnopqrstuvwxyz';
  return (text) => {
    let out = '';
    let inTag = false;
    for (const ch of text) {
      if (ch === '<') inTag = true;
      if (inTag) {
        out += ch;
        if (ch === '>') inTag = false;
        continue;
      }
      if (/[a-z]/.test(ch)) out += lower[next() % 26];
      else if (/[A-Z]/.test(ch)) out += lower[next() % 26]!.toUpperCase();
      else if (/\p{L}/u.test(ch)) out += lower[next() % 26];
      else if (/[0-9]/.test(ch)) out += String(next() % 10);
      else out += ch;
    }
    return out;
  };
}

/** A file name anonymized, its extension kept (so the type it names still reads right). */
function anonymizeFile(anon: (t: string) => string, name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? anon(name.slice(0, dot)) + name.slice(dot) : anon(name);
}

const MIME: Record<string, [string, MediaItem['kind']]> = {
  jpg: ['image/jpeg', 'image'], jpeg: ['image/jpeg', 'image'], png: ['image/png', 'image'], gif: ['image/gif', 'image'], webp: ['image/webp', 'image'],
  avif: ['image/avif', 'image'], bmp: ['image/bmp', 'image'], tif: ['image/tiff', 'image'], tiff: ['image/tiff', 'image'], mp4: ['video/mp4', 'video'],
  pdf: ['application/pdf', 'document'],
};

/** A fresh demo key: unguessable, and plainly a mock's. */
const freshKey = () => `demo-rec-${randomBytes(12).toString('hex')}`;

export async function recordWorld(o: RecordOptions): Promise<Recording> {
  if (o.keys.length === 0) throw new RecordError('no --key given: record needs the API key of each workspace to record');
  if (new Set(o.keys).size !== o.keys.length) throw new RecordError('the same --key is given twice');
  const keyAs = o.keyAs ?? [];
  if (keyAs.length > o.keys.length) throw new RecordError(`--key-as given ${keyAs.length} times for ${o.keys.length} --key: one each at most, in the same order`);
  const root = apiRoot(o.target, o.basePath);
  const origin = new URL(root).origin;
  const now = o.now ?? Date.now();
  const from = o.from ?? now - 30 * DAY;
  const to = o.to ?? now + 90 * DAY;
  if (!(from <= to)) throw new RecordError('--from is after --to');
  const http = client(o, root);
  const say = o.progress ?? (() => {});
  const anon = o.anonymize ? anonymizer(0x5eed) : (t: string) => t;
  const notShown = NOT_SHOWN.filter((line) => o.media === undefined || !line.startsWith('media bytes'));
  const files: NonNullable<Scenario['files']> = [];
  let copied = 0;
  const skipped = { elsewhere: 0, over: 0, missing: 0 };
  const workspaces: ScenarioWorkspace[] = [];
  const summary: WorkspaceSummary[] = [];
  const newKeys = o.keys.map((_, i) => keyAs[i] ?? freshKey());
  if (new Set(newKeys).size !== newKeys.length) throw new RecordError('--key-as names the same key twice');
  const catalogue: { settings: Map<string, string>; prices?: string; skills?: string } = { settings: new Map() };

  for (const [w, key] of o.keys.entries()) {
    const label = `workspace ${w + 1} of ${o.keys.length}`;
    const get = (path: string, what: string) => http.get(key, path, `${label}, ${what}`);
    await get('/is-connected', 'the key');

    // Channels and groups.
    const groupsRaw = list(await get('/groups', 'groups'), 'GET /groups');
    const groups: Group[] = groupsRaw.map((g) => ({ id: str(g.id, 'id', 'GET /groups'), name: anon(str(g.name, 'name', 'GET /groups')) }));
    const groupIds = new Set(groups.map((g) => g.id));
    const channelsRaw = list(await get('/integrations', 'channels'), 'GET /integrations');
    const handles = new Map<string, string>();
    const channels: Channel[] = channelsRaw.map((c) => {
      const customer = obj(c.customer);
      const customerId = customer && typeof customer.id === 'string' ? customer.id : null;
      // A channel labelled with a group the group list does not hold: the group is added, so the label loads.
      if (customerId !== null && !groupIds.has(customerId)) {
        groups.push({ id: customerId, name: anon(typeof customer!.name === 'string' ? customer!.name : customerId) });
        groupIds.add(customerId);
      }
      const profile = strOrNull(c.profile);
      if (profile && o.anonymize) handles.set(profile, anon(profile));
      return {
        id: str(c.id, 'id', 'GET /integrations'),
        name: anon(str(c.name, 'name', 'GET /integrations')),
        identifier: str(c.identifier, 'identifier', 'GET /integrations'),
        picture: strOrNull(c.picture),
        disabled: c.disabled === true,
        profile: profile === null ? null : (handles.get(profile) ?? profile),
        customer: customerId,
        postingTimes: [...DEFAULT_POSTING_TIMES],
        failing: false,
      };
    });
    if (new Set(channels.map((c) => c.id)).size !== channels.length) throw new RecordError(`GET /integrations (${label}): two channels share an id`);
    say(`${label}: channels ${channels.length}, groups ${groups.length}`);

    // Each channel's settings schema, kept aside to compare with the mock's catalogue.
    for (const [i, c] of channels.entries()) {
      const answer = obj(await get(`/integration-settings/${encodeURIComponent(c.id)}`, `settings of channel ${i + 1} of ${channels.length}`));
      if (!answer || !obj(answer.output)) throw new RecordError(`GET /integration-settings/${c.id} (${label}): expected {output: {...}}`);
      catalogue.settings.set(c.identifier, JSON.stringify(answer.output));
    }

    // Posts, the window in slices; a slice too full is halved and read again.
    const posts: PostRow[] = [];
    const seen = new Set<string>();
    const channelIds = new Set(channels.map((c) => c.id));
    let slices = 0;
    const pending: Array<[number, number]> = [];
    for (let a = from; a <= to; a += FIRST_SLICE_MS) pending.push([a, Math.min(to, a + FIRST_SLICE_MS - 1)]);
    const total = pending.length;
    while (pending.length > 0) {
      const [a, b] = pending.shift()!;
      const answer = obj(await get(`/posts?startDate=${encodeURIComponent(iso(a))}&endDate=${encodeURIComponent(iso(b))}`, `posts ${iso(a)} to ${iso(b)}`));
      const rows = list(answer?.posts, 'GET /posts');
      slices++;
      if (rows.length >= SLICE_POSTS && b > a) {
        const mid = a + Math.floor((b - a) / 2);
        pending.unshift([a, mid], [mid + 1, b]);
        continue;
      }
      for (const p of rows) {
        const what = 'GET /posts';
        const id = str(p.id, 'id', what);
        if (seen.has(id)) continue;
        const publishAt = time(p.publishDate, 'publishDate', what);
        // Outside the slice asked for: a server that ignores the window would give every post in every slice.
        if (publishAt < a || publishAt > b) continue;
        seen.add(id);
        const channelId = str(obj(p.integration)?.id, 'integration.id', what);
        if (!channelIds.has(channelId)) throw new RecordError(`${what} (${label}): post ${id} names channel ${channelId}, which GET /integrations does not list`);
        const state = str(p.state, 'state', what) as PostState;
        if (!['QUEUE', 'PUBLISHED', 'ERROR', 'DRAFT'].includes(state)) throw new RecordError(`${what} (${label}): post ${id} has state ${state}, not one the reference lists`);
        const identifier = channels.find((c) => c.id === channelId)!.identifier;
        let releaseURL = strOrNull(p.releaseURL);
        for (const [real, fake] of handles) if (releaseURL?.includes(real)) releaseURL = releaseURL.split(real).join(fake);
        const content = anon(typeof p.content === 'string' ? p.content : '');
        posts.push({
          id,
          group: str(p.group, 'group', what),
          channelId,
          index: 0,
          content,
          template: content,
          images: [],
          settings: { __type: identifier },
          publishAt,
          delayMinutes: 0,
          state,
          releaseURL,
          releaseId: null,
          inter: null,
          tags: [],
          shortLink: false,
          creationMethod: 'API',
          createdAt: 0,
          publishedAt: state === 'PUBLISHED' ? publishAt : null,
          error: state === 'ERROR' ? 'The network refused the post (the reason is not shown by the public API)' : null,
        });
      }
      if (slices % 10 === 0 || pending.length === 0) say(`${label}: posts ${posts.length} (${slices} reads; ${Math.max(0, total - slices)}+ slices left)`);
      if (slices > 100_000) throw new RecordError(`GET /posts (${label}): more than 100000 reads for one window; the list never ends`);
    }
    // The listing's order is (publish date, creation): creation times in that order keep it, all before the recording.
    posts.sort((x, y) => x.publishAt - y.publishAt);
    posts.forEach((p, i) => Object.assign(p, { createdAt: Math.min(now, p.publishAt) - (posts.length - i) }));
    // A group's posts each keep their own index within the group (one per channel), as the mock stores a group's items.
    const groupsOfPosts = new Set<string>();
    for (const p of posts) {
      const k = `${p.group}#${p.channelId}`;
      if (groupsOfPosts.has(k)) throw new RecordError(`GET /posts (${label}): two posts of group ${p.group} on channel ${p.channelId} both list as first items`);
      groupsOfPosts.add(k);
    }

    // Wallet: the summary, then the ledger page by page.
    const wallet = obj(await get('/wallet', 'wallet'));
    if (!wallet || typeof wallet.usesWallet !== 'boolean') throw new RecordError(`GET /wallet (${label}): expected a WalletSummary or NotOnWallet (usesWallet)`);
    const plan = wallet.usesWallet ? 'free' : 'paid';
    const ledgerNewestFirst: Transaction[] = [];
    if (plan === 'free') {
      let page = 0;
      let expected = Infinity;
      for (;;) {
        const answer = obj(await get(`/wallet/transactions?page=${page}&size=${LEDGER_PAGE}`, `ledger page ${page + 1}`));
        if (!answer) throw new RecordError(`GET /wallet/transactions (${label}): expected an object`);
        const items = list(answer.items, 'GET /wallet/transactions');
        expected = num(answer.total, 'total', 'GET /wallet/transactions');
        for (const t of items) {
          const what = 'GET /wallet/transactions';
          ledgerNewestFirst.push({
            id: str(t.id, 'id', what),
            type: str(t.type, 'type', what) as Transaction['type'],
            description: strOrNull(t.description),
            cents: cents(num(t.credits, 'credits', what)),
            quantity: num(t.quantity, 'quantity', what),
            actionKey: strOrNull(t.actionKey),
            reference: strOrNull(t.reference),
            receiptUrl: strOrNull(t.receiptUrl),
            createdAt: time(t.createdAt, 'createdAt', what),
          });
        }
        if (page % 10 === 0 || answer.nextPage === null) say(`${label}: ledger page ${page + 1} of ${Math.max(1, Math.ceil(expected / LEDGER_PAGE))}`);
        if (answer.nextPage === null || answer.nextPage === undefined || items.length === 0) break;
        page++;
        if (ledgerNewestFirst.length > expected || page > Math.ceil(expected / LEDGER_PAGE) + 1) {
          throw new RecordError(`GET /wallet/transactions (${label}): page ${page + 1} still has a next page after ${ledgerNewestFirst.length} of the ${expected} transactions it said it holds; the list never ends`);
        }
      }
      if (ledgerNewestFirst.length !== expected) throw new RecordError(`GET /wallet/transactions (${label}): listed ${ledgerNewestFirst.length} transactions, but total says ${expected}`);
      if (new Set(ledgerNewestFirst.map((t) => t.id)).size !== ledgerNewestFirst.length) throw new RecordError(`GET /wallet/transactions (${label}): a transaction is listed twice (pages moved while read?)`);
    }
    // Oldest first, as the mock keeps it; equal times keep the order the listing gave (newest first reversed).
    const ledger = ledgerNewestFirst.map((t, i) => ({ t, i })).sort((x, y) => x.t.createdAt - y.t.createdAt || y.i - x.i).map(({ t }) => t);
    let balance = ledger.reduce((n, t) => n + t.cents, 0);
    const auto = obj(wallet.autoTopUp);
    if (plan === 'free') {
      const shown = cents(num(wallet.balance, 'balance', 'GET /wallet'));
      if (shown !== balance) {
        // The ledger must sum to the balance in the mock: the difference is one adjustment, said on the terminal.
        ledger.push({ id: `adj_recorded_${w + 1}`, type: 'ADJUST', description: 'Recorded: the balance the ledger did not account for', cents: shown - balance, quantity: 1, actionKey: null, reference: null, receiptUrl: null, createdAt: now - 1 });
        notShown.push(`${label}: the ledger summed to ${balance / 100} credits, the balance was ${shown / 100}; an ADJUST of ${(shown - balance) / 100} was added`);
        balance = shown;
      }
      const used = auto && typeof auto.usedThisMonth === 'number' ? auto.usedThisMonth : 0;
      const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
      const latest = [...ledger].reverse().find((t) => t.type === 'AUTO_TOPUP' && t.createdAt >= monthStart && t.createdAt <= now);
      if (latest && used > 0) latest.currencyAmount = used;
    }
    // Paid and unsent: each queued post's SPEND less its REFUNDs, by reference.
    const paid: PaidCharge[] = [];
    for (const p of posts) {
      if (p.state !== 'QUEUE') continue;
      const spends = ledger.filter((t) => t.reference === p.id && (t.type === 'SPEND' || t.type === 'REFUND'));
      const net = -spends.reduce((n, t) => n + t.cents, 0);
      const spend = spends.find((t) => t.type === 'SPEND');
      if (net > 0 && spend) paid.push({ postId: p.id, group: p.group, provider: channels.find((c) => c.id === p.channelId)!.identifier, actionKey: spend.actionKey ?? '', cents: net, quantity: spend.quantity });
    }
    const toppedUp = wallet.payAsYouGo === true || ledger.some((t) => t.type === 'TOPUP' || t.type === 'AUTO_TOPUP');

    // The media library, page by page (18 a page, newest first).
    const mediaNewestFirst: MediaItem[] = [];
    /** Each item's address as the target answered it, to copy its bytes from. */
    const sources = new Map<string, string>();
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const answer = obj(await get(`/media?page=${page}`, `media page ${page}`));
      if (!answer) throw new RecordError(`GET /media (${label}): expected {pages, results}`);
      const shownPages = num(answer.pages, 'pages', 'GET /media');
      if (page === 1) pages = shownPages;
      else if (shownPages > pages) throw new RecordError(`GET /media (${label}): the page count grew from ${pages} to ${shownPages} while it was read; the list never ends`);
      const results = list(answer.results, 'GET /media');
      for (const m of results) {
        const what = 'GET /media';
        const path = str(m.path, 'path', what);
        const file = path.slice(path.lastIndexOf('/') + 1).replace(/[?#].*$/, '') || str(m.id, 'id', what);
        const ext = file.includes('.') ? file.slice(file.lastIndexOf('.') + 1).toLowerCase() : '';
        const [mime, kind] = MIME[ext] ?? ['application/octet-stream', 'document'];
        const name = typeof m.name === 'string' ? m.name : file;
        sources.set(str(m.id, 'id', what), new URL(path, origin).href);
        mediaNewestFirst.push({
          id: str(m.id, 'id', what),
          name: o.anonymize ? anonymizeFile(anon, name) : name,
          originalName: typeof m.originalName === 'string' ? (o.anonymize ? anonymizeFile(anon, m.originalName) : m.originalName) : null,
          // The mock answers its origin plus this path: one under the target's origin keeps its path, any other is put under the mock's files.
          path: path.startsWith(`${origin}/`) ? path.slice(origin.length) : `/media-files/${file}`,
          thumbnail: strOrNull(m.thumbnail),
          alt: typeof m.alt === 'string' ? anon(m.alt) : null,
          bytes: 0,
          mime,
          kind,
          createdAt: 0,
          seq: 0,
        });
      }
      if (page % 10 === 0 || page >= pages) say(`${label}: media page ${page} of ${pages}`);
      if (mediaNewestFirst.length > http.maxListItems) throw new RecordError(`GET /media (${label}): more than ${http.maxListItems} items; --max-list-items raises the bound`);
    }
    if (new Set(mediaNewestFirst.map((m) => m.id)).size !== mediaNewestFirst.length) throw new RecordError(`GET /media (${label}): an item is listed twice (the library changed while read?)`);
    // Newest first, as a library is browsed: what the cap leaves out is the oldest.
    if (o.media !== undefined) {
      for (const m of mediaNewestFirst) {
        const source = sources.get(m.id)!;
        const name = m.path.startsWith('/media-files/') ? m.path.slice('/media-files/'.length) : '';
        if (!source.startsWith(`${origin}/`) || !/^(?!\.\.?$)[A-Za-z0-9_.-]+$/.test(name)) {
          skipped.elsewhere++;
          continue;
        }
        if (copied >= o.media) {
          skipped.over++;
          continue;
        }
        const got = await http.file(source, `${label}, media ${m.id}`);
        if (!got) {
          skipped.missing++;
          continue;
        }
        if (copied + got.data.length > o.media) {
          skipped.over++;
          continue;
        }
        copied += got.data.length;
        m.bytes = got.data.length;
        m.mime = got.mime;
        files.push({ name, mime: got.mime, data: Buffer.from(got.data).toString('base64') });
      }
      say(`${label}: media bytes copied for ${files.length} file(s), ${(copied / 1024 / 1024).toFixed(1)} MiB`);
    }
    const media = mediaNewestFirst.reverse().map((m, i, all) => ({ ...m, createdAt: now - (all.length - i), seq: i + 1 }));

    // Brief documents and the onboarding's status (402 before the first top-up: nothing to read).
    const documents: StoredDocument[] = [];
    const onboarding: OnboardingRun[] = [];
    const brief = await get('/brief', 'brief');
    if (brief !== PAYMENT_REQUIRED) {
      for (const d of list(obj(brief)?.documents, 'GET /brief')) {
        const content = obj(d.content) ?? {};
        const anonItems = (items: unknown, fields: string[]) =>
          records(items).map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, fields.includes(k) && typeof v === 'string' ? anon(v) : v])));
        documents.push({
          category: str(d.category, 'category', 'GET /brief'),
          key: str(d.key, 'key', 'GET /brief'),
          content: {
            title: anon(typeof content.title === 'string' ? content.title : ''),
            blocks: anonItems(content.blocks, ['heading', 'body']) as never,
            links: anonItems(content.links, ['note']) as never,
            assets: anonItems(content.assets, ['name', 'note']) as never,
          },
          updatedAt: time(d.updatedAt, 'updatedAt', 'GET /brief'),
        });
      }
      const status = obj(await get('/brief/onboarding', 'brief onboarding'));
      const last = obj(status?.last);
      const running = obj(status?.running);
      if (last && typeof last.id === 'string' && last.status !== 'RUNNING') {
        const finishedAt = typeof last.finishedAt === 'string' ? Date.parse(last.finishedAt) : now;
        onboarding.push({ id: last.id, createdAt: finishedAt, status: last.status === 'FAILED' ? 'FAILED' : 'DONE', finishedAt, error: strOrNull(last.error) });
      }
      if (running && typeof running.id === 'string') onboarding.push({ id: running.id, createdAt: time(running.createdAt, 'running.createdAt', 'GET /brief/onboarding'), status: 'RUNNING', finishedAt: null, error: null });
    }

    // Notifications, page by page from 0 (shape not shown: the mock's own `notifications` list is read).
    const notesNewestFirst: Notification[] = [];
    for (let page = 0; ; page++) {
      const answer = obj(await get(`/notifications?page=${page}`, `notifications page ${page + 1}`));
      const items = records(answer?.notifications);
      for (const n of items) {
        notesNewestFirst.push({ id: str(n.id, 'id', 'GET /notifications'), content: anon(typeof n.content === 'string' ? n.content : ''), link: strOrNull(n.link), createdAt: time(n.createdAt, 'createdAt', 'GET /notifications') });
      }
      if (answer?.hasMore !== true || items.length === 0) break;
      if (notesNewestFirst.length > http.maxListItems) throw new RecordError(`GET /notifications (${label}): more than ${http.maxListItems} notifications; the list never ends`);
    }
    const notifications = notesNewestFirst.reverse();

    // Prices and skills: the catalogue, compared once below.
    if (catalogue.prices === undefined) {
      const prices = obj(await get('/wallet/prices', 'prices'));
      catalogue.prices = JSON.stringify(prices?.sections ?? null);
    }
    if (catalogue.skills === undefined) {
      const skills = await get('/skills', 'skills');
      if (skills !== PAYMENT_REQUIRED) catalogue.skills = JSON.stringify(obj(skills)?.skills ?? null);
    }

    workspaces.push({
      id: `rec_${w + 1}`,
      name: `Recorded workspace ${w + 1}`,
      plan,
      apiKey: newKeys[w]!,
      groups,
      channels,
      posts,
      wallet: {
        balance,
        toppedUp,
        frozen: wallet.frozen === true,
        autoTopUp: {
          enabled: auto?.enabled === true,
          belowCents: typeof auto?.belowCredits === 'number' ? cents(auto.belowCredits) : null,
          amount: typeof auto?.amount === 'number' ? auto.amount : null,
          monthlyLimit: typeof auto?.monthlyLimit === 'number' ? auto.monthlyLimit : null,
        },
        ledger,
        paid,
      },
      media,
      brief: { documents, history: [], onboarding },
      notifications,
      webhooks: [],
      oauthApp: null,
      analytics: { cache: {}, chargedReads: [] },
      postRequests: [],
    });
    summary.push({
      key: newKeys[w]!,
      plan,
      channels: channels.length,
      groups: groups.length,
      posts: posts.length,
      transactions: ledger.length,
      balance: plan === 'free' ? balance / 100 : null,
      media: media.length,
      briefDocuments: documents.length,
      notifications: notifications.length,
    });
  }

  notShown.push(...(await catalogueDifferences(catalogue)));
  if (o.media !== undefined) {
    notShown.push(`media bytes: copied for ${files.length} file(s), ${(copied / 1024 / 1024).toFixed(1)} MiB of the --media cap of ${(o.media / 1024 / 1024).toFixed(0)} MiB${skipped.over ? `; ${skipped.over} older file(s) past the cap not copied` : ''}${skipped.elsewhere ? `; ${skipped.elsewhere} on another host not copied (a key goes to the API alone)` : ''}${skipped.missing ? `; ${skipped.missing} that did not answer 200 not copied` : ''}; upload times are not shown: items are in listing order`);
  }
  // Ids must be unique across the document where the mock keys them per world.
  const scenario: Scenario = {
    scenarioVersion: SCENARIO_VERSION,
    description: `Recorded from ${root} at ${iso(now)}${o.anonymize ? ', anonymized' : ''} (spw record). What the public API does not show is listed in recorded.notShown.`,
    recorded: { target: root, at: iso(now), window: { from: iso(from), to: iso(to) }, anonymized: o.anonymize === true, notShown },
    clock: { now: iso(now), frozen: false },
    // Every number the mock's default: the API shows none of them.
    config: {} as Scenario['config'],
    workspaces,
    oauthTokens: [],
    deliveries: [],
    ...(files.length > 0 ? { files } : {}),
  };
  return { scenario, keys: newKeys, summary, notShown, requests: http.requests };
}

/**
 * Where the target's catalogue (each provider's settings schema, the price list, the skills) differs from what the
 * mock answers from its fixtures, one line each: a recording cannot carry a catalogue, so an app on the mock sees the
 * mock's, and the user is told where that is not the target's.
 */
async function catalogueDifferences(recorded: { settings: Map<string, string>; prices?: string; skills?: string }): Promise<string[]> {
  const { createMockApp } = await import('../mocks/http/app.ts');
  const { MockClock } = await import('../mocks/domain/clock.ts');
  const app = createMockApp({ seed: 1, clock: new MockClock({ frozenAt: Date.UTC(2026, 0, 5) }) });
  const key = [...app.state.world.workspaces.values()].find((w) => w.plan === 'paid')?.apiKey ?? '';
  const read = async (path: string) => (await app.fetch(new Request(`http://mock.in-process/api/public/v1${path}`, { headers: { authorization: key } }))).json() as Promise<Record<string, unknown>>;
  const out: string[] = [];
  const differ: string[] = [];
  const mockChannels = (await read('/integrations')) as unknown as Array<{ id: string; identifier: string }>;
  for (const [provider, text] of recorded.settings) {
    const channel = mockChannels.find((c) => c.identifier === provider);
    if (!channel) differ.push(`${provider} (a provider the mock does not have)`);
    else if (JSON.stringify((await read(`/integration-settings/${channel.id}`)).output) !== text) differ.push(provider);
  }
  if (differ.length > 0) out.push(`channel settings schemas: the target's differ from the mock's for ${differ.join(', ')}; the mock answers its own`);
  if (recorded.prices !== undefined && JSON.stringify((await read('/wallet/prices')).sections ?? null) !== recorded.prices) out.push("prices: the target's price list differs from the mock's; the mock answers its own (fixtures/prices)");
  if (recorded.skills !== undefined && JSON.stringify((await read('/skills')).skills ?? null) !== recorded.skills) out.push("skills: the target's skills differ from the mock's; the mock answers its own (fixtures/skills)");
  return out;
}

/** Write the file whole or not at all: a temporary file beside it, renamed over it once written. */
export function writeAtomically(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
