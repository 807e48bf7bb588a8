// The wallet page in-process: topUpUrl and 402s lead to the asking workspace's page by an unguessable link, its forms
// (top-up, auto top-up) act on that workspace only, the return link leads only back to the app, refusals change nothing.
import { describe, expect, it } from 'vitest';
import { testMock, walletPage, KEYS, type TestMock } from '../../testing.ts';

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

async function open(m: TestMock, path: string) {
  const res = await m.http.get(path).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const forms = parseForms(res.text);
  const [topUp, auto] = forms;
  return { html: res.text, res, forms, topUp: topUp!, auto: auto! };
}

function send(m: TestMock, form: PageForm, action: string, fields: Record<string, string> = {}) {
  return m.http.post(form.action).redirects(0).type('form').send(new URLSearchParams({ ...form.fields, action, ...fields }).toString());
}

/** The public wallet summary, without topUpUrl (its port is supertest's, new for every request). */
async function balance(m: TestMock, key: string) {
  const { topUpUrl, ...rest } = (await m.api('get', '/wallet', key).expect(200)).body;
  expect(topUpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wallet\?link=wl_[0-9a-f]{32}$/);
  return rest;
}

const withReturn = (path: string, back: string) => `${path}&return=${encodeURIComponent(back)}`;

describe('the wallet page', () => {
  it('is where topUpUrl and a 402 lead: the page of the workspace that asked, named by a link and never by its id', async () => {
    const m = testMock();
    const payg = new URL((await m.api('get', '/wallet', KEYS.payg).expect(200)).body.topUpUrl);
    expect(payg.pathname).toBe('/wallet');
    expect([...payg.searchParams.keys()]).toEqual(['link']);
    // A 402 carries it relative to the app, as the reference has it.
    const refusal = await m.api('get', '/brief', KEYS.free).expect(402);
    expect(refusal.body).toMatchObject({ wallet: true, url: expect.stringMatching(/^\/wallet\?link=wl_[0-9a-f]{32}$/) });
    expect(refusal.body.url).toBe(await walletPage(m, KEYS.free));
    expect(refusal.body.url).not.toBe(`${payg.pathname}${payg.search}`);
    for (const url of [payg.href, refusal.body.url]) expect(url).not.toMatch(/ws_/);

    // Northwind is not the first workspace: the page shows it, and its forms name it by the link alone.
    const northwind = await open(m, `${payg.pathname}${payg.search}`);
    expect(northwind.html).toContain('<strong id="workspace">Northwind Outfitters</strong>');
    const juniper = await open(m, refusal.body.url);
    expect(juniper.html).toContain('<strong id="workspace">Juniper Bakery</strong>');
    for (const form of northwind.forms) {
      expect(form.method).toBe('post');
      expect(form.action).toBe('/wallet');
      expect(form.fields.link).toBe(payg.searchParams.get('link'));
      expect(form.fields).not.toHaveProperty('workspace');
      expect(form.fields.csrf_token).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(northwind.html).not.toContain('ws_');
    expect(northwind.res.headers['x-frame-options']).toBe('DENY');
    expect(northwind.res.headers['cache-control']).toBe('no-store');
    expect(northwind.res.headers['access-control-allow-origin']).toBeUndefined();
    // The same workspace keeps its link: a page left open still works after a reset.
    expect(await walletPage(m, KEYS.payg)).toBe(`${payg.pathname}${payg.search}`);
    await m.http.post('/_mock/reset').expect(200);
    expect(await walletPage(m, KEYS.payg)).toBe(`${payg.pathname}${payg.search}`);

    const moved = testMock({ config: { walletPath: '/billing/wallet' } });
    const path = await walletPage(moved, KEYS.free);
    expect(path).toMatch(/^\/billing\/wallet\?link=/);
    expect((await open(moved, path)).forms.map((f) => f.action)).toEqual(['/billing/wallet', '/billing/wallet']);
  });

  it('answers a link that names no workspace with a 404 page, never with another workspace', async () => {
    const m = testMock();
    const link = new URL(await walletPage(m, KEYS.payg), 'http://mock').searchParams.get('link')!;
    const edited = `wl_${link.slice(3, -1)}${link.endsWith('0') ? '1' : '0'}`;
    for (const bad of [edited, 'wl_' + '0'.repeat(32), 'ws_payg_demo', 'ws_free_demo', '']) {
      const res = await m.http.get(`/wallet?link=${encodeURIComponent(bad)}`).expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('This wallet link is not valid');
      expect(res.text).not.toMatch(/Juniper|Northwind|Lumen|csrf_token/);
    }
  });

  it('at the bare path, lists every workspace by its link; a workspace id in the query picks none', async () => {
    const m = testMock();
    for (const path of ['/wallet', '/wallet?workspace=ws_payg_demo']) {
      const { html, forms } = await open(m, path);
      expect(forms).toEqual([]);
      const links = [...html.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a>/g)].map((x) => [decode(x[1]!), x[2]]);
      expect(links).toEqual([
        [await walletPage(m, KEYS.free), 'Juniper Bakery'],
        [await walletPage(m, KEYS.payg), 'Northwind Outfitters'],
        [expect.stringMatching(/^\/wallet\?link=wl_[0-9a-f]{32}$/), 'Lumen Studio'],
      ]);
      expect(html.includes('not by a workspace id')).toBe(path.includes('workspace='));
    }
  });

  const APP = 'http://localhost:5173';
  const RETURNS: Array<{ name: string; options?: Parameters<typeof testMock>[0]; back: string; kept?: string; reason?: RegExp }> = [
    { name: 'a loopback dev server, any origin allowed', back: APP_PAGE, kept: APP_PAGE },
    { name: '127.0.0.1 on another port', back: 'http://127.0.0.1:3000/app', kept: 'http://127.0.0.1:3000/app' },
    { name: 'IPv6 loopback', back: 'http://[::1]:3000/', kept: 'http://[::1]:3000/' },
    { name: 'a path, on the mock (the app host) itself', back: '/settings?tab=billing', kept: 'http://127.0.0.1/settings?tab=billing' },
    { name: 'a listed origin', options: { corsOrigins: ['https://app.example.com'] }, back: 'https://app.example.com/billing', kept: 'https://app.example.com/billing' },
    { name: 'another site', back: 'https://evil.example/phish', reason: /https:\/\/evil\.example is not this mock's origin nor a loopback address/ },
    { name: 'a protocol-relative link to another site', back: '//evil.example/x', reason: /evil\.example is not this mock's origin/ },
    { name: 'a backslash trick', back: '/\\evil.example/x', reason: /evil\.example is not this mock's origin/ },
    { name: 'credentials before an @', back: 'http://localhost@evil.example/', reason: /evil\.example is not/ },
    { name: 'a loopback origin a list leaves out', options: { corsOrigins: ['https://app.example.com'] }, back: APP_PAGE, reason: /nor one of --cors-origin \(https:\/\/app\.example\.com\)/ },
    { name: 'javascript:', back: 'javascript:alert(1)', reason: /only http and https/ },
    { name: 'data:', back: 'data:text/html,x', reason: /only http and https/ },
    { name: 'a very long URL', back: `${APP}/${'x'.repeat(3000)}`, reason: /longer than 2048/ },
  ];

  for (const c of RETURNS) {
    it(`return link: ${c.name} is ${c.kept ? 'kept, in the link and every form' : 'left out, saying why'}`, async () => {
      const m = testMock(c.options);
      const { html, forms } = await open(m, withReturn(await walletPage(m, KEYS.payg), c.back));
      if (c.kept) {
        // supertest's Host carries the port the app listens on: the mock's own origin is that.
        const kept = c.kept.startsWith('http://127.0.0.1/') ? expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/settings\?tab=billing$/) : c.kept;
        expect(decode(html.match(/<a id="return" href="([^"]+)">/)?.[1] ?? '')).toEqual(kept);
        for (const form of forms) expect(form.fields.return).toEqual(kept);
      } else {
        expect(html).not.toContain('id="return"');
        for (const form of forms) expect(form.fields).not.toHaveProperty('return');
        expect(decode(html.match(/<p class="hint" id="return-refused">([^<]+)<\/p>/)?.[1] ?? '')).toMatch(c.reason!);
      }
    });
  }

  it('adds credits to the linked workspace only, the way the control API does, and comes back to the page saying so', async () => {
    const m = testMock();
    const juniperBefore = await balance(m, KEYS.free);
    const before = await balance(m, KEYS.payg);
    const path = await walletPage(m, KEYS.payg);
    const { topUp } = await open(m, withReturn(path, APP_PAGE));
    const res = await send(m, topUp, 'top-up', { credits: '25.5' }).expect(303);
    const location = new URL(res.headers.location!, 'http://mock');
    expect(location.pathname).toBe('/wallet');
    expect(Object.fromEntries(location.searchParams)).toEqual({ link: topUp.fields.link, done: 'top-up', return: APP_PAGE });
    expect(await balance(m, KEYS.payg)).toMatchObject({ balance: before.balance + 25.5 });
    expect(await balance(m, KEYS.free)).toEqual(juniperBefore);
    const tx = await m.api('get', '/wallet/transactions', KEYS.payg).expect(200);
    expect(tx.body.items[0]).toMatchObject({ type: 'TOPUP', credits: 25.5 });
    const after = await m.http.get(`${location.pathname}${location.search}`).expect(200);
    expect(after.text).toContain('Credits added.');
    expect(after.text).toContain(`<strong id="balance">${(before.balance + 25.5).toFixed(2)}</strong>`);
    expect(after.text).toContain(`<a id="return" href="${APP_PAGE.replace('&', '&amp;')}">`);
  });

  it('makes a free workspace pay-as-you-go with its first top-up', async () => {
    const m = testMock();
    expect(await balance(m, KEYS.free)).toMatchObject({ balance: 0, payAsYouGo: false });
    await send(m, (await open(m, await walletPage(m, KEYS.free))).topUp, 'top-up', { credits: '10' }).expect(303);
    expect(await balance(m, KEYS.free)).toMatchObject({ balance: 10, payAsYouGo: true });
  });

  it('turns automatic top-up on and off', async () => {
    const m = testMock();
    const path = await walletPage(m, KEYS.payg);
    const first = await open(m, path);
    await send(m, first.auto, 'auto-top-up-on', { belowCredits: '5', amount: '2000' }).expect(303);
    expect((await balance(m, KEYS.payg)).autoTopUp).toMatchObject({ enabled: true, belowCredits: 5, amount: 2000 });
    const second = await open(m, `${path}&done=auto-top-up-on`);
    expect(second.html).toContain('Automatic top-up is on.');
    expect(second.auto.fields).toMatchObject({ belowCredits: '5', amount: '2000' });
    await send(m, second.auto, 'auto-top-up-off').expect(303);
    expect((await balance(m, KEYS.payg)).autoTopUp.enabled).toBe(false);
  });

  it('acts on the workspace the page showed: a form whose link is edited to another workspace changes neither', async () => {
    const m = testMock();
    const juniper = await walletPage(m, KEYS.free);
    const otherLink = new URL(juniper, 'http://mock').searchParams.get('link')!;
    const [free, payg] = [await balance(m, KEYS.free), await balance(m, KEYS.payg)];
    const { topUp } = await open(m, await walletPage(m, KEYS.payg));
    for (const link of [otherLink, '', 'ws_free_demo']) {
      const fresh = link === otherLink ? topUp : (await open(m, await walletPage(m, KEYS.payg))).topUp;
      const res = await send(m, fresh, 'top-up', { credits: '5', link }).expect(400);
      expect(res.text).toContain('does not belong to this wallet link');
    }
    // The old way of naming a workspace is not read at all.
    const byId = await send(m, (await open(m, await walletPage(m, KEYS.payg))).topUp, 'top-up', { credits: '5', workspace: 'ws_free_demo' }).expect(303);
    expect(new URL(byId.headers.location!, 'http://mock').searchParams.get('link')).toBe(topUp.fields.link);
    expect(await balance(m, KEYS.free)).toEqual(free);
    expect((await balance(m, KEYS.payg)).balance).toBe(payg.balance + 5);
  });

  it('refuses a reused, made-up or missing CSRF field, and bad input, with a 400 page that changes nothing', async () => {
    const m = testMock();
    const path = await walletPage(m, KEYS.payg);
    const { topUp } = await open(m, path);
    const before = await balance(m, KEYS.payg);
    const refusals = [
      await send(m, topUp, 'top-up', { credits: '10', csrf_token: 'f'.repeat(64) }).expect(400),
      await send(m, topUp, 'top-up', { credits: '' }).expect(400),
    ];
    // The nonce is spent by the refused form above: a page is shown again for each try.
    refusals.push(await send(m, (await open(m, path)).topUp, 'top-up', { credits: '-3' }).expect(400));
    refusals.push(await send(m, (await open(m, path)).topUp, 'top-up', { credits: '1.234' }).expect(400));
    refusals.push(await send(m, (await open(m, path)).auto, 'auto-top-up-on', { amount: 'lots' }).expect(400));
    refusals.push(await send(m, (await open(m, path)).topUp, 'explode').expect(400));
    for (const res of refusals) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('The wallet was not changed');
    }
    expect(refusals[0]!.text).toContain('expired or was already sent');
    // Every refusal leads back to the same workspace's page.
    for (const res of refusals) expect(decode(res.text.match(/<a href="([^"]+)">Back to the wallet<\/a>/)![1]!)).toBe(path);
    expect(await balance(m, KEYS.payg)).toEqual(before);

    const ok = await open(m, path);
    await send(m, ok.topUp, 'top-up', { credits: '1' }).expect(303);
    await send(m, ok.topUp, 'top-up', { credits: '1' }).expect(400);
    await send(m, ok.auto, 'auto-top-up-off').expect(400);
    expect((await balance(m, KEYS.payg)).balance).toBe(before.balance + 1);
    await m.http.post('/wallet').send({ action: 'top-up' }).expect(400);
  });

  it('bounds its amounts as the control API does (10,000,000 credits, in whole hundredths; the auto top-up amount an integer up to 10,000,000): past them a 400 page that changes nothing', async () => {
    const m = testMock();
    const path = await walletPage(m, KEYS.payg);
    const before = await balance(m, KEYS.payg);
    const refused: Array<[string, Record<string, string>]> = [
      ['top-up', { credits: '1e300' }],
      ['top-up', { credits: '10000000.01' }],
      ['top-up', { credits: '0' }],
      ['top-up', { credits: 'Infinity' }],
      ['auto-top-up-on', { belowCredits: '5', amount: '1e300' }],
      ['auto-top-up-on', { belowCredits: '5', amount: '10000001' }],
      ['auto-top-up-on', { belowCredits: '5', amount: '12.5' }],
      ['auto-top-up-on', { belowCredits: '5', amount: '-1' }],
      ['auto-top-up-on', { belowCredits: '1e300', amount: '1000' }],
      ['auto-top-up-on', { belowCredits: '-10000001', amount: '1000' }],
    ];
    for (const [action, fields] of refused) {
      const page = await open(m, path);
      const res = await send(m, action === 'top-up' ? page.topUp : page.auto, action, fields).expect(400);
      expect(res.text, JSON.stringify(fields)).toContain('The wallet was not changed');
    }
    expect(await balance(m, KEYS.payg)).toEqual(before);
    // The bounds themselves are taken.
    await send(m, (await open(m, path)).topUp, 'top-up', { credits: '10000000' }).expect(303);
    await send(m, (await open(m, path)).auto, 'auto-top-up-on', { belowCredits: '10000000', amount: '10000000' }).expect(303);
    expect((await balance(m, KEYS.payg)).autoTopUp).toMatchObject({ enabled: true, belowCredits: 10000000, amount: 10000000 });
  });

  it('says why a frozen wallet refuses a top-up', async () => {
    const m = testMock();
    await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/freeze').expect(200);
    const { html, topUp } = await open(m, await walletPage(m, KEYS.payg));
    expect(html).toContain('The wallet is frozen');
    const res = await send(m, topUp, 'top-up', { credits: '5' }).expect(400);
    expect(res.text).toContain('top-ups are refused until it is unfrozen');
  });

  it('answers only a Host that names the mock', async () => {
    const m = testMock();
    const path = await walletPage(m, KEYS.payg);
    const { topUp } = await open(m, path);
    m.app.state.access.listening = { host: '127.0.0.1', origin: 'http://127.0.0.1:4010' };
    await m.http.get(path).set('Host', 'rebound.evil.test').expect(403);
    await send(m, topUp, 'top-up', { credits: '5' }).set('Host', 'rebound.evil.test').expect(403);
    await send(m, topUp, 'top-up', { credits: '5' }).set('Host', 'localhost:4010').expect(303);
  });
});
