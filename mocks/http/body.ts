// The one reader of JSON and form bodies: the size limit holds while the bytes arrive (chunked or not), and JSON nesting is bounded before parsing.
import secureJson from 'secure-json-parse';
import { DomainError, invalid } from '../domain/errors.ts';
import type { RawIncoming } from './files.ts';

/** Limits per kind of body. Uploads (multipart) stream to disk under their own per-type limits (mocks/http/multipart.ts). */
export const BODY_LIMITS = {
  /** The largest JSON request (reference: not shown; 100 estimate contents or a long thread stay far below it). */
  jsonBytes: 5 * 1024 * 1024,
  /** The consent form and form-encoded token requests: a few short fields. */
  formBytes: 64 * 1024,
  /**
   * Deepest JSON nesting taken (reference: not shown; the deepest documented body, a post's settings with audio,
   * nests five levels). Checked on the text before parsing, so no later step (parse, validation, clone) recurses deeper.
   */
  jsonDepth: 64,
  /**
   * Most arrays and objects in one JSON body (reference: not shown). An empty one is 2 or 3 bytes of JSON and 40 to
   * 64 on the heap once parsed, so 5 MiB of `[{},{},…]` would take some 110 MB to parse; 100,000 is far above any
   * documented body (a 100-item thread, a scenario export of thousands of posts) and bounds that to some 6 MB.
   */
  jsonContainers: 100_000,
} as const;

/** A body over its limit: answered 413 before the operation runs, and the connection closed after it (see mocks/server.ts). */
export class BodyTooLarge extends DomainError {
  constructor(limit: number) {
    super('too_large', `Request body is larger than ${limit} bytes`);
  }
}

const BODY_BYTES = Symbol('spw.bodyBytesRead');
/** Bytes read from each request's body, for the request journal (kept on the request: gone with it). */
export const bodyBytesRead = {
  get: (request: Request): number | undefined => (request as { [BODY_BYTES]?: number })[BODY_BYTES],
  set: (request: Request, bytes: number): void => {
    (request as { [BODY_BYTES]?: number })[BODY_BYTES] = bytes;
  },
};

/**
 * The body's bytes, refusing as soon as it passes `limit`: a declared Content-Length over it is refused before a byte
 * is read, and a chunked or under-declared body is no longer read from the first chunk past it.
 */
export async function readBounded(request: Request, limit: number, incoming?: RawIncoming): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new BodyTooLarge(limit);
  const raw = incoming as NodeBody | undefined;
  if (raw && typeof raw.on === 'function' && !raw.readableDidRead) {
    const bytes = await readNodeBody(raw, limit);
    bodyBytesRead.set(request, bytes.byteLength);
    return bytes;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading, but do not cancel: under the Node server a cancel destroys the socket before the 413 is written.
      // The server closes the connection after the 413, reading and dropping what still arrives for a bounded moment
      // so the client reads its answer (mocks/server.ts): nothing of it is kept.
      reader.releaseLock();
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  bodyBytesRead.set(request, total);
  return join(chunks, total);
}

/** What is read of node:http's IncomingMessage, named here so the browser build needs no Node types. */
interface NodeBody {
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  pause(): unknown;
  readableDidRead: boolean;
  readableEnded: boolean;
  destroyed: boolean;
}

/**
 * The body straight from the Node request, within `limit`: the WHATWG stream the request would otherwise be read
 * through costs more than the rest of a small JSON request. Past the limit it stops reading (the server closes the
 * connection after the 413, reading and dropping what still arrives for a bounded moment: mocks/server.ts).
 */
function readNodeBody(incoming: NodeBody, limit: number): Promise<Uint8Array> {
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onGone);
      incoming.off('close', onGone);
    };
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > limit) {
        done();
        incoming.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(join(chunks, total));
    };
    // The client went away mid-body: nobody is left to answer (the pipeline knows an 'aborted' error for that).
    const onGone = () => {
      done();
      reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onGone);
    incoming.on('close', onGone);
    if (incoming.destroyed) onGone();
  });
}

function join(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

// Bytes that are not UTF-8 become U+FFFD, as Request.text() and common body parsers read them: refusing them would be
// stricter than the contract, which says nothing of encodings beyond JSON.
const decoder = new TextDecoder('utf-8');

/** The body as UTF-8 text within `limit` bytes. */
export async function readText(request: Request, limit: number, incoming?: RawIncoming): Promise<string> {
  return decoder.decode(await readBounded(request, limit, incoming));
}

/** True when `text` opens more than `max` arrays or objects inside one another (strings skipped). One pass, no recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  return jsonShapeProblem(text, max, Number.POSITIVE_INFINITY) === 'depth';
}

/**
 * Whether `text` opens more than `maxDepth` arrays or objects inside one another, or more than `maxContainers` in all
 * (strings skipped), told before parsing so neither the parse nor anything after it pays for such a shape.
 */
function jsonShapeProblem(text: string, maxDepth: number, maxContainers: number): 'depth' | 'containers' | undefined {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return 'depth';
      if (++containers > maxContainers) return 'containers';
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return undefined;
}

/** JSON that cannot pollute prototypes (`__proto__` and `constructor.prototype` keys are dropped) or nest past the limits. */
export function parseJson(text: string): unknown {
  const shape = jsonShapeProblem(text, BODY_LIMITS.jsonDepth, BODY_LIMITS.jsonContainers);
  if (shape === 'depth') throw invalid(`Request body nests deeper than ${BODY_LIMITS.jsonDepth} levels`);
  if (shape === 'containers') throw invalid(`Request body holds more than ${BODY_LIMITS.jsonContainers} arrays and objects (a bound of the mock, not of the API)`);
  try {
    // A `__proto__` or `constructor` key is spelt out in the text or written with a \u escape: a text with neither
    // holds none, and JSON.parse gives what secure-json-parse would without its scans of the whole text.
    if (!text.includes('proto') && !text.includes('constructor') && !text.includes('\\u')) return JSON.parse(text);
    return secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch {
    throw invalid('Request body is not valid JSON');
  }
}

/** A JSON body read within the limit; an empty body is no body (the schema decides whether one was required). */
export async function readJson(request: Request, incoming?: RawIncoming): Promise<unknown> {
  const text = await readText(request, BODY_LIMITS.jsonBytes, incoming);
  if (text.trim() === '') return undefined;
  return parseJson(text);
}

/** A form-encoded body read within the form limit. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(request, BODY_LIMITS.formBytes));
}
