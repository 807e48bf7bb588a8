// The fault catalogue, Media and upload tickets (sections 4.3, 8): each fault a realistic deviation from the contract and the checks that catch it.
import { liftLimits } from '../../domain/world.ts';
import { type FaultDefinition, nowIn, onOk, query, pageOf, mediaView, newestFirst, remember, around, aroundBody, lastSegment, ticketAt } from './helpers.ts';
import { invalid } from '../../domain/errors.ts';

/** The media faults, in the catalogue's order. */
export const MEDIA: FaultDefinition[] = [
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
        const token = lastSegment(r.body.uploadUrl);
        mem.set(`ticket:${token}`, state.world.uploadTickets.get(token));
      } else if (r.status === 200) {
        const token = lastSegment(request.url);
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
      const t = ticketAt(state, r.body.uploadUrl);
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
      const t = ticketAt(state, r.body.uploadUrl);
      if (t) t.expiresAt = nowIn(state, state.world.workspaces.get(t.workspaceId)) + 3600_000;
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
      const t = ticketAt(state, r.body.uploadUrl);
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
      const t = ticketAt(state, r.body.uploadUrl);
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
      const token = lastSegment(url);
      const t = state.world.uploadTickets.get(token);
      if (!t || t.purpose !== 'media' || t.claimed || nowIn(state, state.world.workspaces.get(t.workspaceId)) >= t.expiresAt) return undefined;
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
    // The capacity ignored wherever it is set (the world's, a workspace's own), read through a lens: nothing stored changes.
    install: (state) => liftLimits(state.config, { freeLibraryBytes: Number.MAX_SAFE_INTEGER }),
  },
  {
    name: 'deleted-media-keeps-room',
    area: 'media',
    description: 'Deleting a media file does not give its room in the free plan\'s library back: once full, a free library stays full whatever is deleted.',
    caughtBy: ['library_room_back_after_delete'],
    handlers: {
      deleteMedia: (inner) => around(inner, async (ctx, handle) => {
        const item = ctx.ws.media.items.find((m) => m.id === String(ctx.params.id));
        const reply = await handle(ctx);
        if (item) ctx.ws.media.storedBytes += item.bytes;
        return reply;
      }),
    },
  },
  {
    name: 'brief-upload-no-mime',
    area: 'media',
    description: 'POST /brief-upload/<token> answers the Media without the `mime` that section 2.6 says the brief upload response adds (its `type` is kept).',
    caughtBy: ['response_schema_conformance'],
    operations: ['uploadBriefFile'],
    override: () => (r) => (r.status === 200 && r.body && typeof r.body === 'object' && 'mime' in r.body ? { ...r, body: Object.fromEntries(Object.entries(r.body).filter(([k]) => k !== 'mime')) } : undefined),
  },
  {
    name: 'media-path-relative',
    area: 'media',
    description: "POST /upload and GET /media answer each file's `path` relative to the server (`/media-files/<id>.png`, the origin never put in front), where section 2.6 gives the hosted URL.",
    caughtBy: ['ensure_resource_availability'],
    operations: ['uploadMedia', 'listMedia'],
    override: onOk((_, r, __, { request }) => {
      const origin = new URL(request.url).origin;
      const strip = (m: any) => (typeof m?.path === 'string' && m.path.startsWith(origin) ? { ...m, path: m.path.slice(origin.length) } : m);
      if (Array.isArray(r.body?.results)) return { ...r, body: { ...r.body, results: r.body.results.map(strip) } };
      return typeof r.body?.path === 'string' ? { ...r, body: strip(r.body) } : undefined;
    }),
  },
  {
    name: 'image-hosted-url-refused',
    area: 'media',
    description: "POST /posts refuses an image whose `path` is the hosted URL the upload answered: it compares the path with the one it stores (relative to the server), so only a path a client was never given is taken.",
    caughtBy: ['ensure_resource_availability', 'photo_counts_as_content_story_needs_one'],
    handlers: {
      createPosts: (inner) =>
        aroundBody(inner, (ctx, handle) => {
          for (const entry of Array.isArray(ctx.body.posts) ? ctx.body.posts : []) {
            for (const item of Array.isArray(entry?.value) ? entry.value : []) {
              for (const img of Array.isArray(item?.image) ? item.image : []) {
                const stored = ctx.ws.media.items.find((m) => m.id === img?.id);
                if (stored && img.path !== stored.path) throw invalid(`image ${img.id}: path ${img.path} is not the path of that media`);
              }
            }
          }
          return handle(ctx);
        }),
    },
  },
  {
    name: 'ticket-purpose-null-refused',
    area: 'media',
    description: 'POST /upload-ticket refuses `{"purpose": null}` with 400 (purpose must be a string) instead of minting a media ticket, as for any purpose other than `brief`.',
    caughtBy: ['upload_ticket_purpose_bound'],
    handlers: {
      createUploadTicket: (inner) =>
        aroundBody(inner, (ctx, handle) => {
          if (ctx.body?.purpose === null) throw invalid('body /purpose: must be string');
          return handle(ctx);
        }),
    },
  },
];
