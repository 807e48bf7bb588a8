// The request journal: what clients sent to the public API, bounded in memory and redacted, for tests that verify what an app sent (GET /_mock/requests).
import type { components } from '../../spec/generated/control.d.ts';

export type JournalEntry = components['schemas']['JournalEntry'];

/** The longest JSON text a journal entry keeps as a parsed body; a longer body keeps its first characters as text. */
export const JOURNAL_BODY_CHARS = 16 * 1024;

/** Path parameters that are credentials (the upload ticket in `/upload-ticket/{token}`): never recorded. */
const SECRET_PARAMS = new Set(['token']);
/** Body and query fields whose values are secrets, whatever the operation. */
const SECRET_FIELD = /^(api_?key|(access_|refresh_|id_)?token|access_?token|refresh_?token|client_?secret|secret|password|authorization|code)$/i;
export const REDACTED = '[redacted]';

/** What the pipeline knows once the answer is decided; turned into an entry only here. */
export interface Exchange {
  method: string;
  operationId: string;
  apiPath: string;
  pathTemplate: string;
  params: Record<string, string>;
  url: string;
  workspaceId: string | null;
  status: number;
  /** The mock clock and real time when the request arrived. */
  at: number;
  receivedAt: number;
  bodyBytes: number | null;
  /** The parsed JSON body, when the operation had one; kept only with bodies on. */
  body: unknown;
  /** Values to blank wherever they appear in a kept body: the request's own credential and ticket. */
  secrets: string[];
  latencyMs: number;
}

export interface JournalFilter {
  operation?: string;
  workspace?: string;
  status?: string;
  method?: string;
  path?: string;
  since?: number;
  after?: number;
}

function redactString(value: string, secrets: string[]): string {
  let out = value;
  for (const s of secrets) if (s.length >= 8 && out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/** A redacted copy: secret-named fields blanked, the request's credentials cut out of every string. */
export function redact(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && v !== null && typeof v !== 'object' ? REDACTED : redact(v, secrets);
    return out;
  }
  return value;
}

/** The path as sent, with credential parameters blanked (built from the template, so a filter matches one spelling). */
function recordedPath(x: Exchange): string {
  return x.apiPath + x.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => (SECRET_PARAMS.has(name) ? REDACTED : encodeURIComponent(x.params[name] ?? '')));
}

function recordedQuery(url: string, secrets: string[]): Record<string, string> | undefined {
  const at = url.indexOf('?');
  if (at < 0 || at === url.length - 1) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(url.slice(at + 1))) out[k] = SECRET_FIELD.test(k) ? REDACTED : redactString(v, secrets);
  return out;
}

function statusMatches(status: number, filter: string): boolean {
  // `4xx` takes a class; a number takes one status.
  return /^[1-5]xx$/i.test(filter) ? Math.floor(status / 100) === Number(filter[0]) : status === Number(filter);
}

/**
 * A ring of the newest entries: recording is O(1) at the cap (the oldest slot is overwritten in place, nothing is
 * shifted), and the cap is read on every record so PUT /_mock/limits takes effect at the next request.
 */
export class Journal {
  #ring: JournalEntry[] = [];
  /** The cap the ring is laid out for; the array itself grows only as entries arrive. */
  #capacity = 0;
  /** Index of the oldest entry in the ring. */
  #start = 0;
  #size = 0;
  #seq = 0;
  #forgotten = 0;

  /** Whether parsed bodies are kept (`--journal-bodies`). */
  readonly bodies: boolean;
  readonly #cap: () => number;

  constructor(bodies: boolean, cap: () => number) {
    this.bodies = bodies;
    this.#cap = cap;
  }

  get forgotten(): number {
    return this.#forgotten;
  }

  record(x: Exchange): void {
    const cap = this.#cap();
    if (cap <= 0) {
      if (this.#size > 0) this.clear();
      this.#forgotten++;
      return;
    }
    if (cap !== this.#capacity) this.#resize(cap);
    const entry: JournalEntry = {
      seq: ++this.#seq,
      method: x.method,
      path: recordedPath(x),
      operationId: x.operationId,
      workspaceId: x.workspaceId,
      status: x.status,
      at: new Date(x.at).toISOString(),
      receivedAt: new Date(x.receivedAt).toISOString(),
      bodyBytes: x.bodyBytes,
      latencyMs: x.latencyMs,
    };
    const query = recordedQuery(x.url, x.secrets);
    if (query) entry.query = query;
    if (this.bodies && x.body !== undefined) {
      const kept = redact(x.body, x.secrets);
      const text = JSON.stringify(kept);
      if (text.length <= JOURNAL_BODY_CHARS) entry.body = kept;
      else {
        entry.bodyTruncated = true;
        entry.bodyText = text.slice(0, JOURNAL_BODY_CHARS);
      }
    }
    const slot = (this.#start + this.#size) % cap;
    if (this.#size === cap) {
      this.#start = (this.#start + 1) % cap;
      this.#forgotten++;
    } else this.#size++;
    this.#ring[slot] = entry;
  }

  /** Oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const cap = this.#capacity;
    for (let i = 0; i < this.#size; i++) {
      const e = this.#ring[(this.#start + i) % cap]!;
      if (filter.operation !== undefined && e.operationId !== filter.operation) continue;
      if (filter.workspace !== undefined && e.workspaceId !== filter.workspace) continue;
      if (filter.method !== undefined && e.method !== filter.method.toUpperCase()) continue;
      if (filter.path !== undefined && e.path !== filter.path) continue;
      if (filter.status !== undefined && !statusMatches(e.status, filter.status)) continue;
      if (filter.since !== undefined && Date.parse(e.at) < filter.since) continue;
      if (filter.after !== undefined && e.seq <= filter.after) continue;
      out.push(e);
    }
    return out;
  }

  get size(): number {
    return this.#size;
  }

  /** Forget every entry; sequence numbers go on, so `after` never matches an entry from before. */
  clear(): number {
    const n = this.#size;
    this.#ring = [];
    this.#start = 0;
    this.#size = 0;
    return n;
  }

  /** Back to how the mock started (a reset): empty, numbering from 1. */
  reset(): void {
    this.clear();
    this.#seq = 0;
    this.#forgotten = 0;
  }

  /** Keep the newest entries that fit a new cap (only when the cap changes). */
  #resize(cap: number): void {
    const kept = this.list().slice(-cap);
    this.#forgotten += this.#size - kept.length;
    this.#ring = kept;
    this.#capacity = cap;
    this.#start = 0;
    this.#size = kept.length;
  }
}
