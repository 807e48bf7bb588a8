// The console's client of the mock's control API: JSON in and out, the control token (when one was typed) as a
// Bearer header, kept in memory only. Every change is a fetch with a JSON body, never a form or a cookie.
import type { components, paths } from '../../spec/generated/control.d.ts';

export type Schemas = components['schemas'];
export type Scenario = Schemas['Scenario'];
export type Workspace = Schemas['Workspace'];
export type JournalEntry = Schemas['JournalEntry'];
export type Journal = Schemas['Journal'];
export type Clock = Schemas['Clock'];
export type ClockResult = Schemas['ClockResult'];
export type Override = Schemas['Override'];
export type Faults = Schemas['Faults'];

/** A control path of the document, its parameters filled in by the caller. */
export type ControlPath = keyof paths | `/${string}`;

/** A refusal of the control API: its status and the message it gave. */
export class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface ControlOptions {
  /** How requests are sent: the page's fetch on the server, the in-page mock's in the MSW export. */
  fetch: (request: Request) => Promise<Response>;
  /** Where the control API is: `<origin>/_mock`. */
  base: string;
}

export class Control {
  readonly #options: ControlOptions;
  #token: string | undefined;
  /** Told when the control API asks for the token (401), and when a typed one worked. */
  onLocked: (locked: boolean) => void = () => {};

  constructor(options: ControlOptions) {
    this.#options = options;
  }

  set token(value: string | undefined) {
    this.#token = value || undefined;
  }

  get hasToken(): boolean {
    return this.#token !== undefined;
  }

  /** Any same-origin resource the console reads with the token (the server's ready scenarios). */
  async raw(url: string): Promise<Response> {
    return this.#options.fetch(new Request(url, { headers: this.#headers(false), cache: 'no-store', credentials: 'omit' }));
  }

  get<T>(path: ControlPath, query?: Record<string, string | number | undefined>): Promise<T> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
    const search = params.size > 0 ? `?${params}` : '';
    return this.#send<T>('GET', `${path}${search}`);
  }

  post<T>(path: ControlPath, body?: unknown): Promise<T> {
    return this.#send<T>('POST', path, body);
  }

  put<T>(path: ControlPath, body: unknown): Promise<T> {
    return this.#send<T>('PUT', path, body);
  }

  delete<T>(path: ControlPath): Promise<T> {
    return this.#send<T>('DELETE', path);
  }

  #headers(json: boolean): Headers {
    const headers = new Headers({ accept: 'application/json' });
    if (json) headers.set('content-type', 'application/json');
    if (this.#token !== undefined) headers.set('authorization', `Bearer ${this.#token}`);
    return headers;
  }

  async #send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const request = new Request(this.#options.base + path, {
      method,
      headers: this.#headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      // Nothing ambient: no cookie goes, none is kept, no cache answers.
      credentials: 'omit',
      cache: 'no-store',
    });
    let response: Response;
    try {
      response = await this.#options.fetch(request);
    } catch (err) {
      throw new ControlError(0, `The mock did not answer (${(err as Error).message}). Is it still running?`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.status === 401) this.onLocked(true);
    if (!response.ok) throw new ControlError(response.status, messageOf(parsed) ?? `${method} ${path} answered ${response.status}`);
    return parsed as T;
  }
}

/** The message of the control API's error shape (`message` may be a list of lines). */
export function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const said = (body as { message?: unknown; msg?: unknown }).message ?? (body as { msg?: unknown }).msg;
  if (Array.isArray(said)) return said.map(String).join('\n');
  return typeof said === 'string' ? said : undefined;
}
