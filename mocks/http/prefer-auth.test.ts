// Answers on demand come after authentication: a caller without a valid key gets its 401 whatever its `Prefer` asks
// (only `code=401`, the answer it gets anyway, is honoured without a key), and spends no override of the control API.
import { describe, expect, it } from 'vitest';
import { documentedStatuses } from './overrides.ts';
import { testMock, API, KEYS } from '../testing.ts';

const fill = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

describe('Prefer and overrides after authentication', () => {
  it('every secured operation: Prefer code=200 (or any other) with no key or a bad key answers the 401, and code=401 is honoured without a key', async () => {
    const m = testMock();
    const secured = m.app.state.validator.operations.filter((op) => op.secured);
    expect(secured.length).toBeGreaterThanOrEqual(35);
    const wrong: string[] = [];
    for (const op of secured) {
      const success = documentedStatuses(op).find((s) => s >= 200 && s < 300) ?? 200;
      for (const key of [undefined, 'not-a-key']) {
        let req = m.http[op.method as 'get'](`${API}${fill(op.path)}`).set('Prefer', `code=${success}`);
        if (key) req = req.set('Authorization', key);
        const res = await req;
        if (res.status !== 401 || res.headers['preference-applied'] !== undefined) wrong.push(`${op.operationId} with ${key ?? 'no key'}: ${res.status}`);
      }
      if (documentedStatuses(op).includes(401)) {
        const res = await m.http[op.method as 'get'](`${API}${fill(op.path)}`).set('Prefer', 'code=401');
        if (res.status !== 401 || res.headers['preference-applied'] !== 'code=401') wrong.push(`${op.operationId} code=401 without a key: ${res.status} ${res.headers['preference-applied']}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a request with no key or a bad key spends no control override; the next authenticated call meets it', async () => {
    const m = testMock();
    const set = (await m.http.post('/_mock/overrides').send({ operationId: 'createPosts', status: 402, times: 1 }).expect(201)).body;
    const draft = { type: 'draft', date: '2026-02-01T10:00:00.000Z', shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_linkedin' }, value: [{ content: 'hi', image: [] }] }] };
    await m.http.post(`${API}/posts`).send(draft).expect(401);
    await m.api('post', '/posts', 'not-a-key').send(draft).expect(401);
    expect((await m.http.get('/_mock/overrides').expect(200)).body.overrides).toMatchObject([{ id: set.id, used: 0, remaining: 1 }]);
    await m.api('post', '/posts', KEYS.payg).send(draft).expect(402);
    await m.api('post', '/posts', KEYS.payg).send(draft).expect(200);
  });
});
