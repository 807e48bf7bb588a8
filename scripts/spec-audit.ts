// The spec audit: every (operation, status) of spec/openapi.yaml against the API reference, the
// only authority on behaviour. For each pair it finds the reference lines that document it, or names the mock decision
// (a hand-written reason below) where no line does, and writes the table to docs/spec-audit.md. It also lists what the
// reference documents that the spec lacks (a status, an endpoint).
//
//   npm run spec:audit                      write docs/spec-audit.md (reference at ../shared/reference/public-api.md)
//   npm run spec:audit -- <path>            the same with the reference at <path>
//   npm run spec:audit -- --check [<path>]  fail when docs/spec-audit.md is stale, a pair has neither a reference
//                                           line nor a decision, or a decision, phrase or finding no longer applies
//
// How a status is found documented for an operation (reference sections as numbered there):
// - 200: the operation's row in section 4 (method and path, `{x}` written `<x>`).
// - a status the row names (Notes, Errors or Output column);
// - a status a section 4.x states for all its rows (its heading or a line outside its table: "All brief endpoints
//   answer 402", "4.8 AI generation (paid plans only; 402 otherwise)");
// - 401: section 4's intro ("answers 401 when it is missing or invalid") with section 5 (every endpoint but the ones
//   item 1 excepts needs the header; item 3: the 401 messages);
// - a status in a sentence (or table row) outside section 4 that names the endpoint (section 3's transitions, section
//   7's table and 402 list, section 8's rate limit), or a phrase of PHRASES that stands for it ("the upload endpoints");
// Section 7's table row for the status (what the body is) is cited beside every 4xx, but on its own it documents no
// operation: a 4xx only section 7's general row grounds is a mock decision, with its reason in DECISIONS.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';

export const ROOT = join(import.meta.dirname, '..');
export const DEFAULT_REFERENCE = resolve(ROOT, '..', 'shared', 'reference', 'public-api.md');
export const AUDIT_DOC = join(ROOT, 'docs', 'spec-audit.md');
const SPEC = join(ROOT, 'spec', 'openapi.yaml');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The statuses no reference line gives the operation, each with why the spec has it. All rest on section 7's general
 * rows ("Invalid request or validation failure", "Not found"), which the spec applies as its Errors section says: 400
 * on every operation taking input a schema can check, 404 on every operation whose path names a resource.
 */
export const DECISIONS: Record<string, string> = {
  'triggerIntegrationTool 400': 'a body without `methodName` (the row\'s "required") or with a `data` value that is not a string is an invalid request; the row names only 404',
  'deleteIntegration 404': 'an unknown channel id, as `GET /integration-settings/<id>` answers for one ("404 when not found"); the row names no status',
  'findSlot 404': 'an unknown channel id, as `GET /integration-settings/<id>` answers for one; the row names no status',
  'changePostStatus 404': 'an unknown post id; the row names 400 and 402 only',
  'setPostReleaseId 400': 'a body without `releaseId` (the row\'s "required"); the row names no status',
  'setPostReleaseId 404': 'an unknown post id; the row names no status',
  'listMissingReleases 404': 'an unknown post id; the row names no status',
  'deletePost 400': '`deleteFromPlatform` other than `true` or `false` (the row\'s values); the row names no status',
  'deletePost 404': 'an unknown post id; the row names no status',
  'deletePostGroup 400': '`deleteFromPlatform` other than `true` or `false` ("same query" as `DELETE /posts/<id>`)',
  'deletePostGroup 404': 'an unknown group id; the row names no status',
  'createUploadTicket 400': 'a body that is not an object, or a `purpose` that is not a string (any string is a purpose); the row names no status',
  'listMedia 400': '`page` not an integer of at least 1 (the row\'s "min 1"); the row names no status',
  'deleteMedia 404': 'an unknown media id; the row names no status',
  'getChannelAnalytics 400': '`date` left out (the row\'s "required") or `fresh` other than `true` or `false`',
  'getChannelAnalytics 404': 'an unknown channel id; the row names 402 only',
  'getPostAnalytics 400': '`date` left out (the row\'s "required")',
  'getPostAnalytics 404': 'an unknown post id (a known post not linked to its network message answers 200 `{missing: true}`)',
  'listNotifications 400': '`page` not an integer of at least 0 (the row\'s "min 0"); the row names no status',
  'listWalletTransactions 400': '`page` below 0, `size` outside "1 to 100" (the row and section 8) or a `type` outside the six listed; the row names no status',
  'saveBriefDocument 404': 'a category `GET /brief/schema` does not list; the row names only 400 (and section 4.7 402)',
  'deleteBriefDocument 404': 'a document that does not exist (400 is a category that does not allow deleting, as the row says)',
  'generateVideo 400': 'a body that is not a JSON object (the row\'s "body: object"); the row names no status',
  'runVideoFunction 400': 'a body without `identifier` or `functionName` (the row\'s "required")',
};

/** Phrases of the reference that stand for endpoints without naming them, on a line that gives a status. */
export const PHRASES: Array<{ words: string; endpoints?: string[]; sections?: string[]; why: string }> = [
  {
    words: 'the upload endpoints',
    endpoints: ['POST /upload', 'POST /upload-from-url', 'POST /upload-ticket/<token>', 'POST /brief-upload/<token>'],
    why: 'the four that take a file, each of whose section 4.3 rows names 402; minting a ticket (`POST /upload-ticket`) uploads and stores nothing',
  },
  { words: 'analytics with `fresh=true` on a charged channel', endpoints: ['GET /analytics/<integration>'], why: '`fresh` is a query of the channel analytics row (section 4.4)' },
  { words: 'skills and brief endpoints', sections: ['4.6', '4.7'], why: 'the rows of sections 4.6 (Skills) and 4.7 (Brief)' },
  { words: 'The brief and skills endpoints', sections: ['4.6', '4.7'], why: 'the rows of sections 4.6 (Skills) and 4.7 (Brief)' },
  { words: 'AI endpoints', sections: ['4.8'], why: 'the rows of section 4.8 (AI generation)' },
];

/**
 * What the audit found beyond the table: disagreements between the spec and the reference (fixed or not) and readings
 * the spec makes. `quote` locates the reference line, so a finding goes stale (and --check fails) when its words go.
 */
export const FINDINGS: Array<{ quote?: string; text: string }> = [
  {
    quote: 'or the string `No additional settings required`',
    text: 'Fixed. `GET /integration-settings/{id}` answered `output.settings` as a JSON schema object or any string; the reference allows only the string `No additional settings required`, so the string branch is now that `const` (the mock and the `settings_schema_describes_the_provider` check already held to it).',
  },
  {
    quote: 'the upload endpoints',
    text: 'Read, not changed. Section 7 lists "the upload endpoints" among those answering 402; the spec reads it as the four operations that take a file (each of their section 4.3 rows names 402), not `POST /upload-ticket`, whose row names no status and which stores nothing ("Storage above the free amount is paid at upload").',
  },
  {
    quote: 'Upload image size',
    text: 'Read, not changed. Section 8 gives the upload size limits (10 MB, 1 GB) but no status for a file over them; the spec answers 400 ("Invalid request") and keeps 413 for what section 7 says it is, a full free library.',
  },
  {
    quote: '`Error`: `statusCode` integer, `msg` string, `message` string or array of string',
    text: 'Mock decision, kept. The reference marks no field of `Error` required; the spec asks for at least one of `msg` and `message` (a body with neither says nothing), as `Error`\'s description says.',
  },
  {
    quote: 'published immediately',
    text: 'Read by the suites as every careful implementer may read it. Section 3 says a `now` post is "published immediately"; a server may publish it within the request or hand it to a queue that publishes it a moment later. The suites accept `PUBLISHED` or still on the schedule (`QUEUE`) right after the answer, never `DRAFT`, and expect `PUBLISHED` once time has passed (suites/models/posts: the `publishing` state); a check that judges the publication or its webhook waits for it, up to `--publish-wait` (variation `async-publisher`).',
  },
  {
    quote: 'Item of `image`: `id` string (required), `path` string (required), `alt` string, `thumbnail` string.',
    text: 'Read, widened. Section 2.4 types an image item\'s `alt` and `thumbnail` as string, while section 2.6 gives the Media a client uploads first (and is told to use) `alt` and `thumbnail` as string|null: a client that puts the upload\'s answer into `value[].image` sends null. The spec accepts null there (the mock stores it); the suites send neither and hold no server to accepting null, since the reference types the field string.',
  },
  {
    quote: '`topUpUrl` uri.',
    text: 'Read, not required. Section 2.8 lists the estimate\'s fields and marks none required (where it means required it says so, as for WalletSummary\'s `usesWallet` and `balance`), nor says when `topUpUrl` is given; the service gives it only when the estimate is short. The spec takes the other fields as always present and leaves `topUpUrl` optional, so a server following the service is not failed; the mock gives it always, and the variation `estimate-top-up-url-when-short` proves the suites take either.',
  },
  {
    quote: 'Response (200): array of `{postId: string, integration: string}`, both required.',
    text: 'Read by the suites as every careful implementer may read it. How many entries, and for which items, is not said: one per entry of `posts`, or one per item of each entry\'s `value` (the post, then its thread items) are both accepted, the post first (variation `one-id-per-item`, docs/variations.md).',
  },
  {
    quote: 'For `POST /posts` validation the body may instead be',
    text: 'Read by the suites as every careful implementer may read it. A settings problem may answer either shape; the two are one outcome in the coverage (`x-server-chooses` in the spec), and the channel may be named in `name`/`provider` or in the `Error` message (variation `settings-error-as-error`).',
  },
  {
    quote: 'Forecast of paid usage in the next hours',
    text: 'Read by the suites as every careful implementer may read it. `forecast` is `object|null`: a server that gives no forecast passes the forecast checks on that alone (variation `forecast-null`); one that gives a forecast is held to what it counts.',
  },
  {
    quote: 'Invalid request or validation failure',
    text: 'Read by the suites as every careful implementer may read it. A path that is not valid percent-encoding (`/posts/%ZZ/missing`) is an invalid request before anything is looked up: a 400 in the `Error` shape is accepted on any operation, as is the operation\'s 404 (variation `malformed-escape-400`).',
  },
  {
    text: 'Mock decision, kept. Where a response object\'s fields are listed with no Required column (post summary, delete result, wallet transactions, estimate, skills, brief), the spec takes every listed field as always present, nullable ones as null, as its "How to read this document" says; where the reference gives no type (a price item\'s `key`, `name`, `provider`, `unit`, `pricingModel`, `howCharged`) the spec writes string.',
  },
];

interface Citation {
  /** The line it was found on: how citations are told apart, never written into the audit (a line added above it would rewrite every citation below). */
  line: number;
  quote: string;
  /** The reference section it stands in (`4.3`, `7`): what the audit cites, with the quote. */
  section?: string;
}

interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** `METHOD /path` with every path parameter written `<>`: how the reference and the spec are matched. */
  key: string;
  statuses: string[];
}

export interface AuditRow {
  operationId: string;
  endpoint: string;
  status: string;
  citations: Citation[];
  /** Section 7's row for the status, cited beside what documents it (or beside the decision). */
  general?: Citation;
  decision?: string;
}

export interface Audit {
  referenceName: string;
  rows: AuditRow[];
  /** What the reference documents that the spec lacks, and anything else `--check` fails on. */
  problems: string[];
  findings: Array<{ citation?: Citation; text: string }>;
}

const normalise = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/[{<][^}>]*[}>]/g, '<>').replace(/\.$/, '')}`;
const STATUS = /(?<![\w.])([45]\d\d)(?!\w)/g;
const MENTION = /\b(GET|POST|PUT|PATCH|DELETE) (\/[\w\-./<>{}]*)/g;
const statusesIn = (text: string) => [...new Set([...text.matchAll(STATUS)].map((m) => m[1]!))];
const mentionsIn = (text: string) => [...new Set([...text.matchAll(MENTION)].map((m) => normalise(m[1]!, m[2]!)))];
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

/** The shortest part of `segments` (table cells, or one line) that holds `needle`: its sentence or `;` clause, cut down around `needle` when long. */
function clauseWith(segments: string[], needle: string): { index: number; text: string } | undefined {
  const index = segments.findIndex((s) => s.includes(needle));
  if (index < 0) return undefined;
  const whole = segments[index]!;
  if (whole.length <= 130) return { index, text: whole };
  const clause = (whole.split(/(?<=[.;])\s+/).find((c) => c.includes(needle)) ?? whole).replace(/[;,]$/, '');
  if (clause.length <= 130) return { index, text: clause };
  // A long list: its lead, then the item that holds the needle.
  const items = clause.split(/,\s+/);
  const at = items.findIndex((i) => i.includes(needle));
  return { index, text: at <= 0 ? items[0]! : `${items[0]} … ${items[at]}` };
}

/** The words of a unit that say `status` (and, when elsewhere in it, `needle`), in the unit's order. */
function quote(segments: string[], status: string, needle?: string): string {
  const s = clauseWith(segments, status);
  const n = needle ? clauseWith(segments, needle) : undefined;
  if (!s) return n?.text ?? segments.join(' ');
  if (!n || s.text.includes(needle!)) return s.text;
  if (n.text.includes(status)) return n.text;
  return n.index < s.index || (n.index === s.index && segments[n.index]!.indexOf(needle!) < segments[s.index]!.indexOf(status)) ? `${n.text} … ${s.text}` : `${s.text} … ${n.text}`;
}

interface RefLine {
  n: number;
  text: string;
  /** `4`, `4.3`, `7`... (`0` before the first section). */
  section: string;
  table: boolean;
}

interface RefRow {
  n: number;
  key: string;
  section: string;
  cells: string[];
  columns: string[];
}

function readReference(text: string): { lines: RefLine[]; rows: RefRow[] } {
  const lines: RefLine[] = [];
  const rows: RefRow[] = [];
  let section = '0';
  let columns: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\b/.exec(raw);
    if (heading) section = heading[1]!;
    const table = raw.trimStart().startsWith('|');
    lines.push({ n: i + 1, text: raw, section, table });
    if (!table) {
      columns = [];
      return;
    }
    const cells = cellsOf(raw);
    if (cells.every((c) => /^:?-+:?$/.test(c))) return;
    if (columns.length === 0) {
      columns = cells;
      return;
    }
    const endpoint = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(cells[0]!);
    if (section.startsWith('4.') && endpoint) rows.push({ n: i + 1, key: normalise(endpoint[1]!, endpoint[2]!), section, cells, columns });
  });
  return { lines, rows };
}

function readSpec(text: string): SpecOperation[] {
  const doc = parse(text) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const statuses = Object.keys(op.responses).sort();
      out.push({ operationId: op.operationId, method: method.toUpperCase(), path, key: normalise(method, path), statuses });
    }
  }
  return out;
}

export function audit(referenceText: string, specText: string, referenceName = 'public-api.md'): Audit {
  const { lines, rows } = readReference(referenceText);
  const ops = readSpec(specText);
  const problems: string[] = [];
  const documented = new Map<string, Map<string, Citation[]>>();
  const cite = (key: string, status: string, c: Citation) => {
    const byStatus = documented.get(key) ?? new Map<string, Citation[]>();
    documented.set(key, byStatus);
    const list = byStatus.get(status) ?? [];
    if (!list.some((x) => x.line === c.line)) list.push(c);
    byStatus.set(status, list);
  };

  // Section 4: each row documents its 200 and the statuses it names; a 4.x line outside the table, all its rows'.
  for (const row of rows) {
    const output = row.columns.findIndex((c) => /^Output/.test(c));
    cite(row.key, '200', { line: row.n, quote: `${row.cells[0]} … ${row.cells[output] ?? ''}` });
    const rest = row.cells.slice(1);
    for (const status of statusesIn(rest.join(' | '))) cite(row.key, status, { line: row.n, quote: `${row.cells[0]} … ${quote(rest, status)}` });
  }
  for (const line of lines.filter((l) => l.section.startsWith('4.') && !l.table)) {
    for (const status of statusesIn(line.text)) {
      for (const row of rows.filter((r) => r.section === line.section)) cite(row.key, status, { line: line.n, quote: quote([line.text.replace(/^#+\s*/, '')], status) });
    }
  }

  // 401: section 4's intro with section 5's list of the endpoints that need no key, and its messages.
  const intro = lines.find((l) => l.section === '4' && /\b401\b/.test(l.text));
  const except = lines.find((l) => l.section === '5' && /^1\.\s+Every endpoint except/.test(l.text));
  const messages = lines.find((l) => l.section === '5' && /\b401\b/.test(l.text));
  if (!intro || !except || !messages) problems.push('section 4\'s 401 sentence, section 5\'s "1. Every endpoint except" or its 401 messages were not found');
  else {
    const open = new Set(mentionsIn(except.text));
    for (const row of rows.filter((r) => !open.has(r.key))) {
      cite(row.key, '401', { line: intro.n, quote: quote([intro.text], '401') });
      cite(row.key, '401', { line: except.n, quote: except.text.replace(/^1\.\s+/, '').replace(/ carrying .*$/, '') });
      cite(row.key, '401', { line: messages.n, quote: quote([messages.text.replace(/^\d\.\s+/, '')], '401') });
    }
  }

  // Outside section 4: a status in the same sentence (or table row) as an endpoint, or on a line with a phrase for some.
  const sectionsOf = (sections: string[]) => rows.filter((r) => sections.includes(r.section)).map((r) => r.key);
  const phraseSeen = new Set<string>();
  for (const line of lines.filter((l) => !l.section.startsWith('4'))) {
    const units = line.table ? [cellsOf(line.text)] : line.text.replace(/^\s*(?:[-*]|\d+\.)\s+/, '').split(/(?<=\.)\s+(?=[A-Z`])/).map((s) => [s]);
    for (const unit of units) {
      const statuses = statusesIn(unit.join(' | '));
      if (statuses.length === 0) continue;
      for (const key of mentionsIn(unit.join(' | '))) {
        const needle = [...unit.join(' | ').matchAll(MENTION)].find((m) => normalise(m[1]!, m[2]!) === key)![0];
        for (const status of statuses) cite(key, status, { line: line.n, quote: quote(unit, status, needle) });
      }
    }
    const statuses = statusesIn(line.text);
    for (const p of PHRASES.filter((ph) => statuses.length > 0 && line.text.includes(ph.words))) {
      phraseSeen.add(p.words);
      for (const key of [...(p.endpoints ?? []).map((e) => normalise(e.split(' ')[0]!, e.split(' ')[1]!)), ...sectionsOf(p.sections ?? [])]) {
        for (const status of statuses) cite(key, status, { line: line.n, quote: quote([line.text.replace(/^\s*(?:[-*]|\d+\.)\s+/, '')], status, p.words) });
      }
    }
  }
  for (const p of PHRASES) if (!phraseSeen.has(p.words)) problems.push(`PHRASES: "${p.words}" is on no line of the reference that gives a status`);

  // Section 7's table: what each 4xx's body is.
  const general = new Map<string, Citation>();
  for (const line of lines.filter((l) => l.section === '7' && l.table)) {
    const cells = cellsOf(line.text);
    if (/^[45]\d\d$/.test(cells[0]!)) general.set(cells[0]!, { line: line.n, quote: cells[1]! });
  }

  const out: AuditRow[] = [];
  const used = new Set<string>();
  for (const op of ops) {
    if (!rows.some((r) => r.key === op.key)) problems.push(`${op.operationId} (${op.method} ${op.path}): no row of section 4 has this method and path`);
    for (const status of op.statuses) {
      const citations = documented.get(op.key)?.get(status) ?? [];
      const decision = DECISIONS[`${op.operationId} ${status}`];
      const row: AuditRow = { operationId: op.operationId, endpoint: `${op.method} ${op.path}`, status, citations, general: general.get(status) };
      if (decision !== undefined) used.add(`${op.operationId} ${status}`);
      if (citations.length > 0) {
        if (decision !== undefined) problems.push(`DECISIONS["${op.operationId} ${status}"]: the reference documents it (${citations.map((c) => `${referenceName}:${c.line}`).join(', ')}); remove the decision`);
      } else if (decision !== undefined) row.decision = decision;
      else problems.push(`${op.operationId} ${status} (${op.method} ${op.path}): no reference line documents it and DECISIONS has no reason for it`);
      out.push(row);
    }
    // The other way: statuses the reference gives the operation that the spec lacks.
    for (const [status, citations] of documented.get(op.key) ?? []) {
      if (!op.statuses.includes(status)) problems.push(`${op.operationId} (${op.method} ${op.path}): the reference documents ${status} (${citations.map((c) => `${referenceName}:${c.line}`).join(', ')}) and the spec does not`);
    }
  }
  for (const key of Object.keys(DECISIONS)) if (!used.has(key)) problems.push(`DECISIONS["${key}"]: the spec has no such operation and status`);
  for (const row of rows) if (!ops.some((o) => o.key === row.key)) problems.push(`${referenceName}:${row.n}: ${row.cells[0]} has no operation in the spec`);

  const findings = FINDINGS.map((f) => {
    if (!f.quote) return { text: f.text };
    const line = lines.find((l) => l.text.includes(f.quote!));
    if (!line) problems.push(`FINDINGS: "${f.quote}" is on no line of the reference`);
    return { citation: line && { line: line.n, quote: f.quote }, text: f.text };
  });
  // Cited by section and words, not line: the audit changes where the reference's words change, not where it grows.
  const sectionAt = new Map(lines.map((l) => [l.n, l.section]));
  const located = (c: Citation | undefined) => {
    if (c) c.section = sectionAt.get(c.line);
  };
  for (const r of out) {
    r.citations.forEach(located);
    located(r.general);
  }
  for (const f of findings) located(f.citation);
  return { referenceName, rows: out, problems, findings };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const citation = (_name: string, c: Citation) => `${c.section === '0' || c.section === undefined ? 'the introduction' : `§${c.section}`} "${c.quote}"`;

export function render(a: Audit): string {
  const backed = a.rows.filter((r) => r.citations.length > 0).length;
  const decided = a.rows.filter((r) => r.decision !== undefined).length;
  const ops = new Set(a.rows.map((r) => r.operationId)).size;
  const out = [
    '# Spec audit: spec/openapi.yaml against the API reference',
    '',
    `<!-- Generated by \`npm run spec:audit\` (scripts/spec-audit.ts) from spec/openapi.yaml and the API reference; do not edit. \`npm run spec:audit -- --check\` fails when it is stale. -->`,
    '',
    `Every operation of [spec/openapi.yaml](../spec/openapi.yaml), status by status, with the lines of the API reference (\`${a.referenceName}\`, the only authority on behaviour) that document it, or the mock decision it rests on where no line does. A line is cited by its section and its words, \`§4.3 "its words"\` (not by its number, so that a line added to the reference rewrites nothing here).`,
    '',
    'How a status is found documented: 200 by the operation\'s row in section 4; another status by that row\'s Notes (or Errors, or Output), by a line of its section 4.x that speaks for all its rows, by section 4\'s intro and section 5 for 401, or by a sentence elsewhere (sections 3, 7, 8) that names the endpoint or a phrase standing for it (section 7\'s "the upload endpoints", "skills and brief endpoints", "AI endpoints"). Section 7\'s table row for the status, which says what the body is, is cited beside every 4xx; on its own it documents no operation, so a status only it grounds is a mock decision, with its reason.',
    '',
    `**Summary**: ${ops} operations, ${a.rows.length} (operation, status) pairs: ${backed} documented by the reference, ${decided} mock decisions. ${a.problems.length === 0 ? 'The reference documents no status or endpoint the spec lacks.' : `${a.problems.length} problems (see the end).`}`,
    '',
    '## Findings',
    '',
    ...a.findings.map((f) => `- ${f.citation ? `${citation(a.referenceName, f.citation)}: ` : ''}${f.text}`),
    '',
    '## Operations and statuses',
    '',
    '| operation | method and path | status | reference line(s), or mock decision |',
    '|---|---|---|---|',
    ...a.rows.map((r) => {
      const general = r.general && !r.citations.some((c) => c.line === r.general!.line) ? r.general : undefined;
      const what = r.decision !== undefined
        ? `mock decision: ${r.decision}${general ? ` (section 7's general row: ${citation(a.referenceName, general)})` : ''}`
        : [...r.citations, ...(general ? [general] : [])].map((c) => citation(a.referenceName, c)).join('; ');
      return `| ${r.operationId} | \`${r.endpoint}\` | ${r.status} | ${cell(what)} |`;
    }),
  ];
  if (a.problems.length > 0) out.push('', '## Problems', '', ...a.problems.map((p) => `- ${p}`));
  return `${out.join('\n')}\n`;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const reference = resolve(args.find((a) => !a.startsWith('--')) ?? DEFAULT_REFERENCE);
  if (!existsSync(reference)) {
    console.error(`spec-audit: the API reference is not at ${reference}; pass its path (npm run spec:audit -- <path>)`);
    process.exit(2);
  }
  const result = audit(readFileSync(reference, 'utf8'), readFileSync(SPEC, 'utf8'), basename(reference));
  const text = render(result);
  const doc = relative(process.cwd(), AUDIT_DOC) || AUDIT_DOC;
  for (const p of result.problems) console.error(`spec-audit: ${p}`);
  if (check) {
    const stale = !existsSync(AUDIT_DOC) || readFileSync(AUDIT_DOC, 'utf8') !== text;
    if (stale) console.error(`spec-audit: ${doc} is stale: run npm run spec:audit`);
    process.exitCode = stale || result.problems.length > 0 ? 1 : 0;
    if (process.exitCode === 0) console.log(`spec-audit: ${doc} is up to date (${result.rows.length} pairs)`);
  } else {
    writeFileSync(AUDIT_DOC, text);
    const decided = result.rows.filter((r) => r.decision !== undefined).length;
    console.log(`spec-audit: ${doc} written: ${result.rows.length} pairs, ${result.rows.length - decided} documented by the reference, ${decided} mock decisions, ${result.problems.length} problems`);
    process.exitCode = result.problems.length > 0 ? 1 : 0;
  }
}
