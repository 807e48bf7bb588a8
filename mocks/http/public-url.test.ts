// Address classification and the public-URL gate, table-driven; HTTP goes through nock and DNS through an injected lookup.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import nock from 'nock';
import ipaddr from 'ipaddr.js';
import { checkPublicUrl, classifyAddress, embeddedIPv4, fetchPublic, FetchPublicError, type HostLookup } from './public-url.ts';

const dns = (table: Record<string, string[]>): HostLookup => async (host) => {
  const hit = table[host];
  if (!hit) throw new Error(`ENOTFOUND ${host}`);
  return hit;
};

describe('classifyAddress', () => {
  const cases: Array<[string, 'public' | 'loopback' | 'internal']> = [
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'internal'],
    ['0.1.2.3', 'internal'],
    ['10.0.0.1', 'internal'],
    ['10.255.255.255', 'internal'],
    ['172.16.0.1', 'internal'],
    ['172.31.255.255', 'internal'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'internal'],
    ['169.254.169.254', 'internal'],
    ['100.64.0.1', 'internal'],
    ['100.127.255.255', 'internal'],
    ['100.128.0.1', 'public'],
    ['224.0.0.1', 'internal'],
    ['239.255.255.250', 'internal'],
    ['255.255.255.255', 'internal'],
    ['240.0.0.1', 'internal'],
    ['192.0.2.1', 'internal'],
    ['198.18.0.1', 'internal'],
    ['203.0.113.5', 'internal'],
    ['::1', 'loopback'],
    ['::', 'internal'],
    ['fe80::1', 'internal'],
    ['fc00::1', 'internal'],
    ['fd12:3456:789a::1', 'internal'],
    ['ff02::1', 'internal'],
    ['2001:db8::1', 'internal'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'internal'],
    ['::ffff:169.254.169.254', 'internal'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:10.0.0.1', 'internal'],
    ['64:ff9b::10.0.0.1', 'internal'],
    ['64:ff9b::a9fe:a9fe', 'internal'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'internal'],
    ['2002:0a00:0001::1', 'internal'],
    ['2002:7f00:0001::1', 'loopback'],
    ['2002:0808:0808::1', 'public'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'internal'],
    ['not-an-ip', 'internal'],
    // IPv4-compatible (::a.b.c.d, deprecated): refused whatever it embeds, public or not.
    ['::127.0.0.1', 'internal'],
    ['::7f00:1', 'internal'],
    ['::a9fe:a9fe', 'internal'],
    ['::169.254.169.254', 'internal'],
    ['::10.0.0.1', 'internal'],
    ['::8.8.8.8', 'internal'],
    // Outside 2000::/3 and in no listed range: refused because it is not on the allow-list.
    ['100::1', 'internal'],
    ['fec0::1', 'internal'],
    ['4000::1', 'internal'],
    ['1234::1', 'internal'],
    ['5f00::1', 'internal'],
    // Special ranges inside 2000::/3.
    ['2001:2::1', 'internal'],
    ['2001:10::1', 'internal'],
    ['2001:20::1', 'internal'],
    ['3fff::1', 'internal'],
    // Every embedding form, each with a loopback, a private, a metadata and a public IPv4 address.
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:169.254.169.254', 'internal'],
    ['::ffff:0:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::192.168.0.1', 'internal'],
    ['2002:a9fe:a9fe::1', 'internal'],
    ['2002:c0a8:0001::1', 'internal'],
    // Teredo with the client 127.0.0.1 (inverted: 80ff:fffe) and with a public client: a tunnel either way.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'internal'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'internal'],
  ];
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('embeddedIPv4 decodes every form that carries an IPv4 address', () => {
  const forms: Array<[string, string, string]> = [
    ['::ffff:127.0.0.1', 'IPv4-mapped', '127.0.0.1'],
    ['::ffff:0:10.1.2.3', 'SIIT', '10.1.2.3'],
    ['::169.254.169.254', 'IPv4-compatible', '169.254.169.254'],
    ['2002:0a01:0203::1', '6to4', '10.1.2.3'],
    ['64:ff9b::a01:203', 'NAT64', '10.1.2.3'],
    ['2001:0:4136:e378:8000:63bf:f5fe:fdfc', 'Teredo', '10.1.2.3'],
  ];
  it.each(forms)('%s is %s of %s', (address, form, ipv4) => {
    const found = embeddedIPv4(ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1)));
    expect(found?.form).toBe(form);
    expect(found?.address.toString()).toBe(ipv4);
  });
  it('plain global unicast embeds nothing', () => {
    expect(embeddedIPv4(ipaddr.IPv6.parse('2606:4700:4700::1111'))).toBeUndefined();
  });
});

describe('checkPublicUrl', () => {
  const lookup = dns({
    'cdn.example.com': ['93.184.216.34'],
    'dual.example.com': ['93.184.216.34', '2606:4700:4700::1111'],
    'sneaky.example.com': ['93.184.216.34', '10.0.0.7'],
    'internal.example.com': ['192.168.0.10'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'dev.localhost': ['127.0.0.1'],
    localhost: ['127.0.0.1', '::1'],
  });
  const refused: string[] = [
    'http://cdn.example.com/a.png', // plain http
    'ftp://cdn.example.com/a.png',
    'file:///etc/passwd',
    'https://localhost/a.png',
    'https://LOCALHOST./a.png',
    'https://dev.localhost/a.png',
    'https://127.0.0.1/a.png',
    'https://2130706433/a.png', // decimal 127.0.0.1
    'https://0x7f000001/a.png', // hex
    'https://0177.0.0.1/a.png', // octal
    'https://0x7f.1/a.png', // mixed short form
    'https://127.1/a.png',
    'https://0/a.png',
    'https://10.1.2.3/a.png',
    'https://0xa.1.2.3/a.png',
    'https://167772161/a.png', // 10.0.0.1
    'https://172.20.0.1/',
    'https://192.168.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.100.100.200/',
    'https://224.0.0.251/',
    'https://[::1]/',
    'https://[::]/',
    'https://[fe80::1]/',
    'https://[fd00::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:c0a8:0001::1]/',
    'https://[::127.0.0.1]/',
    'https://[::a9fe:a9fe]/',
    'https://[::7f00:1]/',
    'https://internal.example.com/a.png',
    'https://metadata.example.com/a.png',
    'https://sneaky.example.com/a.png', // one bad address is enough
    'https://mapped.example.com/a.png',
    'https://unknown.example.com/a.png', // does not resolve
    'https://user:pass@cdn.example.com/a.png',
    'not a url',
  ];
  it.each(refused)('refuses %s', async (url) => {
    const out = await checkPublicUrl(url, { lookup });
    expect(out.ok).toBe(false);
  });

  const accepted: Array<[string, string[]]> = [
    ['https://cdn.example.com/a.png', ['93.184.216.34']],
    ['https://dual.example.com/a.png', ['93.184.216.34', '2606:4700:4700::1111']],
    ['https://93.184.216.34/a.png', ['93.184.216.34']],
    ['https://[2606:4700:4700::1111]/a.png', ['2606:4700:4700::1111']],
    ['https://1572395042/', ['93.184.216.34']], // decimal form of a public address, normalised by URL
  ];
  it.each(accepted)('accepts %s', async (url, addresses) => {
    const out = await checkPublicUrl(url, { lookup });
    expect(out).toMatchObject({ ok: true, addresses });
  });

  it('lets loopback through, http included, only when allowLoopback is set', async () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'https://[::1]/hook', 'http://localhost:3000/hook']) {
      expect((await checkPublicUrl(url, { lookup })).ok).toBe(false);
      expect((await checkPublicUrl(url, { lookup, allowLoopback: true })).ok).toBe(true);
    }
    // Loopback allowance never opens private ranges, nor plain http to a public host.
    expect((await checkPublicUrl('https://10.0.0.1/', { lookup, allowLoopback: true })).ok).toBe(false);
    expect((await checkPublicUrl('http://cdn.example.com/', { lookup, allowLoopback: true })).ok).toBe(false);
  });

  it('says why in the refusal', async () => {
    const out = await checkPublicUrl('https://10.0.0.1/', { lookup });
    expect(out).toEqual({ ok: false, reason: expect.stringMatching(/public HTTPS URL/) });
  });
});

describe('fetchPublic', () => {
  const lookup = dns({
    'cdn.example.com': ['93.184.216.34'],
    'other.example.com': ['93.184.216.35'],
    'evil.example.com': ['10.0.0.5'],
  });
  beforeAll(() => {
    // Importing nock turns it on, once per worker; each file turns it on for itself and off after (nock.restore), since
    // while it is on a server in the same process never answers a request whose body has not all arrived.
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
  });
  afterEach(() => nock.cleanAll());
  // Test files share a worker (isolate: false): give the network back to the next file.
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });

  const read = async (body: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(Buffer.from(c as Buffer));
    return Buffer.concat(chunks);
  };

  it('fetches a public URL and reports its content type', async () => {
    nock('https://cdn.example.com').get('/a.png').reply(200, Buffer.from('hello'), { 'content-type': 'image/png' });
    const out = await fetchPublic('https://cdn.example.com/a.png', { lookup, maxBytes: 100, timeoutMs: 10_000 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.contentType).toBe('image/png');
    expect((await read(out.body as Readable)).toString()).toBe('hello');
  });

  it('follows a redirect to another public host, checking the new hop', async () => {
    nock('https://cdn.example.com').get('/a').reply(302, '', { location: 'https://other.example.com/b' });
    nock('https://other.example.com').get('/b').reply(200, 'ok');
    const out = await fetchPublic('https://cdn.example.com/a', { lookup, maxBytes: 100, timeoutMs: 10_000 });
    expect(out.ok && out.url.toString()).toBe('https://other.example.com/b');
  });

  it.each([
    'http://127.0.0.1/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://evil.example.com/x',
    'https://[::ffff:10.0.0.1]/x',
    'https://[::127.0.0.1]/x',
    'https://[::a9fe:a9fe]/x',
    'http://other.example.com/x',
  ])('refuses a redirect to %s and never requests it', async (location) => {
    nock('https://cdn.example.com').get('/a').reply(301, '', { location });
    const spy = nock(/.*/).get(/.*/).reply(200, 'secret');
    const out = await fetchPublic('https://cdn.example.com/a', { lookup, maxBytes: 100, timeoutMs: 10_000 });
    expect(out.ok).toBe(false);
    expect(spy.isDone()).toBe(false);
  });

  it('stops after too many redirects', async () => {
    nock('https://cdn.example.com').get('/loop').times(10).reply(302, '', { location: '/loop' });
    const out = await fetchPublic('https://cdn.example.com/loop', { lookup, maxBytes: 100, timeoutMs: 10_000, maxRedirects: 3 });
    expect(out).toEqual({ ok: false, reason: expect.stringMatching(/redirected more than 3/) });
  });

  it('refuses a declared length over the bound before reading the body', async () => {
    nock('https://cdn.example.com').get('/big').reply(200, 'x'.repeat(200), { 'content-length': '200' });
    const out = await fetchPublic('https://cdn.example.com/big', { lookup, maxBytes: 100, timeoutMs: 10_000 });
    expect(out).toEqual({ ok: false, reason: expect.stringMatching(/larger than 100/) });
  });

  it('cuts off an undeclared body as soon as it passes the bound', async () => {
    nock('https://cdn.example.com')
      .get('/big')
      .reply(200, () => Readable.from([Buffer.alloc(60), Buffer.alloc(60), Buffer.alloc(60)]));
    const out = await fetchPublic('https://cdn.example.com/big', { lookup, maxBytes: 100, timeoutMs: 10_000 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    await expect(read(out.body as Readable)).rejects.toMatchObject({ reason: 'too_large' });
  });

  // Whether the time runs out before the headers or during the body depends on how the server (here nock) sends them.
  const timedOut = async (url: string) => {
    const out = await fetchPublic(url, { lookup, maxBytes: 100, timeoutMs: 50 });
    if (!out.ok) return /in time/.test(out.reason);
    return read(out.body as Readable).then(
      () => false,
      (err) => err instanceof FetchPublicError && err.reason === 'timeout',
    );
  };

  it('gives up when the server answers late', async () => {
    nock('https://cdn.example.com').get('/slow').delay(500).reply(200, 'late');
    expect(await timedOut('https://cdn.example.com/slow')).toBe(true);
  });

  it('gives up when the body never finishes', async () => {
    nock('https://cdn.example.com').get('/trickle').reply(200, () => new Readable({ read() {} }));
    expect(await timedOut('https://cdn.example.com/trickle')).toBe(true);
  });

  it('reports a non-2xx answer', async () => {
    nock('https://cdn.example.com').get('/gone').reply(404, 'nope');
    const out = await fetchPublic('https://cdn.example.com/gone', { lookup, maxBytes: 100, timeoutMs: 10_000 });
    expect(out).toEqual({ ok: false, reason: 'The URL answered 404' });
  });

  it('exports the error type the body fails with', () => {
    expect(new FetchPublicError('timeout', 'x').reason).toBe('timeout');
  });
});
