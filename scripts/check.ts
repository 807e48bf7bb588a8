// npm run check: the static checks (typecheck, spec validation, lint, generated-file drift, the layering) at once. They
// read the same files and share nothing else, and run one after another they left a core idle for most of the stage.
// Each check's output is printed whole when it ends, with its time, so logs do not interleave; every check runs to the
// end, and the stage fails if any failed. `npm run <name>` still runs one alone.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'spec:validate', 'spec:lint', 'types:check', 'scenarios:check', 'deps'];

interface Outcome {
  name: string;
  status: number;
}

function runCheck(name: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let ended = false;
    const end = (status: number) => {
      if (ended) return;
      ended = true;
      const seconds = (performance.now() - started) / 1000;
      const mark = status === 0 ? 'ok' : `FAILED (exit ${status})`;
      console.log(`── ${name}: ${mark} in ${seconds.toFixed(1)} s${output.trim() ? `\n${output.trim()}` : ''}`);
      resolve({ name, status });
    };
    child.once('error', (err) => {
      output += `could not start npm: ${err.message}`;
      end(1);
    });
    child.once('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

const outcomes = await Promise.all(CHECKS.map(runCheck));
const failed = outcomes.filter((o) => o.status !== 0);
console.log(failed.length === 0 ? `check: ${outcomes.length} passed` : `check: ${failed.map((o) => o.name).join(', ')} failed`);
process.exitCode = failed.length === 0 ? 0 : 1;
