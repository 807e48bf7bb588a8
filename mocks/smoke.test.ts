// First light: the app routes from the document, authenticates, and serves the document itself.
import { describe, expect, it } from 'vitest';
import { testMock, API } from './testing.ts';
import { KEEP_ALIVE_MS, startMock } from './server.ts';

describe('mock app', () => {
  it('serves the bundled document without a key, its server pointing at the mock', async () => {
    const { http } = testMock();
    const res = await http.get(`${API}/openapi.json`).expect(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    expect(res.body.servers[0].url).toMatch(/\/api\/public\/v1$/);
  });

  it('answers an unknown path with a 404 in the Error shape', async () => {
    const { http } = testMock();
    const res = await http.get('/nope').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404 });
  });

  it('keeps an idle connection open for 65 s, so a client reusing it after a stall finds it open', async () => {
    const mock = await startMock({ port: 0 });
    try {
      const res = await fetch(`${mock.origin}${API}/openapi.json`);
      await res.arrayBuffer();
      expect(res.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      expect((mock.server as import('node:http').Server).keepAliveTimeout).toBe(65_000);
    } finally {
      await mock.close();
    }
  });
});
