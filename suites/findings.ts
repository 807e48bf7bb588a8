// A run's findings grouped by cause, as every report shows them: departures from the contract first (each with its
// reference section), then operations not implemented (one each, with the checks they blocked), then checks not
// verified (with the state or operation they need); within a group, by operation. Every report counts the same units
// with the same words, from here. Each departure has an id (F1, F2...) every report shows, that `spw replay` takes.
import type { Failure } from './checks/registry.ts';
import type { CheckResult, Counts, FindingsSummary, NotImplemented, RunReport } from './run-report.ts';

export type { Counts, FindingsSummary };
import { unitName } from './units.ts';

/**
 * What kind of departure a failure is, apart from the values of one run: what the contract says, ids, dates and
 * numbers masked. Two failures of one check, part and operation with the same kind are the same departure.
 */
export function kindOf(f: Pick<Failure, 'documented'>): string {
  return f.documented
    .replace(/\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?/g, '<date>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*\b/g, '<id>')
    .replace(/\d+(\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** Whether two failures are the same departure: same check, part, operation and kind. */
export function sameDeparture(a: Failure, b: Failure): boolean {
  return a.check === b.check && (a.part ?? '') === (b.part ?? '') && (a.operation ?? '') === (b.operation ?? '') && kindOf(a) === kindOf(b);
}

export interface Departure {
  id: string;
  failure: Failure;
  result: CheckResult | undefined;
}

export interface NotVerifiedCheck {
  name: string;
  /** What it needs: the state, key or operation its notes name first. */
  needs: string;
  /** The operations it would have called (from the recorded run), for the order by operation. */
  operation: string;
}

export interface Grouped {
  departures: Departure[];
  notImplemented: NotImplemented[];
  notVerified: NotVerifiedCheck[];
}

/** By operation, those with none last (a plain comparison: a collation would put punctuation first). */
const byOperation = (a: string | undefined, b: string | undefined) => (a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : 1);

/** The departures in the order every report lists them: by operation, then by check and part, as found. */
function orderedFailures(results: readonly CheckResult[]): Array<{ failure: Failure; result: CheckResult }> {
  const all = results.flatMap((result) => result.failures.map((failure, i) => ({ failure, result, i })));
  return all
    .sort((a, b) => byOperation(a.failure.operation, b.failure.operation) || unitName(a.failure.check, a.failure.part).localeCompare(unitName(b.failure.check, b.failure.part)) || a.i - b.i)
    .map(({ failure, result }) => ({ failure, result }));
}

/**
 * Give every departure of a report its id, in the order the reports list them, and its kind. Called once a report is
 * whole (a run, a merge of shards), so that the terminal, the HTML, JUnit and the JSON name each one alike.
 */
export function numberFailures(report: Pick<RunReport, 'results'>): void {
  orderedFailures(report.results).forEach(({ failure }, i) => {
    failure.id = `F${i + 1}`;
    failure.kind = kindOf(failure);
  });
}

/** The report's findings by cause, each group by operation. */
export function grouped(report: Pick<RunReport, 'results' | 'notImplemented'>): Grouped {
  const ordered = orderedFailures(report.results);
  // A report numbered whole keeps its ids; one with a failure added after (by hand) is numbered by place.
  const numbered = ordered.every(({ failure }) => failure.id);
  const departures = ordered.map(({ failure, result }, i) => ({ id: numbered ? failure.id! : `F${i + 1}`, failure, result }));
  const notImplemented = [...(report.notImplemented ?? [])].sort((a, b) => Number(b.inScope) - Number(a.inScope) || a.operationId.localeCompare(b.operationId));
  const notVerified = report.results
    .filter((r) => r.kind === 'property' && r.status === 'not verified')
    .map((r) => ({ name: r.name, needs: r.notes[0] ?? '', operation: r.operations?.[0] ?? '' }))
    .sort((a, b) => byOperation(a.operation || undefined, b.operation || undefined) || a.name.localeCompare(b.name));
  return { departures, notImplemented, notVerified };
}

export function countsOf(report: Pick<RunReport, 'results' | 'notImplemented'>): Counts {
  const g = grouped(report);
  return { departures: g.departures.length, checks: new Set(g.departures.map((d) => d.failure.check)).size, notImplemented: g.notImplemented.length, notVerified: g.notVerified.length };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The one sentence every report counts its findings with: "3 departures in 2 checks, 5 operations not implemented, 4 checks not verified". */
export function countLine(c: Counts): string {
  return `${plural(c.departures, 'departure', 'departures')} in ${plural(c.checks, 'check', 'checks')}, ${plural(c.notImplemented, 'operation', 'operations')} not implemented, ${plural(c.notVerified, 'check', 'checks')} not verified`;
}

/** Every text of a failure a report writes, for the redaction below. */
const TEXT_FIELDS = ['received', 'documented', 'reproduce', 'replay'] as const;

/**
 * JSON fields whose values are credentials, whatever made them (a key the hook made, one a rotation gave). A script's
 * splice of a variable into a single-quoted body (`"client_secret":"'"${PCS_1}"'"`) holds no secret and is left whole:
 * masking its quote broke the script's quoting.
 */
const SECRET_FIELDS = /("(?:apiKey|api_key|accessToken|access_token|refreshToken|refresh_token|clientSecret|client_secret|token|secret|password)"\s*:\s*)"(?!'"\$\{)[^"]+"/g;

/**
 * A report holds no secret: each key and token the run knew is replaced by the variable it is read from (or by what it
 * is), and credential fields of the answers it quotes are masked, whatever made them.
 */
export function redact(report: Pick<RunReport, 'results'>, secrets: ReadonlyMap<string, string>): void {
  const known = [...secrets].filter(([s]) => s.length >= 4).sort((a, b) => b[0].length - a[0].length);
  const clean = (text: string) => {
    let out = text;
    for (const [secret, name] of known) if (out.includes(secret)) out = out.split(secret).join(name);
    return out.replace(SECRET_FIELDS, '$1"<redacted>"').replace(/(\\"(?:apiKey|accessToken|access_token|refreshToken|refresh_token|clientSecret|client_secret|token)\\"\s*:\s*\\")[^"\\]+(\\")/g, '$1<redacted>$2');
  };
  for (const r of report.results) {
    r.notes = r.notes.map(clean);
    for (const f of r.failures) {
      for (const k of TEXT_FIELDS) if (typeof f[k] === 'string') f[k] = clean(f[k]);
      if (f.sequence) f.sequence = f.sequence.map(clean);
      if (f.exchange) f.exchange = { ...f.exchange, request: clean(f.exchange.request), answer: clean(f.exchange.answer) };
    }
  }
}

export function findingsOf(report: Pick<RunReport, 'results' | 'notImplemented'>): FindingsSummary {
  const g = grouped(report);
  const counts = countsOf(report);
  return {
    line: countLine(counts),
    counts,
    departures: g.departures.map(({ id, failure: f, result }) => ({ id, check: f.check, ...(f.part !== undefined ? { part: f.part } : {}), ...(f.operation ? { operation: f.operation } : {}), sections: result?.sections ?? [], ...(f.kind ? { kind: f.kind } : {}) })),
    notImplemented: g.notImplemented.map((n) => ({ operationId: n.operationId, answered: n.answered, inScope: n.inScope, blocked: n.blocked })),
    notVerified: g.notVerified.map((n) => ({ check: n.name, needs: n.needs })),
  };
}
