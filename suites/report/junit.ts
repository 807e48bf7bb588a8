// JUnit XML: one testsuite per area, one testcase per check; failures carry received, documented and the reproduction.
import type { RunReport } from '../runner.ts';
import { sectionLabel, tally, verifiedInPart } from './terminal.ts';
import { unitName } from '../units.ts';
import { countLine, countsOf, grouped } from '../findings.ts';

/** How a check verified in part begins its <system-out>; scripts/junit-summary.ts counts them by it. */
export const IN_PART_MARK = 'verified in part;';

/** The counts a JUnit reader takes from the attributes of <testsuite> and <testsuites>. */
const countsAttr = (results: RunReport['results']) => {
  const { total, failed, notVerified, assertions } = tally(results);
  return `tests="${total}" failures="${failed}" skipped="${notVerified}" assertions="${assertions}"`;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Result = RunReport['results'][number];

/** One check's testcase: its failures (one element each, named by id), its skip, or its note of a part not exercised. */
function testcase(r: Result): string {
  const body =
    r.status === 'failed'
      ? r.failures.map((f) => `<failure message="${esc(`${f.id ? `${f.id} ` : ''}${f.part ? `[${f.part}] ` : ''}${f.operation ?? ''} ${f.received}`.slice(0, 500))}">${esc([...(f.id ? [`id: ${f.id} (spw replay <report.json> ${f.id})`] : []), ...(f.part ? [`part: ${f.part} (replay it alone: --checks ${unitName(r.name, f.part)})`] : []), `received: ${f.received}`, `documented: ${f.documented}`, `reference: ${sectionLabel(r.sections)}`, f.sequence ? `sequence (seed ${f.seed}):\n${f.sequence.join('\n')}` : '', f.reproduce ? `reproduce:\n${f.reproduce}` : '', f.replay ? `replay: ${f.replay}` : ''].filter(Boolean).join('\n'))}</failure>`).join('')
      : r.status === 'not verified'
        ? `<skipped message="${esc(`not verified: ${r.notes[0] ?? ''}`)}"/>`
        : verifiedInPart(r)
          ? `<system-out>${esc(`${IN_PART_MARK} not exercised: ${r.notes.join('; ')}`)}</system-out>`
          : '';
  // The reference sections and the states used, as properties (JUnit 5 / Surefire readers show them; others ignore them).
  const props = [...r.sections.map((s) => ['reference', s]), ...r.states.map((s) => ['state', s])];
  const properties = props.length ? `<properties>${props.map(([k, v]) => `<property name="${k}" value="${esc(v!)}"/>`).join('')}</properties>` : '';
  return `    <testcase classname="verify.${esc(r.area)}" name="${esc(r.name)}" assertions="${r.assertions}" time="${(r.ms / 1000).toFixed(3)}">${properties}${body}</testcase>`;
}

/**
 * Suites by cause, as every report orders its findings: the counts first (a `findings` suite of properties), then the
 * checks with departures (in the order of their first departure's operation), the operations not implemented, the
 * property checks not verified, and last the other checks by area. Each check is one testcase, once.
 */
export function toJUnit(report: RunReport): string {
  const groups = grouped(report);
  const counts = countsOf(report);
  const suites: string[] = [];
  const countProps = [['departures', counts.departures], ['departureChecks', counts.checks], ['notImplemented', counts.notImplemented], ['notVerified', counts.notVerified]]
    .map(([k, v]) => `<property name="findings.${k}" value="${v}"/>`)
    .join('');
  suites.push(`  <testsuite name="findings" tests="0" failures="0" skipped="0">\n    <properties>${countProps}</properties>\n    <system-out>${esc(countLine(counts))}</system-out>\n  </testsuite>`);
  const placed = new Set<string>();
  const suite = (name: string, results: Result[]) => {
    if (results.length === 0) return;
    for (const r of results) placed.add(r.name);
    suites.push(`  <testsuite name="${esc(name)}" ${countsAttr(results)}>\n${results.map(testcase).join('\n')}\n  </testsuite>`);
  };
  const byName = new Map(report.results.map((r) => [r.name, r]));
  suite('departures', [...new Set(groups.departures.map((d) => d.failure.check))].map((n) => byName.get(n)!).filter(Boolean));
  const unbuilt = groups.notImplemented.filter((n) => n.inScope);
  if (unbuilt.length > 0) {
    const cases = unbuilt.map((n) => `    <testcase classname="verify.implemented" name="${esc(n.operationId)}"><failure message="${esc(`not implemented: ${n.answered} to ${n.calls} call(s)`)}">${esc(`every call answered ${n.answered}; blocked: ${n.blocked.join(', ') || '-'}`)}</failure></testcase>`);
    suites.push(`  <testsuite name="implemented" tests="${unbuilt.length}" failures="${unbuilt.length}" skipped="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  suite('not verified', groups.notVerified.map((n) => byName.get(n.name)!));
  const areas = new Map<string, Result[]>();
  for (const r of report.results) if (!placed.has(r.name)) areas.set(r.area, [...(areas.get(r.area) ?? []), r]);
  for (const [area, results] of areas) suite(area, results);
  suites.push(coverageSuite(report));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="verify ${esc(report.target)}" ${countsAttr(report.results)} time="${(report.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/**
 * Response coverage as its own <testsuite name="coverage">: the percent in a property, and per operation what was reached
 * and asserted, reached only and never reached in <system-out>. Not testcases: coverage is gated by --min-coverage, not counted as tests.
 */
function coverageSuite(report: RunReport): string {
  const c = report.coverage;
  const lines = c.operations.map((o) => `${o.operationId}: asserted ${o.asserted.join(', ') || '-'}; reached only ${o.reachedOnly.join(', ') || '-'}; never reached ${o.neverReached.map((id) => (o.wouldReachWith[id] ? `${id} (states ${o.wouldReachWith[id].join(', ')})` : id)).join(', ') || '-'}${o.unprovokable.length ? `; not counted ${o.unprovokable.map((u) => `${u.id} (${u.why})`).join(', ')}` : ''}`);
  const props = [['percent', c.percent], ['counted', c.counted], ['asserted', c.asserted], ['reachedOnly', c.reachedOnly], ['neverReached', c.neverReached]]
    .map(([k, v]) => `<property name="coverage.${k}" value="${v}"/>`)
    .join('');
  return `  <testsuite name="coverage" tests="0" failures="0" skipped="0">\n    <properties>${props}</properties>\n    <system-out>${esc(lines.join('\n'))}</system-out>\n  </testsuite>`;
}
