// Scenario files on disk: read and check one (--scenario, --state-file), and keep the world in a state file, written atomically.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { exportScenario, ScenarioError, type Scenario } from './domain/scenario.ts';
import { checkScenario, describeProblems, loadScenario } from './http/scenario.ts';
import type { MockState } from './http/state.ts';

/** A file that cannot be a scenario: its message names the file, and the JSON path and rule of each problem. */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
}

/** Read and check a scenario file; nothing is loaded anywhere. */
export function readScenarioFile(file: string, state: Pick<MockState, 'controlValidator'>): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ScenarioFileError(`${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
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

/** Write `text` to `file` so that a reader (or a crash) only ever sees the old file or the whole new one. */
export function writeAtomically(file: string, text: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
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

export interface StateFileKeeper {
  /** Something may have changed: the file is written within `debounceMs`. */
  touch(): void;
  /** Write now if anything changed since the last write. */
  flush(): void;
  /** Flush and stop watching. */
  close(): void;
}

/**
 * Load the state file when it exists, then keep it up to date: at most once per `debounceMs` after a change, and on
 * close. A running clock resumes as if it had run while the mock was down (the file's modification time).
 */
export function keepStateFile(state: MockState, file: string, debounceMs = 1000): StateFileKeeper {
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
  let last = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const render = () => `${JSON.stringify(exportScenario(state.world, { now: state.clock.now(), frozen: state.clock.frozen }), null, 2)}\n`;
  // A running clock alone is no change worth a write.
  const fingerprint = (text: string) => (state.clock.frozen ? text : text.replace(/"now": "[^"]*"/, ''));
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const text = render();
    if (fingerprint(text) === last) return;
    writeAtomically(file, text);
    last = fingerprint(text);
  };
  if (!existsSync(file)) flush();
  else last = fingerprint(render());
  return {
    touch() {
      if (timer) return;
      timer = setTimeout(flush, debounceMs);
      timer.unref();
    },
    flush,
    close() {
      flush();
    },
  };
}
