// Which operations a target does not have, and a run's scope: a server built area by area gets one finding per
// operation it has not built (not one per check that met it), and can ask for verdicts on what it built alone.
import type { ContractValidator } from '../spec/validator.ts';
import { getValidator } from '../spec/validator.ts';
import type { OperationId } from './documented.ts';
import { record } from './json.ts';
import type { Exchange } from './history.ts';
import type { CheckResult, NotImplemented } from './run-report.ts';
import { unitOf } from './units.ts';

/**
 * The areas `--areas` names: the document's tags (one per part of the reference's section 4), by a short name.
 */
export const AREAS: Record<string, string> = {
  channels: 'Account and channels',
  posts: 'Posts',
  media: 'Media',
  wallet: 'Wallet',
  brief: 'Brief',
  skills: 'Skills',
  analytics: 'Analytics and notifications',
  ai: 'AI generation',
  description: 'Description',
};

/**
 * What every check reads before it starts (suites/discover.ts): the workspace's channels, groups and channel settings,
 * and the price list. A scope always holds them.
 */
export const DISCOVERY: readonly OperationId[] = ['listIntegrations', 'listGroups', 'getIntegrationSettings', 'getWalletPrices'];

/** The operations of `--areas` and `--operations` together; undefined when neither narrows the run. Unknown names throw. */
export function scopeOf(areas: string[] | undefined, operations: string[] | undefined, validator: Pick<ContractValidator, 'operations'> = getValidator()): Set<string> | undefined {
  if (!areas?.length && !operations?.length) return undefined;
  const unknownArea = (areas ?? []).filter((a) => !Object.hasOwn(AREAS, a));
  if (unknownArea.length > 0) throw new Error(`Unknown area: ${unknownArea.join(', ')}. Areas: ${Object.keys(AREAS).join(', ')}`);
  const ids = new Set(validator.operations.map((o) => o.operationId));
  const unknownOp = (operations ?? []).filter((o) => !ids.has(o));
  if (unknownOp.length > 0) throw new Error(`Unknown operation: ${unknownOp.join(', ')}. Operations: ${[...ids].join(', ')}`);
  const tags = new Set((areas ?? []).map((a) => AREAS[a]!));
  const scope = new Set([...DISCOVERY, ...(operations ?? [])]);
  for (const op of validator.operations) if ((op.operation.tags ?? []).some((t: string) => tags.has(t))) scope.add(op.operationId);
  return scope;
}

/**
 * What an answer says of whether the operation is built: `unbuilt` (501, 405, a 404 the operation does not document,
 * or one whose body is not its documented 404: a router's page), `either` (a 404 in the Error shape, which a built
 * operation answers for a missing resource and a half-built server's router may answer for a path it has no route
 * for), or `built` (anything else).
 */
function evidence(e: Exchange, validator: ContractValidator): { kind: 'unbuilt'; why: string } | { kind: 'either' | 'built' } {
  if (e.status === 501 || e.status === 405) return { kind: 'unbuilt', why: String(e.status) };
  if (e.status !== 404 || !e.operationId) return { kind: 'built' };
  const op = validator.byId(e.operationId);
  if (!op.responseStatuses.includes('404')) return { kind: 'unbuilt', why: '404 (the operation documents none)' };
  const body = record(e.responseBody);
  const isError = typeof body?.statusCode === 'number' || typeof body?.msg === 'string' || typeof body?.message === 'string' || Array.isArray(body?.message);
  return isError ? { kind: 'either' } : { kind: 'unbuilt', why: "404 (not the operation's Error body)" };
}

/**
 * Watches every answer of a run, and tells at the end which operations answered every authenticated call as unbuilt.
 * A server being built puts its auth middleware in front of routes that do not exist yet: a call without a valid key
 * gets that middleware's 401 whether the route is built or not, so such an answer says nothing of the operation.
 */
export class Implemented {
  readonly #seen = new Map<string, { calls: number; unbuilt: number; either: number; answered?: string; by: Set<string> }>();
  readonly #validator: ContractValidator;
  readonly #authenticated: (e: Exchange) => boolean;

  /** `authenticated`: whether a request carried one of the run's keys; every request counts when not given. */
  constructor(validator: ContractValidator = getValidator(), authenticated: (e: Exchange) => boolean = () => true) {
    this.#validator = validator;
    this.#authenticated = authenticated;
  }

  see(e: Exchange): void {
    if (!e.operationId) return;
    if (e.status === 401 && !this.#authenticated(e)) return;
    const row = this.#seen.get(e.operationId) ?? { calls: 0, unbuilt: 0, either: 0, by: new Set<string>() };
    this.#seen.set(e.operationId, row);
    row.calls++;
    const seen = evidence(e, this.#validator);
    if (seen.kind === 'unbuilt') {
      row.unbuilt++;
      row.answered ??= seen.why;
    } else if (seen.kind === 'either') row.either++;
    if (e.by && e.by !== 'discovery') row.by.add(unitOf(e.by).check);
  }

  /**
   * Operations whose every authenticated call answered as unbuilt, or as a 404 that could be either beside them (a
   * hostile id the router has no route for); `scope` tells which of them the run was asked to judge.
   */
  report(scope: ReadonlySet<string> | undefined): NotImplemented[] {
    return [...this.#seen]
      .filter(([, r]) => r.unbuilt > 0 && r.unbuilt + r.either === r.calls)
      .map(([operationId, r]) => ({ operationId, answered: r.answered!, calls: r.calls, blocked: [...r.by].sort(), inScope: !scope || scope.has(operationId) }));
  }
}

/**
 * A check's result with its findings on unbuilt operations taken out: they are the one "not implemented" finding of
 * each. A check left with no failure is not verified, blocked by them, unless it verified something else.
 */
export function withoutUnbuilt(r: CheckResult, missing: ReadonlySet<string>): CheckResult {
  const onUnbuilt = r.failures.filter((f) => f.operation !== undefined && missing.has(f.operation));
  if (onUnbuilt.length === 0) return r;
  const failures = r.failures.filter((f) => !onUnbuilt.includes(f));
  const blockedBy = [...new Set(onUnbuilt.map((f) => f.operation!))];
  const note = `blocked by ${blockedBy.join(', ')}, not implemented (one finding each, above)`;
  if (failures.length > 0) return { ...r, failures, notes: [...r.notes, note] };
  return { ...r, failures, status: r.kind === 'response' ? 'passed' : 'not verified', notes: [note, ...r.notes] };
}
