// docs/perf.md's tables of the recorded benchmark runs, generated from their JSON (docs/perf/bench.json, written by
// `npm run bench -- --record`; growth.json, busy.json and edge.json by bench:growth, bench:busy and bench:edge with
// `-- --record`; soak.json by `npm run soak -- --requests 60000 --out docs/perf/soak.json`; memory.json by `npm run bench:memory -- --record`; record.json by `npm run bench:record -- --record`), so a figure is written
// once, where the bench put it. `npm run perf:tables` rewrites them between their markers, and
// scripts/generated-sections.test.ts fails when one is out of date.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

const PERF = join(import.meta.dirname, '..', 'docs', 'perf');
const FILE = join(import.meta.dirname, '..', 'docs', 'perf.md');
const read = (name: string): any => JSON.parse(readFileSync(join(PERF, name), 'utf8'));
const recorded = (name: string) => existsSync(join(PERF, name));
const n = (v: number) => v.toLocaleString('en');
const x = (v: number | null | undefined) => (v == null ? '' : `${v.toFixed(1)}x`);

/** Where and how a recorded run was measured, in one line. */
function machine(run: any): string {
  const m = run.machine;
  return `${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node.replace(/^v/, '')}; load ${m.loadAverage[0]} at the start; a busy loop got ${Math.round(m.cpuAvailability.share * 100)} % of a core; ${run.connections} connections, ${run.durationSeconds} s a row`;
}

function throughput(): string {
  const b = read('bench.json');
  const row = (server: string, op: string) => b.rows.find((r: any) => r.server === server && r.operation === op);
  const lines = ['| Request | mock req/s | mock p99 | CPU per answer | Prism req/s | mock / Prism | bare req/s | mock / bare |', '|---|---|---|---|---|---|---|---|'];
  for (const r of b.rows.filter((r: any) => r.server === 'mock')) {
    const ratio = b.ratios.find((q: any) => q.operation === r.operation) ?? {};
    const prism = row('prism', r.operation);
    const bare = row('bare', r.operation);
    const cpu = `${r.cpuMicrosPerRequest} µs${bare ? ` (bare: ${bare.cpuMicrosPerRequest} µs)` : ''}`;
    lines.push(`| ${cell(r.operation)} | ${n(r.requestsPerSecond)} | ${r.p99Ms} ms | ${cpu} | ${prism ? n(prism.requestsPerSecond) : ''} | ${x(ratio.mockOverPrism)} | ${bare ? n(bare.requestsPerSecond) : ''} | ${ratio.mockOverBare == null ? "" : `${ratio.mockOverBare}x`} |`);
  }
  const s = b.startup;
  lines.push('', `Memory (RSS): idle, the checkout ${b.idleMiB.mock} MiB, the package ${b.idleMiB.package} MiB, Prism ${b.idleMiB.prism} MiB; after the load, the mock ${b.memoryMiB.mock} MiB, Prism ${b.memoryMiB.prism} MiB. Start-up to the first 200, median of ${s.mockMs.length}: the checkout ${s.mockMedianMs} ms, the package ${s.packageMedianMs} ms, Prism ${n(s.prismMedianMs)} ms.`);
  lines.push('', `Measured on ${machine(b)}.`);
  return lines.join('\n');
}

function targets(): string {
  const b = read('bench.json');
  const g = read('growth.json');
  const last = g.growth[g.growth.length - 1];
  const rows: Array<[string, string, boolean]> = b.targets.map((t: any) => [t.target, t.figure, t.met]);
  rows.push(['heap per 100,000 stored posts under 100 MiB', `${g.heapMiBPer100kPosts} MiB (growth)`, g.heapMiBPer100kPosts < 100]);
  rows.push([`reads flat from ${n(g.growth[0].posts)} to ${n(last.posts)} posts (a week's read within 1.5x)`, `${last.postsLatencyRatio}x the mean latency at ${n(g.growth[0].posts)} (growth)`, last.postsLatencyRatio <= 1.5]);
  return ['| target | figure | |', '|---|---|---|', ...rows.map(([t, f, met]) => `| ${cell(t)} | ${cell(f)} | ${met ? 'met' : 'missed'} |`)].join('\n');
}

function growth(): string {
  const g = read('growth.json');
  const first = g.rows[0];
  const lines = ['| posts | GET /posts (a week) | mean latency, against the first | CPU per answer, against the first | GET /media (page 1), against the first | heap after seeding |', '|---|---|---|---|---|---|'];
  g.rows.forEach((r: any, i: number) => {
    const ratio = g.growth[i];
    lines.push(`| ${n(r.posts)} | ${n(r.postsWeek.requestsPerSecond)} req/s | ${ratio.postsLatencyRatio}x | ${ratio.postsCpuRatio}x${i === 0 ? ` (${first.postsWeek.cpuMicrosPerRequest} µs)` : ''} | ${ratio.mediaLatencyRatio}x (${n(r.media)} files) | ${r.heapMiB.seeded} MiB |`);
  });
  lines.push('', `Heap per 100,000 posts: ${g.heapMiBPer100kPosts} MiB. Measured on ${machine(g)}.`);
  return lines.join('\n');
}

function busy(): string {
  const b = read('busy.json');
  const lines = ['| Read | seeded req/s | busy req/s | busy / seeded | busy p99 | bytes per answer (busy) | busy with `--state-file` being written: req/s, p99, max |', '|---|---|---|---|---|---|---|'];
  for (const [name, r] of Object.entries<any>(b.rows)) {
    const [s, y, f] = [r.seeded, r.busy, r['busy + state file']];
    lines.push(`| ${cell(name)} | ${n(s.rps)} | ${n(y.rps)} | ${(y.rps / s.rps).toFixed(2)} | ${y.p99} ms | ${(y.bytes / 1000).toFixed(1)} KB | ${n(f.rps)}, ${f.p99} ms, ${f.max} ms |`);
  }
  lines.push('', `Measured on ${machine(b)}.`);
  return lines.join('\n');
}

function edge(): string {
  const e = read('edge.json');
  const lines = ['| step | req/s | CPU per answer (median) | each round | added by the step |', '|---|---|---|---|---|'];
  e.steps.forEach((step: any, i: number) => {
    const added = i === 0 ? '' : `${step.cpuMicrosPerRequest - e.steps[i - 1].cpuMicrosPerRequest} µs`;
    lines.push(`| ${cell(step.name)} | ${n(step.requestsPerSecond)} | ${step.cpuMicrosPerRequest} µs | ${step.rounds.join(', ')} µs | ${added} |`);
  });
  const spread = (step: any) => Math.max(...step.rounds) - Math.min(...step.rounds);
  lines.push('', `Medians of ${e.rounds} alternating rounds; a step's rounds spread over up to ${Math.max(...e.steps.map(spread))} µs, so a difference smaller than that is within the noise. Measured on ${machine(e)}.`);
  return lines.join('\n');
}

function soak(): string {
  const k = read('soak.json');
  const m = k.memoryMiB;
  const f = (v: number) => v.toFixed(1);
  const cols = [...m.samples.map((x: any) => n(x.done)), `then ${k.idleSeconds ?? 15} s idle`];
  const lines = [
    `| after requests | ${cols.join(' | ')} |`,
    `|---|${cols.map(() => '---|').join('')}`,
    `| RSS (MiB) | ${[...m.samples.map((x: any) => f(x.rssMiB)), f(m.idle.rssMiB)].join(' | ')} |`,
    `| heap after a full collection (MiB) | ${[...m.samples.map((x: any) => f(x.heapMiB)), f(m.idle.heapMiB)].join(' | ')} |`,
  ];
  const start = m.samples[0];
  lines.push('', `${n(k.requests)} requests, ${k.concurrency} at a time, in ${f(k.seconds)} s. From the middle of the run to its end RSS grew ${f(m.middleToEnd.rss)} MiB and the heap ${f(m.middleToEnd.heap)} MiB; after the idle the heap holds ${f(m.idle.heapMiB)} MiB, against ${f(start.heapMiB)} MiB before the first request. A busy loop got ${Math.round(k.cpuShare * 100)} % of a core.`);
  return lines.join('\n');
}

function memoryUnderLoad(): string {
  if (!recorded('memory.json')) return '_Not recorded yet: `npm run bench:memory -- --record` on a quiet machine, then `npm run perf:tables`._';
  const m = read('memory.json');
  const b = m.baseline;
  const lines = [`| after round | requests | req/s | answers | RSS (MiB), heap limit ${m.heapLimitMiB} MiB | RSS (MiB), V8's default heap |`, '|---|---|---|---|---|---|', `| (idle) | | | | ${m.idleMiB} | ${b?.idleMiB ?? ''} |`];
  m.rounds.forEach((r: { round: number; requests: number; requestsPerSecond: number; statuses: Record<string, number>; rssMiB: number }, i: number) => lines.push(`| ${r.round} | ${n(r.requests)} | ${n(r.requestsPerSecond)} | ${Object.entries<number>(r.statuses).map(([s, k]) => `${s} ×${n(k)}`).join(', ')} | ${r.rssMiB} | ${b?.rounds[i]?.rssMiB ?? ''} |`));
  lines.push(`| then ${m.idleSeconds} s idle | | | | ${m.endMiB} | ${b?.endMiB ?? ''} |`);
  const ratio = b ? ` (${(m.peakMiB / b.peakMiB).toFixed(2)} × the ${b.peakMiB} MiB of the same load on V8's default heap, measured in the same run)` : '';
  lines.push('', `Requests and answers are those of the run under the limit. Peak RSS ${m.peakMiB} MiB under the limit${ratio}. Measured on ${machine(m)}.`);
  return lines.join('\n');
}

function recordWorkspace(): string {
  if (!recorded('record.json')) return '_Not recorded yet: `npm run bench:record -- --record` on a quiet machine, then `npm run perf:tables`._';
  const r = read('record.json');
  const m = r.machine;
  return [
    '| posts | GET requests | record (s) | scenario (MiB) | start a mock on it (s) | RSS before (MiB) | peak recording (MiB) | peak starting (MiB) |',
    '|---|---|---|---|---|---|---|---|',
    `| ${n(r.posts)} | ${n(r.requests)} | ${r.recordSeconds} | ${r.fileMiB} | ${r.loadSeconds} | ${r.rssBeforeMiB} | ${r.recordPeakMiB} | ${r.loadPeakMiB} |`,
    '',
    `Measured on ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node.replace(/^v/, '')}; load ${m.loadAverage[0]} at the start; a busy loop got ${Math.round(m.cpuAvailability.share * 100)} % of a core.`,
  ].join('\n');
}

const section = (name: string, generate: () => string): GeneratedSection => ({ file: FILE, name, command: 'npm run perf:tables', generate });

export const PERF_TABLES: GeneratedSection[] = [section('perf-throughput', throughput), section('perf-targets', targets), section('perf-growth', growth), section('perf-busy', busy), section('perf-edge', edge), section('perf-soak', soak), section('perf-memory', memoryUnderLoad), section('perf-record', recordWorkspace)];

if (import.meta.main) {
  for (const s of PERF_TABLES) writeSection(s);
  console.log('docs/perf.md: tables written from docs/perf/*.json');
}
