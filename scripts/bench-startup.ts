// Benchmark (never a test): where the mock's start-up goes, phase by phase, in CPU milliseconds over repeated starts.
// On a shared virtual machine a start can stall for hundreds of milliseconds in any phase (page faults, a stolen
// core); the smallest figure a phase shows across runs is its own cost, the median what a start paid this time.
// Usage: npm run bench:startup [-- --runs 15]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { NODE, ROOT, arg, machine, median } from './lib/processes.ts';

const runs = Number(arg('runs', '15'));

async function main() {
  const info = await machine();
  console.log(`Machine: ${info.cpus} x ${info.cpuModel}, Node ${info.node}, load ${info.loadAverage.join(' ')}; a busy loop got ${Math.round(info.cpuAvailability.share * 100)}% of a core`);
  const samples: Array<Record<string, number>> = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await promisify(execFile)(NODE, ['scripts/lib/startup-child.ts'], { cwd: ROOT });
    samples.push(JSON.parse(stdout.trim().split('\n').pop()!));
  }
  const names = Object.keys(samples[0]!);
  console.log(`\n${runs} starts (the first fills the compile cache), CPU milliseconds per phase:\n`);
  console.log(`${'phase'.padEnd(30)} ${'least'.padStart(8)} ${'median'.padStart(8)} ${'most'.padStart(8)}`);
  let least = 0;
  let typical = 0;
  for (const name of names) {
    const xs = samples.map((s) => s[name]!).sort((a, b) => a - b);
    least += xs[0]!;
    typical += median(xs);
    console.log(`${name.padEnd(30)} ${xs[0]!.toFixed(0).padStart(8)} ${median(xs).toFixed(0).padStart(8)} ${xs.at(-1)!.toFixed(0).padStart(8)}`);
  }
  const totals = samples.map((s) => Object.values(s).reduce((a, b) => a + b, 0)).sort((a, b) => a - b);
  console.log(`${'sum'.padEnd(30)} ${least.toFixed(0).padStart(8)} ${typical.toFixed(0).padStart(8)}`);
  console.log(`\nWhole starts, CPU ms: least ${totals[0]!.toFixed(0)}, median ${median(totals).toFixed(0)}, most ${totals.at(-1)!.toFixed(0)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
