// `spw mock` (and `npm start`) run the mock with a V8 heap limit derived from its memory budgets
// (mocks/domain/caps.ts `heapLimitBytes`): without one, V8 sizes its heap by the machine, and on a fast machine with
// memory to spare it let a plain read load take the mock to 2.3 GB before collecting what each request left, though
// the same load under a 400 MiB limit stayed at 515 MB. A heap limit can only be given when Node starts, so the
// command starts Node again with it. Where Node can replace its own process (`process.execve`: 22.15, 24 and later)
// it does, and the mock keeps the command's pid: a signal, `kill -9` included, reaches the mock itself, and no second
// process can outlive the first and write the state file after a new mock has started on it. Elsewhere the mock runs
// in a child Node; the parent only passes signals on and exits with the child's status, and the child stops when the
// parent goes. A limit given to Node already (`--max-old-space-size` in the command or NODE_OPTIONS) is kept as
// given, and MOCK_HEAP_MIB sets another (`0`: V8's own default, no restart).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** Set in the child: the mock runs there, under the limit. */
export const HEAP_CHILD_ENV = 'SPW_MOCK_HEAP_CHILD';
/** MiB of old space for the mock; `0` leaves V8's default. */
export const HEAP_ENV = 'MOCK_HEAP_MIB';

/** Whether Node was given a heap limit already. */
function limitGiven(): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--max-old-space-size(=|$)/.test(a));
}

/** The limit to start the mock with, in MiB; undefined when the mock runs in this process as it is. */
export async function mockHeapMiB(argv: string[] = process.argv, env: NodeJS.ProcessEnv = process.env): Promise<number | undefined> {
  if (argv[2] !== 'mock' || argv.includes('--help') || argv.includes('-h') || env[HEAP_CHILD_ENV] || limitGiven()) return undefined;
  const asked = env[HEAP_ENV];
  if (asked !== undefined && asked.trim() !== '') {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 0) {
      console.error(`error: ${HEAP_ENV}=${asked}: expected MiB of heap (a whole number), or 0 for V8's default`);
      process.exit(2);
    }
    return n === 0 ? undefined : n;
  }
  const { defaultCaps, heapLimitBytes } = await import('../mocks/domain/caps.ts');
  return Math.ceil(heapLimitBytes(defaultCaps) / (1024 * 1024));
}

/**
 * Run this command again under the heap limit: in this process where Node can replace it (never returns), else in a
 * child Node; resolves to the child's exit status.
 */
export function runWithHeapLimit(mib: number): Promise<number> {
  const argv = [...process.execArgv, `--max-old-space-size=${mib}`, ...process.argv.slice(1)];
  const env = { ...process.env, [HEAP_CHILD_ENV]: String(mib) };
  if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...argv], env);
  const child = spawn(process.execPath, argv, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + constants.signals[signal] : 1))));
}

/** In the child: stop when the parent is gone (its end of the channel closes, however it ended). */
export function followParent(stop: () => void): void {
  if (!process.env[HEAP_CHILD_ENV] || !process.send) return;
  process.on('disconnect', stop);
  // The channel must not keep the child alive by itself, nor be read by anything else.
  process.channel?.unref();
}

/** The start-up line that says what heap the mock runs under. */
export async function heapLine(): Promise<string> {
  const { getHeapStatistics } = await import('node:v8');
  const child = process.env[HEAP_CHILD_ENV];
  const mib = child ?? Math.round(getHeapStatistics().heap_size_limit / (1024 * 1024));
  const why = child ? `old space, from the memory budgets; ${HEAP_ENV} sets another` : limitGiven() ? 'as given to Node' : `V8's default for this machine; leave ${HEAP_ENV} unset to bound it`;
  return `  Heap limit:    ${mib} MiB (${why})`;
}
