// Prints a Stryker JSON report (npm run mutation writes reports/mutation/mutation.json): the score per file, each file's undetected mutants by why they are left (scripts/mutation-classes.ts), then those no rule explains, by mutator; with --rules, each class's rules and the mutants each took.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CLASSES, describeRule, explains, match, RULES, type Match } from './mutation-classes.ts';

/** The parts of Stryker's mutation-testing-report-schema this script reads. */
interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  location: { start: Position; end: Position };
}
export interface MutationReport {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

export interface FileScore {
  file: string;
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  /** Stryker's mutation score: detected / (detected + undetected); errors and ignored mutants count in neither. */
  score: number;
}

export function fileScores(report: MutationReport): FileScore[] {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const count = (...statuses: Mutant['status'][]) => mutants.filter((m) => statuses.includes(m.status)).length;
      const killed = count('Killed');
      const timeout = count('Timeout');
      const survived = count('Survived');
      const noCoverage = count('NoCoverage');
      const valid = killed + timeout + survived + noCoverage;
      return { file, mutants: mutants.length, killed, timeout, survived, noCoverage, errors: count('CompileError', 'RuntimeError'), score: valid === 0 ? 100 : (100 * (killed + timeout)) / valid };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The source text a mutant replaced. */
function replaced(lines: string[], m: Mutant): string {
  const { start, end } = m.location;
  return start.line === end.line
    ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
    : [(lines[start.line - 1] ?? '').slice(start.column - 1), ...lines.slice(start.line, end.line - 1), (lines[end.line - 1] ?? '').slice(0, end.column - 1)].join(' ');
}

/** The source text a mutant replaced, on one line and cut short. */
function original(source: string, m: Mutant): string {
  return oneLine(replaced(source.split('\n'), m));
}

/** Each undetected mutant of a file with the rule that sorts it and its class (undefined: no rule does). */
export function explain(file: string, source: string, mutants: Mutant[]): Array<{ mutant: Mutant; cls: string | undefined; rule: Match }> {
  const lines = source.split('\n');
  return mutants
    .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
    .map((mutant) => {
      const rule = match(file, lines, mutant, replaced(lines, mutant));
      return { mutant, rule, cls: rule === 'message' ? 'message' : rule?.rule.cls };
    });
}

/**
 * Each class's rules and the undetected mutants each took, as a reviewer reads them: the rule (file, function, the
 * lines or expression it names, why), then its mutants with line, original and replacement. `contract` rules come
 * first: what they took is a gap a check should have closed. Rules that took nothing are left out.
 */
export function rulesListing(report: MutationReport): string {
  const took = new Map<number | 'message', Array<{ file: string; source: string; mutant: Mutant }>>();
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    for (const { mutant, rule } of explain(file, source, mutants)) {
      if (rule === undefined) continue;
      const key = rule === 'message' ? 'message' : rule.index;
      took.set(key, [...(took.get(key) ?? []), { file, source, mutant }]);
    }
  }
  const out: string[] = [];
  const list = (taken: Array<{ file: string; source: string; mutant: Mutant }>) =>
    taken.map(({ file, source, mutant: m }) => `      ${file.split('/').pop()}:${m.location.start.line}:${m.location.start.column}  ${original(source, m)}  →  ${oneLine(m.replacement ?? '')}${m.status === 'NoCoverage' ? ' [no coverage]' : ''}`);
  const order = [...CLASSES].sort((a, b) => Number(b.id === 'contract') - Number(a.id === 'contract'));
  for (const c of order) {
    const rules = RULES.map((rule, index) => ({ rule, index })).filter(({ rule, index }) => rule.cls === c.id && took.has(index));
    const auto = c.id === 'message' && took.has('message');
    if (rules.length === 0 && !auto) continue;
    const total = rules.reduce((n, { index }) => n + took.get(index)!.length, 0) + (auto ? took.get('message')!.length : 0);
    out.push(`[${c.id}] ${c.kind}: ${total} mutant(s)${c.id === 'contract' ? ' — gaps: a check should kill these' : ''}`);
    if (auto) out.push(`  (automatic) a string handed to an error, refusal, notification or description that spec/openapi.yaml does not quote (${took.get('message')!.length})`, ...list(took.get('message')!));
    for (const { rule, index } of rules) out.push(`  ${describeRule(rule)} (${took.get(index)!.length})`, ...list(took.get(index)!));
  }
  return out.join('\n');
}

function oneLine(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function formatReport(report: MutationReport, explainedList = false): string {
  const out: string[] = [];
  const scores = fileScores(report);
  const width = Math.max(4, ...scores.map((s) => s.file.length));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width) : c.padStart(9))).join(' ');
  out.push(row(['file', 'score %', 'mutants', 'killed', 'timeout', 'survived', 'no cov', 'errors']));
  const total = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, mutants: 0 };
  for (const s of scores) {
    out.push(row([s.file, s.score.toFixed(2), String(s.mutants), String(s.killed), String(s.timeout), String(s.survived), String(s.noCoverage), String(s.errors)]));
    for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += s[k];
  }
  const valid = total.killed + total.timeout + total.survived + total.noCoverage;
  const score = valid === 0 ? 100 : (100 * (total.killed + total.timeout)) / valid;
  out.push(row(['all', score.toFixed(2), String(total.mutants), String(total.killed), String(total.timeout), String(total.survived), String(total.noCoverage), String(total.errors)]));

  const byClass = new Map<string, number>();
  let unexplainedTotal = 0;
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const explained = explain(file, source, mutants);
    if (explained.length === 0) continue;
    const undetected = explained.filter((e) => !explains(e.cls)).map((e) => e.mutant);
    const counts = new Map<string, number>();
    for (const { cls } of explained) if (explains(cls)) counts.set(cls, (counts.get(cls) ?? 0) + 1);
    for (const [cls, n] of counts) byClass.set(cls, (byClass.get(cls) ?? 0) + n);
    unexplainedTotal += undetected.length;
    const why = CLASSES.filter((c) => counts.has(c.id)).map((c) => `${c.id} ${counts.get(c.id)}`).join(', ');
    out.push('', `${file}: ${explained.length} not detected; left for a reason: ${explained.length - undetected.length}${why ? ` (${why})` : ''}; not explained: ${undetected.length}`);
    const byMutator = new Map<string, Mutant[]>();
    for (const m of undetected) byMutator.set(m.mutatorName, [...(byMutator.get(m.mutatorName) ?? []), m]);
    const gaps = new Set(explained.filter((e) => e.cls === 'contract').map((e) => e.mutant));
    for (const [mutator, list] of [...byMutator].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
      out.push(`  ${mutator} (${list.length})`);
      for (const m of list.sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)) {
        const mark = `${m.status === 'NoCoverage' ? ' [no coverage]' : ''}${gaps.has(m) ? ' [contract: a gap]' : ''}`;
        out.push(`    ${m.location.start.line}:${m.location.start.column}  ${original(source, m)}  →  ${oneLine(m.replacement ?? '')}${mark}`);
      }
    }
  }
  if (byClass.size > 0 || unexplainedTotal > 0) {
    out.push('', 'Not detected, by why (classes: scripts/mutation-classes.ts, docs/suites.md):');
    for (const c of CLASSES.filter((c) => byClass.has(c.id))) out.push(`  ${String(byClass.get(c.id)).padStart(5)}  ${c.id} (${c.kind}): ${c.title}`);
    out.push(`  ${String(unexplainedTotal).padStart(5)}  not explained (listed above by mutator; a \`contract\` rule's among them are gaps)`);
  }
  if (explainedList) out.push('', 'Rules and the mutants each took:', rulesListing(report));
  return out.join('\n');
}

/**
 * The README's table (the score per file and what is left undetected, with the score of an earlier report of the same
 * files as "before") and docs/suites.md's table of the classes, as markdown.
 */
export function markdownTables(report: MutationReport, before?: MutationReport): string {
  const earlier = new Map(before ? fileScores(before).map((s) => [s.file, s]) : []);
  const pct = (n: number) => `${n.toFixed(1)} %`;
  const rows = ['| file | mutants | before | now | not detected (never reached) | explained | not explained |', '|---|---|---|---|---|---|---|'];
  const sum = { mutants: 0, detected: 0, valid: 0, undetected: 0, noCoverage: 0, explained: 0, beforeDetected: 0, beforeValid: 0 };
  const byClass = new Map<string, Map<string, number>>();
  for (const s of fileScores(report)) {
    const { source, mutants } = report.files[s.file]!;
    const sorted = explain(s.file, source, mutants);
    const explained = sorted.filter((e) => explains(e.cls)).length;
    for (const { cls } of sorted) {
      if (!explains(cls)) continue;
      const files = byClass.get(cls) ?? new Map<string, number>();
      const base = s.file.split('/').pop()!.replace(/\.ts$/, '');
      files.set(base, (files.get(base) ?? 0) + 1);
      byClass.set(cls, files);
    }
    const undetected = s.survived + s.noCoverage;
    const b = earlier.get(s.file);
    const was = b ? `${pct(b.score)}${b.mutants === s.mutants ? '' : ` (of ${b.mutants})`}` : '—';
    rows.push(`| \`${s.file}\` | ${s.mutants} | ${was} | ${pct(s.score)} | ${undetected} (${s.noCoverage}) | ${explained} | ${undetected - explained} |`);
    sum.mutants += s.mutants;
    sum.detected += s.killed + s.timeout;
    sum.valid += s.killed + s.timeout + undetected;
    sum.undetected += undetected;
    sum.noCoverage += s.noCoverage;
    sum.explained += explained;
    if (b) {
      sum.beforeDetected += b.killed + b.timeout;
      sum.beforeValid += b.killed + b.timeout + b.survived + b.noCoverage;
    }
  }
  const score = (d: number, v: number) => (v === 0 ? 100 : (100 * d) / v);
  const wasAll = sum.beforeValid > 0 ? pct(score(sum.beforeDetected, sum.beforeValid)) : '—';
  rows.push(`| all | ${sum.mutants} | ${wasAll} | ${pct(score(sum.detected, sum.valid))} | ${sum.undetected} (${sum.noCoverage}) | ${sum.explained} | ${sum.undetected - sum.explained} |`);

  const classes = ['| class | why it stays | mutants | by file | example |', '|---|---|---|---|---|'];
  for (const c of CLASSES.filter((c) => byClass.has(c.id))) {
    const files = [...byClass.get(c.id)!].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const total = files.reduce((n, [, k]) => n + k, 0);
    classes.push(`| \`${c.id}\` | ${c.kind}: ${c.title} | ${total} | ${files.map(([f, n]) => `${f} ${n}`).join(', ')} | ${c.example} |`);
  }
  return `${rows.join('\n')}\n\n${classes.join('\n')}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --explained also lists the mutants each class explains and each rule with the mutants it took; --rules prints only
  // that listing; --markdown [--before <earlier report>] prints the README's and docs/suites.md's tables instead.
  const args = process.argv.slice(2);
  const at = args.indexOf('--before');
  const before = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const file = args.find((a) => !a.startsWith('--')) ?? 'reports/mutation/mutation.json';
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as MutationReport;
  console.log(args.includes('--markdown') ? markdownTables(read(file), before ? read(before) : undefined) : args.includes('--rules') ? rulesListing(read(file)) : formatReport(read(file), args.includes('--explained')));
}
