// On Node, uploaded bytes live in a temporary folder per mock (os.tmpdir()/spw-mock-<pid>/<store>), emptied on reset and
// removed at exit; a multipart body is streamed through busboy, so a 1 GB video never sits in memory.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { tooLarge, type FileType } from '../domain/media.ts';
import { detect, HEAD_BYTES, refineZip, type FileStore, type IngestOptions, type OpenedFile, type RawIncoming, type TempFile } from './files.ts';
import { receiveFile } from './multipart.ts';

/** A temporary file on disk. */
interface DiskTempFile extends TempFile {
  path: string;
}

interface StoredFile {
  name: string;
  path: string;
  mime: string;
  bytes: number;
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

export class DiskFileStore implements FileStore {
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
  ingest(body: AsyncIterable<Uint8Array> | Uint8Array, options: IngestOptions): Promise<DiskTempFile> {
    const source = body instanceof Readable ? body : Readable.from(body instanceof Uint8Array ? [body] : body);
    const path = join(this.dir, `tmp-${randomBytes(12).toString('hex')}`);
    return new Promise<DiskTempFile>((resolve, reject) => {
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
          if (type.mime === 'application/zip') type = await refineZip(type, total, (ft) => ft.fileTypeFromFile!(path), options);
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

  async receive(request: Request, incoming: RawIncoming | undefined, options: Omit<IngestOptions, 'originalName'>) {
    const { value: temp, filename } = await receiveFile(
      request,
      // The Node server hands over its IncomingMessage, a Readable.
      incoming as Readable | undefined,
      (stream, originalName) => this.ingest(stream, { ...options, originalName }),
      (t) => t.discard(),
      // The largest upload the mock takes, and a MiB for the multipart framing around it.
      { drainDeclaredUpTo: Math.max(options.config.maxVideoBytes, options.config.maxImageBytes, options.config.maxDocumentBytes) + 1024 * 1024 },
    );
    return { temp, filename };
  }

  commit(temp: TempFile, name: string): void {
    const path = join(this.dir, name);
    renameSync((temp as DiskTempFile).path, path);
    this.#files.set(name, { name, path, mime: temp.type.mime, bytes: temp.bytes });
  }

  put(name: string, data: Uint8Array, mime: string): void {
    // The name was held to one safe path segment by the scenario's schema; basename keeps it one here too.
    const path = join(this.dir, basename(name));
    writeFileSync(path, data);
    this.#files.set(name, { name, path, mime, bytes: data.length });
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

  clear(): void {
    this.#files.clear();
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  open(name: string): OpenedFile | undefined {
    const file = this.#files.get(name);
    if (!file) return undefined;
    try {
      statSync(file.path);
    } catch {
      return undefined;
    }
    return { body: Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>, mime: file.mime, bytes: file.bytes };
  }
}
