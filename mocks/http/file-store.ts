// Uploaded bytes live in a temporary folder per mock (os.tmpdir()/spw-mock-<pid>/<store>), emptied on reset and removed at exit.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { MockConfig } from '../domain/config.ts';
import { acceptType, tooLarge, type FileType, type UploadTarget } from '../domain/media.ts';

/** Bytes read before the type is decided: enough for every signature file-type knows, and for office zips. */
const HEAD_BYTES = 64 * 1024;

export interface TempFile {
  path: string;
  bytes: number;
  type: FileType;
  /** Delete the bytes (a refused or failed upload leaves nothing behind). */
  discard(): Promise<void>;
}

export interface StoredFile {
  name: string;
  path: string;
  mime: string;
  bytes: number;
}

export interface IngestOptions {
  target: UploadTarget;
  config: MockConfig;
  /** The name the file was sent with: only picks between text formats, never decides the type otherwise. */
  originalName: string | null;
}

let processRoot: string | undefined;

/** One folder per process, removed when the process exits (tests build many mocks; each gets a subfolder). */
function rootFolder(): string {
  if (!processRoot) {
    processRoot = join(tmpdir(), `spw-mock-${process.pid}`);
    mkdirSync(processRoot, { recursive: true });
    const root = processRoot;
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return processRoot;
}

export class FileStore {
  readonly dir: string;
  readonly #files = new Map<string, StoredFile>();

  constructor(dir?: string) {
    this.dir = dir ?? join(rootFolder(), randomBytes(6).toString('hex'));
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * Stream a file to a temporary name, deciding its type from the first bytes and refusing it (400) as soon as it
   * is of a type the target does not take or passes that type's size limit: nothing is kept of a refused file.
   */
  ingest(source: Readable, options: IngestOptions): Promise<TempFile> {
    const path = join(this.dir, `tmp-${randomBytes(12).toString('hex')}`);
    return new Promise<TempFile>((resolve, reject) => {
      const out = createWriteStream(path, { flags: 'wx' });
      let head: Buffer[] = [];
      let headLength = 0;
      let decided: (FileType & { maxBytes: number }) | undefined;
      let total = 0;
      let done = false;

      // The stream opens its file asynchronously: wait until it is closed, or a refusal that comes before the open
      // completes would remove nothing and the file would appear afterwards.
      const closed = () => new Promise<void>((ok) => (out.closed ? ok() : out.once('close', () => ok())));
      const discard = () => closed().then(() => rm(path, { force: true }));
      const fail = (err: unknown) => {
        if (done) return;
        done = true;
        source.off('data', onData);
        // Keep the source flowing so whoever feeds it (the multipart parser) can finish or be stopped.
        source.on('data', () => {});
        source.resume();
        out.destroy();
        discard().finally(() => reject(err));
      };
      const write = (chunk: Buffer) => {
        if (!out.write(chunk)) {
          source.pause();
          out.once('drain', () => !done && source.resume());
        }
      };
      const decide = async (): Promise<void> => {
        const bytes = Buffer.concat(head);
        head = [];
        decided = await detect(bytes, options);
        if (total > decided.maxBytes) throw tooLarge(decided.maxBytes);
        if (bytes.length > 0) write(bytes);
      };
      const onData = (chunk: Buffer) => {
        if (done) return;
        total += chunk.length;
        if (!decided) {
          head.push(chunk);
          headLength += chunk.length;
          if (headLength < HEAD_BYTES) return;
          source.pause();
          decide().then(() => !done && source.resume(), fail);
          return;
        }
        if (total > decided.maxBytes) return fail(tooLarge(decided.maxBytes));
        write(chunk);
      };
      const onEnd = async () => {
        try {
          if (!decided) await decide();
          if (done) return;
          await new Promise<void>((ok, ko) => {
            out.once('error', ko);
            out.end(ok);
          });
          let type = decided!;
          // A zip's first bytes may not say which office format it is; the whole file does.
          if (type.mime === 'application/zip') type = await refine(path, type, options);
          done = true;
          resolve({ path, bytes: total, type, discard });
        } catch (err) {
          fail(err);
        }
      };
      out.on('error', fail);
      source.on('error', fail);
      source.on('data', onData);
      source.once('end', () => void onEnd());
    });
  }

  /** Give a temporary file its served name. Synchronous, so it runs in the same turn as the domain change it belongs to. */
  commit(temp: TempFile, name: string): StoredFile {
    const path = join(this.dir, name);
    renameSync(temp.path, path);
    const file: StoredFile = { name, path, mime: temp.type.mime, bytes: temp.bytes };
    this.#files.set(name, file);
    return file;
  }

  get(name: string): StoredFile | undefined {
    return this.#files.get(name);
  }

  remove(name: string): void {
    const file = this.#files.get(name);
    if (!file) return;
    this.#files.delete(name);
    try {
      unlinkSync(file.path);
    } catch {
      // Already gone: nothing to free.
    }
  }

  /** Every stored and temporary file goes (the world was reset). */
  clear(): void {
    this.#files.clear();
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  /** The stored bytes as a response body, with their type and length. */
  open(name: string): { stream: Readable; mime: string; bytes: number } | undefined {
    const file = this.#files.get(name);
    if (!file) return undefined;
    try {
      statSync(file.path);
    } catch {
      return undefined;
    }
    return { stream: createReadStream(file.path), mime: file.mime, bytes: file.bytes };
  }
}

/** file-type and its ~30 modules load on the first upload, not at start: most runs of the mock never upload a file. */
const fileType = () => import('file-type');

async function detect(head: Buffer, options: IngestOptions): Promise<FileType & { maxBytes: number }> {
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

async function refine(path: string, type: FileType & { maxBytes: number }, options: IngestOptions) {
  if (type.mime !== 'application/zip') return type;
  let mime: string | undefined;
  try {
    mime = (await (await fileType()).fileTypeFromFile(path))?.mime;
  } catch {
    mime = undefined;
  }
  if (mime === 'application/zip') mime = undefined;
  const accepted = acceptType(options.target, mime, options.config);
  const bytes = statSync(path).size;
  if (bytes > accepted.maxBytes) throw tooLarge(accepted.maxBytes);
  return accepted;
}

/** Text is UTF-8 without NUL bytes and with few control characters (the mock's rule for brief text files). */
export function looksLikeText(head: Buffer): boolean {
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

