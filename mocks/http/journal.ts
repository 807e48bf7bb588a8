// The request journal: what clients sent to the public API, bounded in memory and redacted, for tests that verify what an app sent (GET /_mock/requests).
import type { components } from '../../spec/generated/control.d.ts';
import type { World } from '../domain/world.ts';
import { jsonBytes, jsonStringBytes, numberBytes } from '../domain/caps.ts';
import { remembered } from './remembered.ts';
import { searchParamsOf } from './url-parts.ts';

export type JournalEntry = components['schemas']['JournalEntry'];

/** The longest JSON text a journal entry keeps as a parsed body; a longer body keeps its first characters as text. */
export const JOURNAL_BODY_CHARS = 16 * 1024;

/** Path parameters that are credentials (the upload ticket in `/upload-ticket/{token}`): never recorded. */
const SECRET_PARAMS = new Set(['token']);

/**
 * Names whose values are secrets, wherever they appear (body fields at any depth, query parameters, headers), compared
 * without case or separators: `apiKey`, `api_key`, `api-key` and `X-Api-Key` are one name. `code` is the OAuth
 * authorization code's name; `key` is how many APIs name their key, so a body field `key` is blanked too.
 */
export const SECRET_NAMES = [
  'key', 'apikey', 'xapikey', 'secret', 'secretkey', 'clientsecret', 'privatekey', 'accesskey', 'signingkey',
  'token', 'accesstoken', 'refreshtoken', 'idtoken', 'authtoken', 'bearer', 'authorization', 'proxyauthorization',
  'password', 'passwd', 'passphrase', 'code', 'authcode', 'authorizationcode', 'credential', 'credentials',
] as const;
/** Endings that make a name secret whatever comes before (`webhookSecret`, `csrf_token`, `newPassword`, `openaiApiKey`). */
const SECRET_ENDINGS = ['apikey', 'secret', 'secretkey', 'privatekey', 'token', 'password'];
const SECRET_NAME_SET = new Set<string>(SECRET_NAMES);

/** A name as compared: lower case, without `-`, `_`, `.` or spaces. */
const normalName = (name: string) => name.toLowerCase().replace(/[-_. ]/g, '');

/** Whether a field, parameter or header of this name holds a secret. */
export function isSecretName(name: string): boolean {
  const n = normalName(name);
  return SECRET_NAME_SET.has(n) || SECRET_ENDINGS.some((e) => n.endsWith(e));
}

/**
 * Credentials the mock hands out, recognised by their form wherever they appear, known to the world or not (a rotated
 * key, another mock's token): workspace keys, OAuth access tokens and client secrets.
 */
const ISSUED_CREDENTIAL = /\b(?:key|pos|pcs)_[A-Za-z0-9]{40,48}\b/g;
/** Runs of characters a key or token is made of: each is looked up among the credentials the world knows. */
const CANDIDATE = /[A-Za-z0-9_-]{8,}/g;

export const REDACTED = '[redacted]';

/** What the pipeline knows once the answer is decided; turned into an entry only here. */
export interface Exchange {
  method: string;
  operationId: string;
  apiPath: string;
  pathTemplate: string;
  params: Record<string, string>;
  url: string;
  /** The URL's query as the operation read it, when it did: parsed again from `url` otherwise. */
  searchParams?: URLSearchParams;
  workspaceId: string | null;
  status: number;
  /** The mock clock and real time when the request arrived. */
  at: number;
  receivedAt: number;
  bodyBytes: number | null;
  /** The parsed JSON body, when the operation had one; kept only with bodies on. */
  body: unknown;
  /**
   * Values to blank wherever they appear: the request's own credential, ticket and secret-named headers. Given as a
   * function, they are gathered only when some string of the entry is redacted (most entries have none to redact).
   */
  secrets: string[] | (() => string[]);
  /** Whether a value is a credential the world knows (any workspace's key, an access token, a client secret, a ticket, a code). */
  isKnownSecret?: (value: string) => boolean;
  latencyMs: number;
  /** What answered in place of the operation, or held or dropped its answer (mocks/http/overrides.ts). */
  override?: JournalEntry['override'];
  /** The body of an answer of 400 or more, as answered: what decided it is read from it. */
  refusal?: unknown;
  /** The ledger entries the request added to its caller's wallet, and the balance after (hundredths of a credit). */
  ledger?: { added: Array<{ type: string; cents: number; description: string | null; reference: string | null }>; balance: number };
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

/**
 * The credentials a world holds, as a lookup: every workspace's key, OAuth access tokens, codes and client secrets, and
 * open upload tickets. Map lookups, and one set of client secrets built on first use, so a large body costs one pass.
 */
const FEW_WORKSPACES = 32;

export function knownSecrets(world: World): (value: string) => boolean {
  let clientSecrets: Set<string> | undefined;
  return (value) => {
    if (world.apiKeys.has(value) || world.oauth.tokens.has(value) || world.oauth.codes.has(value) || world.uploadTickets.has(value)) return true;
    // A few workspaces are looked through as they are (most entries ask once, for their refusal's message); a large
    // world's client secrets are gathered once for the whole entry.
    if (world.workspaces.size <= FEW_WORKSPACES) {
      for (const ws of world.workspaces.values()) if (ws.oauth.app?.clientSecret === value) return true;
      return false;
    }
    clientSecrets ??= new Set([...world.workspaces.values()].flatMap((ws) => (ws.oauth.app ? [ws.oauth.app.clientSecret] : [])));
    return clientSecrets.has(value);
  };
}

/** The request's own secrets: its credential, with and without `Bearer`, and the value of every secret-named header. */
export function requestSecrets(headers: Headers | NodeHeaders, params: Record<string, string>): string[] {
  const out = [params.token ?? ''];
  const add = (value: string) => out.push(value, value.replace(/^Bearer\s+/i, ''));
  if (headers instanceof Headers) {
    for (const [name, value] of headers) if (secretName(name)) add(value);
  } else {
    // node:http's own header object (names in lower case), as the Node server received it: walking the request's
    // Headers would build that whole object for this alone.
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined && secretName(name)) add(Array.isArray(value) ? value.join(', ') : value);
    }
  }
  return out;
}

/** node:http's IncomingMessage.headers, named here so the browser build needs no Node types. */
export type NodeHeaders = Record<string, string | string[] | undefined>;

/** Names seen (headers, query parameters, body fields), judged once each: clients send the same few on every request. */
const nameVerdicts = new Map<string, boolean>();

/** isSecretName, remembered; bounded, as the names come from clients. */
function secretName(name: string): boolean {
  return remembered(nameVerdicts, name, 1024, isSecretName);
}

/** What a string is cleaned of: the request's own secrets, and the credentials the world knows. */
interface Secrets {
  readonly values: string[];
  known?: (value: string) => boolean;
}

/** The request's secrets, gathered on the first redaction that needs them. */
class LazySecrets implements Secrets {
  readonly known?: (value: string) => boolean;
  #source: () => string[];
  #values: string[] | undefined;
  constructor(source: () => string[], known?: (value: string) => boolean) {
    this.#source = source;
    this.known = known;
  }
  get values(): string[] {
    return (this.#values ??= this.#source());
  }
}

function lazySecrets(values: string[] | (() => string[]), known?: (value: string) => boolean): Secrets {
  return typeof values === 'function' ? new LazySecrets(values, known) : { values, known };
}

function redactString(value: string, secrets: Secrets): string {
  const known = secrets.known;
  if (known && value.length >= 8 && known(value)) return REDACTED;
  let out = value;
  for (const s of secrets.values) if (s.length >= 8 && out.includes(s)) out = out.split(s).join(REDACTED);
  // Every issued form has an underscore; most strings (dates, words) have none, and are left unscanned.
  if (out.includes('_')) out = out.replace(ISSUED_CREDENTIAL, REDACTED);
  // Runs are looked up first and the string rebuilt only when one is known: most strings hold no credential.
  if (known && out.length >= 8 && someRun(out, known)) out = out.replace(CANDIDATE, (run) => (known(run) ? REDACTED : run));
  return out;
}

/**
 * Whether some run of 8 or more of the characters a key or token is made of (CANDIDATE's runs) is a credential the
 * world knows. Scanned by hand: this runs on every string an entry keeps, and the regex's match objects cost more than
 * the lookups.
 */
function someRun(text: string, known: (value: string) => boolean): boolean {
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    // A-Z a-z 0-9 _ -
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45) continue;
    if (i - start >= 8 && known(text.slice(start, i))) return true;
    start = i + 1;
  }
  return false;
}

/** A value held under a secret name: every scalar in it blanked, however deep (`tokens: {a: [..]}`); null stays null. */
function blank(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(blank);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blank(v)]));
  return REDACTED;
}

function redactWith(value: unknown, secrets: Secrets): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactWith(v, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = secretName(k) ? blank(v) : redactWith(v, secrets);
    return out;
  }
  return value;
}

/** A redacted copy: secret-named fields blanked, the request's credentials and known ones cut out of every string. */
export function redact(value: unknown, secrets: string[], isKnownSecret?: (value: string) => boolean): unknown {
  return redactWith(value, { values: secrets, known: isKnownSecret });
}

/**
 * The path as sent, built from the template (so a filter matches one spelling): credential parameters blanked, and a
 * parameter that is or holds a secret (a key pasted where an id goes) blanked whole.
 */
function recordedPath(x: Exchange, secrets: Secrets): string {
  if (!x.pathTemplate.includes('{')) return x.apiPath + x.pathTemplate;
  return (
    x.apiPath +
    x.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = x.params[name] ?? '';
      if (SECRET_PARAMS.has(name) || redactString(value, secrets) !== value) return REDACTED;
      return encodeURIComponent(value);
    })
  );
}

/** The query as the validator read it (`searchParamsOf`), so the journal and the verdict name the same parameters. */
function recordedQuery(url: string, secrets: Secrets, parsed?: URLSearchParams): Record<string, string> | undefined {
  const at = url.indexOf('?');
  if (at < 0 || at === url.length - 1) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of parsed ?? searchParamsOf(url)) out[k] = secretName(k) ? REDACTED : redactString(v, secrets);
  return out;
}

/** The longest refusal message an entry keeps. */
export const JOURNAL_MESSAGE_CHARS = 1000;
/** The most wallet entries an entry lists (a request adding more still sums them all). */
export const JOURNAL_WALLET_ENTRIES = 20;

/** What decided a refusal, read from its body: the error shapes carry `message` (or `msg`), a wallet refusal `wallet`, a settings problem the channel's `name`. */
function recordedAnswer(body: unknown, secrets: Secrets): JournalEntry['answer'] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const said = b.message ?? b.msg;
  const text = Array.isArray(said) ? said.map(String).join('; ') : typeof said === 'string' ? said : undefined;
  if (text === undefined) return undefined;
  const answer: NonNullable<JournalEntry['answer']> = { message: redactString(text, secrets).slice(0, JOURNAL_MESSAGE_CHARS) };
  if (b.wallet === true) answer.wallet = true;
  if (typeof b.provider === 'string' && typeof b.name === 'string') answer.channel = redactString(b.name, secrets);
  return answer;
}

const credits = (cents: number) => Math.round(cents) / 100;

function recordedWallet(ledger: NonNullable<Exchange['ledger']>, secrets: Secrets): JournalEntry['wallet'] {
  if (ledger.added.length === 0) return undefined;
  return {
    credits: credits(ledger.added.reduce((sum, t) => sum + t.cents, 0)),
    balance: credits(ledger.balance),
    entries: ledger.added.slice(0, JOURNAL_WALLET_ENTRIES).map((t) => ({
      type: t.type as NonNullable<JournalEntry['wallet']>['entries'][number]['type'],
      credits: credits(t.cents),
      description: t.description === null ? null : redactString(t.description, secrets),
      reference: t.reference,
    })),
  };
}

/** An entry as kept: its times as numbers, written as ISO strings when read (formatting two a request was a third of recording it). */
type Kept = Omit<JournalEntry, 'at' | 'receivedAt'> & { at: number; receivedAt: number };

/** The bytes a time takes in JSON as the ISO string it is read as, quotes included (years past 9999 take a sign and six digits). */
function isoBytes(ms: number): number {
  return ms >= -62_167_219_200_000 && ms <= 253_402_300_799_999 ? 26 : 29;
}

/** The fields every entry has, in the order it is built with. */
const FIELDS = ['seq', 'method', 'path', 'operationId', 'workspaceId', 'status', 'at', 'receivedAt', 'bodyBytes', 'latencyMs'] as const;
/** Their names as JSON writes them (`"name":`), the commas between them and the braces. */
const FIELDS_BYTES = FIELDS.reduce((n, name) => n + name.length + 3, 0) + FIELDS.length + 1;
/** The fields an entry may have; each present one adds `,"name":` and its value. */
const OPTIONAL = ['query', 'override', 'answer', 'wallet', 'body', 'bodyTruncated', 'bodyText'] as const;

/**
 * An entry's bytes as read: its JSON, the times as ISO strings. Counted field by field from the entry's known shape:
 * jsonBytes walks an object's keys whatever its shape, and in a server that measures posts, bodies and entries alike,
 * that walk cost the journal more than all the rest of recording an entry.
 */
function entryBytes(e: Kept): number {
  let n =
    FIELDS_BYTES +
    numberBytes(e.seq) +
    jsonStringBytes(e.method) +
    jsonStringBytes(e.path) +
    jsonStringBytes(e.operationId) +
    (e.workspaceId === null ? 4 : jsonStringBytes(e.workspaceId)) +
    numberBytes(e.status) +
    isoBytes(e.at) +
    isoBytes(e.receivedAt) +
    (e.bodyBytes === null ? 4 : numberBytes(e.bodyBytes)) +
    numberBytes(e.latencyMs);
  for (const name of OPTIONAL) {
    const value = e[name];
    if (value !== undefined) n += name.length + 4 + jsonBytes(value);
  }
  return n;
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
  #ring: Kept[] = [];
  /** Each slot's entry size in bytes (its JSON), and their sum: the `journalBytes` budget forgets by it. */
  #sizes: number[] = [];
  #bytes = 0;
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
  readonly #byteBudget: () => number;

  constructor(bodies: boolean, cap: () => number, byteBudget: () => number = () => Number.POSITIVE_INFINITY) {
    this.bodies = bodies;
    this.#cap = cap;
    this.#byteBudget = byteBudget;
  }

  /** The bytes the kept entries take, as JSON. */
  get bytes(): number {
    return this.#bytes;
  }

  get forgotten(): number {
    return this.#forgotten;
  }

  /** The `seq` of the newest entry recorded since the start or the last reset (0 when none): a poller's next `after`. */
  get lastSeq(): number {
    return this.#seq;
  }

  record(x: Exchange): void {
    const cap = this.#cap();
    if (cap <= 0) {
      if (this.#size > 0) this.clear();
      this.#forgotten++;
      return;
    }
    if (cap !== this.#capacity) this.#resize(cap);
    const secrets = lazySecrets(x.secrets, x.isKnownSecret);
    const entry: Kept = {
      seq: ++this.#seq,
      method: x.method,
      path: recordedPath(x, secrets),
      operationId: x.operationId,
      workspaceId: x.workspaceId,
      status: x.status,
      at: x.at,
      receivedAt: x.receivedAt,
      bodyBytes: x.bodyBytes,
      latencyMs: x.latencyMs,
    };
    const query = recordedQuery(x.url, secrets, x.searchParams);
    if (query) entry.query = query;
    if (x.override) entry.override = x.override.refused === undefined ? x.override : { ...x.override, refused: redactString(x.override.refused, secrets) };
    const answer = x.status >= 400 ? recordedAnswer(x.refusal, secrets) : undefined;
    if (answer) entry.answer = answer;
    const wallet = x.ledger && recordedWallet(x.ledger, secrets);
    if (wallet) entry.wallet = wallet;
    if (this.bodies && x.body !== undefined) {
      const kept = redactWith(x.body, secrets);
      const text = JSON.stringify(kept);
      if (text.length <= JOURNAL_BODY_CHARS) entry.body = kept;
      else {
        entry.bodyTruncated = true;
        entry.bodyText = text.slice(0, JOURNAL_BODY_CHARS);
      }
    }
    if (this.#size === cap) this.#forgetOldest();
    const slot = (this.#start + this.#size) % cap;
    this.#size++;
    this.#ring[slot] = entry;
    this.#sizes[slot] = entryBytes(entry);
    this.#bytes += this.#sizes[slot]!;
    // Entry by entry, the oldest first, until the kept ones fit (an entry larger than the whole budget goes too).
    const budget = this.#byteBudget();
    while (this.#size > 0 && this.#bytes > budget) this.#forgetOldest();
  }

  #forgetOldest(): void {
    this.#bytes -= this.#sizes[this.#start]!;
    this.#start = (this.#start + 1) % this.#capacity;
    this.#size--;
    this.#forgotten++;
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
      if (filter.since !== undefined && e.at < filter.since) continue;
      if (filter.after !== undefined && e.seq <= filter.after) continue;
      out.push({ ...e, at: new Date(e.at).toISOString(), receivedAt: new Date(e.receivedAt).toISOString() });
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
    this.#sizes = [];
    this.#bytes = 0;
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
    const slots = Array.from({ length: this.#size }, (_, i) => (this.#start + i) % this.#capacity).slice(-cap);
    this.#forgotten += this.#size - slots.length;
    this.#ring = slots.map((slot) => this.#ring[slot]!);
    this.#sizes = slots.map((slot) => this.#sizes[slot]!);
    this.#bytes = this.#sizes.reduce((n, b) => n + b, 0);
    this.#capacity = cap;
    this.#start = 0;
    this.#size = slots.length;
  }
}
