// An app on the MSW export that mounts the mock's console beside itself (mock.mountConsole): the browser test bundles
// it with esbuild, then drives the app's own fetches and the console's panels against the one in-page mock.
import { setupWorker } from 'msw/browser';
import lowCredits from '../../fixtures/scenarios/low-credits.json' with { type: 'json' };
import { createMswMock } from './index.ts';

declare global {
  interface Window {
    mountConsole(): Promise<void>;
    /** A call of the app's own, through the worker: the status, and the body. */
    appCall(path: string, key: string): Promise<{ status: number; body: any }>;
  }
}

const mock = createMswMock({ frozenAt: '2026-01-05T09:00:00Z' });
const worker = setupWorker(...mock.handlers);
const ready = worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledFrame: 'bypass', quiet: true });

window.mountConsole = async () => {
  await ready;
  await mock.mountConsole(document.getElementById('console')!, { scenarios: { 'low-credits': lowCredits } });
};

window.appCall = async (path, key) => {
  await ready;
  const res = await fetch(`${mock.apiBase}${path}`, { headers: { Authorization: key } });
  return { status: res.status, body: await res.json() };
};
