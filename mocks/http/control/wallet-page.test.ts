// The wallet page in-process: where topUpUrl leads, its forms (top-up, auto top-up) with a single-use CSRF field, the return link, refusals that change nothing, the Host check.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, type TestMock } from '../../testing.ts';

const APP_PAGE = 'http://localhost:5173/settings?tab=billing';

interface PageForm {
  method: string;
  action: string;
  fields: Record<string, string>;
  options: string[];
  buttons: string[];
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attrs = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decode(m[2] ?? '');
  return out;
};

/** A browser-free reading of the page's forms: inputs (hidden or typed) with their values, the select's choice, the buttons' values. */
function parseForms(html: string): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, formAttrs, inner]) => {
    const form = attrs(formAttrs!);
    const fields: Record<string, string> = {};
    for (const m of inner!.matchAll(/<input\b([^>]*)>/g)) {
      const a = attrs(m[1]!);
      fields[a.name!] = a.value ?? '';
    }
    const options: string[] = [];
    const select = inner!.match(/<select\b([^>]*)>([\s\S]*?)<\/select>/);
    if (select) {
      for (const o of select[2]!.matchAll(/<option\b([^>]*)>/g)) {
        const a = attrs(o[1]!);
        options.push(a.value!);
        if ('selected' in a) fields[attrs(select[1]!).name!] = a.value!;
      }
    }
    const buttons = [...inner!.matchAll(/<button\b([^>]*)>/g)].map((m) => attrs(m[1]!).value ?? '');
    return { method: (form.method ?? 'get').toLowerCase(), action: form.action!, fields, options, buttons };
  });
}

async function open(m: TestMock, query = '') {
  const res = await m.http.get(`/wallet${query}`).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const forms = parseForms(res.text);
  const [pick, topUp, auto] = forms;
  return { html: res.text, res, pick: pick!, topUp: topUp!, auto: auto! };
}

function send(m: TestMock, form: PageForm, action: string, fields: Record<string, string> = {}) {
  return m.http.post(form.action).redirects(0).type('form').send(new URLSearchParams({ ...form.fields, action, ...fields }).toString());
}

/** The public wallet summary, without topUpUrl (its port is supertest's, new for every request). */
async function balance(m: TestMock, key: string) {
  const { topUpUrl, ...rest } = (await m.api('get', '/wallet', key).expect(200)).body;
  expect(topUpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wallet$/);
  return rest;
}

describe('the wallet page', () => {
  it('is where topUpUrl and a 402 wallet refusal lead', async () => {
    const m = testMock();
    const topUpUrl = new URL((await m.api('get', '/wallet', KEYS.free).expect(200)).body.topUpUrl);
    expect(topUpUrl.pathname).toBe('/wallet');
    await m.http.get(topUpUrl.pathname).expect(200);
    const refusal = await m.api('get', '/brief', KEYS.free).expect(402);
    expect(refusal.body).toMatchObject({ wallet: true, url: '/wallet' });
    await m.http.get(refusal.body.url).expect(200);
    const moved = testMock({ config: { walletPath: '/billing/wallet' } });
    expect(new URL((await moved.api('get', '/wallet', KEYS.free).expect(200)).body.topUpUrl).pathname).toBe('/billing/wallet');
    const page = await moved.http.get('/billing/wallet').expect(200);
    expect(parseForms(page.text).map((f) => f.action)).toEqual(['/billing/wallet', '/billing/wallet', '/billing/wallet']);
  });

  it('shows a workspace picked in the query (else the first), every workspace to pick, no framing, no caching', async () => {
    const m = testMock();
    const { res, pick, topUp, auto } = await open(m, '?workspace=ws_free_demo');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(pick.method).toBe('get');
    expect(pick.fields.workspace).toBe('ws_free_demo');
    expect(pick.options).toEqual(expect.arrayContaining(['ws_free_demo', 'ws_payg_demo', 'ws_paid_demo']));
    for (const form of [topUp, auto]) {
      expect(form.method).toBe('post');
      expect(form.action).toBe('/wallet');
      expect(form.fields.workspace).toBe('ws_free_demo');
      expect(form.fields.csrf_token).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(topUp.buttons).toEqual(['top-up']);
    expect(auto.buttons).toEqual(['auto-top-up-off', 'auto-top-up-on']);
    expect((await open(m, '?workspace=ws_nope')).pick.fields.workspace).toBe(pick.options[0]);
  });

  it('keeps an http(s) return URL as an escaped link and in every form; drops anything else', async () => {
    const m = testMock();
    const { html, pick, topUp } = await open(m, `?return=${encodeURIComponent(APP_PAGE)}`);
    expect(html).toContain(`<a id="return" href="${APP_PAGE.replace('&', '&amp;')}">`);
    expect(pick.fields.return).toBe(APP_PAGE);
    expect(topUp.fields.return).toBe(APP_PAGE);
    for (const bad of ['javascript:alert(1)', '/relative', 'data:text/html,x']) {
      const page = await open(m, `?return=${encodeURIComponent(bad)}`);
      expect(page.html).not.toContain('id="return"');
      expect(page.topUp.fields).not.toHaveProperty('return');
    }
  });

  it('adds credits as a top-up, the way the control API does, and comes back to the page saying so', async () => {
    const m = testMock();
    expect(await balance(m, KEYS.free)).toMatchObject({ balance: 0, payAsYouGo: false });
    const { topUp } = await open(m, `?workspace=ws_free_demo&return=${encodeURIComponent(APP_PAGE)}`);
    const res = await send(m, topUp, 'top-up', { credits: '25.5' }).expect(303);
    const location = new URL(res.headers.location!, 'http://mock');
    expect(location.pathname).toBe('/wallet');
    expect(Object.fromEntries(location.searchParams)).toEqual({ workspace: 'ws_free_demo', done: 'top-up', return: APP_PAGE });
    expect(await balance(m, KEYS.free)).toMatchObject({ balance: 25.5, payAsYouGo: true });
    const tx = await m.api('get', '/wallet/transactions', KEYS.free).expect(200);
    expect(tx.body.items[0]).toMatchObject({ type: 'TOPUP', credits: 25.5 });
    const after = await m.http.get(`${location.pathname}${location.search}`).expect(200);
    expect(after.text).toContain('Credits added.');
    expect(after.text).toContain('<strong id="balance">25.50</strong>');
  });

  it('turns automatic top-up on and off', async () => {
    const m = testMock();
    const first = await open(m, '?workspace=ws_payg_demo');
    await send(m, first.auto, 'auto-top-up-on', { belowCredits: '5', amount: '2000' }).expect(303);
    expect((await balance(m, KEYS.payg)).autoTopUp).toMatchObject({ enabled: true, belowCredits: 5, amount: 2000 });
    const second = await open(m, '?workspace=ws_payg_demo&done=auto-top-up-on');
    expect(second.html).toContain('Automatic top-up is on.');
    expect(second.auto.fields).toMatchObject({ belowCredits: '5', amount: '2000' });
    await send(m, second.auto, 'auto-top-up-off').expect(303);
    expect((await balance(m, KEYS.payg)).autoTopUp.enabled).toBe(false);
  });

  it('refuses a reused, made-up or missing CSRF field, and bad input, with a 400 page that changes nothing', async () => {
    const m = testMock();
    const { topUp } = await open(m, '?workspace=ws_payg_demo');
    const before = await balance(m, KEYS.payg);
    const refusals = [
      await send(m, topUp, 'top-up', { credits: '10', csrf_token: 'f'.repeat(64) }).expect(400),
      await send(m, topUp, 'top-up', { credits: '' }).expect(400),
    ];
    // The nonce is spent by the refused form above: a page is shown again for each try.
    const fresh = await open(m, '?workspace=ws_payg_demo');
    refusals.push(await send(m, fresh.topUp, 'top-up', { credits: '-3' }).expect(400));
    refusals.push(await send(m, (await open(m, '?workspace=ws_payg_demo')).topUp, 'top-up', { credits: '1.234' }).expect(400));
    refusals.push(await send(m, (await open(m, '?workspace=ws_payg_demo')).auto, 'auto-top-up-on', { amount: 'lots' }).expect(400));
    refusals.push(await send(m, (await open(m, '?workspace=ws_payg_demo')).topUp, 'explode').expect(400));
    refusals.push(await send(m, (await open(m, '?workspace=ws_payg_demo')).topUp, 'top-up', { credits: '1', workspace: 'ws_nope' }).expect(400));
    for (const res of refusals) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('The wallet was not changed');
    }
    expect(refusals[0]!.text).toContain('expired or was already sent');
    expect(await balance(m, KEYS.payg)).toEqual(before);

    const ok = await open(m, '?workspace=ws_payg_demo');
    await send(m, ok.topUp, 'top-up', { credits: '1' }).expect(303);
    await send(m, ok.topUp, 'top-up', { credits: '1' }).expect(400);
    await send(m, ok.auto, 'auto-top-up-off').expect(400);
    expect((await balance(m, KEYS.payg)).balance).toBe(before.balance + 1);
    await m.http.post('/wallet').send({ action: 'top-up' }).expect(400);
  });

  it('says why a frozen wallet refuses a top-up', async () => {
    const m = testMock();
    await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/freeze').expect(200);
    const { html, topUp } = await open(m, '?workspace=ws_payg_demo');
    expect(html).toContain('The wallet is frozen');
    const res = await send(m, topUp, 'top-up', { credits: '5' }).expect(400);
    expect(res.text).toContain('top-ups are refused until it is unfrozen');
  });

  it('answers only a Host that names the mock', async () => {
    const m = testMock();
    const { topUp } = await open(m, '?workspace=ws_payg_demo');
    m.app.state.access.listening = { host: '127.0.0.1', origin: 'http://127.0.0.1:4010' };
    await m.http.get('/wallet').set('Host', 'rebound.evil.test').expect(403);
    await send(m, topUp, 'top-up', { credits: '5' }).set('Host', 'rebound.evil.test').expect(403);
    await send(m, topUp, 'top-up', { credits: '5' }).set('Host', 'localhost:4010').expect(303);
  });
});
