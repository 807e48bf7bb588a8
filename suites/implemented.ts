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
 * Whether an answer is what a server that lacks the operation gives: 501 or 405, or a 404 the operation does not
 * document, or whose body is not its documented 404 (a router's page). A documented 404 is the operation's own.
 */
function unbuilt(e: Exchange, validator: ContractValidator): string | undefined {
  if (e.status === 501 || e.status === 405) return String(e.status);
  if (e.status !== 404 || !e.operationId) return undefined;
  const op = validator.byId(e.operationId);
  if (!op.responseStatuses.includes('404')) return '404 (the operation documents none)';
  const body = record(e.responseBody);
  const isError = typeof body?.statusCode === 'number' || typeof body?.msg === 'string' || typeof body?.message === 'string' || Array.isArray(body?.message);
  return isError ? undefined : "404 (not the operation's Error body)";
}

/** Watches every answer of a run, and tells at the end which operations answered every call as unbuilt. */
export class Implemented {
  readonly #seen = new Map<string, { calls: number; unbuilt: number; answered?: string; by: Set<string> }>();
  readonly #validator: ContractValidator;

  constructor(validator: ContractValidator = getValidator()) {
    this.#validator = validator;
  }

  see(e: Exchange): void {
    if (!e.operationId) return;
    const row = this.#seen.get(e.operationId) ?? { calls: 0, unbuilt: 0, by: new Set<string>() };
    this.#seen.set(e.operationId, row);
    row.calls++;
    const why = unbuilt(e, this.#validator);
    if (why !== undefined) {
      row.unbuilt++;
      row.answered ??= why;
    }
    if (e.by && e.by !== 'discovery') row.by.add(unitOf(e.by).check);
  }

  /** Operations every call of which answered as unbuilt; `scope` tells which of them the run was asked to judge. */
  report(scope: ReadonlySet<string> | undefined): NotImplemented[] {
    return [...this.#seen]
      .filter(([, r]) => r.calls > 0 && r.unbuilt === r.calls)
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
