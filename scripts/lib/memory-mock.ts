// The mock on a port with the budgets and state file a memory test gives it (MEMORY_MOCK, JSON: {caps, stateFile}),
// answering a `measure` message with its heap after a full collection and its peak RSS: the figures must be the
// server's own, apart from the client that fills it. Prints `{"origin": ...}` once listening.
// Usage: MEMORY_MOCK='{"caps":{"postBytes":4194304}}' node --expose-gc scripts/lib/memory-mock.ts (with an IPC channel)
import { startMock } from '../../mocks/server.ts';
import { defaultCaps } from '../../mocks/domain/caps.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with node --expose-gc, spawned with an IPC channel');
const { caps = {}, stateFile } = JSON.parse(process.env.MEMORY_MOCK ?? '{}') as { caps?: Record<string, number>; stateFile?: string };
const mock = await startMock({ port: 0, host: '127.0.0.1', seed: 1, config: { caps: { ...defaultCaps, ...caps } }, stateFile });
process.on('message', (message) => {
  if (message !== 'measure') return;
  gc();
  gc();
  const m = process.memoryUsage();
  process.send!({ heapUsed: m.heapUsed, rss: m.rss, maxRss: process.resourceUsage().maxRSS * 1024 });
});
process.on('SIGTERM', () => void mock.close().then(() => process.exit(0)));
console.log(JSON.stringify({ origin: mock.origin }));
