// What the journal says decided an answer (the console's Requests panel reads it): the refusal's message, a wallet
// refusal, the channel a settings problem names, an override's example, the wallet entries a request added; and
// `lastSeq`, the cursor a live reader polls with, which a reset takes back to 0.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0 } from '../testing.ts';
import { Journal, JOURNAL_MESSAGE_CHARS, JOURNAL_WALLET_ENTRIES, type Exchange } from './journal.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const X = { __type: 'x', who_can_reply_post: 'everyone' };

function scheduled(content: string, channel = 'ch_payg_x', settings: Record<string, unknown> = X) {
  return { type: 'schedule', date: iso(T0 + 3_600_000), shortLink: false, tags: [], posts: [{ integration: { id: channel }, settings, value: [{ content, image: [] }] }] };
}

async function entries(m: ReturnType<typeof testMock>, query = '') {
  return (await m.http.get(`/_mock/requests${query}`).expect(200)).body as { lastSeq: number; entries: any[] };
}

describe('the journal says what decided each answer', () => {
  it('records the charge a scheduled post made, with the post it paid for and the balance after', async () => {
    const m = testMock();
    const { body } = await m.api('post', '/posts').send(scheduled('launch https://example.com')).expect(200);
    const wallet = (await m.api('get', '/wallet').expect(200)).body;
    const [entry] = (await entries(m)).entries;
    expect(entry.wallet).toEqual({
      credits: -30,
      balance: wallet.balance,
      entries: [{ type: 'SPEND', credits: -30, description: 'Post on X with a link', reference: body[0].postId }],
    });
    expect(entry).not.toHaveProperty('answer');
    // A request that moved no money says nothing of the wallet.
    expect((await entries(m)).entries.at(-1)).not.toHaveProperty('wallet');
  });

  it('explains a 402 the wallet could not cover, a settings problem by its channel, and a missing key', async () => {
    const m = testMock();
    const ws = (await m.http.post('/_mock/workspaces').send({ name: 'Short', plan: 'free', topUpCredits: 1 }).expect(201)).body;
    const channels = (await m.api('get', '/integrations', ws.apiKey).expect(200)).body as Array<{ id: string; identifier: string }>;
    const x = channels.find((c) => c.identifier === 'x')!.id;
    await m.api('post', '/posts', ws.apiKey).send(scheduled('see https://example.com', x)).expect(402);
    await m.api('post', '/posts').send(scheduled('no settings', 'ch_payg_x', { __type: 'x' })).expect(400);
    await m.http.get('/api/public/v1/integrations').expect(401);

    const [refused, settings, unauthenticated] = (await entries(m, '?status=4xx')).entries;
    expect(refused).toMatchObject({ status: 402, workspaceId: ws.id, answer: { wallet: true, message: expect.stringMatching(/credit|wallet|balance/i) } });
    expect(refused).not.toHaveProperty('wallet');
    expect(settings.answer).toEqual({ message: 'who_can_reply_post is required', channel: 'Northwind on X' });
    expect(unauthenticated.answer).toEqual({ message: 'No API Key found' });
  });

  it("carries an override's example message, and a refused Prefer's reason", async () => {
    const m = testMock();
    await m.http.post('/_mock/overrides').send({ operationId: 'listIntegrations', status: 401, times: 1 }).expect(201);
    await m.api('get', '/integrations').expect(401);
    await m.api('get', '/groups').set('Prefer', 'code=409').expect(400);
    const [overridden, prefer] = (await entries(m)).entries;
    expect(overridden).toMatchObject({ override: { by: 'control', status: 401 }, answer: { message: expect.any(String) } });
    expect(prefer.answer.message).toMatch(/listGroups does not document 409/);
  });

  it('gives lastSeq, the after of the next poll, whatever the filters; a reset takes it back to 0', async () => {
    const m = testMock();
    expect((await entries(m)).lastSeq).toBe(0);
    await m.api('get', '/integrations').expect(200);
    await m.api('get', '/groups').expect(200);
    const first = await entries(m, '?operation=listIntegrations');
    expect(first.lastSeq).toBe(2);
    await m.api('get', '/groups', KEYS.paid).expect(200);
    const next = await entries(m, `?after=${first.lastSeq}`);
    expect(next.entries.map((e) => e.seq)).toEqual([3]);
    expect(next.lastSeq).toBe(3);
    await m.http.delete('/_mock/requests').expect(200);
    expect((await entries(m)).lastSeq).toBe(3);
    await m.http.post('/_mock/reset').expect(200);
    expect((await entries(m)).lastSeq).toBe(0);
  });

  it('bounds what it keeps: the message to its first 1,000 characters, the wallet to its first 20 entries', () => {
    const journal = new Journal(false, () => 10);
    const added = Array.from({ length: 30 }, (_, i) => ({ type: 'REFUND', cents: 5, description: `refund ${i}`, reference: `post_${i}` }));
    const exchange: Exchange = {
      method: 'POST', operationId: 'deletePost', apiPath: '/api/public/v1', pathTemplate: '/posts', params: {}, url: 'http://m/api/public/v1/posts',
      workspaceId: 'ws', status: 400, at: T0, receivedAt: T0, bodyBytes: 0, body: undefined, secrets: ['sekret-value-123'], latencyMs: 0,
      refusal: { statusCode: 400, msg: ['first', 'sekret-value-123'.padEnd(2000, 'x')] }, ledger: { added, balance: 1234 },
    };
    journal.record(exchange);
    const [entry] = journal.list();
    expect(entry!.answer!.message).toHaveLength(JOURNAL_MESSAGE_CHARS);
    expect(entry!.answer!.message.startsWith('first; [redacted]')).toBe(true);
    expect(entry!.wallet).toMatchObject({ credits: 1.5, balance: 12.34 });
    expect(entry!.wallet!.entries).toHaveLength(JOURNAL_WALLET_ENTRIES);
  });
});
