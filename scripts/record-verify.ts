// Records what the mock answered to a run of the suites, and replays the same requests against the mock as it is now,
// to show a refactoring changed no answer, byte for byte. The recording holds every request `verify --in-process`
// sent (in order, bodies as bytes) and every answer (status, headers, body bytes).
// Usage:
//   node scripts/record-verify.ts --record reports/verify-seed7.jsonl [--seed 7 --runs 10]
//   node scripts/record-verify.ts --replay reports/verify-seed7.jsonl
// Record on the old tree (a git worktree), replay on the new one: the requests stay those of the old suites.
import { readFileSync, writeFileSync } from 'node:fs';
import { MockClock } from '../mocks/domain/clock.ts';
import { createMockApp, CONTROL_PATH, type MockApp } from '../mocks/http/app.ts';
import { apiBasePath } from '../spec/load.ts';
import { runChecks } from '../suites/runner.ts';
import { createTarget } from '../suites/target.ts';
import { arg } from './lib/processes.ts';

/** As suites/in-process.ts makes it: the same origin, seed and frozen start. */
const ORIGIN = 'http://mock.in-process';
const T0 = Date.parse('2026-01-05T09:00:00.000Z');
const freshMock = (): MockApp => createMockApp({ seed: 42, clock: new MockClock({ frozenAt: T0 }) });

interface Recorded {
  request: { method: string; url: string; headers: [string, string][]; body: string | null };
  response: { status: number; headers: [string, string][]; body: string };
}

const b64 = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64');

async function answer(app: MockApp, request: Request): Promise<Recorded['response']> {
  const res = await app.fetch(request);
  return { status: res.status, headers: [...res.headers], body: b64(await res.arrayBuffer()) };
}

async function record(file: string, seed: number, runs: number): Promise<void> {
  const app = freshMock();
  const lines: string[] = [];
  const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.clone().arrayBuffer() : null;
    const headers = [...request.headers];
    // In arrival order: two requests sent at once (a ticket race) replay in the order the mock received them.
    const at = lines.push('') - 1;
    const response = await answer(app, request);
    lines[at] = JSON.stringify({ request: { method: request.method, url: request.url, headers, body: body && b64(body) }, response } satisfies Recorded);
    return new Response(response.status === 204 || response.status === 304 ? null : Buffer.from(response.body, 'base64'), { status: response.status, headers: response.headers });
  }) as typeof fetch;
  const target = await createTarget({ target: ORIGIN + apiBasePath(), control: ORIGIN + CONTROL_PATH, transport, label: 'recorded in-process mock' });
  const report = await runChecks(target, { seed, runs });
  await app.state.settle();
  writeFileSync(file, `${lines.join('\n')}\n`);
  const failed = report.results.filter((r) => r.status === 'failed').length;
  console.log(`recorded ${lines.length} exchanges of ${report.results.length} checks (${failed} failed) to ${file}`);
}

async function replay(file: string): Promise<void> {
  const app = freshMock();
  const recorded = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Recorded);
  const differences: string[] = [];
  for (const [i, { request, response }] of recorded.entries()) {
    const now = await answer(app, new Request(request.url, { method: request.method, headers: request.headers, body: request.body === null ? null : Buffer.from(request.body, 'base64') }));
    const what: string[] = [];
    if (now.status !== response.status) what.push(`status ${response.status} → ${now.status}`);
    if (JSON.stringify(now.headers) !== JSON.stringify(response.headers)) what.push(`headers ${JSON.stringify(response.headers)} → ${JSON.stringify(now.headers)}`);
    if (now.body !== response.body) {
      const [a, b] = [Buffer.from(response.body, 'base64').toString(), Buffer.from(now.body, 'base64').toString()];
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      what.push(`body differs at byte ${at}: …${a.slice(Math.max(0, at - 60), at + 80)} → …${b.slice(Math.max(0, at - 60), at + 80)}`);
    }
    if (what.length) differences.push(`#${i + 1} ${request.method} ${new URL(request.url).pathname}: ${what.join('; ')}`);
  }
  await app.state.settle();
  console.log(`replayed ${recorded.length} exchanges: ${recorded.length - differences.length} identical, ${differences.length} different`);
  for (const d of differences.slice(0, Number(arg('show', '20')))) console.log(`  ${d}`);
  process.exitCode = differences.length ? 1 : 0;
}

const recordTo = arg('record');
const replayFrom = arg('replay');
if (recordTo) await record(recordTo, Number(arg('seed', '7')), Number(arg('runs', '10')));
else if (replayFrom) await replay(replayFrom);
else {
  console.error('usage: node scripts/record-verify.ts --record <file> [--seed 7 --runs 10] | --replay <file>');
  process.exitCode = 2;
}
