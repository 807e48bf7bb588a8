// Response-variant coverage: every documented outcome of every operation, which ones a run reached, and which a check asserted.
import { getValidator, type ContractValidator } from '../spec/validator.ts';
import type { Exchange } from './history.ts';
import type { KeyKind } from './target.ts';
import type { StateName } from './states.ts';
import { asSchema, atPointer, record, type JsonSchema } from './json.ts';
import { unitOf } from './units.ts';

/** One documented outcome of an operation: a status, an alternative of its body, or a value the reference pins per plan or state. */
export interface Outcome {
  operationId: string;
  /** `402`, `200 NotOnWallet`, `402 on a free workspace never topped up`... */
  id: string;
  /** `document`: read from the bundled document; `reference`: a rule of REFERENCE_OUTCOMES. */
  from: 'document' | 'reference';
}

/** What the classifier knows about an answer besides the answer: which workspace's key sent it. */
export interface Seen {
  kind?: KeyKind;
}

/**
 * Outcomes the reference pins per plan or state that the schema cannot tell apart, each with how to recognise one.
 * `meaning` is what the reference says the outcome means, checked by documented_variant_meaning on every answer of it
 * (a string when broken). Statuses and body alternatives come from the document; only these rules are written by hand.
 */
export interface ReferenceOutcome {
  operationIds: string[];
  id: string;
  /** Section of the reference the rule rests on. */
  rule: string;
  is(e: Exchange, seen: Seen): boolean;
  meaning?(e: Exchange, seen: Seen): string | undefined;
}

/** An answer's JSON object, read without trusting its shape (each use compares a field with what it means). */
const body = (e: Exchange): Record<string, unknown> | undefined => record(e.responseBody);
const GATED = ['listSkills', 'getSkill', 'getBriefSchema', 'listBriefDocuments', 'getBriefOnboarding', 'getBriefDocument', 'saveBriefDocument', 'deleteBriefDocument', 'getSocialConnectUrl'];
const CHARGED = ['createPosts', 'changePostStatus'];
const WALLET_READS = ['getWallet', 'listWalletTransactions', 'estimateWalletCharge'];

export const REFERENCE_OUTCOMES: ReferenceOutcome[] = [
  // Section 1 / 4.5: "Paid plan: the wallet is not used. Wallet endpoints answer usesWallet: false."
  ...(['paid', 'free', 'payg'] as const).map((kind) => ({
    operationIds: WALLET_READS,
    id: `200 on a ${kind} workspace`,
    rule: 'Section 1: "Paid plan: the wallet is not used. Wallet endpoints answer usesWallet: false"; WalletSummary/WalletEstimate carry usesWallet true',
    is: (e: Exchange, s: Seen) => e.status === 200 && s.kind === kind,
    meaning: (e: Exchange, s: Seen) => {
      const uses = body(e)?.usesWallet;
      // listWalletTransactions' page need not say usesWallet (its alternative is "any answer that does not say usesWallet false").
      if (s.kind === 'paid') return uses === false ? undefined : `usesWallet ${JSON.stringify(uses)} on a paid workspace (NotOnWallet: usesWallet false)`;
      if (uses === false) return `usesWallet false (NotOnWallet) on a ${s.kind} workspace, which uses the wallet`;
      return undefined;
    },
  })),
  // Section 2.8: payAsYouGo "True after the first top-up while not frozen".
  ...([['free', false], ['payg', true]] as const).map(([kind, value]) => ({
    operationIds: ['getWallet'],
    id: `200 payAsYouGo ${value}`,
    rule: 'Section 2.8: payAsYouGo "True after the first top-up while not frozen"',
    is: (e: Exchange, s: Seen) => e.status === 200 && s.kind === kind && body(e)?.frozen !== true,
    meaning: (e: Exchange) => (body(e)?.payAsYouGo === value ? undefined : `payAsYouGo ${JSON.stringify(body(e)?.payAsYouGo)} on a ${kind === 'free' ? 'free workspace never topped up' : 'topped-up workspace, not frozen'}`),
  })),
  // Sections 1, 4.1, 4.6, 4.7: skills, brief and `x` connect are open on free only after the first top-up: 402 wallet: true before.
  {
    operationIds: GATED,
    id: '402 on a free workspace never topped up',
    rule: 'Section 1: "On the free plan they are open only after the first wallet top-up and answer 402 before that" (brief: "with wallet: true")',
    is: (e, s) => e.status === 402 && s.kind === 'free',
    meaning: (e) => (body(e)?.wallet === true ? undefined : 'a 402 without wallet: true before the first top-up'),
  },
  {
    operationIds: GATED,
    id: '200 once topped up or paid',
    rule: 'Section 1: open on paid plans, and on the free plan after the first top-up',
    // The operation's success, not any answer but 402: a 404 of an operation the server never routed opens nothing.
    is: (e, s) => e.status >= 200 && e.status < 300 && (s.kind === 'payg' || s.kind === 'paid'),
    meaning: () => undefined,
  },
  // Section 7: a post the wallet cannot cover is refused with 402 wallet: true; the paid plan does not use the wallet.
  {
    operationIds: CHARGED,
    id: '402 credits short on pay-as-you-go',
    rule: 'Section 7: "When wallet credits (with auto top-up) do not cover a post on a charged channel: nothing is saved; 402 with wallet: true"',
    is: (e) => e.status === 402,
    meaning: (e, s) => (s.kind === 'paid' ? 'a 402 on a paid workspace, which does not use the wallet' : body(e)?.wallet === true ? undefined : 'a wallet refusal without wallet: true'),
  },
  // Section 4.8: AI generation is for paid plans only (402 plan refusal otherwise).
  {
    operationIds: ['generateVideo', 'runVideoFunction'],
    id: '402 plan refusal off the paid plan',
    rule: 'Section 4.8: "paid plans only; 402 otherwise" (a plan refusal: statusCode, message, url)',
    is: (e) => e.status === 402,
    meaning: (e, s) => (s.kind === 'paid' ? 'a plan refusal on a paid workspace' : body(e)?.wallet === true ? 'a wallet refusal where the plan is what is missing' : undefined),
  },
  // Section 4.3: "Any purpose other than brief yields a media ticket."
  ...(['brief', 'media'] as const).map((purpose) => ({
    operationIds: ['createUploadTicket'],
    id: `200 ${purpose} ticket`,
    rule: 'Section 4.3: POST /upload-ticket "Any purpose other than brief yields a media ticket"',
    is: (e: Exchange) => e.status === 200 && (requestPurpose(e) === 'brief') === (purpose === 'brief'),
    meaning: (e: Exchange) => {
      const url = String(body(e)?.uploadUrl ?? '');
      const brief = /\/brief-upload\/[^/]+$/.test(new URL(url, 'http://x').pathname);
      return brief === (purpose === 'brief') ? undefined : `a ${purpose} ticket whose uploadUrl is ${url}`;
    },
  })),
  // Section 4.9: GET /openapi.json is "The OpenAPI 3.1 description of this API": it describes every path the reference
  // lists (parameter names and a base path in front are the server's own).
  {
    operationIds: ['getOpenApiDocument'],
    id: '200 describing this API',
    rule: 'Section 4.9: GET /openapi.json "The OpenAPI 3.1 description of this API"',
    is: (e) => e.status === 200,
    meaning: (e) => {
      const paths = record(body(e)?.paths);
      if (!paths) return 'a document with no paths object';
      const theirs = Object.keys(paths).map(pathShape);
      const missing = getValidator().operations.map((op) => pathShape(op.path)).filter((p, i, all) => all.indexOf(p) === i && !theirs.some((t) => t === p || t.endsWith(p)));
      return missing.length === 0 ? undefined : `a document that does not describe ${missing.length} path(s) of the API: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
    },
  },
  // Section 2.3: a post's state; a draft is DRAFT, a delivered post PUBLISHED (which state a scheduled post shows is not said).
  ...(['DRAFT', 'PUBLISHED'] as const).map((state) => ({
    operationIds: ['listPosts'],
    id: `200 listing a ${state} post`,
    rule: 'Section 2.3: state "One of QUEUE, PUBLISHED, ERROR, DRAFT"; section 3: draft, then published at its time',
    is: (e: Exchange) => {
      const posts = body(e)?.posts;
      return e.status === 200 && Array.isArray(posts) && posts.some((p) => record(p)?.state === state);
    },
  })),
];

/** A path with its parameters unnamed: `/posts/{id}` and `/posts/{postId}` are one path. */
function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
}

function requestPurpose(e: Exchange): string | undefined {
  if (typeof e.requestBody !== 'string') return undefined;
  try {
    return JSON.parse(e.requestBody)?.purpose;
  } catch {
    return undefined;
  }
}

/**
 * Documented outcomes a client cannot provoke on its own, with why; not counted in the percentage, always listed.
 * Keyed `operationId status-or-outcome`; `*` for every operation.
 */
export const UNPROVOKABLE: Array<{ operationId: string; id: string; why: string; states?: StateName[] }> = [
  { operationId: '*', id: '413', why: 'the free plan\'s media library must be full; the reference gives no size a client can fill in a run', states: ['limits.set'] },
  { operationId: 'uploadMedia', id: '402', why: 'storage above the free amount: the reference gives neither the amount nor its price', states: ['limits.set', 'wallet.adjusted'] },
  { operationId: 'uploadWithTicket', id: '402', why: 'storage above the free amount (as uploadMedia)', states: ['limits.set', 'wallet.adjusted'] },
  { operationId: 'uploadBriefFile', id: '402', why: 'storage above the free amount (as uploadMedia)', states: ['limits.set', 'wallet.adjusted'] },
  { operationId: 'getChannelAnalytics', id: '402', why: 'an `x` channel read with fresh=true that credits do not cover: needs the wallet emptied and the network read priced', states: ['wallet.adjusted'] },
  { operationId: 'getPostAnalytics', id: '402', why: '"402 possible": the reference does not say when' },
];

/**
 * Documented outcomes a client provokes only with something the run is given: counted when `option` was given, else
 * listed with `why` beside UNPROVOKABLE. Keyed as UNPROVOKABLE.
 */
export const NEEDS_OPTION: Array<{ operationId: string; id: string; option: RunOption; why: string; states?: StateName[] }> = [
  { operationId: 'uploadMediaFromUrl', id: '200', option: 'mediaUrl', why: 'needs --media-url: a public https image the target can fetch' },
  // A server may fetch before it measures (the reference does not say which comes first), so only a URL it can fetch
  // reaches the storage and library refusals.
  { operationId: 'uploadMediaFromUrl', id: '402', option: 'mediaUrl', why: 'needs --media-url (a public https image the target can fetch) and storage above the free amount', states: ['limits.set', 'wallet.adjusted'] },
  { operationId: 'uploadMediaFromUrl', id: '413', option: 'mediaUrl', why: 'needs --media-url (a public https image the target can fetch) and a full free library', states: ['limits.set'] },
];

/** What a run was given that some outcomes need (NEEDS_OPTION). */
export type RunOption = 'mediaUrl';

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

interface Alternative {
  label: string;
  pointer: string;
}

/** A readable name for one alternative of a oneOf/anyOf: its schema's name, else its shape. */
function labelOf(alt: JsonSchema, i: number): string {
  const refName = (ref?: string) => ref?.split('/').pop();
  if (alt.$ref) return refName(alt.$ref)!;
  if (alt.allOf?.[0]?.$ref) return refName(alt.allOf[0].$ref)!;
  if (alt.title) return alt.title;
  if (alt.type === 'array') return `array${alt.items?.$ref ? ` of ${refName(alt.items.$ref)}` : ''}`;
  const consts = Object.entries(alt.properties ?? {}).filter(([, p]) => 'const' in p);
  if (consts.length > 0) return `{${consts.map(([k, p]) => `${k}: ${JSON.stringify(p.const)}`).join(', ')}}`;
  return `alternative ${i + 1}`;
}

/**
 * Follow `$ref`s to the node a pointer stands for, returning the node and the pointer it really sits at. Response
 * objects and media types are walked with the same keywords as schemas (`$ref`, `content`, `schema`).
 */
function follow(doc: unknown, pointer: string): { node: JsonSchema | undefined; pointer: string } {
  let at = pointer;
  let node = resolve(doc, at);
  for (let i = 0; i < 10 && node?.$ref; i++) {
    at = node.$ref;
    node = resolve(doc, at);
  }
  return { node, pointer: at };
}

function resolve(doc: unknown, pointer: string): JsonSchema | undefined {
  const node = atPointer(doc, pointer);
  return node === undefined ? undefined : asSchema(node);
}

/** The outcomes each operation documents, and how to tell an answer's body alternative. */
export class OutcomeCatalogue {
  readonly outcomes: Outcome[] = [];
  readonly #alternatives = new Map<string, Alternative[]>();
  /** `operationId status` → where its JSON body's schema sits, for statuses that document one. */
  readonly #bodies = new Map<string, string>();
  readonly #validator: ContractValidator;

  constructor(validator: ContractValidator = getValidator()) {
    this.#validator = validator;
    const doc = validator.document;
    for (const op of validator.operations) {
      const base = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses`;
      for (const status of Object.keys(op.operation.responses ?? {})) {
        this.outcomes.push({ operationId: op.operationId, id: status, from: 'document' });
        const response = follow(doc, `${base}/${escapePointer(status)}`);
        const media = record(record(response.node?.content)?.['application/json']);
        if (!media?.schema) continue;
        const schema = follow(doc, `${response.pointer}/content/application~1json/schema`);
        this.#bodies.set(`${op.operationId} ${status}`, schema.pointer);
        const key = schema.node?.oneOf ? 'oneOf' : schema.node?.anyOf ? 'anyOf' : undefined;
        if (!key || !schema.node) continue;
        // Alternatives the server picks between (`x-server-chooses`: the AI endpoints' plan or wallet refusal) are one
        // outcome: a client cannot make a server send the other, so counting each would leave one unreachable anywhere.
        if (schema.node['x-server-chooses'] === true) continue;
        // A branch that only adds `required` (Error: msg or message) constrains one body; it is not another outcome.
        const branches = schema.node[key] ?? [];
        if (branches.every((b) => Object.keys(b).every((k) => k === 'required' || k === 'description'))) continue;
        const alts = branches.map((b, i) => ({ label: labelOf(b, i), pointer: `${schema.pointer}/${key}/${i}` }));
        this.#alternatives.set(`${op.operationId} ${status}`, alts);
        for (const a of alts) this.outcomes.push({ operationId: op.operationId, id: `${status} ${a.label}`, from: 'document' });
      }
    }
    for (const r of REFERENCE_OUTCOMES) for (const operationId of r.operationIds) this.outcomes.push({ operationId, id: r.id, from: 'reference' });
  }

  /** The outcomes an answer stands for: its status, the alternatives its body matches, the reference outcomes it is. */
  classify(e: Exchange, seen: Seen): string[] {
    if (!e.operationId) return [];
    const op = this.#validator.byId(e.operationId);
    const status = String(e.status);
    if (!op.responseStatuses.includes(status)) return [];
    // An outcome is its status and its shape: a 404 from a router, in a body unlike the documented one, is not the
    // operation's 404.
    const body = this.#bodies.get(`${e.operationId} ${status}`);
    if (body !== undefined && this.#validator.validateAt(body, e.responseBody).length > 0) return [];
    const out = [status];
    for (const a of this.#alternatives.get(`${e.operationId} ${status}`) ?? []) {
      if (this.#validator.validateAt(a.pointer, e.responseBody).length === 0) out.push(`${status} ${a.label}`);
    }
    for (const r of REFERENCE_OUTCOMES) if (r.operationIds.includes(e.operationId) && r.is(e, seen)) out.push(r.id);
    return out;
  }
}

export interface OperationCoverage {
  operationId: string;
  asserted: string[];
  reachedOnly: string[];
  neverReached: string[];
  /** Outcomes a client cannot provoke, with why (not counted). */
  unprovokable: Array<{ id: string; why: string; reached: boolean }>;
  /** Never reached outcomes a provider state would reach, with the states (runs without a hook; suites/states-map.json). */
  wouldReachWith: Record<string, string[]>;
  /** The checks whose requests reached each outcome. */
  reachedBy: Record<string, string[]>;
}

export interface CoverageReport {
  /** Reached and asserted, of the outcomes a client can provoke, in percent. */
  percent: number;
  counted: number;
  asserted: number;
  reachedOnly: number;
  neverReached: number;
  operations: OperationCoverage[];
}

/** What one run reached and asserted, outcome by outcome. */
export class Coverage {
  readonly catalogue: OutcomeCatalogue;
  readonly #reached = new Set<string>();
  readonly #asserted = new Set<string>();
  readonly #kindOf: (e: Exchange) => KeyKind | undefined;
  readonly #given: ReadonlySet<RunOption>;
  readonly #hook: boolean;
  readonly #reachers = new Map<string, Set<string>>();
  readonly #statesFor: (key: string) => string[] | undefined;

  /**
   * `hook`: the run has a provider-states hook, so the outcomes a state reaches are counted. `statesFor`: the states
   * that would reach an outcome (`operationId id`), named beside it when a run without a hook never reached it.
   */
  constructor(
    kindOf: (e: Exchange) => KeyKind | undefined,
    catalogue = sharedCatalogue(),
    given: Iterable<RunOption> = [],
    options: { hook?: boolean; statesFor?: (key: string) => string[] | undefined; scope?: ReadonlySet<string> } = {},
  ) {
    this.catalogue = catalogue;
    this.#kindOf = kindOf;
    this.#given = new Set(given);
    this.#hook = Boolean(options.hook);
    this.#statesFor = options.statesFor ?? (() => undefined);
    this.#scope = options.scope;
  }

  /** The operations the run judges; coverage counts theirs alone. */
  readonly #scope: ReadonlySet<string> | undefined;

  seen(e: Exchange): Seen {
    return { kind: this.#kindOf(e) };
  }

  reach(e: Exchange): void {
    for (const id of this.catalogue.classify(e, this.seen(e))) {
      const key = `${e.operationId} ${id}`;
      this.#reached.add(key);
      if (e.by) {
        const by = this.#reachers.get(key) ?? new Set<string>();
        // A check's part (`check/part`) reaches for its check: the states map and the reports name checks.
        by.add(unitOf(e.by).check);
        this.#reachers.set(key, by);
      }
    }
  }

  /** A check asserted what these answers mean: every outcome they stand for (or only `ids`) counts as asserted. */
  assert(e: Exchange, ids?: string[]): void {
    for (const id of ids ?? this.catalogue.classify(e, this.seen(e))) this.#asserted.add(`${e.operationId} ${id}`);
  }

  report(): CoverageReport {
    const byOp = new Map<string, OperationCoverage>();
    for (const o of this.catalogue.outcomes) {
      if (this.#scope && !this.#scope.has(o.operationId)) continue;
      const row = byOp.get(o.operationId) ?? { operationId: o.operationId, asserted: [], reachedOnly: [], neverReached: [], unprovokable: [], wouldReachWith: {}, reachedBy: {} };
      byOp.set(o.operationId, row);
      const key = `${o.operationId} ${o.id}`;
      const reached = this.#reached.has(key);
      const by = this.#reachers.get(key);
      if (by) row.reachedBy[o.id] = [...by].sort();
      const why = unprovokable(o, this.#given, this.#hook);
      if (why) row.unprovokable.push({ id: o.id, why, reached });
      else if (reached && this.#asserted.has(key)) row.asserted.push(o.id);
      else if (reached) row.reachedOnly.push(o.id);
      else {
        row.neverReached.push(o.id);
        const states = this.#hook ? undefined : this.#statesFor(key);
        if (states && states.length > 0) row.wouldReachWith[o.id] = states;
      }
    }
    return coverageOf([...byOp.values()]);
  }
}

/** The report of these rows: the totals and the percent asserted of what is counted (rounded down to a tenth). */
export function coverageOf(operations: OperationCoverage[]): CoverageReport {
  const sum = (f: (r: OperationCoverage) => number) => operations.reduce((n, r) => n + f(r), 0);
  const asserted = sum((r) => r.asserted.length);
  const reachedOnly = sum((r) => r.reachedOnly.length);
  const neverReached = sum((r) => r.neverReached.length);
  const counted = asserted + reachedOnly + neverReached;
  return { percent: counted === 0 ? 100 : Math.floor((asserted / counted) * 1000) / 10, counted, asserted, reachedOnly, neverReached, operations };
}

/** Why an outcome is not counted on this run, or undefined when it is. With a hook, an outcome a state reaches counts. */
function unprovokable(o: Outcome, given: ReadonlySet<RunOption>, hook: boolean): string | undefined {
  const status = o.id.split(' ')[0];
  const needs = NEEDS_OPTION.find((u) => u.operationId === o.operationId && status === u.id);
  if (needs) return !given.has(needs.option) ? needs.why : needs.states && !hook ? `${needs.why} (a provider state reaches it: ${needs.states.join(', ')})` : undefined;
  const u = UNPROVOKABLE.find((u) => (u.operationId === '*' || u.operationId === o.operationId) && status === u.id);
  if (!u) return undefined;
  return hook && u.states ? undefined : u.states ? `${u.why} (a provider state reaches it: ${u.states.join(', ')})` : u.why;
}

let shared: OutcomeCatalogue | undefined;
/** The catalogue of the one bundled document, built once. */
export function sharedCatalogue(): OutcomeCatalogue {
  return (shared ??= new OutcomeCatalogue());
}
