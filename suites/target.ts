// A target: a base URL, credentials for workspaces in each plan state, and optionally a control capability.
import { createOperationMatcher } from '../spec/operation-match.ts';
import { getValidator } from '../spec/validator.ts';
import { Control } from './control.ts';
import { History, recordingFetch } from './history.ts';
import { apiRoot } from './url.ts';
import { politeFetch, type PoliteOptions, type PoliteStats } from './polite.ts';
import { SECRET_ENV } from './secret-env.ts';
import { boundedFetch, DEFAULT_BOUNDS, type AnswerBounds } from './bounded.ts';

export type KeyKind = 'free' | 'payg' | 'paid';
export const KEY_KINDS: KeyKind[] = ['free', 'payg', 'paid'];
export const KEY_MEANING: Record<KeyKind, string> = {
  free: 'a free workspace never topped up',
  payg: 'a free pay-as-you-go workspace',
  paid: 'a paid workspace',
};

export interface Target {
  label: string;
  /** The API root, e.g. http://127.0.0.1:4010/api/public/v1. */
  baseUrl: string;
  /** The recording transport every request goes through. */
  fetch: typeof fetch;
  history: History;
  keys: Partial<Record<KeyKind, string>>;
  /** Workspace ids, known only through control. */
  workspaceIds: Partial<Record<KeyKind, string>>;
  control?: Control;
  /** A public https URL the target can fetch for `upload-from-url`, when the runner knows one. */
  fetchableImageUrl?: string;
  /** How long a check waits for a publication, unless the run says (`--publish-wait`); the runner's default when absent. */
  publishWaitMs?: number;
  /** The 429s the run waited out, and how long (suites/polite.ts). */
  limits: PoliteStats;
  /** A transport like `fetch` that records into `history` instead (a check's own history, passed on to the run's). */
  record(history: History): typeof fetch;
  /**
   * The flags that aim `verify` at this target again, as a failure's replay line prints them: secrets as the
   * environment variables `verify` reads, never their values.
   */
  flags: string;
  /** The same flags, one field each and no secret: what a JSON report keeps so that `spw replay` can aim at it again. */
  flagSet: TargetFlags;
  /**
   * Every secret the run holds (keys given or read from the hook, a lane's keys, the hook's token), each with the name
   * a report shows in its place: the environment variable `verify` reads it from, or what it is.
   */
  secrets: Map<string, string>;
  close?(): Promise<void>;
}

/**
 * The flags a run was aimed with, secrets left out: which key flags and tokens it was given is kept, their values never
 * (`spw replay` reads them from the variables `verify` reads).
 */
export interface TargetFlags {
  target?: string;
  basePath?: string;
  states?: string;
  control?: string;
  appUrl?: string;
  mediaUrl?: string;
  maxRps?: number;
  /** The key flags given (`--key-paid`...). */
  keys: KeyKind[];
  statesToken?: boolean;
  controlToken?: boolean;
  /** A mock served in the verifying process (`--in-process`), with these faults and variations. */
  inProcess?: boolean;
  faults?: string[];
  variations?: string[];
  /** The bounds on answers the run was given, where they are not the defaults (suites/bounded.ts). */
  bounds?: Partial<AnswerBounds>;
}

/** The variable `verify` reads each secret flag from. */
export { SECRET_ENV };

export interface TargetOptions {
  target: string;
  /** Where the API sits under a bare-origin `target`: the document's base path unless given (`/` for Prism). */
  basePath?: string;
  keys?: Partial<Record<KeyKind, string>>;
  /** The mock's control API (`<origin>/_mock`): its provider-states hook is `<control>/states`. */
  control?: string;
  /** The bearer token a control API started with --control-token wants (sent to the hook). */
  controlToken?: string;
  /** A provider-states hook (spec/states.yaml), for a target that is not this mock. */
  states?: string;
  /** The bearer token the hook wants, when `states` is given. */
  statesToken?: string;
  /** `{app_url}`, where the consent page and the token endpoint are: the hook's origin for the mock, else the target's. */
  appUrl?: string;
  label?: string;
  /** The transport; defaults to global fetch (the in-process target passes the app's). */
  transport?: typeof fetch;
  fetchableImageUrl?: string;
  /** At most this many requests a second to the target (and its hook); no cap when absent or 0. */
  maxRps?: number;
  /** What is read of an answer at most (suites/bounded.ts); the defaults where left out. */
  bounds?: Partial<AnswerBounds>;
}

/** Which key stands for which plan state, read from the control API's workspace rows. */
export async function keysFromControl(control: Control): Promise<{ keys: Partial<Record<KeyKind, string>>; ids: Partial<Record<KeyKind, string>> }> {
  const rows = await control.workspaces();
  const keys: Partial<Record<KeyKind, string>> = {};
  const ids: Partial<Record<KeyKind, string>> = {};
  for (const row of rows) {
    const kind: KeyKind | undefined =
      row.plan === 'paid' ? 'paid' : row.frozen ? undefined : row.payAsYouGo ? 'payg' : 'free';
    if (kind && !keys[kind]) {
      keys[kind] = row.apiKey;
      ids[kind] = row.id;
    }
  }
  return { keys, ids };
}

export async function createTarget(options: TargetOptions): Promise<Target> {
  const baseUrl = apiRoot(options.target, options.basePath);
  const history = new History();
  // Read when a message is written: a world reset may give the kinds other keys.
  const describeKey = (key: string) => keyWorkspace(target, key) ?? 'a workspace of this run';
  const matcher = createOperationMatcher(getValidator(), new URL(baseUrl).pathname);
  const polite = targetTransport(baseUrl, { transport: options.transport, bounds: options.bounds, maxRps: options.maxRps, describeKey }, matcher);
  const { bounds } = polite;
  const transport = recordingFetch(polite.fetch, history, matcher, bounds.maxListItems);
  const target: Target = {
    label: options.label ?? baseUrl,
    baseUrl,
    fetch: transport,
    history,
    keys: { ...(options.keys ?? {}) },
    workspaceIds: {},
    fetchableImageUrl: options.fetchableImageUrl,
    limits: polite.stats,
    record: (into) => recordingFetch(polite.fetch, into, matcher, bounds.maxListItems),
    flags: '',
    flagSet: flagSetOf(options, baseUrl),
    secrets: new Map(),
  };
  target.flags = flagLine(target.flagSet);
  for (const kind of KEY_KINDS) if (options.keys?.[kind]) target.secrets.set(options.keys[kind]!, `$${SECRET_ENV[kind]}`);
  if (options.states && options.statesToken) target.secrets.set(options.statesToken, `$${SECRET_ENV.statesToken}`);
  if (options.control && options.controlToken) target.secrets.set(options.controlToken, `$${SECRET_ENV.controlToken}`);
  if (options.control && options.states) throw new Error('--control and --states name the same thing (the mock\'s hook is <control>/states): give one');
  const hook = options.states ?? (options.control ? `${options.control.replace(/\/+$/, '')}/states` : undefined);
  if (hook) {
    const appUrl = options.appUrl ?? (options.states ? baseUrl : options.control);
    target.control = new Control(hook, transport, options.states ? options.statesToken : options.controlToken, appUrl);
    // Read once, before any check: which states the hook offers decides which checks can run.
    await target.control.offered();
    await refreshKeys(target);
  }
  return target;
}

/**
 * The layers every request to a target goes through, below any recording: bounded (suites/bounded.ts) under polite
 * (suites/polite.ts), so each attempt has its own deadline and a 429's wait is not counted in it. Shared by verify and
 * by `spw record`, so a target meets the same limits and the same patience from both.
 */
export function targetTransport(
  baseUrl: string,
  options: { transport?: typeof fetch; bounds?: Partial<AnswerBounds>; maxRps?: number; describeKey?: (key: string) => string; polite?: Omit<PoliteOptions, 'maxRps' | 'describeKey'> },
  matcher = createOperationMatcher(getValidator(), new URL(baseUrl).pathname),
): { fetch: typeof fetch; stats: PoliteStats; bounds: AnswerBounds } {
  const bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
  // A timeout is remembered per operation, so a target that never answers costs one timeout per operation.
  const operationKey = (method: string, url: string) => {
    const match = matcher.match(method, new URL(url).pathname);
    return match.kind === 'operation' ? match.op.operationId : `${method} ${url.split('?')[0]}`;
  };
  const polite = politeFetch(boundedFetch(options.transport ?? fetch, bounds, operationKey), { ...options.polite, maxRps: options.maxRps, describeKey: options.describeKey });
  return { ...polite, bounds };
}

/** A value as a shell word. */
const word = (v: string) => (/^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);

export function flagSetOf(options: TargetOptions, baseUrl: string): TargetFlags {
  return {
    target: baseUrl,
    // A root at the origin (Prism's) must say so, or the bare origin would get the document's base path again.
    ...(new URL(baseUrl).pathname.replace(/\/+$/, '') === '' ? { basePath: '/' } : {}),
    ...(options.states ? { states: options.states } : {}),
    ...(options.control ? { control: options.control } : {}),
    ...(options.states && options.statesToken ? { statesToken: true } : {}),
    ...(options.control && options.controlToken ? { controlToken: true } : {}),
    ...(options.appUrl ? { appUrl: options.appUrl } : {}),
    keys: KEY_KINDS.filter((k) => options.keys?.[k]),
    ...(options.fetchableImageUrl ? { mediaUrl: options.fetchableImageUrl } : {}),
    ...(options.maxRps ? { maxRps: options.maxRps } : {}),
    ...(raisedBounds(options.bounds) ? { bounds: raisedBounds(options.bounds) } : {}),
  };
}

/** The bounds given that are not the defaults: what a replay line must repeat. */
function raisedBounds(bounds: Partial<AnswerBounds> | undefined): Partial<AnswerBounds> | undefined {
  const out = Object.fromEntries(Object.entries(bounds ?? {}).filter(([k, v]) => v !== undefined && v !== DEFAULT_BOUNDS[k as keyof AnswerBounds]));
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The flags of `verify` that name this target, its hook and its keys; secrets as the variables `verify` reads. */
export function flagLine(f: TargetFlags): string {
  if (f.inProcess) return ['--in-process', ...(f.faults?.length ? [`--fault ${f.faults.join(',')}`] : []), ...(f.variations?.length ? [`--variation ${f.variations.join(',')}`] : [])].join(' ');
  const flags = [`--target ${word(f.target ?? '')}`];
  if (f.basePath) flags.push(`--base-path ${word(f.basePath)}`);
  if (f.states) flags.push(`--states ${word(f.states)}`);
  if (f.control) flags.push(`--control ${word(f.control)}`);
  if (f.statesToken) flags.push(`--states-token "$${SECRET_ENV.statesToken}"`);
  if (f.controlToken) flags.push(`--control-token "$${SECRET_ENV.controlToken}"`);
  if (f.appUrl) flags.push(`--app-url ${word(f.appUrl)}`);
  for (const kind of f.keys) flags.push(`--key-${kind} "$${SECRET_ENV[kind]}"`);
  if (f.mediaUrl) flags.push(`--media-url ${word(f.mediaUrl)}`);
  if (f.maxRps) flags.push(`--max-rps ${f.maxRps}`);
  if (f.bounds?.maxBytes) flags.push(`--max-answer-size ${f.bounds.maxBytes}`);
  if (f.bounds?.timeoutMs) flags.push(`--request-timeout ${f.bounds.timeoutMs / 1000}`);
  if (f.bounds?.maxListItems) flags.push(`--max-list-items ${f.bounds.maxListItems}`);
  return flags.join(' ');
}

/** The workspace a key stands for, by the flag it came with ("the --key-paid workspace"), never the key itself. */
export function keyWorkspace(target: Pick<Target, 'keys'>, key: string): string | undefined {
  const kind = KEY_KINDS.find((k) => target.keys[k] === key);
  return kind ? `the --key-${kind} workspace` : undefined;
}

/** With control: back to the seeded world and re-read the keys (a reset may change nothing, or everything). */
export async function refreshKeys(target: Target): Promise<void> {
  if (!target.control) return;
  const { keys, ids } = await keysFromControl(target.control);
  target.keys = { ...keys, ...target.keys, ...keys };
  target.workspaceIds = ids;
  for (const [kind, key] of Object.entries(keys)) if (!target.secrets.has(key!)) target.secrets.set(key!, `<the key of ${KEY_MEANING[kind as KeyKind]}>`);
}
