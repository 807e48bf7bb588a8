// The media library (reference sections 2.6, 4.3, 8): accepted types, size limits, storage capacity and charges, paging.
import { applySettlement, isPayAsYouGo, planActions, type Settlement } from './billing.ts';
import type { MockConfig } from './config.ts';
import { invalid, notFound, storageFull } from './errors.ts';
import { adjustBytes, ensureBytes, ensureRoom, heldBytes, recordBytes } from './caps.ts';
import { limitOf, type Env, type Workspace, type World, type MediaKind, type MediaItem, type MediaState } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { MediaKind, MediaItem, MediaState };

export function initMedia(): MediaState {
  return { items: [], storedBytes: 0, nextSeq: 1 };
}

/** URL path under which the mock serves stored bytes (outside the public document). */
export const MEDIA_FILES_PATH = '/media-files';
export const PAGE_SIZE = 18;

export const MESSAGES = {
  unsupported: 'Unsupported file type.',
  unsupportedBrief: 'Unsupported file type. Send an image, a PDF, a DOCX or a PPTX.',
  tooLarge: (max: number) => `File size exceeds the maximum allowed size of ${max} bytes.`,
  libraryFull: 'Your media library is full. Delete files you no longer need, or upgrade for more storage.',
  noFile: 'No file provided. Send it as multipart form data field "file".',
  notFound: 'Media not found',
} as const;

/** Where an upload is going: the media library accepts images and mp4; a brief upload images and documents. */
export type UploadTarget = 'media' | 'brief';

export interface FileType {
  mime: string;
  ext: string;
  kind: MediaKind;
}

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
};

/** Brief documents (PDF, DOCX, PPTX per the field notes, plus the mock's additions: other office and text formats). */
const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/rtf': 'rtf',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
};

/**
 * Whether a detected MIME type may be uploaded to this target, as what, and its size limit.
 * Throws the 400 for anything else. `mime` is what the bytes say, never the name or the declared type.
 */
export function acceptType(target: UploadTarget, mime: string | undefined, config: MockConfig): FileType & { maxBytes: number } {
  const image = mime ? IMAGE_TYPES[mime] : undefined;
  if (image) return { mime: mime === 'image/apng' ? 'image/png' : mime!, ext: image, kind: 'image', maxBytes: config.maxImageBytes };
  if (target === 'media') {
    if (mime === 'video/mp4') return { mime, ext: 'mp4', kind: 'video', maxBytes: config.maxVideoBytes };
    throw invalid(MESSAGES.unsupported);
  }
  const doc = mime ? DOCUMENT_TYPES[mime] : undefined;
  if (doc) return { mime: mime!, ext: doc, kind: 'document', maxBytes: config.maxDocumentBytes };
  throw invalid(MESSAGES.unsupportedBrief);
}

/** The largest file any type accepted by this target may be: the bound while the type is not yet known. */
export function largestAccepted(target: UploadTarget, config: MockConfig): number {
  return target === 'media' ? Math.max(config.maxImageBytes, config.maxVideoBytes) : Math.max(config.maxImageBytes, config.maxDocumentBytes);
}

export function tooLarge(maxBytes: number) {
  return invalid(MESSAGES.tooLarge(maxBytes));
}

/** A free workspace that is not on pay-as-you-go has a capped library; pay-as-you-go pays instead; paid plans neither. */
function capped(ws: Workspace): boolean {
  return ws.plan === 'free' && !isPayAsYouGo(ws);
}

/** Refuses an upload before any byte is read when the library is already full (413). */
export function admitUpload(world: World, ws: Workspace): void {
  ensureRoom(world.config.caps, 'media', ws.media.items.length, 1, 'media files per workspace');
  // Any record takes some bytes: a library at its budget is refused before the file is read, as at its record cap.
  ensureBytes(world.config.caps, 'mediaBytes', mediaBytes(ws), 1, MEDIA_RECORDS);
  if (capped(ws) && ws.media.storedBytes >= limitOf(ws, 'freeLibraryBytes')) throw storageFull(MESSAGES.libraryFull);
}

const GIB = 1024 * 1024 * 1024;

/**
 * GB charged for an upload on pay-as-you-go: only the part of this file that lies above the free amount, in GiB,
 * rounded up to the thousandth (about 1 MiB) so any byte above the free amount costs something.
 */
export function chargeableGb(storedBefore: number, bytes: number, freeBytes: number): number {
  const above = Math.max(0, storedBefore + bytes - Math.max(storedBefore, freeBytes));
  return above === 0 ? 0 : Math.ceil((above / GIB) * 1000) / 1000;
}

export interface NewMedia {
  /** The file name as sent (null when none was sent). */
  originalName: string | null;
  type: FileType;
  bytes: number;
  alt?: string | null;
}

/** What storing a file needs: check and price first (413, 402), nothing changes until applyMedia. */
export interface MediaPlan {
  item: MediaItem;
  settlement: Settlement | null;
}

export function planMedia(world: World, ws: Workspace, input: NewMedia, env: Env): MediaPlan {
  const config = world.config;
  if (capped(ws) && ws.media.storedBytes + input.bytes > limitOf(ws, 'freeLibraryBytes')) throw storageFull(MESSAGES.libraryFull);
  const id = env.ids.id('med_', ws.id);
  let settlement: Settlement | null = null;
  if (isPayAsYouGo(ws)) {
    const quantity = chargeableGb(ws.media.storedBytes, input.bytes, limitOf(ws, 'freeStorageBytes'));
    if (quantity > 0) {
      settlement = planActions(world, ws, [{ actionKey: 'storage.gb', quantity, reference: id, description: `Storage for ${displayName(input)}` }], env);
    }
  }
  const item: MediaItem = {
    id,
    name: displayName(input),
    originalName: input.originalName,
    path: `${MEDIA_FILES_PATH}/${id}.${input.type.ext}`,
    thumbnail: null,
    alt: input.alt ?? null,
    bytes: input.bytes,
    mime: input.type.mime,
    kind: input.type.kind,
    createdAt: env.clock.now(),
    seq: ws.media.nextSeq,
  };
  ensureBytes(config.caps, 'mediaBytes', mediaBytes(ws), recordBytes(item), MEDIA_RECORDS);
  return { item, settlement };
}

const MEDIA_RECORDS = 'media library records per workspace';

/** The bytes of the library's records (names, paths, types), which the mediaBytes budget counts; not the files. */
function mediaBytes(ws: Workspace): number {
  return heldBytes(ws.media, () => ws.media.items);
}

/** Store a planned item: the library grows, storage above the free amount is charged. */
export function applyMedia(world: World, ws: Workspace, plan: MediaPlan, env: Env): MediaItem {
  if (plan.settlement) applySettlement(world, ws, plan.settlement, env);
  mediaBytes(ws);
  insertInOrder(ws.media.items, plan.item);
  adjustBytes(ws.media, recordBytes(plan.item));
  ws.media.storedBytes += plan.item.bytes;
  ws.media.nextSeq = Math.max(ws.media.nextSeq, plan.item.seq) + 1;
  return plan.item;
}

/** Check, price and store in one step (both run in the same turn, so no other request slips in between). */
export function addMedia(world: World, ws: Workspace, input: NewMedia, env: Env): MediaItem {
  return applyMedia(world, ws, planMedia(world, ws, input, env), env);
}

/**
 * The name shown in the library: the sent name's base with the extension of what the bytes are
 * (`photo.mp4` holding a PNG is listed as `photo.png`), or `upload.<ext>` when no usable name was sent.
 */
export function displayName(input: Pick<NewMedia, 'originalName' | 'type'>): string {
  const base = (input.originalName ?? '')
    .split(/[\\/]/)
    .pop()!
    // Control characters never reach a name.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  const stem = base.replace(/\.[^.]*$/, '') || 'upload';
  return `${stem}.${input.type.ext}`;
}

export interface MediaPage {
  pages: number;
  results: MediaItem[];
}

const older = (a: MediaItem, b: MediaItem) => a.createdAt - b.createdAt || a.seq - b.seq;

/** Usually an append (uploads come in clock order); the mock clock can be set back, so find the place otherwise. */
function insertInOrder(items: MediaItem[], item: MediaItem): void {
  let i = items.length;
  while (i > 0 && older(items[i - 1]!, item) > 0) i--;
  items.splice(i, 0, item);
}

/** 18 a page, newest first, pages from 1; `search` keeps files whose name holds every word (case-insensitive). */
export function listMedia(ws: Workspace, page = 1, search?: string): MediaPage {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching =
    words.length === 0
      ? ws.media.items
      : ws.media.items.filter((m) => {
          const hay = `${m.name} ${m.originalName ?? ''}`.toLowerCase();
          return words.every((w) => hay.includes(w));
        });
  const pages = Math.ceil(matching.length / PAGE_SIZE);
  // Newest first: page 1 is the last PAGE_SIZE items, reversed.
  const end = matching.length - (Math.max(1, page) - 1) * PAGE_SIZE;
  return { pages, results: end <= 0 ? [] : matching.slice(Math.max(0, end - PAGE_SIZE), end).reverse() };
}

/** Remove a file from the library. Storage already paid for is not given back. Another workspace's id is 404. */
export function deleteMedia(ws: Workspace, id: string): MediaItem {
  const index = ws.media.items.findIndex((m) => m.id === id);
  if (index < 0) throw notFound(MESSAGES.notFound);
  mediaBytes(ws);
  const [item] = ws.media.items.splice(index, 1);
  adjustBytes(ws.media, -recordBytes(item!));
  ws.media.storedBytes -= item!.bytes;
  return item!;
}

/** The JSON shape of reference 2.6, with `path` made absolute on the origin the caller reached. */
export function mediaView(item: MediaItem, origin: string) {
  return {
    id: item.id,
    name: item.name,
    originalName: item.originalName,
    path: origin + item.path,
    thumbnail: item.thumbnail,
    alt: item.alt,
  };
}

/** A brief upload's answer: Media plus `type` and `mime` (reference 2.6). */
export function briefMediaView(item: MediaItem, origin: string) {
  return { ...mediaView(item, origin), type: item.kind === 'image' ? ('image' as const) : ('document' as const), mime: item.mime };
}
