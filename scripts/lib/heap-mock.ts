// The mock on a port, as `spw mock --seed 1` starts it, that answers SIGUSR2 with its heap after a full collection (one
// JSON line on stdout): RSS alone keeps what V8 and the allocator once took, and cannot tell a leak from a high-water mark.
// Usage: node --expose-gc scripts/lib/heap-mock.ts <port>
import { startMock } from '../../mocks/server.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mock = await startMock({ port: Number(process.argv[2]), seed: 1 });
process.on('SIGUSR2', () => {
  gc();
  gc();
  const m = process.memoryUsage();
  console.log(JSON.stringify({ heapUsed: m.heapUsed, external: m.external, rss: m.rss }));
});
process.on('SIGTERM', () => void mock.close().then(() => process.exit(0)));
