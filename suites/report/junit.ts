// JUnit XML: one testsuite per area, one testcase per check; failures carry received, documented and the reproduction.
import type { RunReport } from '../runner.ts';
import { tally, verifiedInPart } from './terminal.ts';

/** How a check verified in part begins its <system-out>; scripts/junit-summary.ts counts them by it. */
export const IN_PART_MARK = 'verified in part;';

/** The counts a JUnit reader takes from the attributes of <testsuite> and <testsuites>. */
const counts = (results: RunReport['results']) => {
  const { total, failed, notVerified, assertions } = tally(results);
  return `tests="${total}" failures="${failed}" skipped="${notVerified}" assertions="${assertions}"`;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function toJUnit(report: RunReport): string {
  const areas = new Map<string, RunReport['results']>();
  for (const r of report.results) areas.set(r.area, [...(areas.get(r.area) ?? []), r]);
  const suites = [...areas].map(([area, results]) => {
    const cases = results.map((r) => {
      const body =
        r.status === 'failed'
          ? r.failures.map((f) => `<failure message="${esc(`${f.operation ?? ''} ${f.received}`.slice(0, 500))}">${esc([`received: ${f.received}`, `documented: ${f.documented}`, f.sequence ? `sequence (seed ${f.seed}):\n${f.sequence.join('\n')}` : '', f.reproduce ? `reproduce:\n${f.reproduce}` : ''].filter(Boolean).join('\n'))}</failure>`).join('')
          : r.status === 'not verified'
            ? `<skipped message="${esc(`not verified: ${r.notes[0] ?? ''}`)}"/>`
            : verifiedInPart(r)
              ? `<system-out>${esc(`${IN_PART_MARK} not exercised: ${r.notes.join('; ')}`)}</system-out>`
              : '';
      return `    <testcase classname="verify.${esc(area)}" name="${esc(r.name)}" assertions="${r.assertions}" time="${(r.ms / 1000).toFixed(3)}">${body}</testcase>`;
    });
    return `  <testsuite name="${esc(area)}" ${counts(results)}>\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="verify ${esc(report.target)}" ${counts(report.results)} time="${(report.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
