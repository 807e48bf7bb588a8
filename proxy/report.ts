// The proxy's running record: calls and statuses per operation, and each exchange that broke the contract, as one JSON summary.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ContractValidator } from '../spec/validator.ts';
import type { Verdict } from '../suites/response-checks.ts';
import type { ProxyViolation } from './exchange-check.ts';

export interface OperationCount {
  method: string;
  path: string;
  calls: number;
  /** Calls whose exchange broke the contract. */
  violating: number;
  /** Answers by status (`"502"` counts the upstream being unreachable). */
  statuses: Record<string, number>;
}

export interface ViolationEntry {
  at: string;
  /** Null when the call matches no operation of the document. */
  operationId: string | null;
  method: string;
  url: string;
  /** Null when the upstream gave no answer. */
  status: number | null;
  violations: ProxyViolation[];
}

/** How one response check fared over the answers of documented operations. */
export interface CheckCount {
  passed: number;
  failed: number;
  /** Answers it could not judge: no answer came, or it needed a body the proxy did not keep. */
  notVerified: number;
  /** Why, with how many answers each. */
  notVerifiedBecause: Record<string, number>;
}

export interface ProxyReport {
  upstream: string;
  document: { title: string; version: string };
  startedAt: string;
  updatedAt: string;
  totals: {
    exchanges: number;
    /** Exchanges under the API's base path, matched to an operation or not. */
    checked: number;
    conforming: number;
    violating: number;
    unknownOperation: number;
    /** Forwarded but outside the API's base path (media files, a control API): not checked. */
    outsideApi: number;
    /** The upstream could not be reached or broke off; the client got a 502 from the proxy. */
    upstreamErrors: number;
  };
  /** Every operation of the document, called or not, so the report shows what a run left unexercised. */
  operations: Record<string, OperationCount>;
  /** Every response check the proxy runs (the suites' own), with its verdicts. */
  checks: Record<string, CheckCount>;
  violations: ViolationEntry[];
  /** Violating exchanges beyond the kept ones (the counts above still include them). */
  droppedViolations: number;
}

/** A long run against a badly broken server must not grow the proxy's memory without end. */
export const MAX_KEPT_VIOLATIONS = 2000;
const MAX_REASONS = 20;

export class ProxyRecorder {
  readonly report: ProxyReport;

  constructor(validator: ContractValidator, upstream: string, checkNames: string[], now: Date = new Date()) {
    const operations: Record<string, OperationCount> = {};
    for (const op of validator.operations) {
      operations[op.operationId] = { method: op.method.toUpperCase(), path: op.path, calls: 0, violating: 0, statuses: {} };
    }
    this.report = {
      upstream,
      document: { title: String(validator.document.info?.title ?? ''), version: String(validator.document.info?.version ?? '') },
      startedAt: now.toISOString(),
      updatedAt: now.toISOString(),
      totals: { exchanges: 0, checked: 0, conforming: 0, violating: 0, unknownOperation: 0, outsideApi: 0, upstreamErrors: 0 },
      operations,
      checks: Object.fromEntries(checkNames.map((name) => [name, { passed: 0, failed: 0, notVerified: 0, notVerifiedBecause: {} }])),
      violations: [],
      droppedViolations: 0,
    };
  }

  record(entry: { operationId: string | null; outside: boolean; method: string; url: string; status: number | null; upstreamError: boolean; violations: ProxyViolation[]; verdicts: Verdict[] }): void {
    const r = this.report;
    this.tally(entry.verdicts);
    r.updatedAt = new Date().toISOString();
    r.totals.exchanges++;
    if (entry.upstreamError) r.totals.upstreamErrors++;
    if (entry.outside) {
      r.totals.outsideApi++;
      return;
    }
    r.totals.checked++;
    if (entry.operationId === null) r.totals.unknownOperation++;
    const count = entry.operationId ? r.operations[entry.operationId] : undefined;
    if (count) {
      count.calls++;
      const status = String(entry.status ?? 502);
      count.statuses[status] = (count.statuses[status] ?? 0) + 1;
      if (entry.violations.length > 0) count.violating++;
    }
    if (entry.violations.length === 0) {
      if (!entry.upstreamError) r.totals.conforming++;
      return;
    }
    r.totals.violating++;
    if (r.violations.length >= MAX_KEPT_VIOLATIONS) {
      r.droppedViolations++;
      return;
    }
    r.violations.push({ at: r.updatedAt, operationId: entry.operationId, method: entry.method, url: entry.url, status: entry.status, violations: entry.violations });
  }

  private tally(verdicts: Verdict[]): void {
    for (const v of verdicts) {
      const count = (this.report.checks[v.check.name] ??= { passed: 0, failed: 0, notVerified: 0, notVerifiedBecause: {} });
      if (v.status === 'passed') count.passed++;
      else if (v.status === 'failed') count.failed++;
      else {
        count.notVerified++;
        // The reasons quote what the upstream sent (an encoding it named): bounded, like the kept violations.
        const why = v.why in count.notVerifiedBecause || Object.keys(count.notVerifiedBecause).length < MAX_REASONS ? v.why : 'other reasons';
        count.notVerifiedBecause[why] = (count.notVerifiedBecause[why] ?? 0) + 1;
      }
    }
  }

  /** Write the summary (through a temporary file, so a reader never sees half of it); returns the absolute path. */
  write(file: string): string {
    const path = resolve(file);
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(this.report, null, 2)}\n`);
    renameSync(temp, path);
    return path;
  }
}
