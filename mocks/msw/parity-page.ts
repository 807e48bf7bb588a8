// The page the Chromium parity test loads: it runs the parity script (parity-steps.ts) through the MSW worker, on a
// fresh in-page world, or straight against the mock server at another origin.
import { setupWorker } from 'msw/browser';
import { createMswMock } from './index.ts';
import { runParitySteps, type StepResult } from './parity-steps.ts';

declare global {
  interface Window {
    parity(mode: 'worker' | 'server', serverApiBase: string, at: number): Promise<StepResult[]>;
  }
}

window.parity = async (mode, serverApiBase, at) => {
  if (mode === 'server') return runParitySteps(serverApiBase, at);
  const mock = createMswMock({ seed: 1, frozenAt: at });
  await setupWorker(...mock.handlers).start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledFrame: 'bypass', quiet: true });
  return runParitySteps(mock.apiBase, at);
};
