// Faults: named, realistic deviations from the contract, switched on at start to prove the suites catch them. Each
// wraps the mock from outside, as an MSW override is put in front of a handler: around an operation's handler, around
// its decided reply, or around the request. With no fault switched on, nothing here is on the request path.
import { sendWebhooks, type MockState } from './state.ts';
import { DomainError, invalid, walletRefusal } from '../domain/errors.ts';
import type { Decide, Handle, HandlerMap, OperationHandler } from './pipeline.ts';
import { settingsValidator } from './routes/posts.ts';
import { findChannel, providerInfo, type Workspace, type World } from '../domain/world.ts';
import { createPosts, groupRows, listPosts, updateRow, type CreatePostsInput, type PostRow } from '../domain/posts.ts';
import { checkSettings, EMPTY_MESSAGE, plainText } from '../domain/post-validation.ts';
import { groupDeliveries } from '../domain/webhooks.ts';
import { postActionKey, priceListView, unitPrice } from '../domain/wallet-pricing.ts';
import { findSlot } from '../domain/find-slot.ts';
import { listChannels } from '../domain/channels.ts';

export interface FaultDefinition {
  name: string;
  area: string;
  description: string;
  /** The checks expected to catch it (suites/faults.test.ts runs exactly these and fails if none fails). */
  caughtBy: string[];
  /** Changes a decided JSON reply (errors included) of the `operations` named, all when none are. */
  override?: (state: MockState) => After;
  operations?: string[];
  /** Changes how operations act: wraps their handlers (after authentication and validation, before acting). */
  handlers?: Partial<Record<string, (inner: OperationHandler, state: MockState) => OperationHandler>>;
  /** Changes the request before the mock reads it (authentication included), for every operation. */
  request?: (request: Request) => Request;
  /** Behaviour that lives outside one reply (the clock's tick): wraps a seam of the state once, at start. */
  install?: (state: MockState) => void;
}

type Reply = { status: number; body: any; headers: Record<string, string> };
type Info = { operationId: string; request: Request };
/** A reply override: the reply to answer instead, or `undefined` to keep it. */
type After = (reply: Reply, info: Info) => Reply | void;

/** The usual override: act only on a 200 answered to a workspace's key; `undefined` keeps the reply. */
function onOk(fn: (state: MockState, r: Reply, ws: Workspace, info: Info) => Reply | undefined): NonNullable<FaultDefinition['override']> {
  return (state) => (r, info) => {
    const ws = workspaceOf(state, info.request);
    return r.status === 200 && ws ? fn(state, r, ws, info) : undefined;
  };
}

/** Takes back every refund the operation just made (those recorded at this instant), balance and ledger alike. */
const undoRefundsNow: NonNullable<FaultDefinition['override']> = onOk((state, _, ws) => {
  const now = state.clock.now();
  const refunds = ws.wallet.ledger.filter((t: any) => t.type === 'REFUND' && t.createdAt === now);
  for (const t of refunds) ws.wallet.balance -= t.cents;
  ws.wallet.ledger = ws.wallet.ledger.filter((t: any) => !refunds.includes(t));
  return undefined;
});

/** A fault on GET /wallet's forecast: `neededCredits` moved by what `cents` gives each queued row due in its window. */
function shiftForecast(cents: (state: MockState, ws: Workspace, row: PostRow) => number): NonNullable<FaultDefinition['override']> {
  return onOk((state, r, ws) => {
    const f = r.body?.forecast;
    if (!f) return undefined;
    const end = state.clock.now() + f.windowHours * 3_600_000;
    let shift = 0;
    for (const row of ws.posts.rows.values()) if (row.state === 'QUEUE' && row.publishAt <= end) shift += cents(state, ws, row);
    return shift === 0 ? undefined : { ...r, body: { ...r.body, forecast: { ...f, neededCredits: Math.round(f.neededCredits * 100 + shift) / 100 } } };
  });
}

/** A fault that acts on what each clock tick published or failed, after the real tick and on its result. */
function afterTick(act: (state: MockState, result: ReturnType<MockState['tick']>) => void): NonNullable<FaultDefinition['install']> {
  return (state) => {
    const tick = state.tick;
    state.tick = () => {
      const result = tick();
      act(state, result);
      return result;
    };
  };
}

/** The rows of these post ids, with the workspace each belongs to. */
function* rowsOf(state: MockState, ids: string[]): Generator<{ ws: Workspace; row: PostRow }> {
  for (const id of ids) {
    for (const ws of state.world.workspaces.values()) {
      const row = ws.posts.rows.get(id);
      if (row) yield { ws, row };
    }
  }
}

const query = (request: Request) => new URL(request.url).searchParams;
const pageOf = (request: Request) => Number(query(request).get('page') ?? '1');

function workspaceOf(state: MockState, request: Request): Workspace | undefined {
  const id = state.world.apiKeys.get((request.headers.get('authorization') ?? '').trim());
  return id ? state.world.workspaces.get(id) : undefined;
}

function mediaView(item: any, origin: string) {
  return { id: item.id, name: item.name, originalName: item.originalName, path: item.path.startsWith('/') ? origin + item.path : item.path, thumbnail: item.thumbnail, alt: item.alt };
}

function newestFirst(items: any[]): any[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt || (b.seq ?? 0) - (a.seq ?? 0));
}

/** Per-world memory a fault needs (tickets and tokens it brings back); dropped with the world on reset. */
const memory = new WeakMap<World, Map<string, any>>();
function remember(world: World): Map<string, any> {
  let m = memory.get(world);
  if (!m) memory.set(world, (m = new Map()));
  return m;
}

const isSpend = (t: any) => t.type === 'SPEND';

export const FAULTS: FaultDefinition[] = [
  // Authentication
  {
    name: 'wrong-401-message',
    area: 'auth',
    description: 'A request with no Authorization header answers 401 {"msg": "Unauthorized"} instead of "No API Key found".',
    caughtBy: ['ignored_auth', 'response_schema_conformance'],
    override: () => (r) => (r.status === 401 && r.body?.msg === 'No API Key found' ? { ...r, body: { msg: 'Unauthorized' } } : undefined),
  },
  {
    name: 'swapped-401-messages',
    area: 'auth',
    description: 'A wrong API key answers 401 "No API Key found" (a message of the enum, the wrong one).',
    caughtBy: ['ignored_auth'],
    override: () => (r, { request }) => (r.status === 401 && r.body?.msg === 'Invalid API key' && request.headers.get('authorization') ? { ...r, body: { msg: 'No API Key found' } } : undefined),
  },
  {
    name: 'bearer-accepted',
    area: 'auth',
    description: '`Authorization: Bearer <key>` is accepted like the bare key.',
    caughtBy: ['ignored_auth'],
    request: (request) => {
      const header = request.headers.get('authorization');
      if (!header?.startsWith('Bearer ')) return request;
      const headers = new Headers(request.headers);
      headers.set('authorization', header.slice('Bearer '.length));
      return new Request(request, { headers });
    },
  },
  // Generic contract
  {
    name: 'error-body-shape',
    area: 'generic',
    description: 'Validation failures answer 400 {"error": "Bad Request"}, without msg or message.',
    caughtBy: ['negative_data_rejection', 'response_schema_conformance'],
    override: () => (r) => (r.status === 400 && r.body && typeof r.body === 'object' && 'msg' in r.body ? { ...r, body: { error: 'Bad Request', statusCode: 400 } } : undefined),
  },
  {
    name: 'crash-on-missing-body',
    area: 'generic',
    description: 'POST /posts with no body crashes with a 500 instead of answering 400.',
    caughtBy: ['not_a_server_error', 'negative_data_rejection'],
    operations: ['createPosts'],
    override: () => (r, { request }) => (r.status === 400 && !request.headers.get('content-type') ? { status: 500, body: { statusCode: 500, message: "Cannot read properties of undefined (reading 'posts')" }, headers: {} } : undefined),
  },
  {
    name: 'bad-escape-500',
    area: 'generic',
    description: 'A path value that is not valid percent-encoding (`/posts/%ZZ/missing`) crashes the router with a 500 URIError instead of answering 400 or 404.',
    caughtBy: ['hostile_input', 'not_a_server_error'],
    override: () => (r, { request }) =>
      /%(?![0-9a-fA-F]{2})/.test(new URL(request.url).pathname) ? { status: 500, body: { statusCode: 500, message: 'URIError: URI malformed' }, headers: {} } : undefined,
  },
  // Media and tickets
  {
    name: 'media-page-20',
    area: 'media',
    description: 'GET /media pages hold 20 items instead of 18.',
    caughtBy: ['media_paging'],
    operations: ['listMedia'],
    override: onOk((_, r, ws, { request }) => {
      if (query(request).get('search')) return undefined;
      const page = pageOf(request);
      const items = newestFirst(ws.media.items as any[]);
      return { ...r, body: { pages: Math.ceil(items.length / 20), results: items.slice((page - 1) * 20, page * 20).map((m) => mediaView(m, new URL(request.url).origin)) } };
    }),
  },
  {
    name: 'media-oldest-first',
    area: 'media',
    description: 'GET /media lists oldest first.',
    caughtBy: ['media_paging'],
    operations: ['listMedia'],
    override: onOk((_, r, ws, { request }) => {
      if (query(request).get('search')) return undefined;
      const page = pageOf(request);
      const items = newestFirst(ws.media.items as any[]).reverse();
      return { ...r, body: { ...r.body, results: items.slice((page - 1) * 18, page * 18).map((m) => mediaView(m, new URL(request.url).origin)) } };
    }),
  },
  {
    name: 'media-search-ignored',
    area: 'media',
    description: 'GET /media ignores `search`: a search answers the page of the whole library.',
    caughtBy: ['media_search'],
    operations: ['listMedia'],
    override: onOk((_, r, ws, { request }) => {
      if (!query(request).get('search')) return undefined;
      const page = pageOf(request);
      const items = newestFirst(ws.media.items as any[]);
      return { ...r, body: { ...r.body, pages: Math.ceil(items.length / 18), results: items.slice((page - 1) * 18, page * 18).map((m) => mediaView(m, new URL(request.url).origin)) } };
    }),
  },
  {
    name: 'media-pages-miscounted',
    area: 'media',
    description: 'GET /media counts only full pages in `pages` (19 files say 1 page).',
    caughtBy: ['media_paging'],
    operations: ['listMedia'],
    override: onOk((_, r, ws, { request }) => (query(request).get('search') ? undefined : { ...r, body: { ...r.body, pages: Math.floor(ws.media.items.length / 18) } })),
  },
  {
    name: 'cross-workspace-media',
    area: 'media',
    description: "GET /media shows another workspace's newest file at the top of page 1.",
    caughtBy: ['tenant_isolation'],
    operations: ['listMedia'],
    override: onOk((state, r, ws, { request }) => {
      if (pageOf(request) !== 1) return undefined;
      const foreign = [...state.world.workspaces.values()].filter((w) => w.id !== ws.id).flatMap((w) => newestFirst(w.media.items as any[]).slice(0, 1));
      if (foreign.length === 0) return undefined;
      return { ...r, body: { ...r.body, results: [...foreign.map((m) => mediaView(m, new URL(request.url).origin)), ...r.body.results].slice(0, 18) } };
    }),
  },
  {
    name: 'ticket-reusable',
    area: 'media',
    description: 'An upload ticket accepts a second upload after the first succeeded.',
    caughtBy: ['upload_ticket_single_use'],
    operations: ['createUploadTicket', 'uploadWithTicket', 'uploadBriefFile'],
    override: (state) => (r, { operationId, request }) => {
      const mem = remember(state.world);
      if (operationId === 'createUploadTicket' && r.status === 200) {
        const token = decodeURIComponent(new URL(r.body.uploadUrl).pathname.split('/').pop()!);
        mem.set(`ticket:${token}`, state.world.uploadTickets.get(token));
      } else if (r.status === 200) {
        const token = decodeURIComponent(new URL(request.url).pathname.split('/').pop()!);
        const ticket = mem.get(`ticket:${token}`);
        if (ticket) {
          ticket.claimed = false;
          state.world.uploadTickets.set(token, ticket);
        }
      }
      return undefined;
    },
  },
  {
    name: 'ticket-expiry-ignored',
    area: 'media',
    description: 'Upload tickets never expire (an unused ticket still works after 15 minutes).',
    caughtBy: ['upload_ticket_expiry'],
    operations: ['createUploadTicket'],
    override: (state) => (r) => {
      if (r.status !== 200) return undefined;
      const token = decodeURIComponent(new URL(r.body.uploadUrl).pathname.split('/').pop()!);
      const t = state.world.uploadTickets.get(token);
      if (t) t.expiresAt = Number.MAX_SAFE_INTEGER;
      return undefined;
    },
  },
  {
    name: 'ticket-one-hour',
    area: 'media',
    description: 'Upload tickets are minted for an hour (expiresInSeconds 3600) instead of 15 minutes.',
    caughtBy: ['upload_ticket_expiry'],
    operations: ['createUploadTicket'],
    override: (state) => (r) => {
      if (r.status !== 200) return undefined;
      const token = decodeURIComponent(new URL(r.body.uploadUrl).pathname.split('/').pop()!);
      const t = state.world.uploadTickets.get(token);
      if (t) t.expiresAt = state.clock.now() + 3600_000;
      return { ...r, body: { ...r.body, expiresInSeconds: 3600 } };
    },
  },
  {
    name: 'ticket-purpose-ignored',
    area: 'media',
    description: 'A ticket minted with purpose `brief` is a media ticket (its uploadUrl is /upload-ticket/...).',
    caughtBy: ['upload_ticket_single_use'],
    operations: ['createUploadTicket'],
    override: (state) => (r) => {
      if (r.status !== 200 || !String(r.body.uploadUrl).includes('/brief-upload/')) return undefined;
      const token = decodeURIComponent(new URL(r.body.uploadUrl).pathname.split('/').pop()!);
      const t = state.world.uploadTickets.get(token);
      if (t) t.purpose = 'media';
      return { ...r, body: { ...r.body, uploadUrl: String(r.body.uploadUrl).replace('/brief-upload/', '/upload-ticket/') } };
    },
  },
  {
    name: 'ticket-race',
    area: 'media',
    description: 'An upload ticket is taken only when an upload is stored, so two uploads sent at once with one ticket are both accepted.',
    caughtBy: ['upload_ticket_one_racer'],
    operations: ['createUploadTicket'],
    override: (state) => (r) => {
      if (r.status !== 200) return undefined;
      const token = decodeURIComponent(new URL(r.body.uploadUrl).pathname.split('/').pop()!);
      const t = state.world.uploadTickets.get(token);
      // A claim that never sticks; the spend after a stored upload still refuses the next upload sent after it.
      if (t) Object.defineProperty(t, 'claimed', { get: () => false, set: () => {}, configurable: true });
      return undefined;
    },
  },
  {
    name: 'brief-upload-any-ticket',
    area: 'media',
    description: 'POST /brief-upload/<token> accepts a media ticket: the ticket is spent and a Media answered, whatever its purpose.',
    caughtBy: ['upload_ticket_purpose_bound'],
    operations: ['uploadBriefFile'],
    override: (state) => (r, { request }) => {
      if (r.status !== 404) return undefined;
      const url = new URL(request.url);
      const token = decodeURIComponent(url.pathname.split('/').pop()!);
      const t = state.world.uploadTickets.get(token);
      if (!t || t.purpose !== 'media' || t.claimed || state.clock.now() >= t.expiresAt) return undefined;
      state.world.uploadTickets.delete(token);
      const id = `med_${t.token.slice(0, 24)}`;
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { id, name: 'upload.png', originalName: 'upload.png', path: `${url.origin}/media-files/${id}.png`, thumbnail: null, alt: null, type: 'image', mime: 'image/png' } };
    },
  },
  {
    name: 'brief-upload-always-image',
    area: 'media',
    description: 'POST /brief-upload/<token> answers type "image" whatever it was sent, a PDF too.',
    caughtBy: ['upload_types_by_endpoint'],
    operations: ['uploadBriefFile'],
    override: () => (r) => (r.status === 200 && r.body?.type === 'document' ? { ...r, body: { ...r.body, type: 'image' } } : undefined),
  },
  {
    name: 'free-library-unbounded',
    area: 'media',
    description: 'The free plan\'s media library has no capacity: uploads are never refused with 413, whatever the limit says.',
    caughtBy: ['library_full_413'],
    override: (state) => () => {
      state.config.freeLibraryBytes = Number.MAX_SAFE_INTEGER;
      return undefined;
    },
  },
  // Analytics
  {
    name: 'analytics-never-cached',
    area: 'analytics',
    description: 'GET /analytics/{integration} reads the network on every call: X-Cached-At is always now, within the hour too.',
    caughtBy: ['analytics_cache'],
    operations: ['getChannelAnalytics'],
    override: (state) => (r) => {
      if (r.status !== 200) return undefined;
      const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, k.toLowerCase() === 'x-cached-at' ? new Date(state.clock.now()).toISOString() : v]));
      return { ...r, headers };
    },
  },
  {
    name: 'x-reads-free',
    area: 'analytics',
    description: 'A fresh analytics read of the `x` channel on pay-as-you-go takes nothing from the wallet (and is never refused with 402): the read is charged and at once put back.',
    caughtBy: ['x_analytics_reads_charged'],
    operations: ['getChannelAnalytics'],
    override: (state) => (r, { request }) => {
      const ws = workspaceOf(state, request);
      if (!ws || (r.status !== 200 && !(r.status === 402 && r.body?.wallet === true))) return undefined;
      const now = state.clock.now();
      const ledger: any[] = ws.wallet.ledger;
      for (const t of ledger.filter((t) => isSpend(t) && t.actionKey === 'x.post_read' && t.createdAt === now)) {
        ledger.splice(ledger.indexOf(t), 1);
        ws.wallet.balance -= t.cents;
      }
      if (r.status !== 402) return undefined;
      const channelId = decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? '');
      const channel = findChannel(ws, channelId);
      if (channel?.identifier !== 'x') return undefined;
      // The 402 came from the charge: answer as if the read were free.
      return { status: 200, headers: { ...r.headers, 'x-cached-at': new Date(now).toISOString() }, body: [] };
    },
  },
  {
    name: 'missing-x-cached-at',
    area: 'analytics',
    description: 'GET /analytics/{integration} answers without the X-Cached-At header.',
    caughtBy: ['response_headers_conformance'],
    operations: ['getChannelAnalytics'],
    override: () => (r) => {
      const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => k.toLowerCase() !== 'x-cached-at'));
      return { ...r, headers };
    },
  },
  {
    name: 'release-id-not-kept',
    area: 'analytics',
    description: 'PUT /posts/{id}/release-id answers 200 with the id but does not store it on a post not yet published, so its analytics still answer {missing: true}.',
    caughtBy: ['post_analytics_link'],
    operations: ['setPostReleaseId'],
    override: onOk((_state, r, ws) => {
      const post = ws.posts.rows.get(r.body?.id);
      if (post && post.state !== 'PUBLISHED') updateRow(post, { releaseId: null });
      return undefined;
    }),
  },
  // Wallet
  {
    name: 'double-charge',
    area: 'wallet',
    description: 'Scheduling a priced post charges every item twice.',
    caughtBy: ['estimate_equals_charge'],
    operations: ['createPosts', 'changePostStatus'],
    override: onOk((state, _, ws) => {
      const now = state.clock.now();
      for (const t of ws.wallet.ledger.filter((t: any) => isSpend(t) && t.createdAt === now && !t.id.endsWith('_again'))) {
        if (ws.wallet.ledger.some((x: any) => x.id === `${t.id}_again`)) continue;
        ws.wallet.ledger.push({ ...t, id: `${t.id}_again` });
        ws.wallet.balance += t.cents;
      }
      return undefined;
    }),
  },
  {
    name: 'missing-refund',
    area: 'wallet',
    description: 'Deleting a scheduled post or moving it back to draft gives no credits back.',
    caughtBy: ['refund_undoes_charge'],
    operations: ['deletePost', 'deletePostGroup', 'changePostStatus'],
    override: undoRefundsNow,
  },
  {
    name: 'rescheduled-draft-free',
    area: 'wallet',
    description: 'A post refunded by a move back to draft and then scheduled again is not charged again.',
    caughtBy: ['charged_again_after_refund'],
    operations: ['changePostStatus'],
    override: onOk((state, _, ws, { request }) => {
      const postId = decodeURIComponent(new URL(request.url).pathname.split('/').at(-2) ?? '');
      const ledger: any[] = ws.wallet.ledger;
      if (!ledger.some((t) => t.type === 'REFUND' && t.reference === postId)) return undefined;
      const now = state.clock.now();
      for (const t of ledger.filter((t) => isSpend(t) && t.reference === postId && t.createdAt === now)) {
        ledger.splice(ledger.indexOf(t), 1);
        ws.wallet.balance -= t.cents;
      }
      return undefined;
    }),
  },
  {
    name: 'estimate-group-ignored',
    area: 'wallet',
    description: 'POST /wallet/estimate with `group` prices the post as new: what the group already paid is neither reported nor counted toward the new price.',
    caughtBy: ['estimate_counts_group_paid'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => {
      const e = r.body;
      if (r.status !== 200 || typeof e?.alreadyPaidCredits !== 'number' || e.alreadyPaidCredits === 0) return undefined;
      const due = e.priceCredits;
      return { ...r, body: { ...e, alreadyPaidCredits: 0, dueCredits: due, balanceAfterCredits: Math.round((e.balanceAfterCredits + e.dueCredits - due) * 100) / 100 } };
    },
  },
  {
    name: 'disconnect-keeps-credits',
    area: 'wallet',
    description: 'DELETE /integrations/{id} deletes the channel\'s scheduled posts but keeps what they paid: no refund.',
    caughtBy: ['sent_parts_kept_unsent_refunded'],
    operations: ['deleteIntegration'],
    override: undoRefundsNow,
  },
  {
    name: 'exact-balance-short',
    area: 'wallet',
    description: 'POST /wallet/estimate says short when the balance equals exactly what is due (a <= where a < belongs), though scheduling is then accepted.',
    caughtBy: ['exact_balance_covers'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => (r.status === 200 && r.body?.balanceAfterCredits === 0 && r.body?.dueCredits > 0 ? { ...r, body: { ...r.body, short: true } } : undefined),
  },
  {
    name: 'free-plan-needs-top-up',
    area: 'wallet',
    description: 'A free workspace that never topped up is refused (402) any scheduled or immediate post, on channels the price list does not list too.',
    caughtBy: ['unlisted_channels_free'],
    handlers: {
      createPosts: (inner) => around(inner, (ctx, handle) => {
        if (ctx.body.type !== 'draft' && ctx.ws.plan === 'free' && !ctx.ws.wallet.toppedUp) throw walletRefusal('Top up your wallet to schedule posts.');
        return handle(ctx);
      }),
    },
  },
  {
    name: 'forecast-counts-paid',
    area: 'wallet',
    description: 'GET /wallet forecasts every queued priced item due in the window, those already paid at scheduling too.',
    caughtBy: ['forecast_skips_paid_posts'],
    operations: ['getWallet'],
    override: shiftForecast((_, ws, row) => ws.wallet.paid.get(row.id)?.cents ?? 0),
  },
  {
    name: 'forecast-skips-repeating',
    area: 'wallet',
    description: "GET /wallet's forecast leaves out the next occurrences of repeating posts: only posts queued before charging moved to scheduling time are counted.",
    caughtBy: ['forecast_counts_repeating_posts'],
    operations: ['getWallet'],
    override: shiftForecast((state, ws, row) => {
      const provider = findChannel(ws, row.channelId)?.identifier;
      const key = provider && (row.inter ?? 0) > 0 ? postActionKey(state.world, provider, row.template ?? row.content) : null;
      return key ? -unitPrice(state.world, key) : 0;
    }),
  },
  {
    name: 'find-slot-ignores-posts',
    area: 'posts',
    description: 'GET /find-slot answers the next posting time whether or not a post already fills it.',
    caughtBy: ['find_slot_next_free'],
    operations: ['findSlot'],
    override: onOk((state, r, ws, { request }) => {
      const channel = findChannel(ws, decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? ''));
      if (!channel) return undefined;
      const empty = { ...ws, posts: { ...ws.posts, rows: new Map() } } as unknown as Workspace;
      return { ...r, body: { date: new Date(findSlot(empty, channel, state.clock.now())).toISOString() } };
    }),
  },
  {
    name: 'prices-filter-ignored',
    area: 'wallet',
    description: 'GET /wallet/prices?provider=<p> gives the whole price list, every provider\'s rows.',
    caughtBy: ['price_list_provider_filter'],
    operations: ['getWalletPrices'],
    override: onOk((state, r, _, { request }) =>
      new URL(request.url).searchParams.has('provider') ? { ...r, body: priceListView(state.world, r.body?.topUpUrl) } : undefined,
    ),
  },
  {
    name: 'image-only-item-refused',
    area: 'posts',
    description: 'POST /posts refuses an item that has a photo and no text as empty, as if only text counted as content.',
    caughtBy: ['photo_counts_as_content_story_needs_one'],
    handlers: {
      createPosts: (inner) => around(inner, (ctx, handle) => {
        const items = (ctx.body.posts ?? []).flatMap((p: any) => p.value ?? []);
        if (items.some((i: any) => plainText(i.content ?? '').trim() === '')) throw invalid(EMPTY_MESSAGE);
        return handle(ctx);
      }),
    },
  },
  {
    name: 'youtube-tags-unchecked',
    area: 'posts',
    description: "POST /posts takes YouTube tags of any total length: the 500-character rule of section 2.9 is not applied.",
    caughtBy: ['youtube_tags_over_500_refused'],
    handlers: {
      createPosts: (inner) => around(inner, (ctx, handle) => {
        const posts = (ctx.body.posts ?? []).map((p: any) =>
          findChannel(ctx.ws, p.integration?.id)?.identifier === 'youtube' && Array.isArray(p.settings?.tags) ? { ...p, settings: { ...p.settings, tags: [] } } : p,
        );
        return handle({ ...ctx, body: { ...ctx.body, posts } });
      }),
    },
  },
  {
    name: 'group-filter-ignored',
    area: 'channels',
    description: 'GET /integrations?group=<id> lists every channel of the workspace, not only that group\'s.',
    caughtBy: ['group_filter_lists_exactly_its_channels'],
    operations: ['listIntegrations'],
    override: onOk((_, r, ws, { request }) => (new URL(request.url).searchParams.has('group') ? { ...r, body: listChannels(ws) } : undefined)),
  },
  {
    name: 'storage-refunded-on-delete',
    area: 'wallet',
    description: 'Deleting a media file gives back the storage its upload paid for (a REFUND of the storage SPEND), which the reference says it does not.',
    caughtBy: ['storage_paid_at_upload'],
    operations: ['deleteMedia'],
    override: onOk((state, _, ws, { request }) => {
      const mediaId = decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? '');
      const ledger: any[] = ws.wallet.ledger;
      for (const t of ledger.filter((t) => isSpend(t) && t.actionKey === 'storage.gb' && t.reference === mediaId)) {
        if (ledger.some((x) => x.id === `${t.id}_back`)) continue;
        ledger.push({ ...t, id: `${t.id}_back`, type: 'REFUND', cents: -t.cents, description: 'Refund: Media storage, deleted', createdAt: state.clock.now() });
        ws.wallet.balance -= t.cents;
      }
      return undefined;
    }),
  },
  {
    name: 'frozen-still-pay-as-you-go',
    area: 'wallet',
    description: 'GET /wallet says payAsYouGo: true while the wallet is frozen.',
    caughtBy: ['frozen_wallet'],
    operations: ['getWallet'],
    override: () => (r) => (r.status === 200 && r.body?.frozen === true && r.body.payAsYouGo === false ? { ...r, body: { ...r.body, payAsYouGo: true } } : undefined),
  },
  {
    name: 'auto-top-up-unlisted',
    area: 'wallet',
    description: 'GET /wallet/transactions leaves out AUTO_TOPUP transactions, so the balance is more than the listed transactions account for.',
    caughtBy: ['auto_top_up_covers'],
    operations: ['listWalletTransactions'],
    override: () => (r) => (r.status === 200 && Array.isArray(r.body?.items) && r.body.items.some((t: any) => t.type === 'AUTO_TOPUP') ? { ...r, body: { ...r.body, items: r.body.items.filter((t: any) => t.type !== 'AUTO_TOPUP') } } : undefined),
  },
  {
    name: 'transactions-endless-pages',
    area: 'wallet',
    description: 'GET /wallet/transactions always gives a nextPage, the last page too, so a client paging through never stops.',
    caughtBy: ['wallet_transactions_paging'],
    operations: ['listWalletTransactions'],
    override: () => (r) => (r.status === 200 && r.body?.nextPage === null && typeof r.body.page === 'number' ? { ...r, body: { ...r.body, nextPage: r.body.page + 1 } } : undefined),
  },
  {
    name: 'failed-send-keeps-credits',
    area: 'wallet',
    description: 'A scheduled post whose send fails keeps the credits it took: no refund.',
    caughtBy: ['failed_send_refunds'],
    install: afterTick((state, result) => {
      for (const id of result.failed) {
        for (const ws of state.world.workspaces.values()) {
          const ledger: any[] = ws.wallet.ledger;
          for (const t of ledger.filter((t) => t.type === 'REFUND' && t.reference === id)) {
            ledger.splice(ledger.indexOf(t), 1);
            ws.wallet.balance -= t.cents;
          }
        }
      }
    }),
  },
  {
    name: 'auto-top-up-limit-ignored',
    area: 'wallet',
    description: 'Automatic top-up fires past its monthly limit: the limit is shown but not enforced.',
    caughtBy: ['auto_top_up_covers'],
    operations: ['setAutoTopUp', 'getWallet'],
    override: (state) => (r, { operationId, request }) => {
      const mem = remember(state.world);
      if (operationId === 'setAutoTopUp' && r.status === 200) {
        const wsId = decodeURIComponent(new URL(request.url).pathname.split('/').at(-3) ?? '');
        const ws = state.world.workspaces.get(wsId);
        if (ws) {
          mem.set(`limit:${wsId}`, ws.wallet.autoTopUp.monthlyLimit);
          ws.wallet.autoTopUp.monthlyLimit = null;
        }
        return undefined;
      }
      const ws = workspaceOf(state, request);
      if (operationId !== 'getWallet' || r.status !== 200 || !ws || !mem.has(`limit:${ws.id}`) || !r.body?.autoTopUp) return undefined;
      return { ...r, body: { ...r.body, autoTopUp: { ...r.body.autoTopUp, monthlyLimit: mem.get(`limit:${ws.id}`) } } };
    },
  },
  {
    name: 'ledger-drift',
    area: 'wallet',
    description: 'GET /wallet reports a balance one credit above the sum of the transactions.',
    caughtBy: ['ledger_balance_equals_transactions'],
    operations: ['getWallet'],
    override: () => (r) => (r.status === 200 && typeof r.body?.balance === 'number' ? { ...r, body: { ...r.body, balance: Math.round((r.body.balance + 1) * 100) / 100 } } : undefined),
  },
  {
    name: 'estimate-off-by-one',
    area: 'wallet',
    description: 'POST /wallet/estimate prices one item fewer than the post has.',
    caughtBy: ['estimate_equals_charge'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => {
      if (r.status !== 200 || !Array.isArray(r.body?.items) || r.body.items.length === 0) return undefined;
      const last = r.body.items[r.body.items.length - 1].credits as number;
      const round = (n: number) => Math.round(n * 100) / 100;
      return { ...r, body: { ...r.body, items: r.body.items.slice(0, -1), priceCredits: round(r.body.priceCredits - last), dueCredits: round(r.body.dueCredits - last), balanceAfterCredits: round(r.body.balanceAfterCredits + last) } };
    },
  },
  {
    name: 'draft-charged',
    area: 'wallet',
    description: 'Saving a draft on a channel whose provider is `x` takes credits (x.post per post) as if scheduled.',
    caughtBy: ['draft_costs_nothing'],
    operations: ['createPosts'],
    override: onOk((state, r, ws) => {
      if (!ws.wallet.toppedUp || !Array.isArray(r.body)) return undefined;
      const now = state.clock.now();
      if (ws.wallet.ledger.some((t: any) => t.createdAt === now && isSpend(t))) return undefined; // scheduled: already charged
      const price = state.world.fixtures.prices.sections.flatMap((s) => s.items).find((i) => i.key === 'x.post');
      for (const created of r.body as Array<{ postId: string; integration: string }>) {
        const channel = ws.channels.find((c) => c.id === created.integration);
        if (!price || channel?.identifier !== 'x') continue;
        const cents = -Math.round(price.credits * 100);
        ws.wallet.ledger.push({ id: `tx_draft_${created.postId}`, type: 'SPEND', description: 'Post on X', cents, quantity: 1, actionKey: 'x.post', reference: created.postId, receiptUrl: null, createdAt: now } as any);
        ws.wallet.balance += cents;
      }
      return undefined;
    }),
  },
  {
    name: 'refusal-still-saves',
    area: 'wallet',
    description: 'A POST /posts refused with 402 still saves the posts (as drafts).',
    caughtBy: ['refusal_saves_nothing'],
    handlers: {
      createPosts: (inner) => around(inner, async (ctx, handle) => {
        try {
          return await handle(ctx);
        } catch (err) {
          if (err instanceof DomainError && err.kind === 'wallet_refusal') createPosts(ctx.world, ctx.ws, { ...ctx.body, type: 'draft' }, settingsValidator(ctx), ctx.env);
          throw err;
        }
      }),
    },
  },
  {
    name: 'status-schedule-uncharged',
    area: 'wallet',
    description: 'PUT /posts/{id}/status `schedule` on a wallet that cannot cover the draft puts it on the schedule anyway, uncharged, instead of answering 402.',
    caughtBy: ['refusal_saves_nothing'],
    operations: ['changePostStatus'],
    override: (state) => (r, { request }) => {
      const ws = workspaceOf(state, request);
      const row = ws?.posts.rows.get(decodeURIComponent(new URL(request.url).pathname.split('/').at(-2) ?? ''));
      if (r.status !== 402 || !row) return undefined;
      updateRow(row, { state: 'QUEUE' });
      return { status: 200, headers: r.headers, body: { id: row.id, state: row.state } };
    },
  },
  // Posts
  {
    name: 'drafts-validated',
    area: 'posts',
    description: 'Drafts go through the required-settings check like scheduled posts: a draft without settings, or missing a required field, answers 400.',
    caughtBy: ['post_lifecycle_model'],
    handlers: {
      createPosts: (inner) => around(inner, (ctx, handle) => {
        const input = ctx.body as CreatePostsInput;
        if (input.type === 'draft') {
          const validate = settingsValidator(ctx);
          input.posts.forEach((entry, i) => {
            const channel = findChannel(ctx.ws, entry.integration.id);
            if (channel) checkSettings(channel, entry.settings, validate, i);
          });
        }
        return handle(ctx);
      }),
    },
  },
  {
    name: 'now-not-published',
    area: 'posts',
    description: 'A post sent with type `now` is queued like `schedule` for the next whole hour instead of going out at once, so it shows on the schedule and no webhook follows.',
    caughtBy: ['post_lifecycle_model', 'webhook_per_group'],
    handlers: {
      createPosts: (inner) => around(inner, (ctx, handle) => {
        if (ctx.body.type !== 'now') return handle(ctx);
        const hour = 3_600_000;
        return handle({ ...ctx, body: { ...ctx.body, type: 'schedule', date: new Date(Math.floor(ctx.now / hour) * hour + hour).toISOString() } });
      }),
    },
  },
  {
    name: 'thread-items-unchecked',
    area: 'posts',
    description: 'Only the first item of a post is checked for text and length: an empty or over-long thread item is accepted and saved cut to fit.',
    caughtBy: ['empty_or_too_long_refused'],
    handlers: {
      createPosts: (inner) => around(inner, (ctx, handle) => {
        const input = ctx.body as CreatePostsInput;
        // Later items are saved as whatever fits (an empty one as a zero-width space).
        const posts = input.posts.map((entry) => {
          const channel = findChannel(ctx.ws, entry.integration.id);
          const max = channel ? providerInfo(ctx.world, channel.identifier).maxLength : Number.POSITIVE_INFINITY;
          return { ...entry, value: entry.value.map((item, i) => (i === 0 ? item : { ...item, content: item.content === '' && item.image.length === 0 ? '\u200b' : item.content.slice(0, max) })) };
        });
        return handle({ ...ctx, body: { ...input, posts } });
      }),
    },
  },
  {
    name: 'moved-draft-not-queued',
    area: 'posts',
    description: 'A draft moved to the schedule by PUT /posts/{id}/status answers QUEUE but is never handed to the publisher: it goes out only if something else falls due first.',
    caughtBy: ['moved_post_keeps_its_time'],
    operations: ['changePostStatus'],
    override: onOk((_state, r, ws) => {
      if (r.body?.state !== 'QUEUE') return undefined;
      let next = Number.POSITIVE_INFINITY;
      for (const row of ws.posts.rows.values()) if (row.state === 'QUEUE' && row.group !== r.body.group && row.publishAt < next) next = row.publishAt;
      ws.posts.nextDue = next;
      return undefined;
    }),
  },
  {
    name: 'publisher-wakes-late',
    area: 'posts',
    description: 'After each run the publisher sets its next wake-up to the latest queued post instead of the earliest, so a post due before it goes out late, when the clock stops between the two.',
    caughtBy: ['each_post_at_its_time'],
    install: afterTick((state) => {
      for (const ws of state.world.workspaces.values()) {
        let latest = Number.NEGATIVE_INFINITY;
        for (const row of ws.posts.rows.values()) if (row.state === 'QUEUE' && row.publishAt > latest) latest = row.publishAt;
        if (latest > state.clock.now() && ws.posts.nextDue <= latest) ws.posts.nextDue = latest;
      }
    }),
  },
  {
    name: 'repeat-ignored',
    area: 'posts',
    description: 'A post scheduled with `inter` is saved as a one-off: it is published once and never again.',
    caughtBy: ['repeating_post_repeats'],
    operations: ['createPosts'],
    override: onOk((_state, r, ws) => {
      for (const created of Array.isArray(r.body) ? r.body : []) {
        const group = ws.posts.rows.get(created?.postId)?.group;
        for (const row of ws.posts.rows.values()) if (group && row.group === group) updateRow(row, { inter: null });
      }
      return undefined;
    }),
  },
  {
    name: 'post-reference-kept',
    area: 'posts',
    description: 'A published post keeps `(post:<id>)` in its text as written instead of the referenced post\'s live URL.',
    caughtBy: ['post_reference_replaced'],
    install: afterTick((state, result) => {
      for (const { row } of rowsOf(state, result.published)) if (row.template?.includes('(post:')) updateRow(row, { content: row.template });
    }),
  },
  {
    name: 'settings-error-unnamed',
    area: 'posts',
    description: 'The 400 for a missing or unlisted required setting says only the problem ({statusCode: 400, message}), not which channel.',
    caughtBy: ['settings_refused'],
    operations: ['createPosts'],
    override: () => (r) => (r.status === 400 && typeof r.body?.provider === 'string' ? { ...r, body: { statusCode: 400, message: r.body.message } } : undefined),
  },
  {
    name: 'cross-workspace-post',
    area: 'posts',
    description: "GET /posts lists every workspace's posts in the window: the calendar query lost its workspace filter.",
    caughtBy: ['tenant_isolation'],
    operations: ['listPosts'],
    override: onOk((state, r, ws, { request }) => {
      const [start, end] = [Date.parse(query(request).get('startDate')!), Date.parse(query(request).get('endDate')!)];
      const foreign = [...state.world.workspaces.values()]
        .filter((w) => w.id !== ws.id)
        .flatMap((w) => [...w.posts.rows.values()])
        .filter((row) => row.index === 0 && row.publishAt >= start && row.publishAt <= end)
        .map((row) => ({ id: row.id, group: row.group, content: row.content, publishDate: new Date(row.publishAt).toISOString(), state: row.state, releaseURL: row.releaseURL, integration: { id: row.channelId } }));
      return foreign.length === 0 ? undefined : { ...r, body: { posts: [...r.body.posts, ...foreign] } };
    }),
  },
  {
    name: 'customer-filter-ignored',
    area: 'posts',
    description: 'GET /posts ignores `customer`: the calendar of one group lists the posts of every channel.',
    caughtBy: ['posts_customer_filter'],
    operations: ['listPosts'],
    override: onOk((_, r, ws, { request }) => {
      const q = query(request);
      if (!q.get('customer')) return undefined;
      const listed = new Map((r.body.posts as any[]).map((p) => [p.id, p]));
      const rows = listPosts(ws, { startDate: Date.parse(q.get('startDate') ?? ''), endDate: Date.parse(q.get('endDate') ?? '') });
      const posts = rows.map((row) => {
        const channel = findChannel(ws, row.channelId);
        return listed.get(row.id) ?? { id: row.id, group: row.group, content: row.content, publishDate: new Date(row.publishAt).toISOString(), state: row.state, releaseURL: row.releaseURL, integration: channel ? { id: channel.id, name: channel.name, identifier: channel.identifier, providerIdentifier: channel.identifier, picture: channel.picture } : { id: row.channelId }, tags: row.tags, inter: row.inter };
      });
      return { ...r, body: { ...r.body, posts } };
    }),
  },
  {
    name: 'delete-flag-defaults-true',
    area: 'posts',
    description: 'DELETE /posts/<id> without deleteFromPlatform deletes the post on its network too (a missing flag read as true).',
    caughtBy: ['delete_from_platform_only_when_asked'],
    operations: ['deletePost'],
    override: () => (r, { request }) => {
      if (r.status !== 200 || query(request).get('deleteFromPlatform') === 'true' || !Array.isArray(r.body?.deletedFromPlatform)) return undefined;
      const id = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
      return { ...r, body: { ...r.body, deletedFromPlatform: [id] } };
    },
  },
  {
    name: 'deleted-post-still-found',
    area: 'posts',
    description: 'DELETE /posts only hides the group from the calendar (a soft delete whose by-id lookups forgot the filter): PUT status and release-id, GET missing, post analytics and a second DELETE still answer 200 for the deleted post.',
    caughtBy: ['use_after_free'],
    operations: ['createPosts', 'deletePost', 'deletePostGroup', 'changePostStatus', 'setPostReleaseId', 'listMissingReleases', 'getPostAnalytics'],
    override: (state) => (r, { operationId, request }) => {
      const mem = remember(state.world);
      const path = new URL(request.url).pathname;
      const id = decodeURIComponent((/\/posts\/group\/([^/]+)$/.exec(path) ?? /\/(?:posts|analytics\/post)\/([^/]+)(?:\/(?:status|release-id|missing))?$/.exec(path))?.[1] ?? '');
      if (operationId === 'createPosts' && r.status === 200) {
        const ws = workspaceOf(state, request);
        for (const { postId } of r.body as Array<{ postId: string }>) for (const row of ws ? groupRows(ws, ws.posts.rows.get(postId)?.group ?? '') : []) mem.set(`post:${row.id}`, { id: row.id, group: row.group, deleted: false });
        return undefined;
      }
      if ((operationId === 'deletePost' || operationId === 'deletePostGroup') && r.status === 200) {
        for (const [k, p] of mem) if (k.startsWith('post:') && p.group === r.body.group) p.deleted = true;
        return undefined;
      }
      const gone = [...mem.values()].find((p) => p?.deleted && (p.id === id || (operationId === 'deletePostGroup' && p.group === id)));
      if (r.status !== 404 || !gone) return undefined;
      const body: Record<string, unknown> = {
        changePostStatus: { id: gone.id, group: gone.group, state: 'DRAFT' },
        setPostReleaseId: { id: gone.id, releaseId: '1', releaseURL: null },
        listMissingReleases: [],
        getPostAnalytics: { missing: true },
        deletePost: { group: gone.group, error: false, deletedFromPlatform: [], platformErrors: [] },
        deletePostGroup: { group: gone.group, error: false, deletedFromPlatform: [], platformErrors: [] },
      };
      return operationId in body ? { status: 200, body: body[operationId], headers: r.headers } : undefined;
    },
  },
  {
    name: 'calendar-stale-cache',
    area: 'posts',
    description: 'GET /posts answers from a cache kept 60 seconds (mock clock) per workspace and query, never invalidated: a post just created, moved or deleted does not show until it expires.',
    caughtBy: ['ensure_resource_availability', 'post_lifecycle_model'],
    operations: ['listPosts'],
    override: onOk((state, r, ws, { request }) => {
      const mem = remember(state.world);
      const key = `calendar:${ws.id}${new URL(request.url).search}`;
      const cached = mem.get(key);
      if (cached && state.clock.now() - cached.at < 60_000) return { ...r, body: cached.body };
      mem.set(key, { at: state.clock.now(), body: r.body });
      return undefined;
    }),
  },
  // Webhooks
  {
    name: 'webhook-per-thread-item',
    area: 'webhooks',
    description: 'Every thread item that goes out sends its own webhook request (describing that item), on top of the one for the group once the chain is out.',
    caughtBy: ['webhook_per_group'],
    install: afterTick((state, result) => {
      for (const { ws, row } of rowsOf(state, result.published)) if (row.index > 0) sendWebhooks(state, groupDeliveries(state.world, ws, row));
    }),
  },
  // Plans
  {
    name: 'brief-gate-403',
    area: 'plans',
    description: 'Brief endpoints answer 403 instead of 402 on a free workspace before its first top-up.',
    caughtBy: ['plan_gates', 'status_code_conformance'],
    operations: ['getBriefSchema', 'listBriefDocuments', 'getBriefOnboarding', 'getBriefDocument', 'saveBriefDocument', 'deleteBriefDocument'],
    override: () => (r) => (r.status === 402 ? { ...r, status: 403 } : undefined),
  },
  {
    name: 'ai-refusal-unshaped',
    area: 'plans',
    description: "AI endpoints refuse free workspaces with a 402 in neither refusal's shape (no message, no url).",
    caughtBy: ['plan_gates', 'response_schema_conformance'],
    operations: ['generateVideo', 'runVideoFunction'],
    override: () => (r) => (r.status === 402 ? { ...r, body: { error: 'upgrade required' } } : undefined),
  },
  {
    name: 'x-connect-open',
    area: 'plans',
    description: 'GET /social/x gives a connect URL to a free workspace that never topped up.',
    caughtBy: ['plan_gates'],
    operations: ['getSocialConnectUrl'],
    override: () => (r) => (r.status === 402 ? { ...r, status: 200, body: { url: 'https://x.com/i/oauth2/authorize?client_id=mock&state=fault' } } : undefined),
  },
  // Limits
  {
    name: 'no-429',
    area: 'limits',
    description: 'POST /posts is never rate limited (the hourly limit is not enforced).',
    caughtBy: ['hourly_post_limit'],
    override: (state) => () => {
      state.config.postsPerHour = Number.MAX_SAFE_INTEGER;
      return undefined;
    },
  },
  // Brief
  {
    name: 'brief-patch-clears-omitted',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} empties the `links` it was not sent (kept links are lost).',
    caughtBy: ['brief_patch_semantics'],
    operations: ['saveBriefDocument', 'getBriefDocument'],
    override: onOk((state, r, ws, { operationId }) => {
      const mem = remember(state.world);
      const key = `brief:${ws.id}:${r.body.category}/${r.body.key}`;
      const before = mem.get(key);
      if (operationId === 'saveBriefDocument' && before && before.links.length > 0 && JSON.stringify(before.links) === JSON.stringify(r.body.content.links)) {
        const stored = (ws.brief.documents as Map<string, any>).get(`${r.body.category}/${r.body.key}`);
        if (stored) stored.content = { ...stored.content, links: [] };
        r = { ...r, body: { ...r.body, content: { ...r.body.content, links: [] } } };
      }
      mem.set(key, r.body.content);
      return r;
    }),
  },
  // OAuth
  {
    name: 'oauth-code-reusable',
    area: 'oauth',
    description: 'An authorization code can be exchanged more than once.',
    caughtBy: ['oauth_flow'],
    operations: ['exchangeOAuthCode'],
    override: (state) => (r) => {
      if (r.status === 200) for (const grant of state.world.oauth.codes.values() as Iterable<any>) grant.used = false;
      return undefined;
    },
  },
  {
    name: 'oauth-revoke-ignored',
    area: 'oauth',
    description: "Revoking an OAuth app leaves its access tokens working.",
    caughtBy: ['oauth_flow'],
    operations: ['exchangeOAuthCode', 'revokeOAuthApp'],
    override: (state) => (r, { operationId }) => {
      const mem = remember(state.world);
      if (operationId === 'exchangeOAuthCode' && r.status === 200) mem.set(`token:${r.body.access_token}`, state.world.oauth.tokens.get(r.body.access_token));
      if (operationId === 'revokeOAuthApp' && r.status === 200) {
        for (const [k, grant] of mem) if (k.startsWith('token:')) state.world.oauth.tokens.set(k.slice(6), grant);
      }
      return undefined;
    },
  },
  {
    name: 'oauth-token-unprefixed',
    area: 'oauth',
    description: 'The token exchange answers an access token without the `pos_` prefix.',
    caughtBy: ['oauth_flow'],
    operations: ['exchangeOAuthCode'],
    override: () => (r) => (r.status === 200 && typeof r.body?.access_token === 'string' ? { ...r, body: { ...r.body, access_token: r.body.access_token.replace(/^pos_/, '') } } : undefined),
  },
];

export function faultNames(): string[] {
  return FAULTS.map((f) => f.name);
}

/** A handler whose act is wrapped: `wrap` gets the context and the inner act, and decides when (or whether) to call it. */
function around(inner: OperationHandler, wrap: (ctx: Parameters<Handle>[0], handle: Handle) => ReturnType<Handle>): OperationHandler {
  return { ...inner, handle: (ctx) => wrap(ctx, inner.handle) };
}

/** The faults switched on, as layers the mock puts around its operations when it mounts them. */
export interface FaultLayer {
  /** The operation's handler, wrapped by every fault that changes how it acts. */
  handler(operationId: string, handler: HandlerMap[string]): OperationHandler;
  /** A layer around the operation's decision (request rewrites, reply overrides), or none. */
  decide(operationId: string): ((decide: Decide) => Decide) | undefined;
}

/** Switch on the state's faults (unknown names are an error); undefined when none is, so that nothing wraps anything. */
export function faultLayer(state: MockState): FaultLayer | undefined {
  const unknown = [...state.faults].filter((f) => !FAULTS.some((d) => d.name === f));
  if (unknown.length > 0) {
    throw new Error(`Unknown fault(s): ${unknown.join(', ')}. Known: ${FAULTS.map((f) => f.name).join(', ')}`);
  }
  const on = FAULTS.filter((fault) => state.faults.has(fault.name));
  if (on.length === 0) return undefined;
  for (const fault of on) fault.install?.(state);
  const rewrites = on.flatMap((f) => (f.request ? [f.request] : []));
  const overrides = on.flatMap((f) => (f.override ? [{ operations: f.operations, after: f.override(state) }] : []));
  return {
    handler(operationId, handler) {
      let h: OperationHandler = typeof handler === 'function' ? { handle: handler } : handler;
      for (const fault of on) h = fault.handlers?.[operationId]?.(h, state) ?? h;
      return h;
    },
    decide(operationId) {
      const mine = overrides.filter((o) => !o.operations || o.operations.includes(operationId));
      if (rewrites.length === 0 && mine.length === 0) return undefined;
      return (decide) => async (call) => {
        const request = rewrites.reduce((r, rewrite) => rewrite(r), call.request);
        const d = await decide({ ...call, request });
        if (d.kind !== 'reply') return d;
        let reply: Reply = { status: d.status, body: d.body, headers: d.headers };
        for (const o of mine) reply = o.after(reply, { operationId, request }) ?? reply;
        return { kind: 'reply', ...reply };
      };
    },
  };
}

export type { Reply };
