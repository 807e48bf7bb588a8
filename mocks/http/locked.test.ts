// Locked means locked: under --control-token, nothing that reads keys or moves money works without the token (401 in the
// error shape, nothing changed) and everything works with it; and --control-cors never opens the control API to every
// origin.
import { describe, expect, it } from 'vitest';
import { testMock, walletPage, KEYS, type TestMock } from '../testing.ts';
import { CONTROL_CORS_ANY_ORIGIN } from './access.ts';

const TOKEN = 'c0ntrol-token-for-tests';
const BEARER = `Bearer ${TOKEN}`;
const REDIRECT = 'https://scheduler.example.com/oauth/callback';

const world = (m: TestMock) => m.app.state.world;
const wallet = (m: TestMock, ws = 'ws_payg_demo') => world(m).workspaces.get(ws)!.wallet;

/** Everything a refusal must leave as it was: every key, app secret and token, every ledger and balance. */
function snapshot(m: TestMock): string {
  return JSON.stringify(
    [...world(m).workspaces.values()].map((ws) => ({
      id: ws.id,
      key: ws.apiKey,
      plan: ws.plan,
      app: ws.oauth.app,
      ledger: ws.wallet.ledger.length,
      balance: ws.wallet.balance,
      auto: ws.wallet.autoTopUp,
    })),
  ).concat(String(world(m).workspaces.size), String(world(m).oauth.tokens.size), String(world(m).oauth.codes.size));
}

/** The single-use field of a page form, read from the page as a browser would get it. */
async function csrf(m: TestMock, path: string): Promise<string> {
  const res = await m.http.get(path).expect(200);
  return res.text.match(/name="csrf_token" value="([^"]+)"/)![1]!;
}

/** The fields of ws_payg_demo's wallet page forms, the page opened from its topUpUrl. */
async function walletFields(m: TestMock) {
  const path = await walletPage(m, KEYS.payg);
  return { link: new URL(path, 'http://mock').searchParams.get('link')!, csrf_token: await csrf(m, path) };
}

async function withApp(m: TestMock) {
  return (await m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app').set('Authorization', BEARER).send({ name: 'Scheduler', redirectUrl: REDIRECT }).expect(201)).body as {
    clientId: string;
    clientSecret: string;
  };
}

interface Surface {
  name: string;
  /** Runs the request; `token` says whether it carries the control token the way that surface takes it. */
  send(m: TestMock, token: boolean): Promise<{ status: number; body: any; text: string; headers: Record<string, string> }>;
  /** What a request with the token answers, checked beyond its status. */
  ok: number;
  /** Whether the surface needs an OAuth app first. */
  app?: boolean;
}

const bearer = (token: boolean) => (token ? { Authorization: BEARER } : {});

/** Every surface that reads a key (or a credential as good as one) or moves money. */
const SURFACES: Surface[] = [
  { name: 'GET /_mock/workspaces (every key)', ok: 200, send: (m, t) => m.http.get('/_mock/workspaces').set(bearer(t)) },
  { name: 'POST /_mock/workspaces (a new key)', ok: 201, send: (m, t) => m.http.post('/_mock/workspaces').set(bearer(t)).send({ plan: 'free' }) },
  { name: 'POST /_mock/workspaces/{id}/rotate-key', ok: 200, send: (m, t) => m.http.post('/_mock/workspaces/ws_payg_demo/rotate-key').set(bearer(t)) },
  { name: 'GET /_mock/scenario (every key and secret)', ok: 200, send: (m, t) => m.http.get('/_mock/scenario').set(bearer(t)) },
  { name: 'GET /_mock/requests (the journal)', ok: 200, send: (m, t) => m.http.get('/_mock/requests').set(bearer(t)) },
  { name: 'POST /_mock/workspaces/{id}/oauth-app (a client secret)', ok: 201, send: (m, t) => m.http.post('/_mock/workspaces/ws_free_demo/oauth-app').set(bearer(t)).send({ name: 'A', redirectUrl: REDIRECT }) },
  { name: 'POST /_mock/workspaces/{id}/oauth-app/rotate-secret', ok: 200, app: true, send: (m, t) => m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app/rotate-secret').set(bearer(t)) },
  { name: 'POST /_mock/workspaces/{id}/wallet/top-up', ok: 200, send: (m, t) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').set(bearer(t)).send({ credits: 5 }) },
  { name: 'POST /_mock/workspaces/{id}/wallet/grant', ok: 200, send: (m, t) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/grant').set(bearer(t)).send({ credits: 5 }) },
  { name: 'POST /_mock/workspaces/{id}/wallet/adjust', ok: 200, send: (m, t) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/adjust').set(bearer(t)).send({ credits: 5 }) },
  { name: 'PUT /_mock/workspaces/{id}/wallet/auto-top-up', ok: 200, send: (m, t) => m.http.put('/_mock/workspaces/ws_payg_demo/wallet/auto-top-up').set(bearer(t)).send({ enabled: true, amount: 500 }) },
  { name: 'PUT /_mock/workspaces/{id}/plan', ok: 200, send: (m, t) => m.http.put('/_mock/workspaces/ws_free_demo/plan').set(bearer(t)).send({ plan: 'paid' }) },
  {
    name: 'POST /wallet (the wallet page adds credits)',
    ok: 303,
    send: async (m, t) => {
      const form = { ...(await walletFields(m)), action: 'top-up', credits: '5', ...(t ? { control_token: TOKEN } : {}) };
      return m.http.post('/wallet').redirects(0).type('form').send(new URLSearchParams(form).toString());
    },
  },
  {
    name: 'POST /wallet (the wallet page turns on auto top-up)',
    ok: 303,
    send: async (m, t) => {
      const form = { ...(await walletFields(m)), action: 'auto-top-up-on', belowCredits: '10', amount: '500', ...(t ? { control_token: TOKEN } : {}) };
      return m.http.post('/wallet').redirects(0).type('form').send(new URLSearchParams(form).toString());
    },
  },
  {
    name: 'POST /oauth/authorize (Approve mints a credential)',
    ok: 302,
    app: true,
    send: async (m, t) => {
      const clientId = world(m).workspaces.get('ws_payg_demo')!.oauth.app!.clientId;
      const nonce = await csrf(m, `/oauth/authorize?client_id=${clientId}&response_type=code&state=s`);
      const form = { client_id: clientId, workspace: 'ws_paid_demo', state: 's', decision: 'approve', csrf_token: nonce, ...(t ? { control_token: TOKEN } : {}) };
      return m.http.post('/oauth/authorize').redirects(0).type('form').send(new URLSearchParams(form).toString());
    },
  },
];

describe('under --control-token, every surface that reads keys or moves money', () => {
  for (const surface of SURFACES) {
    it(`${surface.name}: 401 in the error shape without the token, changing nothing; works with it`, async () => {
      const m = testMock({ controlToken: TOKEN });
      if (surface.app) await withApp(m);
      const before = snapshot(m);
      const refused = await surface.send(m, false);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ statusCode: 401, msg: expect.stringContaining('control token'), message: expect.stringContaining('control token') });
      expect(refused.headers['cache-control']).toBe('no-store');
      for (const key of Object.values(KEYS)) expect(refused.text).not.toContain(key);
      expect(snapshot(m)).toBe(before);

      const done = await surface.send(m, true);
      expect(done.status, done.text).toBe(surface.ok);
    });
  }

  it('a wrong token is no token, and a page form refused for it stays usable once the token is typed', async () => {
    const m = testMock({ controlToken: TOKEN });
    await m.http.get('/_mock/workspaces').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await m.http.get('/_mock/workspaces').set('Authorization', TOKEN).expect(401);
    const form = { ...(await walletFields(m)), action: 'top-up', credits: '5' };
    const balance = wallet(m).balance;
    // A browser asks for HTML: it gets a page saying what to do, with the same status.
    const page = await m.http.post('/wallet').set('Accept', 'text/html').type('form').send(new URLSearchParams({ ...form, control_token: 'guess' }).toString()).expect(401);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('The control token is needed');
    expect(wallet(m).balance).toBe(balance);
    await m.http.post('/wallet').redirects(0).type('form').send(new URLSearchParams({ ...form, control_token: TOKEN }).toString()).expect(303);
    expect(wallet(m).balance).toBe(balance + 500);
  });

  it('the pages show a token field only when the mock has a token; denying an app needs none', async () => {
    const open = testMock();
    expect((await open.http.get(await walletPage(open, KEYS.payg)).expect(200)).text).not.toContain('control_token');
    const m = testMock({ controlToken: TOKEN });
    const shown = (await m.http.get(await walletPage(m, KEYS.payg)).expect(200)).text;
    expect(shown.match(/<input type="password" id="control-token-[a-z-]+" name="control_token"/g)).toHaveLength(2);
    const app = await withApp(m);
    const consent = (await m.http.get(`/oauth/authorize?client_id=${app.clientId}&response_type=code&state=s`).expect(200)).text;
    expect(consent).toContain('name="control_token"');
    const nonce = consent.match(/name="csrf_token" value="([^"]+)"/)![1]!;
    const denied = await m.http.post('/oauth/authorize').redirects(0).type('form').send(new URLSearchParams({ client_id: app.clientId, workspace: 'ws_payg_demo', decision: 'deny', csrf_token: nonce, state: 's' }).toString()).expect(302);
    expect(new URL(denied.headers.location!).searchParams.get('error')).toBe('access_denied');
  });

  it('/docs lists no key without the token, says how to see them, and lists every key with it', async () => {
    const m = testMock({ controlToken: TOKEN });
    await m.http.post('/_mock/workspaces/ws_free_demo/rotate-key').set('Authorization', BEARER).expect(200);
    const keys = [...world(m).workspaces.values()].map((ws) => ws.apiKey);
    const locked = await m.http.get('/docs').expect(200);
    for (const key of [...keys, ...Object.values(KEYS)]) expect(locked.text).not.toContain(key);
    expect(locked.text).toContain('--control-token');
    expect(locked.text).toContain('id="keys-form"');
    expect(locked.headers['cache-control']).toBe('no-store');
    expect((await m.http.get('/docs').set('Authorization', 'Bearer nope').expect(200)).text).not.toContain(KEYS.paid);
    const unlocked = await m.http.get('/docs').set('Authorization', BEARER).expect(200);
    for (const key of keys) expect(unlocked.text).toContain(`data-demo-key="${key}"`);

    const open = testMock();
    expect((await open.http.get('/docs').expect(200)).text).toContain(`data-demo-key="${KEYS.payg}"`);
  });
});

describe('--control-cors', () => {
  it("refuses '*' (the default origin list) at start, naming the flags", () => {
    expect(() => testMock({ controlCors: true })).toThrow(CONTROL_CORS_ANY_ORIGIN);
    expect(() => testMock({ controlCors: true, corsOrigins: ['*'] })).toThrow(/--control-cors cannot be used with --cors-origin '\*'/);
    expect(() => testMock({ controlCors: true, corsOrigins: ['http://localhost:5173'] })).not.toThrow();
    expect(() => testMock({ corsOrigins: ['*'] })).not.toThrow();
  });
});
