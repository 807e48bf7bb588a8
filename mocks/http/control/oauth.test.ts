// OAuth apps end to end in-process: the control API, the consent page's form, the redirect, the code exchange, tokens, revocation; and API key rotation.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, type TestMock } from '../../testing.ts';
import { formActionSource } from './oauth.ts';

const REDIRECT = 'https://scheduler.example.com/oauth/callback';

interface ParsedForm {
  method: string;
  action: string;
  /** Hidden inputs and select defaults by name. */
  fields: Record<string, string>;
  selectOptions: string[];
  buttons: Array<{ name: string; value: string }>;
}

const attrs = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decode(m[2] ?? '');
  return out;
};
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** A browser-free reading of the consent page: the one form, its inputs, select and buttons. */
function parseConsentForm(html: string): ParsedForm {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  expect(forms).toHaveLength(1);
  const [, formAttrs, inner] = forms[0]!;
  const form = attrs(formAttrs!);
  const fields: Record<string, string> = {};
  for (const m of inner!.matchAll(/<input\b([^>]*)>/g)) {
    const a = attrs(m[1]!);
    expect(a.type).toBe('hidden');
    fields[a.name!] = a.value ?? '';
  }
  const select = inner!.match(/<select\b([^>]*)>([\s\S]*?)<\/select>/);
  const selectOptions: string[] = [];
  if (select) {
    const name = attrs(select[1]!).name!;
    for (const o of select[2]!.matchAll(/<option\b([^>]*)>/g)) {
      const a = attrs(o[1]!);
      selectOptions.push(a.value!);
      if ('selected' in a) fields[name] = a.value!;
    }
  }
  const buttons = [...inner!.matchAll(/<button\b([^>]*)>/g)].map((m) => attrs(m[1]!)).map((a) => ({ name: a.name!, value: a.value! }));
  return { method: (form.method ?? 'get').toLowerCase(), action: form.action!, fields, selectOptions, buttons };
}

async function createApp(m: TestMock, ws = 'ws_payg_demo') {
  const res = await m.http.post(`/_mock/workspaces/${ws}/oauth-app`).send({ name: 'Scheduler <Plus>', description: 'Plans your week.', redirectUrl: REDIRECT }).expect(201);
  return res.body as { clientId: string; clientSecret: string };
}

async function consent(m: TestMock, clientId: string, state = 'st-123', extra = '') {
  const res = await m.http.get(`/oauth/authorize?client_id=${clientId}&response_type=code&state=${encodeURIComponent(state)}${extra}`).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return { html: res.text, form: parseConsentForm(res.text) };
}

function submit(m: TestMock, form: ParsedForm, decision: 'approve' | 'deny', override: Record<string, string> = {}) {
  const body = new URLSearchParams({ ...form.fields, decision, ...override }).toString();
  // Never follow the redirect: it points at the app's server, which does not exist here.
  return m.http[form.method as 'post'](form.action).redirects(0).type('form').send(body);
}

async function approveAndGetCode(m: TestMock, clientId: string, state = 'st-123') {
  const { form } = await consent(m, clientId, state);
  const res = await submit(m, form, 'approve').expect(302);
  const location = new URL(res.headers.location!);
  return { code: location.searchParams.get('code')!, location };
}

const exchange = (m: TestMock, body: Record<string, unknown>) => m.http.post('/api/oauth/token').send(body);

describe('OAuth apps through the control API', () => {
  it('creates one app per workspace with pca_/pcs_ credentials, showing the secret only at creation and rotation', async () => {
    const m = testMock();
    const app = await createApp(m);
    expect(app.clientId).toMatch(/^pca_[A-Za-z0-9]{32}$/);
    expect(app.clientSecret).toMatch(/^pcs_[A-Za-z0-9]{48}$/);
    const read = await m.http.get('/_mock/workspaces/ws_payg_demo/oauth-app').expect(200);
    expect(read.body).toEqual({ clientId: app.clientId, name: 'Scheduler <Plus>', description: 'Plans your week.', picture: null, redirectUrl: REDIRECT });
    await m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app').send({ name: 'Second', redirectUrl: REDIRECT }).expect(400);

    const edited = await m.http.patch('/_mock/workspaces/ws_payg_demo/oauth-app').send({ description: 'Every week.' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Scheduler <Plus>', description: 'Every week.' });
    expect(edited.body).not.toHaveProperty('clientSecret');

    const rotated = await m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app/rotate-secret').expect(200);
    expect(rotated.body.clientId).toBe(app.clientId);
    expect(rotated.body.clientSecret).toMatch(/^pcs_[A-Za-z0-9]{48}$/);
    expect(rotated.body.clientSecret).not.toBe(app.clientSecret);

    expect((await m.http.delete('/_mock/workspaces/ws_payg_demo/oauth-app').expect(200)).body).toEqual({ deleted: true });
    await m.http.get('/_mock/workspaces/ws_payg_demo/oauth-app').expect(404);
    await m.http.get('/_mock/workspaces/ws_nope/oauth-app').expect(404);
  });

  it('checks name (1..100), description (<=500) and the redirect URL', async () => {
    const m = testMock();
    const url = '/_mock/workspaces/ws_payg_demo/oauth-app';
    await m.http.post(url).send({ name: '', redirectUrl: REDIRECT }).expect(400);
    await m.http.post(url).send({ name: 'n'.repeat(101), redirectUrl: REDIRECT }).expect(400);
    await m.http.post(url).send({ name: 'ok', description: 'd'.repeat(501), redirectUrl: REDIRECT }).expect(400);
    await m.http.post(url).send({ name: 'ok', redirectUrl: 'not a url' }).expect(400);
    await m.http.post(url).send({ name: 'ok', redirectUrl: 'javascript:alert(1)' }).expect(400);
    await m.http.get(url).expect(404);
    await m.http.post(url).send({ name: 'n'.repeat(100), description: 'd'.repeat(500), redirectUrl: REDIRECT }).expect(201);
    await m.http.patch(url).send({ name: '' }).expect(400);
  });
});

describe('the consent page', () => {
  it('is an HTML form naming the app, posting client_id, state, a CSRF field, a workspace and approve/deny', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { html, form } = await consent(m, app.clientId, 'a"b<c');
    expect(html).toContain('Scheduler &lt;Plus&gt;');
    expect(html).not.toContain('Scheduler <Plus>');
    expect(form.method).toBe('post');
    expect(form.action).toBe('/oauth/authorize');
    expect(form.fields.client_id).toBe(app.clientId);
    expect(form.fields.state).toBe('a"b<c');
    expect(form.fields.csrf_token).toMatch(/^[0-9a-f]{64}$/);
    // The app's own workspace is chosen by default; every workspace can be picked.
    expect(form.fields.workspace).toBe('ws_payg_demo');
    expect(form.selectOptions).toEqual(expect.arrayContaining(['ws_free_demo', 'ws_payg_demo', 'ws_paid_demo']));
    expect(form.buttons).toEqual([
      { name: 'decision', value: 'deny' },
      { name: 'decision', value: 'approve' },
    ]);
    const chosen = await consent(m, app.clientId, 's', '&workspace=ws_paid_demo');
    expect(chosen.form.fields.workspace).toBe('ws_paid_demo');
  });

  it("lets its form lead only to this origin and the app's redirect origin (Chromium checks form-action on the redirect too)", async () => {
    const m = testMock();
    const app = await createApp(m);
    const res = await m.http.get(`/oauth/authorize?client_id=${app.clientId}&response_type=code`).expect(200);
    const csp = res.headers['content-security-policy']!;
    expect(csp).toContain("form-action 'self' https://scheduler.example.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // The wallet page's forms stay on this origin.
    expect((await m.http.get('/wallet').expect(200)).headers['content-security-policy']).toContain("form-action 'self';");
    // Only a plain origin is written into the header; CSP cannot name an IPv6 literal, so its scheme stands in.
    expect(formActionSource('http://127.0.0.1:5555/cb?x=1')).toBe('http://127.0.0.1:5555');
    expect(formActionSource('https://app.example.com/cb')).toBe('https://app.example.com');
    expect(formActionSource('http://[::1]:5555/cb')).toBe('http:');
    expect(formActionSource('https://a;script-src.example/cb')).toBe('https:');
  });

  it('answers 400 for an unknown client_id or a response_type other than code', async () => {
    const m = testMock();
    const app = await createApp(m);
    const unknown = await m.http.get('/oauth/authorize?client_id=pca_nope&response_type=code&state=s').expect(400);
    expect(unknown.text).toContain('No app has this client_id.');
    await m.http.get(`/oauth/authorize?client_id=${app.clientId}&response_type=token&state=s`).expect(400);
    await m.http.get(`/oauth/authorize?response_type=code`).expect(400);
  });

  it('refuses a form without the CSRF field of a page it showed, or with one already used', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { form } = await consent(m, app.clientId);
    await submit(m, form, 'approve', { csrf_token: 'f'.repeat(64) }).expect(400);
    await submit(m, form, 'approve').expect(302);
    await submit(m, form, 'approve').expect(400);
  });
});

describe('the OAuth flow end to end', () => {
  it('approve, redirect with code and state, exchange, call the API with the token, revoke, 401', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { form } = await consent(m, app.clientId, 'st-123');
    const redirect = await submit(m, form, 'approve').expect(302);
    const location = new URL(redirect.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st-123');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const token = await exchange(m, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret }).expect(200);
    expect(token.headers['cache-control']).toBe('no-store');
    expect(token.body).toEqual({ access_token: expect.stringMatching(/^pos_[A-Za-z0-9]{40}$/), id: 'ws_payg_demo', token_type: 'bearer' });

    const accessToken = token.body.access_token as string;
    expect((await m.api('get', '/is-connected', accessToken).expect(200)).body).toEqual({ connected: true });
    await m.api('get', '/brief', accessToken).expect(200);
    const notes = await m.api('get', '/notifications', accessToken).expect(200);
    expect(notes.body.notifications[0].content).toContain('was approved');

    expect((await m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app/revoke').expect(200)).body).toEqual({ revoked: 1 });
    const refused = await m.api('get', '/is-connected', accessToken).expect(401);
    expect(refused.body).toEqual({ msg: 'Invalid OAuth token' });
    // The API key is untouched.
    await m.api('get', '/is-connected', KEYS.payg).expect(200);
  });

  it('acts in the workspace the user chose on the consent page', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { form } = await consent(m, app.clientId);
    const res = await submit(m, form, 'approve', { workspace: 'ws_paid_demo' }).expect(302);
    const code = new URL(res.headers.location!).searchParams.get('code')!;
    const token = await exchange(m, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret }).expect(200);
    expect(token.body.id).toBe('ws_paid_demo');
    await m.api('post', '/generate-video', token.body.access_token).send({}).expect(200);
  });

  it('deny redirects with error=access_denied and state, and no code', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { form } = await consent(m, app.clientId, 'st-9');
    const res = await submit(m, form, 'deny').expect(302);
    const location = new URL(res.headers.location!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-9');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('a code works once and within 10 minutes on the mock clock', async () => {
    const m = testMock();
    const app = await createApp(m);
    const grant = { grant_type: 'authorization_code', client_id: app.clientId, client_secret: app.clientSecret };
    const { code } = await approveAndGetCode(m, app.clientId);
    await exchange(m, { ...grant, code }).expect(200);
    const reused = await exchange(m, { ...grant, code }).expect(400);
    expect(reused.body.error).toBe('invalid_grant');

    const late = await approveAndGetCode(m, app.clientId);
    m.clock.advance(10 * 60 * 1000 - 1);
    const justInTime = await approveAndGetCode(m, app.clientId);
    m.clock.advance(1);
    const expired = await exchange(m, { ...grant, code: late.code }).expect(400);
    expect(expired.body).toEqual({ error: 'invalid_grant', error_description: 'Code has expired' });
    expect(expired.headers['cache-control']).toBe('no-store');
    await exchange(m, { ...grant, code: justInTime.code }).expect(200);
  });

  it('checks the client id and secret, and the grant type', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { code } = await approveAndGetCode(m, app.clientId);
    const wrong = await exchange(m, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: 'pcs_wrong' }).expect(401);
    expect(wrong.body).toEqual({ error: 'invalid_client' });
    await exchange(m, { grant_type: 'authorization_code', code, client_id: 'pca_other', client_secret: app.clientSecret }).expect(401);
    expect((await exchange(m, { grant_type: 'client_credentials', code, client_id: app.clientId, client_secret: app.clientSecret }).expect(400)).body).toEqual({ error: 'unsupported_grant_type' });
    expect((await exchange(m, { grant_type: 'authorization_code', client_id: app.clientId, client_secret: app.clientSecret }).expect(400)).body.error).toBe('invalid_request');
    // None of those spent the code.
    const rotated = await m.http.post('/_mock/workspaces/ws_payg_demo/oauth-app/rotate-secret').expect(200);
    await exchange(m, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret }).expect(401);
    await exchange(m, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: rotated.body.clientSecret }).expect(200);
  });

  it('deleting the app stops its tokens at once', async () => {
    const m = testMock();
    const app = await createApp(m);
    const { code } = await approveAndGetCode(m, app.clientId);
    const token = (await exchange(m, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret }).expect(200)).body.access_token;
    await m.api('get', '/is-connected', token).expect(200);
    await m.http.delete('/_mock/workspaces/ws_payg_demo/oauth-app').expect(200);
    expect((await m.api('get', '/is-connected', token).expect(401)).body).toEqual({ msg: 'Invalid OAuth token' });
  });
});

describe('API key rotation', () => {
  it('gives a new key; the old one answers 401 at once', async () => {
    const m = testMock();
    const res = await m.http.post('/_mock/workspaces/ws_free_demo/rotate-key').expect(200);
    expect(res.body.apiKey).not.toBe(KEYS.free);
    expect((await m.api('get', '/is-connected', KEYS.free).expect(401)).body).toEqual({ msg: 'Invalid API key' });
    await m.api('get', '/is-connected', res.body.apiKey).expect(200);
    await m.http.post('/_mock/workspaces/ws_nope/rotate-key').expect(404);
  });
});
