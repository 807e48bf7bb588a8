// The smallest frontend that uses the MSW export in a browser: it starts the worker with the mock's handlers, then
// walks create (draft) → list → schedule → wallet through the typed client, and shows each step on the page. The
// browser test bundles it with esbuild; the frontend guide (docs/frontend.md) walks through the same code.
import { setupWorker } from 'msw/browser';
import { createSpwClient } from '../../client/index.ts';
import { createMswMock } from './index.ts';

const DAY = 86_400_000;
const KEY = 'demo-payg-key';

interface Step {
  step: string;
  status: number;
  detail: string;
}

declare global {
  interface Window {
    journey(): Promise<{ steps: Step[]; balances: number[]; due: number; journal: string[] }>;
    slowWallet(): Promise<{ ms: number; latencyMs: number }>;
    journalSize(): Promise<number>;
    onDemand(): Promise<{ statuses: Array<number | string>; journal: string[] }>;
  }
}

const mock = createMswMock();
const slow = createMswMock({ origin: 'http://127.0.0.1:4011', latency: 'getWallet=400,0', seed: 1 });
const worker = setupWorker(...mock.handlers, ...slow.handlers);
const ready = worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledFrame: 'bypass', quiet: true });

function show(steps: Step[]): void {
  const rows = steps.map((s) => `<tr><td>${s.step}</td><td>${s.status}</td><td>${s.detail}</td></tr>`).join('');
  document.querySelector('#steps')!.innerHTML = `<table><tr><th>step</th><th>status</th><th>what came back</th></tr>${rows}</table>`;
}

window.journey = async () => {
  await ready;
  const api = createSpwClient({ baseUrl: mock.apiBase, apiKey: KEY });
  const steps: Step[] = [];
  const balances: number[] = [];
  const wallet = async () => {
    const res = await api.GET('/wallet');
    const balance = res.data?.usesWallet ? res.data.balance : Number.NaN;
    balances.push(balance);
    steps.push({ step: 'GET /wallet', status: res.response.status, detail: `balance ${balance} credits` });
  };
  await wallet();
  const date = new Date(Date.now() + 2 * DAY).toISOString();
  const created = await api.POST('/posts', {
    body: {
      type: 'draft',
      date,
      shortLink: false,
      tags: [],
      posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: 'Hello from the worker', image: [] }] }],
    },
  });
  const postId = created.data?.[0]?.postId ?? '';
  steps.push({ step: 'POST /posts (draft)', status: created.response.status, detail: `post ${postId}` });
  const listed = await api.GET('/posts', {
    params: { query: { startDate: new Date(Date.now() - DAY).toISOString(), endDate: new Date(Date.now() + 7 * DAY).toISOString() } },
  });
  const mine = listed.data?.posts.find((p) => p.id === postId);
  steps.push({ step: 'GET /posts', status: listed.response.status, detail: `${listed.data?.posts.length} posts, ours ${mine?.state}` });
  const estimate = await api.POST('/wallet/estimate', { body: { provider: 'x', contents: ['Hello from the worker'] } });
  const due = estimate.data?.usesWallet ? estimate.data.dueCredits : Number.NaN;
  steps.push({ step: 'POST /wallet/estimate', status: estimate.response.status, detail: `due ${due} credits` });
  const scheduled = await api.PUT('/posts/{id}/status', { params: { path: { id: postId } }, body: { status: 'schedule' } });
  steps.push({ step: 'PUT /posts/{id}/status', status: scheduled.response.status, detail: 'schedule' });
  await wallet();
  show(steps);
  const journal = (await mock.requests()).map((e) => `${e.operationId} ${e.status}`);
  return { steps, balances, due, journal };
};

window.slowWallet = async () => {
  await ready;
  const api = createSpwClient({ baseUrl: slow.apiBase, apiKey: KEY });
  const started = performance.now();
  await api.GET('/wallet');
  const ms = performance.now() - started;
  const [entry] = await slow.requests({ operation: 'getWallet' });
  return { ms, latencyMs: entry!.latencyMs };
};

window.journalSize = async () => (await mock.requests()).length;

// The states a UI must show, on demand: an override set from the page answers the next call, then the real one
// follows; a Prefer header asks for one answer; a dropped connection rejects the app's fetch.
window.onDemand = async () => {
  await ready;
  const api = createSpwClient({ baseUrl: mock.apiBase, apiKey: KEY });
  const statuses: Array<number | string> = [];
  const override = await mock.override('getWallet', { status: 401, times: 1 });
  statuses.push((await api.GET('/wallet')).response.status);
  statuses.push((await api.GET('/wallet')).response.status);
  await override.clear();
  const prefer = await fetch(`${mock.apiBase}/groups`, { headers: { Authorization: KEY, Prefer: 'code=401' } });
  statuses.push(`${prefer.status} ${prefer.headers.get('preference-applied')}`);
  await mock.control.POST('/overrides', { body: { operationId: 'listGroups', error: 'network', times: 1 } });
  statuses.push(await fetch(`${mock.apiBase}/groups`, { headers: { Authorization: KEY } }).then((r) => r.status, (e: unknown) => `rejected ${(e as Error).name}`));
  statuses.push((await fetch(`${mock.apiBase}/groups`, { headers: { Authorization: KEY } })).status);
  const journal = (await mock.requests()).filter((e) => e.override).map((e) => `${e.operationId} ${e.status} ${e.override!.by}`);
  return { statuses, journal };
};
