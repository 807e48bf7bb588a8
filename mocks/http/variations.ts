// The variation catalogue: the fault catalogue's mirror. Each variation is a choice the reference leaves open, made
// unlike the mock, with the reference's words that allow it. Switched on as faults are (`spw mock --variation NAME`,
// `MOCK_VARIATIONS`, `variations` in code), it changes the mock's answers from outside, never its world; the suites
// must find no departure against any of them, alone or together (suites/variations.test.ts), and must still catch every
// fault with all of them on.
import type { FaultDefinition, Reply } from './faults/helpers.ts';
import type { OperationHandler } from './pipeline.ts';
import { around, workspaceOf } from './faults/helpers.ts';
import { textLength, TOO_LONG_MESSAGE } from '../domain/post-validation.ts';
import { invalid, rateLimited } from '../domain/errors.ts';
import { limitOf, providerInfo } from '../domain/world.ts';
import { defaultConfig } from '../domain/config.ts';
import { listTransactions } from '../domain/wallet.ts';
import { BODY_LIMITS } from './body.ts';

export interface VariationDefinition extends Omit<FaultDefinition, 'caughtBy'> {
  /** The reference's words that leave this choice open (section and quote). */
  allows: string;
  /**
   * Faults this choice takes away what they break (a server with no forecast has no forecast to get wrong), or that
   * sit behind a rule the variation applies first.
   */
  masks?: string[];
}

/** A JSON object (not an array), or undefined. */
const object = (v: unknown): Record<string, any> | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : undefined);

const ISO_Z = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?)Z$/;
/** Fields that carry what a client wrote (post text, settings, brief content): a server gives them back as sent. */
const CLIENT_DATA = new Set(['content', 'settings', 'value', 'blocks', 'params', 'template']);

/** Every date-time the server writes, with `+00:00` for `Z`; what a client wrote is left as it was. */
function withOffsets(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(ISO_Z, '$1+00:00');
  if (Array.isArray(v)) return v.map(withOffsets);
  const o = object(v);
  if (!o) return v;
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, CLIENT_DATA.has(k) ? x : withOffsets(x)]));
}

/** A field no document names, on the answer and on each resource in its lists. */
function withExtras(v: unknown): unknown {
  const extra = (o: Record<string, any>) => ({ ...o, _links: { self: 'not in the contract' } });
  if (Array.isArray(v)) return v.map((x) => { const item = object(x); return item ? extra(item) : x; });
  const o = object(v);
  if (!o) return v;
  const lists = Object.fromEntries(Object.entries(o).filter(([, x]) => Array.isArray(x)).map(([k, x]) => [k, (x as unknown[]).map((i) => { const item = object(i); return item ? extra(item) : i; })]));
  return { ...extra(o), ...lists };
}

/** The `Error` body's `message` as a list of sentences, as the shape allows. */
function messageAsArray(r: Reply): Reply | undefined {
  const b = object(r.body);
  if (r.status < 400 || !b || typeof b.message !== 'string' || 'provider' in b || 'wallet' in b || 'url' in b) return undefined;
  return { ...r, body: { ...b, message: [b.message] } };
}

/** The mock's own resource ids (seeded `ch_paid_x`, generated `post_…`), as a server of another make would not write them. */
const MOCK_ID = /^(?:post|ch|grp|med|tx|wh|dlv|ntf|vid)_[A-Za-z0-9_]+$/;

/** A UUID-shaped id standing for a mock id: the same id always gives the same UUID (FNV-1a over four seeds). */
function uuidOf(id: string): string {
  let hex = '';
  for (let seed = 0; seed < 4; seed++) {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
    hex += h.toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Every mock id in an answer written as its UUID (what a client wrote is left as it was), each noted to be read back. */
function uuidIds(v: unknown, seen: Map<string, string>): unknown {
  if (typeof v === 'string' && MOCK_ID.test(v)) {
    const u = uuidOf(v);
    if (!seen.has(u)) {
      seen.set(u, v);
      if (seen.size > TABLE_CAP) seen.delete(seen.keys().next().value!);
    }
    return u;
  }
  if (Array.isArray(v)) return v.map((x) => uuidIds(x, seen));
  const o = object(v);
  if (!o) return v;
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, CLIENT_DATA.has(k) && k !== 'value' ? x : uuidIds(x, seen)]));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}/g;

/** A text with every UUID the server gave out read back as the mock's id (one it never gave out stays, and is not found). */
const readBack = (text: string, seen: Map<string, string>) => text.replace(UUID, (u) => seen.get(u) ?? u);

/**
 * The UUIDs given out, per mock (not per world: a reset gives the seeded world back with the same ids, so a UUID a
 * client learnt before it names the same thing after it). Bounded: past the cap the oldest are forgotten, and a
 * client that still holds one of those gets the 404 of an id nobody knows.
 */
/** The hourly post limit a production deployment was seen with: lower than the mock's, so a long run meets it. */
export const PRODUCTION_POSTS_PER_HOUR = 60;

/**
 * How long the async-publisher's worker takes to reach a post sent now: 10 to 60 ms by the post's group. Production's
 * queue was seen at 40 to 300 ms; what the suites must do (wait for the post, then judge what they saw) is the same at
 * any delay, and a shorter one keeps the catalogue's runs quick.
 */
function workerDelayMs(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return 10 + (h % 51);
}
/** Per mock: post id -> when (performance.now()) the worker reaches it. */
const queues = new WeakMap<object, Map<string, number>>();
/** Per mock: the posts sent now that requests are making at this moment (not queued yet, not to be sent yet). */
const makingNow = new WeakMap<object, Set<(row: { id: string }) => boolean>>();

const TABLE_CAP = 100_000;
const tables = new WeakMap<object, Map<string, string>>();
const tableOf = (state: object) => tables.get(state) ?? (tables.set(state, new Map()), tables.get(state)!);

/** The request with the UUIDs it carries (path, query, a JSON body) read back as the mock's ids. */
function requestWithIds(request: Request, seen: Map<string, string>): Request {
  const url = readBack(request.url, seen);
  const json = (request.headers.get('content-type') ?? '').includes('json');
  if (url === request.url && (!json || !request.body)) return request;
  let body: BodyInit | null = request.body;
  if (json && request.body) {
    // The whole body is needed to read it back, but no more than the mock would read of a JSON body: past that, what
    // was held and the rest pass on as they came, and the mock refuses the body for its size as it always does.
    const chunks: Uint8Array[] = [];
    let held = 0;
    let passing = false;
    body = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, out) => {
          if (passing) return out.enqueue(chunk);
          chunks.push(chunk);
          held += chunk.length;
          if (held <= BODY_LIMITS.jsonBytes) return;
          passing = true;
          for (const c of chunks.splice(0)) out.enqueue(c);
        },
        flush: (out) => {
          if (passing) return;
          const bytes = new Uint8Array(held);
          let at = 0;
          for (const c of chunks) bytes.set(c, (at += c.length) - c.length);
          out.enqueue(new TextEncoder().encode(readBack(new TextDecoder().decode(bytes), seen)));
        },
      }),
    );
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  try {
    return new Request(url, { method: request.method, headers, body, signal: request.signal, ...(body ? { duplex: 'half' } : {}) } as RequestInit);
  } catch {
    // A method the Fetch Request refuses (TRACE, TRACK, CONNECT) reaches the mock as it came, and is refused there as
    // without the variation: no operation takes it, so there is no id to read back.
    return request;
  }
}

const wrapped = new WeakSet<object>();

/** A lower maximum length than the mock's own, the same for the settings it reports and for the posts it takes. */
const shorter = (max: number) => Math.max(1, Math.floor(max * 0.6));

export const VARIATIONS: VariationDefinition[] = [
  {
    name: 'one-id-per-item',
    area: 'posts',
    description: 'POST /posts answers one {postId, integration} for every item of each entry (the post, then each thread item or comment), not one per entry.',
    allows: 'Section 2.4: "Response (200): array of `{postId: string, integration: string}`, both required" (how many, and for which items, is not said)',
    operations: ['createPosts'],
    override: (state) => (r, { request }) => {
      const ws = workspaceOf(state, request);
      if (r.status !== 200 || !ws || !Array.isArray(r.body)) return undefined;
      const body = r.body.flatMap((c: { postId: string; integration: string }) => {
        const group = ws.posts.rows.get(c.postId)?.group;
        const ids = (group && ws.posts.groups.get(group)) || [c.postId];
        return ids.map((postId) => ({ postId, integration: c.integration }));
      });
      return { ...r, body };
    },
  },
  {
    name: 'status-moves-one-channel',
    area: 'posts',
    description: 'PUT /posts/<id>/status moves only the thread of the channel that post is on; the threads of its group on other channels keep their state (the mock moves the whole group).',
    allows: 'Section 4.2: `DELETE /posts/<id>` "Deletes the whole group", while `PUT /posts/<id>/status` takes `{status}` on a post and is not said to move its group',
    handlers: {
      changePostStatus: (inner) =>
        around(inner, async (ctx, handle) => {
          const posts = ctx.ws.posts;
          const row = posts.rows.get(String(ctx.params.id));
          const all = row && posts.groups.get(row.group);
          const mine = all?.filter((id) => posts.rows.get(id)?.channelId === row!.channelId);
          if (!row || !all || !mine || mine.length === all.length) return handle(ctx);
          // The group is seen as this channel's thread alone while the move is made, then whole again.
          posts.groups.set(row.group, mine);
          try {
            return await handle(ctx);
          } finally {
            posts.groups.set(row.group, all);
          }
        }),
    },
  },
  {
    name: 'text-only-accepted',
    area: 'posts',
    description: 'A post of text alone is taken on every channel: the mock\'s media step (Instagram, TikTok and YouTube need a photo or video) is off; the Facebook story, which the reference pins, still needs one.',
    allows: 'Section 7: "A post with no text and no media" is refused; no sentence says a post of text alone is refused on a channel, except a Facebook story (section 2.9: "A story needs at least one photo or video")',
    handlers: Object.fromEntries(
      ['createPosts', 'changePostStatus'].map((op) => [
        op,
        (inner: OperationHandler) =>
          around(inner, async (ctx, handle) => {
            // The rows without a `when` (always media) are read without it while the request is handled, then as they were.
            const rows = Object.values(ctx.world.fixtures.providers).filter((row) => row.media && !row.media.when);
            const kept = rows.map((row) => row.media);
            for (const row of rows) row.media = undefined;
            try {
              return await handle(ctx);
            } finally {
              rows.forEach((row, i) => (row.media = kept[i]));
            }
          }),
      ]),
    ),
  },
  {
    name: 'settings-error-as-error',
    area: 'posts',
    description: 'A settings problem on POST /posts answers the general Error shape, naming the channel in its message, instead of {statusCode, provider, name, message}.',
    allows: 'Section 7: 400 "Error: statusCode integer, msg string, message string or array of string. For POST /posts validation the body may instead be {statusCode: 400, provider, name, message}"',
    operations: ['createPosts'],
    override: () => (r) => {
      const b = object(r.body);
      if (r.status !== 400 || !b || !('provider' in b)) return undefined;
      return { ...r, body: { statusCode: 400, msg: 'Bad Request', message: `${b.name} (${b.provider}): ${b.message}` } };
    },
  },
  {
    name: 'message-as-array',
    area: 'generic',
    description: "Every Error body carries its message as an array of sentences (class-validator's style), not one string.",
    allows: 'Section 7: "`message` string or array of string"',
    override: () => messageAsArray,
  },
  {
    name: 'malformed-escape-400',
    area: 'generic',
    description: 'A path value that is not valid percent-encoding (`/posts/%ZZ`) answers 400 as an invalid request, not 404.',
    allows: 'Section 7: 400 "Invalid request or validation failure"; 404 "Not found" (a request that cannot be decoded is invalid before anything is looked up)',
    override: () => (r, { request }) =>
      r.status === 404 && /%(?![0-9a-fA-F]{2})/.test(new URL(request.url).pathname) ? { ...r, status: 400, body: { statusCode: 400, msg: 'Bad Request', message: 'Malformed URL' } } : undefined,
  },
  {
    name: 'utc-offset-dates',
    area: 'generic',
    description: 'Every date-time the server writes says +00:00 instead of Z.',
    allows: 'Section 2.4: date-time "ISO 8601, UTC"; sections 2 and 4: "date-time" (RFC 3339 allows +00:00 for UTC)',
    override: () => (r) => (r.status < 300 && r.body !== undefined ? { ...r, body: withOffsets(r.body) } : undefined),
  },
  {
    name: 'extra-fields',
    area: 'generic',
    description: 'Every JSON answer, and each resource in its lists, carries a field no document names (`_links`).',
    allows: 'Section 2: the reference lists the fields a client reads, and says of several objects "fields not shown"; nothing forbids more',
    override: () => (r) => (r.body !== undefined && r.status !== 204 ? { ...r, body: withExtras(r.body) } : undefined),
  },
  {
    name: 'lists-reversed',
    area: 'generic',
    description: 'GET /posts and GET /integrations list in the other order (the reference gives no order for either).',
    allows: 'Section 4: GET /posts "{posts: array of post summary}" and GET /integrations "array of Integration", no order given (media alone is "newest first")',
    operations: ['listPosts', 'listIntegrations'],
    override: () => (r) => {
      if (r.status !== 200) return undefined;
      if (Array.isArray(r.body)) return { ...r, body: [...r.body].reverse() };
      const b = object(r.body);
      return b && Array.isArray(b.posts) ? { ...r, body: { ...b, posts: [...b.posts].reverse() } } : undefined;
    },
  },
  {
    name: 'transactions-oldest-first',
    area: 'wallet',
    description: 'GET /wallet/transactions lists the ledger oldest first, page after page, not newest first.',
    allows: 'Section 4.5: GET /wallet/transactions "query page, size, type" answers WalletTransactions, no order given (media alone is "newest first")',
    operations: ['listWalletTransactions'],
    // Around the handler, as the server's own way of listing: a fault's layer then acts on this order, as a bug of
    // such a server would (an override after the faults' would rebuild the page from the world and undo them).
    handlers: {
      listWalletTransactions: (inner) =>
        around(inner, async (ctx, handle) => {
          const reply: any = await handle(ctx);
          const b = object(reply?.body);
          if (!b || !Array.isArray(b.items) || typeof b.page !== 'number' || typeof b.size !== 'number') return reply;
          // The whole ledger in the mock's order, turned round, then cut into the page asked for: every page, not only
          // each page on its own, is in the other order.
          const all = listTransactions(ctx.ws, { page: 0, size: Math.max(1, ctx.ws.wallet.ledger.length), type: ctx.query.type }).items.reverse();
          return { ...reply, body: { ...b, items: all.slice(b.page * b.size, (b.page + 1) * b.size) } };
        }),
    },
  },
  {
    name: 'uuid-ids',
    area: 'generic',
    description: 'Every resource id (channels, posts, groups, media, transactions, webhooks) is a UUID, not the mock\'s prefixed ids.',
    allows: 'Section 2: ids are "string" with no format given',
    incoming: (request, state) => requestWithIds(request, tableOf(state)),
    // What it sends on its own (webhook payloads) names the same UUIDs. Wrapped once per mock: a rebuild of the app
    // (faults switched) must not wrap it again.
    install: (state) => {
      if (wrapped.has(state.effects)) return;
      wrapped.add(state.effects);
      const deliver = state.effects.deliverWebhook;
      state.effects.deliverWebhook = (hook) => deliver({ ...hook, body: uuidIds(hook.body, tableOf(state)) as unknown[] });
    },
    outgoing: async (response, state) => {
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return new Response(text, response);
      }
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(uuidIds(body, tableOf(state))), { status: response.status, statusText: response.statusText, headers });
    },
  },
  {
    name: 'shorter-max-length',
    area: 'channels',
    description: "Every channel's maximum length is 60% of the mock's (x: 168), as GET /integration-settings says and POST /posts enforces.",
    allows: 'Section 2.9 and 4: GET /integration-settings "maxLength: integer" (no figure given); section 7: "Text over the channel\'s maximum length" is refused',
    // It measures lengths itself, before the mock's own length rule, where that fault sits.
    masks: ['link-counted-23-everywhere'],
    operations: ['getIntegrationSettings'],
    override: () => (r) => {
      const output = object(object(r.body)?.output);
      return r.status === 200 && output && typeof output.maxLength === 'number' ? { ...r, body: { ...r.body, output: { ...output, maxLength: shorter(output.maxLength) } } } : undefined;
    },
    handlers: {
      // Checked before the mock's own rules, against the lower maximum and with the mock's own counting; nothing of the
      // world's catalogue is changed, so a request running beside this one reads the maxima as they are.
      createPosts: (inner) => ({
        ...inner,
        handle: (ctx) => {
          for (const entry of (ctx.body as { posts?: Array<{ integration?: { id?: string }; value?: Array<{ content?: unknown }> }> })?.posts ?? []) {
            const channel = ctx.ws?.channels.find((c) => c.id === entry.integration?.id);
            if (!channel) continue;
            const max = shorter(providerInfo(ctx.world, channel.identifier).maxLength);
            if ((entry.value ?? []).some((item) => typeof item.content === 'string' && textLength(item.content, providerInfo(ctx.world, channel.identifier)) > max)) throw invalid(TOO_LONG_MESSAGE);
          }
          return inner.handle(ctx);
        },
      }),
    },
  },
  {
    name: 'estimate-top-up-url-when-short',
    area: 'wallet',
    description: 'POST /wallet/estimate gives `topUpUrl` only when the estimate is short, as the service does (field notes), and leaves it out otherwise.',
    allows: 'Section 2.8: WalletEstimate lists "`topUpUrl` uri" and marks no field of it required, nor says when the link is given',
    operations: ['estimateWalletCharge'],
    override: () => (r) => {
      const b = object(r.body);
      if (r.status !== 200 || !b || b.usesWallet !== true || b.short !== false || !('topUpUrl' in b)) return undefined;
      const { topUpUrl: _link, ...rest } = b;
      return { ...r, body: rest };
    },
  },
  {
    name: 'forecast-null',
    area: 'wallet',
    description: 'GET /wallet answers forecast: null (no forecast) on every workspace that uses the wallet.',
    allows: 'Section 2.8: forecast "object|null"',
    masks: ['forecast-counts-paid', 'forecast-skips-repeating'],
    operations: ['getWallet'],
    override: () => (r) => {
      const b = object(r.body);
      return r.status === 200 && b && b.forecast !== undefined ? { ...r, body: { ...b, forecast: null } } : undefined;
    },
  },
  {
    name: 'long-retry-after',
    area: 'limits',
    description: 'A 429 on POST /posts asks the client to wait a whole hour (Retry-After: 3600), whatever is left of the window.',
    allows: 'Section 8: "over the limit the answer is 429, and the client waits and retries" (how long is not said)',
    operations: ['createPosts'],
    override: () => (r) => (r.status === 429 ? { ...r, headers: { ...r.headers, 'retry-after': '3600' } } : undefined),
  },
  {
    name: 'async-publisher',
    area: 'posts',
    description: 'POST /posts with type now is answered at once, and a background worker publishes the post 10 to 60 ms later, as a job queue does: a read right after the answer finds it queued, and its webhook comes after.',
    allows: 'Section 3: type `now` is "published immediately", with the webhook "sent on success"; sending to the network is not said to be over when POST /posts answers',
    operations: ['createPosts'],
    handlers: {
      createPosts: (inner, state) => ({
        ...inner,
        handle: async (ctx) => {
          const ws = ctx.ws;
          if (ctx.body?.type !== 'now' || !ws) return inner.handle(ctx);
          // The mock sends a post made now before it answers: what this request makes is held from the start.
          const before = new Set(ws.posts.rows.keys());
          const making = (row: { id: string }) => ws.posts.rows.get(row.id) !== undefined && !before.has(row.id);
          const active = makingNow.get(state) ?? makingNow.set(state, new Set()).get(state)!;
          active.add(making);
          try {
            return await inner.handle(ctx);
          } finally {
            active.delete(making);
            const queue = queues.get(state) ?? queues.set(state, new Map()).get(state)!;
            const delays = new Set<number>();
            for (const [id, row] of ws.posts.rows) {
              if (before.has(id)) continue;
              // One job per post and its thread: the worker sends a group together.
              const delay = workerDelayMs(row.group);
              queue.set(id, performance.now() + delay);
              delays.add(delay);
            }
            // The worker publishes whether or not a request comes, and the webhook goes out then. What it reached
            // leaves the queue, a post deleted before it was reached too, so the queue holds only what is waiting.
            for (const delay of delays) {
              setTimeout(() => {
                for (const [id, at] of queue) if (at <= performance.now()) queue.delete(id);
                state.tick();
              }, delay + 1).unref?.();
            }
          }
        },
      }),
    },
    install: (state) => {
      state.notYet = (row) => {
        for (const making of makingNow.get(state) ?? []) if (making(row)) return true;
        const at = queues.get(state)?.get(row.id);
        return at !== undefined && at > performance.now();
      };
    },
  },
  {
    name: 'production-post-limit',
    area: 'limits',
    description: `POST /posts is limited to ${PRODUCTION_POSTS_PER_HOUR} requests per workspace in a rolling hour (the mock: 90), and its 429 says nothing of when to come back: no Retry-After. A limit a hook sets (limits.set) is taken instead.`,
    allows: 'Section 8: "POST /posts is limited per workspace per hour; over the limit the answer is 429, and the client waits and retries. The numeric limit: not shown." Section 7 shows no 429 body and names no header',
    operations: ['createPosts'],
    handlers: {
      // Counted on the mock's own record of the hour's requests, after the mock's admission: nothing of the world or
      // its configuration changes, and a figure set through the hook (not the mock's default) is left to the mock.
      createPosts: (inner) => ({
        ...inner,
        admit: (ctx) => {
          inner.admit?.(ctx);
          const ws = ctx.ws;
          if (!ws || limitOf(ws, 'postsPerHour') !== defaultConfig.postsPerHour) return;
          const since = ctx.now - 3_600_000;
          if (ws.postRequests.filter((t) => t > since).length > PRODUCTION_POSTS_PER_HOUR) throw rateLimited(3600);
        },
      }),
    },
    override: () => (r) => {
      if (r.status !== 429 || !('retry-after' in r.headers)) return undefined;
      const { 'retry-after': _, ...headers } = r.headers;
      return { ...r, headers };
    },
  },
];

export function variationNames(): string[] {
  return VARIATIONS.map((v) => v.name);
}
