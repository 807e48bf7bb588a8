// The four reports of one run group its findings by cause in one order, and count them with the same words: a server
// built area by area (posts and the wallet; everything else a 501), with a fault in what it built, gives departures,
// operations not implemented and checks not verified, and the terminal, the HTML, JUnit and the JSON agree on each.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../mocks/http/app.ts';
import { MockClock } from '../../mocks/domain/clock.ts';
import { createOperationMatcher } from '../../spec/operation-match.ts';
import { apiBasePath } from '../../spec/load.ts';
import { getValidator } from '../../spec/validator.ts';
import '../checks/index.ts';
import { scopeOf } from '../implemented.ts';
import { IN_PROCESS_ORIGIN, IN_PROCESS_T0 } from '../in-process.ts';
import { runChecks, type RunReport } from '../runner.ts';
import { createTarget } from '../target.ts';
import { mergeCommand } from '../verify.ts';

const BUILT = scopeOf(['posts', 'wallet'], undefined)!;

/** The mock with a fault, behind a router that answers 501 to every operation it has not built. */
async function partialServer() {
  const app = createMockApp({ seed: 42, clock: new MockClock({ frozenAt: IN_PROCESS_T0 }), faults: ['double-charge', 'refusal-still-saves'] });
  const matcher = createOperationMatcher(getValidator(), apiBasePath());
  const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const m = matcher.match(request.method, new URL(request.url).pathname);
    if (m.kind === 'operation' && !BUILT.has(m.op.operationId)) return Response.json({ error: 'Not Implemented' }, { status: 501 });
    return app.fetch(request);
  }) as typeof fetch;
  return createTarget({ target: IN_PROCESS_ORIGIN + apiBasePath(), control: `${IN_PROCESS_ORIGIN}/_mock`, transport });
}

let terminal = '';
let html = '';
let junit = '';
let json: RunReport;

beforeAll(async () => {
  const report = await runChecks(await partialServer(), { seed: 7, runs: 1, checks: ['estimate_equals_charge', 'refusal_saves_nothing', 'media_paging', 'media_search', 'brief_patch_semantics', 'skills_filtered_by_tag_and_search'] });
  const dir = mkdtempSync(join(tmpdir(), 'spw-counts-'));
  const files = { json: join(dir, 'r.json'), junit: join(dir, 'r.xml'), html: join(dir, 'r.html') };
  // What verify and report merge end with: the terminal summary, and the three files.
  mergeCommand(report, 1, files, new Writable({ write: (c, _e, d) => ((terminal += String(c)), d()) }));
  json = JSON.parse(readFileSync(files.json, 'utf8')) as RunReport;
  html = readFileSync(files.html, 'utf8');
  junit = readFileSync(files.junit, 'utf8');
}, 120_000);

describe('the reports of one run', () => {
  it('count departures, operations not implemented and checks not verified alike, with the same words', () => {
    const c = json.findings!.counts;
    // The run is one with something in each group.
    expect(c.departures).toBeGreaterThanOrEqual(2);
    expect(c.checks).toBeGreaterThanOrEqual(2);
    expect(c.notImplemented).toBeGreaterThanOrEqual(2);
    expect(c.notVerified).toBeGreaterThanOrEqual(2);
    const line = json.findings!.line;
    expect(line).toBe(`${c.departures} departures in ${c.checks} checks, ${c.notImplemented} operations not implemented, ${c.notVerified} checks not verified`);
    expect(/Findings: (.*)\n/.exec(terminal)?.[1]).toBe(line);
    expect(/<p id="counts">Findings: (.*?)<\/p>/.exec(html)?.[1]).toBe(line);
    expect(/<testsuite name="findings"[^]*?<system-out>(.*?)<\/system-out>/.exec(junit)?.[1]).toBe(line);
    const prop = (name: string) => Number(new RegExp(`<property name="findings\\.${name}" value="(\\d+)"/>`).exec(junit)?.[1]);
    expect([prop('departures'), prop('departureChecks'), prop('notImplemented'), prop('notVerified')]).toEqual([c.departures, c.checks, c.notImplemented, c.notVerified]);
  });

  it('list the departures by the same ids in the same order (by operation), then what is not implemented, then what is not verified', () => {
    const ids = json.findings!.departures.map((d) => d.id);
    expect(ids).toEqual(ids.map((_, i) => `F${i + 1}`));
    const ops = json.findings!.departures.map((d) => d.operation ?? '~');
    expect(ops).toEqual([...ops].sort());
    expect([...terminal.matchAll(/^ {2}(F\d+)\) /gm)].map((m) => m[1])).toEqual(ids);
    expect([...html.matchAll(/<details id="failure-(F\d+)"/g)].map((m) => m[1])).toEqual(ids);
    expect([...junit.matchAll(/<failure message="(F\d+) /g)].map((m) => m[1]).sort()).toEqual([...ids].sort());
    // Each format puts the groups in one order: departures, not implemented, not verified.
    const order = (text: string, marks: string[]) => marks.map((m) => text.indexOf(m));
    const increasing = (xs: number[]) => xs.every((x, i) => x >= 0 && (i === 0 || x > xs[i - 1]!));
    expect(increasing(order(terminal, ['Departures: ', 'Not implemented: ', 'Not verified: ']))).toBe(true);
    expect(increasing(order(html, ['<section id="departures">', '<section id="not-implemented">', '<section id="not-verified">']))).toBe(true);
    expect(increasing(order(junit, ['<testsuite name="departures"', '<testsuite name="implemented"', '<testsuite name="not verified"']))).toBe(true);
    expect(Object.keys(json.findings!)).toEqual(['line', 'counts', 'departures', 'notImplemented', 'notVerified']);
    // The same operations not implemented and checks not verified in each.
    for (const n of json.findings!.notImplemented) {
      expect(terminal).toContain(n.operationId);
      expect(html).toContain(`<code>${n.operationId}</code>`);
    }
    for (const n of json.findings!.notVerified) {
      expect(terminal).toMatch(new RegExp(`^ {2}${n.check}: `, 'm'));
      expect(html.slice(html.indexOf('<section id="not-verified">'))).toContain(`<code>${n.check}</code>`);
      expect(junit.slice(junit.indexOf('<testsuite name="not verified"'))).toContain(`name="${n.check}"`);
    }
  });
});
