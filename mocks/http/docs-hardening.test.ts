// /docs is framed by no site and fetches nothing from elsewhere: its headers forbid framing and outside images or
// calls, and a workspace's name reaches its Markdown descriptions as text, never as an image or a link.
import { describe, expect, it } from 'vitest';
import { testMock } from '../testing.ts';

describe('/docs hardening', () => {
  it('refuses framing (X-Frame-Options and CSP frame-ancestors) and allows images and calls from its own origin only', async () => {
    const m = testMock();
    const res = await m.http.get('/docs').expect(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src 'self' data:;/);
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/);
  });

  it('a workspace named in Markdown image or link syntax is written as text in the descriptions', async () => {
    const m = testMock();
    m.app.state.world.workspaces.get('ws_paid_demo')!.name = '![x](https://outside.example/p.png) [y](https://outside.example) <img src=https://outside.example/i>';
    const doc = (await m.http.get('/docs/openapi.json').expect(200)).body;
    const texts = [doc.info.description, ...Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op?.description ?? ''))].join('\n');
    expect(texts).toContain('outside');
    expect(texts).not.toMatch(/!\[x\]\(/);
    expect(texts).not.toMatch(/\[y\]\(/);
    expect(texts).not.toMatch(/(^|[^\\])<img/);
    expect(texts).toContain('\\!\\[x\\]\\(https://outside\\.example/p\\.png\\)');
  });
});
