// `spw mock` runs the mock under a heap limit derived from its budgets, in a child Node started with it: the limit is
// the documented ceiling's, a given one is kept, and no mock outlives the command that started it, even by kill -9.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultCaps, heapLimitBytes } from '../mocks/domain/caps.ts';

const start = fileURLToPath(new URL('./start.mjs', import.meta.url));

/** Start `spw mock --port 0` from the checkout; its origin and start-up lines once it listens. */
function mock(env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; origin: string; out: string }> {
  const child = spawn(process.execPath, [start, 'mock', '--port', '0'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c) => {
      out += String(c);
      const origin = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (origin && out.includes('Heap limit:')) resolve({ child, origin, out });
    });
    child.on('exit', (code) => reject(new Error(`the mock exited ${code}: ${out}`)));
  });
}

const answers = (origin: string) => fetch(`${origin}/api/public/v1/integrations`, { headers: { authorization: 'demo-paid-key' } }).then((r) => r.status, () => 0);

describe('the mock under a heap limit from its budgets', () => {
  it('is the documented ceiling: the base, twice what three workspaces and the shared stores hold, and slack', () => {
    expect(heapLimitBytes(defaultCaps) / 1024 / 1024).toBe(894);
  });

  it('spw mock runs with it, and stops when the command that started it is killed with -9', async () => {
    const { child, origin, out } = await mock({ MOCK_HEAP_MIB: '' });
    expect(out).toContain('Heap limit:    894 MiB (old space, from the memory budgets');
    expect(await answers(origin)).toBe(200);
    child.kill('SIGKILL');
    let status = 200;
    for (let i = 0; i < 50 && status !== 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = await answers(origin);
    }
    expect(status).toBe(0);
  }, 30_000);

  it('MOCK_HEAP_MIB sets another, and 0 leaves V8 its default (no child)', async () => {
    const other = await mock({ MOCK_HEAP_MIB: '600' });
    expect(other.out).toContain('Heap limit:    600 MiB');
    other.child.kill('SIGTERM');
    const none = await mock({ MOCK_HEAP_MIB: '0' });
    expect(none.out).toMatch(/Heap limit: {4}\d+ MiB \(V8's default/);
    none.child.kill('SIGTERM');
  }, 30_000);
});
