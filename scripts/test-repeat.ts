// npm run test:repeat [-- N]: runs `npm test` N times in a row (3 by default) and prints each run's result and time, then
// how many passed. A test suite that is red one run in three is a defect; this is how to see it, and how to show it gone.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const runs = Number(process.argv[2] ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:repeat -- <runs, a whole number of at least 1>');
  process.exit(2);
}

function once(i: number): Promise<{ ok: boolean; seconds: number; summary: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('close', (code) => {
      mkdirSync('reports', { recursive: true });
      // Each run's whole output is kept, so a red run can be read after the loop has moved on.
      writeFileSync(`reports/test-repeat-${i}.log`, output);
      // Vitest colours its summary even when told not to; the codes are cut before it is read.
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      const summary = [...plain.matchAll(/^\s*Tests\s+(.*)$/gm)].map((m) => m[1]!.trim()).pop() ?? 'no test summary';
      resolve({ ok: code === 0, seconds: (performance.now() - started) / 1000, summary });
    });
  });
}

let passed = 0;
for (let i = 1; i <= runs; i++) {
  const r = await once(i);
  if (r.ok) passed++;
  console.log(`run ${i}/${runs}: ${r.ok ? 'green' : 'RED'} in ${r.seconds.toFixed(0)} s — ${r.summary}${r.ok ? '' : ` (reports/test-repeat-${i}.log)`}`);
}
console.log(`test:repeat: ${passed} of ${runs} runs green`);
process.exitCode = passed === runs ? 0 : 1;
