// Handlers for the Media operations (reference 4.3): uploads streamed to disk, URL uploads, tickets, the library.
import { DomainError, invalid } from '../../domain/errors.ts';
import {
  admitUpload,
  applyMedia,
  briefMediaView,
  deleteMedia,
  largestAccepted,
  listMedia,
  mediaView,
  planMedia,
  tooLarge,
  type MediaItem,
  type UploadTarget,
} from '../../domain/media.ts';
import { claimTicket, mintTicket, releaseTicket, spendTicket, type TicketPurpose } from '../../domain/uploads.ts';
import { workspaceEnv, type Workspace } from '../../domain/world.ts';
import type { TempFile } from '../files.ts';
import type { Ctx } from '../pipeline.ts';
import { FetchPublicError } from '../public-address.ts';
import type { PublicHandlers } from '../typed.ts';

/** The stored file's name: the last segment of the `path` a media answer carries. */
function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Check, price and store in one synchronous turn (no other request can slip in), then name the bytes. */
function keep(ctx: Ctx, ws: Workspace, temp: TempFile, originalName: string | null): MediaItem {
  const plan = planMedia(ctx.world, ws, { originalName, type: temp.type, bytes: temp.bytes }, ctx.env);
  ctx.state.effects.files.commit(temp, fileName(plan.item.path));
  return applyMedia(ctx.world, ws, plan, ctx.env);
}

async function storeTemp(ctx: Ctx, ws: Workspace, temp: TempFile, originalName: string | null): Promise<MediaItem> {
  try {
    return keep(ctx, ws, temp, originalName);
  } catch (err) {
    await temp.discard();
    throw err;
  }
}

/** A multipart upload into `ws`'s library: refused early when the library is full, streamed, typed by its bytes. */
async function receiveUpload(ctx: Ctx, ws: Workspace, target: UploadTarget): Promise<MediaItem> {
  admitUpload(ctx.world, ws);
  const { temp, filename } = await ctx.state.effects.files.receive(ctx.request, ctx.incoming, { target, config: ctx.world.config });
  return storeTemp(ctx, ws, temp, filename);
}

/** A ticket upload: the ticket is claimed before any byte is read, spent on success, usable again on failure. */
async function ticketUpload(ctx: Ctx, token: string, purpose: TicketPurpose): Promise<MediaItem> {
  const { ticket, ws } = claimTicket(ctx.world, token, purpose, ctx.env);
  // The ticket names the workspace: the request journal files the upload under it, and it is stored at its time.
  ctx.ws = ws;
  ctx.env = workspaceEnv(ctx.env, ws);
  ctx.now = ctx.env.clock.now();
  try {
    const item = await receiveUpload(ctx, ws, purpose);
    spendTicket(ctx.world, ticket);
    return item;
  } catch (err) {
    releaseTicket(ctx.world, ticket);
    throw err;
  }
}

/** The file name a URL suggests: its last path segment, when there is one. */
function nameFromUrl(url: URL): string | null {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}

export const handlers = {
  uploadMedia: {
    rawBody: true,
    async handle(ctx) {
      const item = await receiveUpload(ctx, ctx.ws, 'media');
      return { body: mediaView(item, ctx.origin) };
    },
  },

  async uploadMediaFromUrl(ctx) {
    admitUpload(ctx.world, ctx.ws);
    const config = ctx.world.config;
    const maxBytes = largestAccepted('media', config);
    const effects = ctx.state.effects;
    const fetched = await effects.fetchUrl(String(ctx.body.url), {
      maxBytes,
      timeoutMs: config.urlFetchTimeoutMs,
      lookup: effects.lookupHost,
    });
    if (!fetched.ok) throw invalid(fetched.reason);
    const originalName = nameFromUrl(fetched.url);
    let temp: TempFile;
    try {
      temp = await effects.files.ingest(fetched.body, { target: 'media', config, originalName });
    } catch (err) {
      if (err instanceof DomainError) throw err;
      if (err instanceof FetchPublicError && err.reason === 'too_large') throw tooLarge(maxBytes);
      throw invalid(err instanceof FetchPublicError ? err.message : 'The URL could not be fetched');
    }
    const item = await storeTemp(ctx, ctx.ws, temp, originalName);
    return { body: mediaView(item, ctx.origin) };
  },

  createUploadTicket(ctx) {
    const ticket = mintTicket(ctx.world, ctx.ws, ctx.body?.purpose, ctx.env);
    const route = ticket.purpose === 'brief' ? 'brief-upload' : 'upload-ticket';
    return {
      body: {
        uploadUrl: `${ctx.apiBase}/${route}/${ticket.token}`,
        expiresInSeconds: Math.round((ticket.expiresAt - ctx.now) / 1000),
        field: 'file',
      },
    };
  },

  uploadWithTicket: {
    rawBody: true,
    handle: async (ctx) => ({ body: mediaView(await ticketUpload(ctx, ctx.params.token, 'media'), ctx.origin) }),
  },
  uploadBriefFile: {
    rawBody: true,
    handle: async (ctx) => ({ body: briefMediaView(await ticketUpload(ctx, ctx.params.token, 'brief'), ctx.origin) }),
  },

  listMedia(ctx) {
    const page = listMedia(ctx.ws, ctx.query.page ?? 1, ctx.query.search);
    return { body: { pages: page.pages, results: page.results.map((m) => mediaView(m, ctx.origin)) } };
  },

  deleteMedia(ctx) {
    const item = deleteMedia(ctx.ws, String(ctx.params.id));
    ctx.state.effects.files.remove(fileName(item.path));
    return { body: { deleted: true } };
  },
} satisfies Partial<PublicHandlers>;
