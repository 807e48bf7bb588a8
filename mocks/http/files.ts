// What a mock keeps of uploaded files, whatever holds the bytes: the store's interface, and how a file's type is
// decided from its first bytes. No Node built-ins: the Node server keeps files on disk (file-store.ts), the browser
// build in memory (memory-store.ts).
import type { MockConfig } from '../domain/config.ts';
import { acceptType, MESSAGES, tooLarge, type FileType, type UploadTarget } from '../domain/media.ts';

/** Bytes read before the type is decided: enough for every signature file-type knows, and for office zips. */
export const HEAD_BYTES = 64 * 1024;

export const FILE_FIELD = 'file';

export const MULTIPART_MESSAGES = {
  noFile: MESSAGES.noFile,
  twoFiles: `Send exactly one file, in multipart form data field "${FILE_FIELD}".`,
  truncated: 'The multipart body ended before the file was complete.',
  malformed: 'The request body is not valid multipart form data.',
} as const;

export interface TempFile {
  bytes: number;
  type: FileType;
  /** Delete the bytes (a refused or failed upload leaves nothing behind). */
  discard(): Promise<void>;
}

export interface IngestOptions {
  target: UploadTarget;
  config: MockConfig;
  /** The name the file was sent with: only picks between text formats, never decides the type otherwise. */
  originalName: string | null;
}

/** Stored bytes as a response body, with their type and length. */
export interface OpenedFile {
  body: ReadableStream<Uint8Array> | Uint8Array;
  mime: string;
  bytes: number;
}

/** Uploaded bytes of one mock, emptied on reset. */
export interface FileStore {
  /**
   * Read the one file of a multipart upload (field `file`) into a temporary file, typed by its bytes; a 400
   * DomainError for a body that is not multipart, has no file or two, or is cut short, and nothing is kept.
   * `incoming` is the Node request under a Node server, read directly.
   */
  receive(request: Request, incoming: RawIncoming | undefined, options: Omit<IngestOptions, 'originalName'>): Promise<{ temp: TempFile; filename: string | null }>;
  /** Keep fetched bytes as a temporary file, refused (400) when of a type the target does not take or too large. */
  ingest(body: AsyncIterable<Uint8Array> | Uint8Array, options: IngestOptions): Promise<TempFile>;
  /** Give a temporary file its served name. Synchronous, so it runs in the same turn as the domain change it belongs to. */
  commit(temp: TempFile, name: string): void;
  /** Keep bytes a scenario carries under their served name, as they are. Synchronous, as loading a scenario is. */
  put(name: string, data: Uint8Array, mime: string): void;
  remove(name: string): void;
  /** Every stored and temporary file goes (the world was reset). */
  clear(): void;
  open(name: string): OpenedFile | undefined;
}

/**
 * The Node server's own request (node:http's IncomingMessage), which a Node store reads the upload from directly. Typed
 * as a bare object here so that the declarations the browser build shares (the ./msw export's) need no Node types; the
 * Node store (file-store.ts) knows it is a Readable.
 */
export type RawIncoming = object;

/** What an office file is identified with: file-type's detector, typed here so that these declarations need not name file-type's (which need Node's). */
export interface FileTypeDetector {
  fileTypeFromBuffer(bytes: Uint8Array): Promise<{ mime: string } | undefined>;
  /** Node only (the disk store). */
  fileTypeFromFile?(path: string): Promise<{ mime: string } | undefined>;
}

/** file-type and its ~30 modules load on the first upload, not at start: most runs of the mock never upload a file. */
const fileType = (): Promise<FileTypeDetector> => import('file-type');

export async function detect(head: Uint8Array, options: IngestOptions): Promise<FileType & { maxBytes: number }> {
  let mime: string | undefined;
  try {
    mime = (await (await fileType()).fileTypeFromBuffer(head))?.mime;
  } catch {
    mime = undefined;
  }
  if (options.target === 'brief') {
    // Office files are zips: bound them as documents now, name the exact format once the whole file is in.
    if (mime === 'application/zip') return { mime, ext: 'zip', kind: 'document', maxBytes: options.config.maxDocumentBytes };
    if (mime === undefined && looksLikeText(head)) mime = textMime(options.originalName);
  }
  return acceptType(options.target, mime, options.config);
}

/** A zip's first bytes may not say which office format it is; the whole file does (read by `read`). */
export async function refineZip(
  type: FileType & { maxBytes: number },
  bytes: number,
  identify: (ft: FileTypeDetector) => Promise<{ mime: string } | undefined>,
  options: IngestOptions,
): Promise<FileType & { maxBytes: number }> {
  if (type.mime !== 'application/zip') return type;
  let mime: string | undefined;
  try {
    mime = (await identify(await fileType()))?.mime;
  } catch {
    mime = undefined;
  }
  if (mime === 'application/zip') mime = undefined;
  const accepted = acceptType(options.target, mime, options.config);
  if (bytes > accepted.maxBytes) throw tooLarge(accepted.maxBytes);
  return accepted;
}

/** Text is UTF-8 without NUL bytes and with few control characters (the mock's rule for brief text files). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  // The head may end inside a multi-byte character.
  let end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0xc0) {
      end -= i;
      break;
    }
    if ((b & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
  } catch {
    return false;
  }
  let control = 0;
  for (const b of head.subarray(0, end)) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return control <= head.length / 100;
}

function textMime(name: string | null): string {
  const ext = (name ?? '').toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === 'md' || ext === 'markdown') return 'text/markdown';
  if (ext === 'csv') return 'text/csv';
  return 'text/plain';
}

