// Measures an implementer's first run (never a test): `spw verify` keys-only, in a log (not a terminal), against a
// server configured like production: the mock with the production-post-limit variation (POST /posts limited to 60 an
// hour per workspace, no Retry-After) and the async-publisher one (posts sent now published from a queue), its clock
// running. Prints how long the run took, the longest time the log went without a line, the exit status and why.
// Usage: node scripts/first-run.ts [-- --runs 10] [--posts-per-hour 60]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { NODE, ROOT, arg, freePort, machine, startServer } from './lib/processes.ts';

const runs = arg('runs', '10');
const budget = arg('posts-per-hour');

async function main() {
  const info = await machine();
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}; a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core`);
  const port = await freePort();
  const mock = await startServer('mock', [NODE, join(ROOT, 'cli', 'start.mjs'), 'mock', '--port', String(port), '--variation', 'production-post-limit,async-publisher'], port, '/api/public/v1/openapi.json');
  try {
    const started = performance.now();
    const stamps: number[] = [started];
    const argv = [join(ROOT, 'cli', 'start.mjs'), 'verify', '--target', `http://127.0.0.1:${port}`, '--key-free', 'demo-free-key', '--key-payg', 'demo-payg-key', '--key-paid', 'demo-paid-key', '--runs', runs, ...(budget ? ['--posts-per-hour', budget] : [])];
    const child = spawn(NODE, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (let i = 0; i < (text.match(/\n/g) ?? []).length; i++) stamps.push(performance.now());
      tail = (tail + text).slice(-4000);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ended = performance.now();
    stamps.push(ended);
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    console.log(`\nkeys-only verify --runs ${runs}${budget ? ` --posts-per-hour ${budget}` : ''} against production-post-limit + async-publisher:`);
    console.log(`  ${((ended - started) / 1000).toFixed(1)} s, ${stamps.length - 2} lines, longest silence ${(Math.max(...gaps) / 1000).toFixed(1)} s, exit ${code}`);
    console.log(`  its last lines:\n${tail.split('\n').slice(-12).map((l) => `    ${l}`).join('\n')}`);
  } finally {
    await mock.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
