// Reads the one file of a multipart upload (field `file`) as a stream with busboy: a 1 GB video never sits in memory.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { DomainError, invalid } from '../domain/errors.ts';
import { FILE_FIELD, MULTIPART_MESSAGES } from './files.ts';

/** After a file is refused, the rest of the body is read and thrown away up to this much, so the client gets the answer
 * instead of a broken pipe; past it the connection is cut. */
export const DRAIN_BYTES = 32 * 1024 * 1024;

export interface Received<T> {
  value: T;
  filename: string | null;
}

/**
 * Parse `request` as multipart form data and hand the `file` part to `onFile` as it arrives. Other fields and files
 * are read and ignored. Resolves once the body is fully read and `onFile` succeeded; otherwise `discard` undoes what
 * `onFile` kept and a 400 DomainError is thrown (truncated or malformed body, no file, two files).
 */
export async function receiveFile<T>(
  request: Request,
  incoming: Readable | undefined,
  onFile: (stream: Readable, filename: string | null) => Promise<T>,
  discard: (value: T) => Promise<void>,
  { drainDeclaredUpTo = 0 }: { drainDeclaredUpTo?: number } = {},
): Promise<Received<T>> {
  // A refused file's body is read on to its end when its length is declared and within what an upload may be (the
  // largest accepted upload): dropping bytes costs little, and a client sending at full speed gets its 400 rather than
  // a reset; one sending slowly meets the connection's minimum rate (mocks/server.ts). Otherwise DRAIN_BYTES.
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  const drain = Number.isSafeInteger(declared) && declared <= drainDeclaredUpTo ? Math.max(DRAIN_BYTES, declared) : DRAIN_BYTES;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw invalid(MULTIPART_MESSAGES.noFile);
  // Under a real server the Node request is read directly: converting it to a Web stream and back costs a third of
  // the throughput and tens of megabytes of buffers on a 1 GB upload (scripts/bench-upload.ts).
  const source = incoming ?? (request.body ? Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>) : undefined);
  if (!source) throw invalid(MULTIPART_MESSAGES.noFile);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fields: 50, fieldSize: 64 * 1024, parts: 100, headerPairs: 100 },
    });
  } catch {
    throw invalid(MULTIPART_MESSAGES.malformed);
  }

  let work: Promise<T> | undefined;
  let filename: string | null = null;
  let files = 0;
  let failedAt: number | undefined;
  let read = 0;

  const finished = new Promise<Error | undefined>((resolve) => {
    let parseError: Error | undefined;
    parser.on('file', (name, stream, info) => {
      if (name !== FILE_FIELD) {
        stream.resume();
        return;
      }
      files++;
      if (files > 1) {
        stream.resume();
        return;
      }
      filename = info.filename ? String(info.filename) : null;
      work = onFile(stream, filename);
      work.catch(() => {
        failedAt ??= read;
      });
    });
    parser.on('error', (err: Error) => {
      parseError = err;
      source.unpipe(parser);
      source.resume();
      resolve(parseError);
    });
    parser.on('finish', () => resolve(undefined));
    source.on('error', (err) => {
      parseError = err;
      parser.destroy(err);
      resolve(err);
    });
    source.on('data', (chunk: Buffer) => {
      read += chunk.length;
      // A refused file: read on (and drop) for a while so the answer reaches the client, then stop.
      if (failedAt !== undefined && read - failedAt > drain) {
        source.unpipe(parser);
        source.destroy();
        resolve(undefined);
      }
    });
  });
  source.pipe(parser);
  const parseError = await finished;

  // The file's own work settles after the parser has handed it every byte (or failed).
  const outcome = work ? await work.then((value) => ({ ok: true as const, value }), (err) => ({ ok: false as const, err })) : undefined;
  const undo = async () => {
    if (outcome?.ok) await discard(outcome.value);
  };
  if (outcome && !outcome.ok) {
    await undo();
    throw outcome.err instanceof DomainError ? outcome.err : invalid(parseError ? MULTIPART_MESSAGES.truncated : MULTIPART_MESSAGES.malformed);
  }
  if (parseError) {
    await undo();
    throw invalid(/end of (form|file)/i.test(parseError.message) && work ? MULTIPART_MESSAGES.truncated : MULTIPART_MESSAGES.malformed);
  }
  if (!outcome) throw invalid(MULTIPART_MESSAGES.noFile);
  if (files > 1) {
    await undo();
    throw invalid(MULTIPART_MESSAGES.twoFiles);
  }
  return { value: outcome.value, filename };
}
