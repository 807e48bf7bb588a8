// Uploaded bytes held in memory, for runtimes without a file system (the browser build, MSW in Node tests). The
// multipart body is read whole by Request.formData(); each file is bounded by its type's size limit, and the number
// of files by the media caps, as on the server.
import { invalid } from '../domain/errors.ts';
import { tooLarge } from '../domain/media.ts';
import { detect, FILE_FIELD, HEAD_BYTES, MULTIPART_MESSAGES, refineZip, type FileStore, type IngestOptions, type OpenedFile, type RawIncoming, type TempFile } from './files.ts';

interface MemoryTempFile extends TempFile {
  data: Uint8Array;
}

interface StoredFile {
  data: Uint8Array;
  mime: string;
}

async function collect(body: AsyncIterable<Uint8Array> | Uint8Array): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export class MemoryFileStore implements FileStore {
  readonly #files = new Map<string, StoredFile>();

  async receive(request: Request, _incoming: RawIncoming | undefined, options: Omit<IngestOptions, 'originalName'>) {
    if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw invalid(MULTIPART_MESSAGES.noFile);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      // A browser's parser does not say whether the body was cut short or malformed.
      throw invalid(MULTIPART_MESSAGES.malformed);
    }
    // A part without a file name is a text field, as busboy treats it on the server.
    const files = form.getAll(FILE_FIELD).filter((entry): entry is File => typeof entry !== 'string');
    if (files.length === 0) throw invalid(MULTIPART_MESSAGES.noFile);
    if (files.length > 1) throw invalid(MULTIPART_MESSAGES.twoFiles);
    const file = files[0]!;
    const filename = file.name || null;
    const temp = await this.ingest(new Uint8Array(await file.arrayBuffer()), { ...options, originalName: filename });
    return { temp, filename };
  }

  async ingest(body: AsyncIterable<Uint8Array> | Uint8Array, options: IngestOptions): Promise<MemoryTempFile> {
    const data = await collect(body);
    let type = await detect(data.subarray(0, HEAD_BYTES), options);
    if (data.length > type.maxBytes) throw tooLarge(type.maxBytes);
    if (type.mime === 'application/zip') type = await refineZip(type, data.length, (ft) => ft.fileTypeFromBuffer(data), options);
    return { data, bytes: data.length, type, discard: async () => {} };
  }

  commit(temp: TempFile, name: string): void {
    this.#files.set(name, { data: (temp as MemoryTempFile).data, mime: temp.type.mime });
  }

  put(name: string, data: Uint8Array, mime: string): void {
    this.#files.set(name, { data, mime });
  }

  remove(name: string): void {
    this.#files.delete(name);
  }

  clear(): void {
    this.#files.clear();
  }

  open(name: string): OpenedFile | undefined {
    const file = this.#files.get(name);
    return file && { body: file.data, mime: file.mime, bytes: file.data.length };
  }
}
