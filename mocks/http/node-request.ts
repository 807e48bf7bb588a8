// The Fetch request a public operation reads, over node:http's own request, for the Node server's direct lane
// (mocks/server.ts). An operation reads the method, the URL and a few headers by name: those are read from the
// message as it arrived. Anything more (headers walked, the body as a stream or a form, a clone) builds the full
// Request once, from the same message, so every reader gets what a Fetch request would have given it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Request headers read by name from the raw header list (Fetch's joining: `, `, and `; ` for cookies). */
class IncomingHeaders {
  readonly #raw: string[];
  #full: Headers | undefined;

  constructor(raw: string[]) {
    this.#raw = raw;
  }

  /** The Fetch Headers, built on the first use that is not a read by name; from then on every read goes to it. */
  full(): Headers {
    if (!this.#full) {
      const headers = new Headers();
      for (let i = 0; i < this.#raw.length; i += 2) headers.append(this.#raw[i]!, this.#raw[i + 1]!);
      this.#full = headers;
    }
    return this.#full;
  }

  get(name: string): string | null {
    if (this.#full) return this.#full.get(name);
    const lower = name.toLowerCase();
    const raw = this.#raw;
    let value: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const n = raw[i]!;
      if (n.length === lower.length && n.toLowerCase() === lower) value = value === null ? raw[i + 1]! : value + (lower === 'cookie' ? '; ' : ', ') + raw[i + 1]!;
    }
    return value;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  set(name: string, value: string): void {
    this.full().set(name, value);
  }
  append(name: string, value: string): void {
    this.full().append(name, value);
  }
  delete(name: string): void {
    this.full().delete(name);
  }
  getSetCookie(): string[] {
    return this.full().getSetCookie();
  }
  forEach(callback: (value: string, name: string, headers: Headers) => void, thisArg?: unknown): void {
    this.full().forEach(callback, thisArg);
  }
  entries(): HeadersIterator<[string, string]> {
    return this.full().entries();
  }
  keys(): HeadersIterator<string> {
    return this.full().keys();
  }
  values(): HeadersIterator<string> {
    return this.full().values();
  }
  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.full().entries();
  }
}

export class IncomingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHeaders;
  readonly #incoming: IncomingMessage;
  readonly #res: ServerResponse;
  #controller: AbortController | undefined;
  #request: Request | undefined;

  constructor(incoming: IncomingMessage, res: ServerResponse, url: string) {
    this.method = incoming.method!;
    this.url = url;
    this.headers = new IncomingHeaders(incoming.rawHeaders);
    this.#incoming = incoming;
    this.#res = res;
  }

  /** Aborted when the connection closes before the answer is sent: asked for only by a held answer (--latency). */
  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      this.#controller = controller;
      const res = this.#res;
      const gone = () => {
        if (!res.writableFinished) controller.abort(new DOMException('The client closed the connection', 'AbortError'));
      };
      if (res.destroyed || res.socket?.destroyed) gone();
      else res.once('close', gone);
    }
    return this.#controller.signal;
  }

  /** The whole Fetch request, its body streaming from the message. */
  #full(): Request {
    if (!this.#request) {
      const bodyless = this.method === 'GET' || this.method === 'HEAD';
      this.#request = new Request(this.url, {
        method: this.method,
        headers: this.headers.full(),
        signal: this.signal,
        ...(bodyless ? {} : { body: Readable.toWeb(this.#incoming) as ReadableStream<Uint8Array>, duplex: 'half' }),
      } as RequestInit);
    }
    return this.#request;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#full().body;
  }
  get bodyUsed(): boolean {
    return this.#request?.bodyUsed ?? false;
  }
  text(): Promise<string> {
    return this.#full().text();
  }
  json(): Promise<unknown> {
    return this.#full().json();
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#full().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#full().blob();
  }
  formData(): Promise<FormData> {
    return this.#full().formData();
  }
  clone(): Request {
    return this.#full().clone();
  }
}
