// What the benchmark scripts share: start a server as a child process, wait for its first 200, read its memory and CPU.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
/** The pinned Node 24 every npm script runs on (the `node` devDependency), for child processes too. */
export const NODE = process.execPath;
export const API = '/api/public/v1';

export function arg(name: string, fallback: string): string;
export function arg(name: string, fallback?: string): string | undefined;
export function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
export const flag = (name: string) => process.argv.includes(`--${name}`);

/** A free port on loopback, asked of the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** One GET, resolving with the status (0 when the connection is refused). */
export function httpStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

export async function httpJson(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, body };
}

export interface Started {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Milliseconds from spawn to the first 200 on the probe URL. */
  startupMs: number;
  /** CPU seconds the process had used by its first 200: what start-up costs, whatever else the machine was doing. */
  startupCpuSeconds: number;
  stop(): Promise<void>;
}

/** Spawn `argv` and poll `probePath` every few milliseconds until it answers 200; the time taken is the start-up time. */
export async function startServer(name: string, argv: string[], port: number, probePath: string, timeoutMs = 60_000, stdout: 'ignore' | 'pipe' = 'ignore'): Promise<Started> {
  const started = process.hrtime.bigint();
  const child = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: ['ignore', stdout, 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false' } });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited !== undefined) throw new Error(`${name} exited with ${exited} before answering:\n${stderr}`);
    if ((await httpStatus(origin + probePath)) === 200) break;
    if (Number(process.hrtime.bigint() - started) / 1e6 > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer 200 on ${probePath} within ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = Number(process.hrtime.bigint() - started) / 1e6;
  const startupCpuSeconds = cpuSeconds(child.pid!);
  return {
    child,
    port,
    origin,
    startupMs,
    startupCpuSeconds,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== undefined) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/**
 * The process that serves: `spw mock` runs the mock in a child Node given its heap limit (cli/heap.ts), so a bench that
 * started the command measures that child, not the parent that only waits for it.
 */
export function serving(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const mock = children.find((c) => readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('--max-old-space-size='));
    return mock ?? pid;
  } catch {
    return pid;
  }
}

/** VmRSS and VmHWM (peak RSS) of a process (the mock's child where it has one), in KiB, from /proc. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${serving(pid)}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU seconds (user + system) a process has used, from /proc: unlike wall time, barely moved by other load. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${serving(pid)}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; after the command name they sit at 11 and 12, in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Compare the cost of a few requests on one server: each is run in turn for `seconds`, `rounds` times over, and its CPU
 * per answer is the median of its windows. Requests that cost about the same are told apart this way where separate
 * runs are not: two runs of one request on this kind of machine differ by a fifth, and alternating puts every request
 * through the same moments of the machine and the same state of the process.
 */
export async function alternatingCpu(requests: Record<string, autocannon.Options>, pid: number, rounds: number, seconds: number) {
  const windows: Record<string, number[]> = {};
  for (const [name, options] of Object.entries(requests)) {
    await autocannon({ ...options, duration: seconds });
    windows[name] = [];
  }
  for (let i = 0; i < rounds; i++) {
    for (const [name, options] of Object.entries(requests)) {
      const before = cpuSeconds(pid);
      const result = await autocannon({ ...options, duration: seconds });
      windows[name]!.push(result.requests.total === 0 ? NaN : Math.round(((cpuSeconds(pid) - before) * 1e6) / result.requests.total));
    }
  }
  return Object.fromEntries(Object.entries(windows).map(([name, xs]) => [name, { cpuMicrosPerRequest: median(xs), windows: xs }]));
}

/**
 * Load a server with autocannon: a one-second warm-up (JIT, caches, connections), then `duration` seconds measured,
 * with the server process's CPU time per answer, which a stalled or shared machine moves far less than req/s.
 */
export async function loadWithCpu(options: autocannon.Options, pid: number, duration: number) {
  await autocannon({ ...options, duration: 1 });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ ...options, duration });
  const cpuMicrosPerRequest = result.requests.total === 0 ? NaN : Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total);
  return { result, cpuMicrosPerRequest };
}

/** Where the pinned Prism lives once `npm run prism:install` has run (tools/prism, kept out of the main install). */
export const PRISM_ENTRY = join(ROOT, 'tools', 'prism', 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

export function prismArgv(command: 'mock' | 'proxy', port: number, extra: string[] = []): string[] {
  if (!existsSync(PRISM_ENTRY)) {
    throw new Error('Stoplight Prism is not installed: run `npm run prism:install` (installs the pinned version into tools/prism).');
  }
  return [NODE, PRISM_ENTRY, command, ...extra, '--port', String(port), '--host', '127.0.0.1'];
}

/**
 * How much of one core a busy loop actually gets, and its longest stall, over `ms`: the share of wall time not lost
 * in gaps over a millisecond between two reads of the clock. On a shared virtual machine the hypervisor can take most
 * of it (and the guest's own CPU accounting still counts the stolen time), and every wall-clock figure printed next to
 * this one shrinks with it.
 */
export function cpuAvailability(ms = 2000): { share: number; longestStallMs: number } {
  const start = performance.now();
  let last = start;
  let longest = 0;
  let lost = 0;
  while (last - start < ms) {
    const now = performance.now();
    const gap = now - last;
    if (gap > 1) lost += gap;
    if (gap > longest) longest = gap;
    last = now;
  }
  return { share: Number((1 - lost / (last - start)).toFixed(2)), longestStallMs: Math.round(longest) };
}

/** The machine the figures came from, printed and recorded with them. */
export async function machine() {
  const os = await import('node:os');
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    /** Share of a core a busy loop got over 2 s before the run (1.0 on a quiet machine), and its longest stall. */
    cpuAvailability: cpuAvailability(),
  };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
export const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

/** What a CPU benchmark asks of the machine before it starts: a one-minute load under 1 and a busy loop near a whole core. */
export const QUIET = { load: 1, share: 0.9 } as const;

/**
 * The machine, once it is quiet: waits up to `waitSeconds` (checking every 10 s) for the one-minute load to fall under
 * QUIET.load with a busy loop getting QUIET.share of a core. A machine that stays busy ends the run (exit 3) unless
 * `anyway`: figures taken beside other work are the ones that led to wrong decisions before.
 */
export async function quietMachine(waitSeconds: number, anyway: boolean) {
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const info = await machine();
    const quiet = info.loadAverage[0]! < QUIET.load && info.cpuAvailability.share >= QUIET.share;
    const said = `load ${info.loadAverage.join(' ')}, a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core`;
    if (quiet) return { ...info, quiet: true };
    if (Date.now() >= deadline) {
      if (anyway) {
        console.log(`The machine is NOT quiet (${said}); going on as --anyway asks: read only the ratios measured side by side.`);
        return { ...info, quiet: false };
      }
      console.error(`The machine is not quiet (${said}; wanted a load under ${QUIET.load} and ${QUIET.share * 100}% of a core). Stop what else runs, or pass --anyway.`);
      process.exit(3);
    }
    console.log(`Waiting for a quiet machine (${said})...`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}
