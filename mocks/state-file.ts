// Scenario files on disk: read and check one (--scenario, --state-file), and keep the world in a state file, written atomically.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { rowRevision, type PostRow } from './domain/posts.ts';
import { exportScenario, ScenarioError, type Scenario } from './domain/scenario.ts';
import { nestsDeeperThan } from './http/body.ts';
import { checkScenario, describeProblems, loadScenario } from './http/scenario.ts';
import type { MockState } from './http/state.ts';

/** A file that cannot be a scenario: its message names the file, and the JSON path and rule of each problem. */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
}

export const SCENARIO_FILE_LIMITS = {
  /**
   * The largest file read: about the longest string V8 holds (2^29 characters), past which reading fails with an
   * error that names nothing. A file this size is some 400,000 posts.
   */
  bytes: 512 * 1024 * 1024,
  /**
   * The deepest nesting read. A scenario wraps stored bodies four levels deep, and request bodies nest at most 64
   * (mocks/http/body.ts), so every world the mock can hold fits; deeper is no scenario, and checked on the text
   * before parsing so that nothing after (parse, schema, the id walk) recurses into it.
   */
  depth: 100,
};

const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;

/** Read and check a scenario file; nothing is loaded anywhere. */
export function readScenarioFile(file: string, state: Pick<MockState, 'controlValidator'>): Scenario {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > SCENARIO_FILE_LIMITS.bytes) throw new ScenarioFileError(`${file}: ${mib(size)}, larger than the ${mib(SCENARIO_FILE_LIMITS.bytes)} a scenario file may hold`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof ScenarioFileError) throw err;
    throw new ScenarioFileError(`${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (nestsDeeperThan(text, SCENARIO_FILE_LIMITS.depth)) {
    throw new ScenarioFileError(`${file}: nests deeper than the ${SCENARIO_FILE_LIMITS.depth} levels a scenario file may have`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ScenarioFileError(`${file}: not JSON (${(err as Error).message})`);
  }
  const problems = checkScenario(state, doc);
  if (problems.length > 0) throw new ScenarioFileError(`${file}: not a valid scenario:\n${describeProblems(problems).map((l) => `  ${l}`).join('\n')}`);
  return doc as Scenario;
}

/** The temporary file a write goes through: beside the file (so the rename is atomic), named after the writing process. */
function temporaryName(file: string, n = 0): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}${n ? `.${n}` : ''}.tmp`);
}

/** Write `text` to `file` so that a reader (or a crash) only ever sees the old file or the whole new one. */
export function writeAtomically(file: string, text: string): void {
  const tmp = temporaryName(file);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false; // not written yet by this process: left by an earlier one that had our pid
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove what a killed writer left: `.<file>.<pid>[.<n>].tmp` beside the file, for every pid no longer running. The
 * file itself is whole whatever moment the kill came at (writes go through a rename), so these are never needed.
 */
export function removeLeftovers(file: string): string[] {
  const prefix = `.${basename(file)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (!Number.isInteger(pid) || alive(pid)) continue;
    rmSync(join(dirname(file), name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Each row's text as it stands in a state file, until `updateRow` changes the row (or it is replaced). */
const rowTexts = new WeakMap<PostRow, { revision: number; text: string }>();
/** A post row sits at this depth of the document: workspaces[i].posts[j] (JSON.stringify's two spaces a level). */
const ROW_INDENT = ' '.repeat(8);

function rowText(row: PostRow): string {
  const revision = rowRevision(row);
  const kept = rowTexts.get(row);
  if (kept && kept.revision === revision) return kept.text;
  // Joined, not replaceAll'd: V8 builds replaceAll's result as a tree of a slice and a join per line, kept here with
  // the row, and for rows of many short lines (settings of thousands of `{}`) that tree took some six times the text.
  const text = `${ROW_INDENT}${JSON.stringify(row, null, 2).split('\n').join(`\n${ROW_INDENT}`)}`;
  rowTexts.set(row, { revision, text });
  return text;
}

/**
 * The text of a state file for the world as it is now, in parts whose concatenation is byte for byte
 * `JSON.stringify(exportScenario(...), null, 2)`: the document around the posts, and each post row's own text. Posts
 * are most of a large world and few change between two writes, so each row's text is kept and only a changed row is
 * stringified again; and nothing here joins the parts, so a write holds the thread for the changed rows and the rest of
 * the document only, not for tens of megabytes of string building (the parts go to the file one after another).
 */
/** Which parts of a render are the document around the posts (slices of one big string), not rows' own texts. */
const aroundParts = new WeakMap<string[], Set<number>>();

/**
 * What tells two renders apart, and is kept between writes: the rows' texts as they are (kept with their rows anyway),
 * and a digest of each part of the document around them. Those parts are slices of one string the size of everything
 * but the posts, which a slice keeps alive whole, and which V8 holds at two bytes a character once any character is
 * past U+00FF: kept as text they took the heap past its budget with a state file at a quarter of the budgets. A running
 * clock alone is no change worth a write: its instant is in the first part, cut off here.
 */
export function stateFingerprint(parts: string[], frozen: boolean): string[] {
  const around = aroundParts.get(parts) ?? new Set<number>();
  return parts.map((part, i) => {
    if (!around.has(i)) return part;
    const at = i === 0 && !frozen ? part.indexOf('"now": "') : -1;
    return `#${createHash('sha256').update(at < 0 ? part : part.slice(0, at) + part.slice(part.indexOf('"', at + 8) + 1)).digest('base64')}`;
  });
}

export function renderStateFileParts(state: Pick<MockState, 'world' | 'clock'>): string[] {
  const doc = exportScenario(state.world, { now: state.clock.now(), frozen: state.clock.frozen }, undefined, { share: true });
  const marker = `spw-posts-${Math.random().toString(36).slice(2)}-`;
  const rows = [...state.world.workspaces.values()].map((ws) => [...ws.posts.rows.values()]);
  doc.workspaces.forEach((ws, i) => ((ws as { posts: unknown }).posts = `${marker}${i}`));
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const parts: string[] = [];
  const around = new Set<number>();
  let from = 0;
  rows.forEach((list, i) => {
    const at = text.indexOf(`"${marker}${i}"`, from);
    around.add(parts.length);
    parts.push(text.slice(from, at));
    if (list.length === 0) parts.push('[]');
    else {
      parts.push('[\n');
      // The separator apart from the row: the row's kept text is then the part itself, compared by identity, and
      // never copied into a joined string that a fingerprint would keep beside it.
      list.forEach((row, j) => (j === 0 ? parts.push(rowText(row)) : parts.push(',\n', rowText(row))));
      parts.push('\n      ]');
    }
    from = at + marker.length + String(i).length + 2;
  });
  around.add(parts.length);
  parts.push(text.slice(from));
  aroundParts.set(parts, around);
  return parts;
}

/** The whole text of a state file for the world as it is now: exactly what the keeper writes. */
export function renderStateFile(state: Pick<MockState, 'world' | 'clock'>, { keepRows = true } = {}): string {
  if (keepRows) return renderStateFileParts(state).join('');
  const doc = exportScenario(state.world, { now: state.clock.now(), frozen: state.clock.frozen }, undefined, { share: true });
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Two renders are the same file when their parts are: kept row texts compare as the same string at once. */
function sameParts(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

export interface StateFileKeeper {
  /** Something may have changed: the file is written once the mock is idle for a moment (or within `maxDelayMs`). */
  touch(): void;
  /** Write now, synchronously, if anything changed since the last write. */
  flush(): void;
  /** Flush and stop watching. */
  close(): void;
  /** Resolves when no write is waiting or under way (for tests and orderly shutdowns). */
  settled(): Promise<void>;
}

export interface StateFileTiming {
  /** Write once no request has come for this long after a change: a write then delays nobody. */
  idleMs?: number;
  /** Under steady traffic, write at the latest this long after the first unsaved change. */
  maxDelayMs?: number;
  /** Where write failures are told (a full disk must not stop the mock). */
  warn?: (line: string) => void;
}

/**
 * Load the state file when it exists, then keep it up to date. Writes are coalesced off the request path: one render
 * and one asynchronous write once the mock has been idle for `idleMs` after a change, and at least every `maxDelayMs`
 * under steady traffic; at most one write is under way, and a change during it is written after it. `flush` and
 * `close` write synchronously, so an orderly exit loses nothing. A running clock resumes as if it had run while the
 * mock was down (from the file's modification time).
 */
export function keepStateFile(state: MockState, file: string, timing: StateFileTiming = {}): StateFileKeeper {
  const idleMs = timing.idleMs ?? 250;
  const maxDelayMs = timing.maxDelayMs ?? 5000;
  const warn = timing.warn ?? ((line: string) => console.error(line));
  removeLeftovers(file);
  if (existsSync(file)) {
    const doc = readScenarioFile(file, state);
    try {
      loadScenario(state, doc);
    } catch (err) {
      if (err instanceof ScenarioError) throw new ScenarioFileError(`${file}: ${describeProblems(err.problems).join('; ')}`);
      throw err;
    }
    if (!doc.clock.frozen) state.clock.advance(Math.max(0, Date.now() - statSync(file).mtimeMs));
  }
  const render = () => renderStateFileParts(state);
  const fingerprint = (parts: string[]) => stateFingerprint(parts, state.clock.frozen);
  let last: string[] = [];
  let firstChange = 0;
  let lastChange = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** Bumped by every synchronous write: an asynchronous one started before it must not replace what it wrote. */
  let generation = 0;
  let writes = 0;
  let failing = false;

  const failed = (err: unknown) => {
    if (failing) return;
    failing = true;
    warn(`state file ${file}: cannot write it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); the mock goes on serving and tries again after the next change`);
  };

  const writeInBackground = async (): Promise<void> => {
    const mine = generation;
    let parts: string[];
    try {
      parts = render();
    } catch (err) {
      failed(err);
      return;
    }
    const fp = fingerprint(parts);
    if (sameParts(fp, last)) return;
    const tmp = temporaryName(file, ++writes);
    try {
      const handle = await open(tmp, 'w');
      try {
        // In batches of about 1 MiB: each becomes bytes on the thread, so none holds it for long, and between them
        // requests are served.
        let batch: string[] = [];
        let size = 0;
        for (const part of parts) {
          batch.push(part);
          size += part.length;
          if (size >= 1 << 20) {
            await handle.write(batch.join(''));
            batch = [];
            size = 0;
          }
        }
        if (batch.length > 0) await handle.write(batch.join(''));
        await handle.sync();
      } finally {
        await handle.close();
      }
      // The rename is synchronous: no synchronous flush can slip between the check and the rename.
      if (mine !== generation || closed) rmSync(tmp, { force: true });
      else {
        renameSync(tmp, file);
        last = fp;
        failing = false;
      }
    } catch (err) {
      rmSync(tmp, { force: true });
      failed(err);
    }
  };

  const startWrite = () => {
    timer = undefined;
    firstChange = 0;
    writing = writeInBackground().finally(() => {
      writing = undefined;
      // What changed while this write was under way waits for the next idle moment like any change.
      if (again && !closed && !timer) {
        again = false;
        timer = setTimeout(check, 0);
        timer.unref();
      }
    });
  };

  const check = () => {
    const now = Date.now();
    const idleFor = now - lastChange;
    const waited = now - firstChange;
    if (idleFor >= idleMs || waited >= maxDelayMs) return startWrite();
    timer = setTimeout(check, Math.min(idleMs - idleFor, maxDelayMs - waited));
    timer.unref();
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    firstChange = 0;
    generation++;
    try {
      const parts = render();
      const fp = fingerprint(parts);
      if (sameParts(fp, last)) return;
      writeAtomically(file, parts.join(''));
      last = fp;
      failing = false;
    } catch (err) {
      failed(err);
    }
  };
  if (!existsSync(file)) flush();
  else last = fingerprint(render());
  return {
    touch() {
      if (closed) return;
      lastChange = Date.now();
      if (firstChange === 0) firstChange = lastChange;
      if (writing) again = true;
      else if (!timer) {
        timer = setTimeout(check, Math.min(idleMs, maxDelayMs));
        timer.unref();
      }
    },
    flush,
    close() {
      closed = true;
      flush();
    },
    async settled() {
      while (timer || writing) await (writing ?? new Promise((r) => setTimeout(r, idleMs)));
    },
  };
}
