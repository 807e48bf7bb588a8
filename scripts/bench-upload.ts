// Benchmark (never a test): streams a generated 1 GB mp4-headed upload to a mock child process and prints its peak memory growth and throughput.
// Usage: node scripts/bench-upload.ts [--mb 1024] [--port 4391]
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { BOUNDARY, mp4Header } from '../mocks/http/media-samples.ts';
import { cpuSeconds, memory } from './lib/processes.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const sizeMb = arg('mb', 1024);
const port = arg('port', 4391);
const total = sizeMb * 1024 * 1024;

/** The multipart body, generated as it is sent: an mp4 `ftyp` header, then filler, never all in memory. */
function body(): Readable {
  const head = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
    mp4Header(),
  ]);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x42);
  let sent = mp4Header().length;
  let stage = 0;
  return new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        this.push(head);
        return;
      }
      if (sent < total) {
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
        return;
      }
      if (stage === 1) {
        stage = 2;
        this.push(tail);
        return;
      }
      this.push(null);
    },
  });
}

async function main() {
  const child = spawn(process.execPath, ['cli/bin.ts', 'mock', '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
  });
  const pid = child.pid!;
  const before = memory(pid);
  const cpuBefore = cpuSeconds(pid);
  let peakSeen = before.peak;
  const sampler = setInterval(() => {
    try {
      peakSeen = Math.max(peakSeen, memory(pid).peak);
    } catch {
      // The child is gone.
    }
  }, 100);

  const started = process.hrtime.bigint();
  const status = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/public/v1/upload',
        headers: { authorization: 'demo-paid-key', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    body().pipe(req);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const after = memory(pid);
  const cpu = cpuSeconds(pid) - cpuBefore;
  peakSeen = Math.max(peakSeen, after.peak);
  child.kill('SIGTERM');

  const mib = (kb: number) => (kb / 1024).toFixed(1);
  console.log(`upload: ${sizeMb} MiB mp4 -> HTTP ${status.status} ${status.text.slice(0, 160)}`);
  console.log(`time: ${seconds.toFixed(1)} s, throughput ${(sizeMb / seconds).toFixed(1)} MiB/s; mock CPU ${cpu.toFixed(1)} s (${(sizeMb / cpu).toFixed(0)} MiB per CPU second)`);
  console.log(`mock RSS before: ${mib(before.rss)} MiB, peak before: ${mib(before.peak)} MiB`);
  console.log(`mock peak (VmHWM) after: ${mib(peakSeen)} MiB, growth during upload: ${mib(peakSeen - before.peak)} MiB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
