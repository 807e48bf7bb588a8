// A self-contained HTML report of one run (`spw verify --html <file>`): one file, no script, no network, readable in
// any browser and attachable to a CI run. Every value is escaped; the page's CSP forbids fetching anything at all.
// It opens on the departures, then the operations not implemented and the checks not verified (suites/findings.ts);
// its tables filter without a script: radio buttons before a table, and CSS that hides the rows a checked one leaves out.
import type { CheckResult, RunReport } from '../runner.ts';
import type { Failure } from '../checks/registry.ts';
import { sectionLabel, tally, verifiedInPart } from './terminal.ts';
import { unitName } from '../units.ts';
import { countLine, countsOf, grouped } from '../findings.ts';

const esc = (s: unknown): string =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The filters of each table: the value of a row's class a radio button keeps (`all` keeps every row). */
const CHECK_FILTERS = ['failed', 'not-verified', 'in-part', 'passed'] as const;
const COVERAGE_FILTERS = ['gaps'] as const;
const FILTERS: Array<[string, string]> = [...CHECK_FILTERS.map((v): [string, string] => ['checks', v]), ...COVERAGE_FILTERS.map((v): [string, string] => ['coverage', v])];

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
header{padding:16px 24px;background:#f4f6f8;border-bottom:1px solid #d8dee4}
h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
main{padding:0 24px 40px;max-width:1200px}
.ok{color:#116329}.bad{color:#a40e26}.nv{color:#7d4e00}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e6e9ec;vertical-align:top}
th{background:#f6f8fa;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
code,pre{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}pre{background:#f6f8fa;padding:8px;overflow:auto;max-height:360px;white-space:pre-wrap;word-break:break-all}
details{margin:6px 0;border:1px solid #d8dee4;border-radius:6px;padding:6px 10px}summary{cursor:pointer;font-weight:600}
.tag{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;background:#eef1f4;margin-right:4px}
nav a{margin-right:12px}
.filter>input{position:absolute;opacity:0}.filter>label{display:inline-block;border:1px solid #d8dee4;border-radius:12px;padding:1px 10px;margin:0 4px 4px 0;cursor:pointer;font-size:13px}
.filter>input:checked+label{background:#1b1f24;color:#fff;border-color:#1b1f24}.filter>input:focus-visible+label{outline:2px solid #0969da}
${FILTERS.map(([table, value]) => `#${table}-${value}:checked~table tbody tr:not(.${value})`).join(',')}{display:none}
`;

/** Radio buttons that filter the table after them; `choices` are [value, label] with the value a row class. */
function filterBar(table: string, choices: Array<[string, string]>): string {
  return [['all', `all`], ...choices].map(([value, label], i) => `<input type="radio" name="${table}-filter" id="${table}-${value}"${i === 0 ? ' checked' : ''}><label for="${table}-${value}">${esc(label)}</label>`).join('');
}

const rowClass = (r: CheckResult) => (r.status === 'failed' ? 'failed' : r.status === 'not verified' ? 'not-verified' : r.status === 'passed in part' ? 'in-part' : 'passed');

function statusCell(r: CheckResult): string {
  if (r.status === 'failed') return `<span class="bad">✗ failed (${r.failures.length})</span>`;
  if (r.status === 'not verified') return '<span class="nv">○ not verified</span>';
  return verifiedInPart(r) ? '<span class="nv">◐ passed in part</span>' : '<span class="ok">✓ passed</span>';
}

function failureBlock(f: Failure, r: CheckResult | undefined, id: string): string {
  const rows: string[] = [
    `<p><strong>Reference:</strong> ${esc(sectionLabel(r?.sections ?? []))}${f.operation ? ` · <strong>operation</strong> <code>${esc(f.operation)}</code>` : ''}${f.seed !== undefined ? ` · seed ${esc(f.seed)}` : ''}</p>`,
    `<p><strong>Received:</strong> ${esc(f.received)}</p>`,
    `<p><strong>Documented:</strong> ${esc(f.documented)}</p>`,
  ];
  if (f.exchange) rows.push(`<p><strong>Request:</strong> <code>${esc(f.exchange.request)}</code> → <strong>${esc(f.exchange.status)}</strong></p><pre>${esc(f.exchange.answer)}</pre>`);
  if (f.sequence?.length) rows.push(`<p><strong>Sequence</strong> (shrunk):</p><pre>${esc(f.sequence.join('\n'))}</pre>`);
  if (f.reproduce) rows.push(`<p><strong>Reproduce:</strong></p><pre>${esc(f.reproduce)}</pre>`);
  if (f.replay) rows.push(`<p><strong>Replay the check:</strong></p><pre>${esc(f.replay)}</pre>`);
  rows.push(`<p><strong>Replay this failure</strong> from the run's JSON report: <code>spw replay &lt;report.json&gt; ${esc(id)}</code></p>`);
  return `<details id="failure-${esc(id)}" open><summary class="bad">${esc(id)}) ${esc(unitName(f.check, f.part))}${f.operation ? ` · ${esc(f.operation)}` : ''}</summary>${rows.join('')}</details>`;
}

function coverageTable(report: RunReport): string {
  const c = report.coverage;
  const rows = c.operations.map((o) => {
    const never = o.neverReached.map((id) => `${id}${o.wouldReachWith[id] ? ` (states: ${o.wouldReachWith[id].join(', ')})` : ''}`);
    const off = o.unprovokable.map((u) => `${u.id}: ${u.why}`);
    const total = o.asserted.length + o.reachedOnly.length + o.neverReached.length;
    return `<tr class="${o.reachedOnly.length + o.neverReached.length > 0 ? 'gaps' : 'full'}"><td><code>${esc(o.operationId)}</code></td><td class="num">${o.asserted.length}/${total}</td><td>${esc(o.asserted.join(', '))}</td><td class="nv">${esc(o.reachedOnly.join(', '))}</td><td class="bad">${esc(never.join(', '))}</td><td>${esc(off.join('; '))}</td></tr>`;
  });
  const gaps = c.operations.filter((o) => o.reachedOnly.length + o.neverReached.length > 0).length;
  return `<div class="filter">${filterBar('coverage', [['gaps', `with something not asserted (${gaps})`]])}<table id="coverage"><thead><tr><th>Operation</th><th>Asserted</th><th>Reached and asserted</th><th>Reached only</th><th>Never reached</th><th>Not counted, and why</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

export function toHtml(report: RunReport): string {
  const t = tally(report.results);
  const groups = grouped(report);
  const counts = countsOf(report);
  const verdict = report.ok ? '<span class="ok">passed</span>' : '<span class="bad">failed</span>';
  const checks = report.results
    .map((r) => `<tr class="${rowClass(r)}"><td><code>${esc(r.name)}</code></td><td>${esc(r.area)}</td><td>${esc(sectionLabel(r.sections))}</td><td>${statusCell(r)}</td><td class="num">${r.assertions}</td><td class="num">${r.requests}</td><td class="num">${(r.ms / 1000).toFixed(2)} s</td><td>${r.states.map((s) => `<span class="tag">${esc(s)}</span>`).join('')}</td><td>${esc(r.notes.join('; '))}</td></tr>`)
    .join('');
  const states = [...new Set(report.results.flatMap((r) => r.states))].sort();
  const byStatus = (s: CheckResult['status']) => report.results.filter((r) => r.status === s).length;
  const checkFilters: Array<[string, string]> = [['failed', `failed (${byStatus('failed')})`], ['not-verified', `not verified (${byStatus('not verified')})`], ['in-part', `passed in part (${byStatus('passed in part')})`], ['passed', `passed (${byStatus('passed')})`]];
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>spw verify: ${esc(report.target)}</title><style>${STYLE}</style></head>
<body><header><h1>spw verify: ${verdict}</h1>
<div>${esc(report.target)} · seed ${esc(report.seed)} · ${esc(report.runs)} runs per property · started ${esc(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · ${report.requests} requests (${report.requestsPerSecond.toFixed(0)}/s)</div>
<p id="counts">Findings: ${esc(countLine(counts))}</p>
<div>${t.failed} failed, ${t.passed} passed, ${t.inPart} passed in part, ${t.notVerified} not verified · ${t.assertions} assertions · response coverage ${report.coverage.percent}% (${report.coverage.asserted} of ${report.coverage.counted} outcomes) · states hook: ${report.hook ? `<code>${esc(report.hook)}</code>` : 'none'}</div>
<nav><a href="#departures">Departures (${counts.departures})</a><a href="#not-implemented">Not implemented (${counts.notImplemented})</a><a href="#not-verified">Not verified (${counts.notVerified})</a>${report.reasons?.length ? '<a href="#why">Why the run fails</a>' : ''}<a href="#coverage-heading">Coverage</a><a href="#checks-heading">Checks</a></nav></header>
<main>
<section id="departures"><h2>Departures: ${plural(counts.departures, 'departure')} in ${plural(counts.checks, 'check')}</h2>
${groups.departures.length === 0 ? '<p class="ok">None.</p>' : groups.departures.map(({ id, failure, result }) => failureBlock(failure, result, id)).join('\n')}</section>
<section id="not-implemented"><h2>Not implemented: ${plural(counts.notImplemented, 'operation')}</h2>
${groups.notImplemented.length === 0 ? '<p class="ok">None.</p>' : `<table><thead><tr><th>Operation</th><th>Every call answered</th><th>Calls</th><th>In scope</th><th>Checks it blocked</th></tr></thead><tbody>${groups.notImplemented.map((n) => `<tr><td><code>${esc(n.operationId)}</code></td><td>${esc(n.answered)}</td><td class="num">${n.calls}</td><td>${n.inScope ? '<span class="bad">yes</span>' : 'no'}</td><td>${esc(n.blocked.join(', '))}</td></tr>`).join('')}</tbody></table>`}</section>
<section id="not-verified"><h2>Not verified: ${plural(counts.notVerified, 'check')}</h2>
${groups.notVerified.length === 0 ? '<p class="ok">None.</p>' : `<table><thead><tr><th>Check</th><th>What it needs</th></tr></thead><tbody>${groups.notVerified.map((n) => `<tr><td><code>${esc(n.name)}</code></td><td>${esc(n.needs)}</td></tr>`).join('')}</tbody></table>`}</section>
${report.reasons?.length ? `<h2 id="why">Why the run fails</h2><ul>${report.reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : ''}
<h2 id="coverage-heading">Response coverage: ${report.coverage.percent}%</h2>
<p>${report.coverage.asserted} of ${report.coverage.counted} documented outcomes reached and asserted, ${report.coverage.reachedOnly} reached only, ${report.coverage.neverReached} never reached.</p>
${coverageTable(report)}
<h2 id="checks-heading">Checks (${report.results.length})</h2>
<div class="filter">${filterBar('checks', checkFilters)}<table id="checks"><thead><tr><th>Check</th><th>Area</th><th>Reference</th><th>Verdict</th><th>Assertions</th><th>Requests</th><th>Time</th><th>States</th><th>Notes</th></tr></thead><tbody>${checks}</tbody></table></div>
<h2 id="states-heading">Provider states used (${states.length})</h2>
<p>${states.length === 0 ? 'None: the run had no states hook.' : states.map((s) => `<span class="tag">${esc(s)}</span>`).join(' ')}</p>
</main></body></html>
`;
}
