// Copies of a workspace (createWorkspace `like`) and one workspace put back alone (POST /workspaces/{id}/reset): what
// the verifier's concurrent lanes stand on. A copy has the original's shape with ids of its own; a reset takes
// everything the workspace gathered and touches nothing else.
import { describe, expect, it } from 'vitest';
import { PNG } from '../media-samples.ts';
import { API, testMock } from '../../testing.ts';

describe('a copy of a workspace (like)', () => {
  it('has the seeded workspace\'s plan, groups, channels (providers, customers) and first wallet, with every id and the key its own', async () => {
    const { http } = testMock();
    const seeded = (await http.get('/_mock/workspaces').expect(200)).body.find((w: { apiKey: string }) => w.apiKey === 'demo-payg-key');
    const copy = (await http.post('/_mock/workspaces').send({ like: seeded.id }).expect(201)).body;
    expect(copy).toMatchObject({ plan: 'free', payAsYouGo: true, frozen: false });
    expect(copy.id).not.toBe(seeded.id);
    expect(copy.apiKey).not.toBe(seeded.apiKey);
    const read = async (key: string, path: string) => (await http.get(`${API}${path}`).set('Authorization', key).expect(200)).body;
    const shape = (channels: Array<{ identifier: string; customer?: { name: string } | null }>) => channels.map((c) => [c.identifier, c.customer?.name ?? null]);
    const [a, b] = [await read('demo-payg-key', '/integrations'), await read(copy.apiKey, '/integrations')];
    expect(shape(b)).toEqual(shape(a));
    expect(b.map((c: { id: string }) => c.id).filter((id: string) => a.some((x: { id: string }) => x.id === id))).toEqual([]);
    expect((await read(copy.apiKey, '/groups')).map((g: { name: string }) => g.name)).toEqual((await read('demo-payg-key', '/groups')).map((g: { name: string }) => g.name));
    expect((await read(copy.apiKey, '/wallet')).balance).toBe((await read('demo-payg-key', '/wallet')).balance);
  });

  it.each([
    ['like with a plan', { like: 'ws_payg_demo', plan: 'free' }, 400],
    ['like with a top-up', { like: 'ws_payg_demo', topUpCredits: 5 }, 400],
    ['neither like nor plan', { name: 'x' }, 400],
    ['like a workspace that does not exist', { like: 'ws_nope' }, 404],
  ])('%s is refused (%s) and makes nothing', async (_what, body, status) => {
    const { http } = testMock();
    const before = (await http.get('/_mock/workspaces').expect(200)).body.length;
    await http.post('/_mock/workspaces').send(body).expect(status);
    expect((await http.get('/_mock/workspaces').expect(200)).body).toHaveLength(before);
  });
});

describe('one workspace back to how it was made', () => {
  it('loses its posts, media (and their files), webhooks, OAuth app, rotated key and spending; keeps its ids; the others are untouched', async () => {
    const { http } = testMock();
    const rows = (await http.get('/_mock/workspaces').expect(200)).body as Array<{ id: string; apiKey: string }>;
    const copy = (await http.post('/_mock/workspaces').send({ like: rows.find((w) => w.apiKey === 'demo-paid-key')!.id }).expect(201)).body;
    const other = await http.get('/_mock/scenario').expect(200);
    const key = copy.apiKey;
    const channels = (await http.get(`${API}/integrations`).set('Authorization', key).expect(200)).body;
    const linkedin = channels.find((c: { identifier: string }) => c.identifier === 'linkedin');
    await http.post(`${API}/posts`).set('Authorization', key).send({ type: 'draft', date: '2026-06-01T10:00:00.000Z', shortLink: false, tags: [], posts: [{ integration: { id: linkedin.id }, value: [{ content: 'hello', image: [] }], settings: { __type: 'linkedin' } }] }).expect(200);
    const media = (await http.post(`${API}/upload`).set('Authorization', key).attach('file', PNG, 'a.png').expect(200)).body;
    const file = new URL(media.path).pathname;
    await http.get(file).expect(200);
    await http.put('/_mock/limits').send({ allowLoopbackWebhooks: true }).expect(200);
    await http.post(`/_mock/workspaces/${copy.id}/webhooks`).send({ url: 'https://127.0.0.1/hook' }).expect(201);
    await http.post(`/_mock/workspaces/${copy.id}/oauth-app`).send({ name: 'App', redirectUrl: 'https://app.example.com/cb' }).expect(201);
    const rotated = (await http.post(`/_mock/workspaces/${copy.id}/rotate-key`).expect(200)).body.apiKey;

    const reset = await http.post(`/_mock/workspaces/${copy.id}/reset`).expect(200);
    expect(reset.body).toMatchObject({ id: copy.id, apiKey: key, plan: 'paid' });
    await http.get(`${API}/is-connected`).set('Authorization', rotated).expect(401);
    expect((await http.get(`${API}/integrations`).set('Authorization', key).expect(200)).body.map((c: { id: string }) => c.id)).toEqual(channels.map((c: { id: string }) => c.id));
    const week = await http.get(`${API}/posts`).query({ startDate: '2026-05-25T00:00:00.000Z', endDate: '2026-06-08T00:00:00.000Z' }).set('Authorization', key).expect(200);
    expect(week.body.posts).toEqual([]);
    expect((await http.get(`${API}/media`).query({ page: 1 }).set('Authorization', key).expect(200)).body.results).toEqual([]);
    await http.get(file).expect(404);
    expect((await http.get(`/_mock/workspaces/${copy.id}/webhooks`).expect(200)).body).toEqual([]);
    await http.get(`/_mock/workspaces/${copy.id}/oauth-app`).expect(404);
    // The order control lists workspaces in stays (the verifier picks its keys from it), and nothing else changed.
    expect((await http.get('/_mock/workspaces').expect(200)).body.map((w: { id: string }) => w.id)).toEqual([...rows.map((w) => w.id), copy.id]);
    const after = (await http.get('/_mock/scenario').expect(200)).body;
    const others = (s: { workspaces: Array<{ id: string }> }) => JSON.stringify(s.workspaces.filter((w) => w.id !== copy.id));
    expect(others(after)).toBe(others(other.body));
  });

  it('a seeded workspace goes back to its seed; an unknown one is 404; one loaded from a scenario has nothing to go back to (400)', async () => {
    const { http } = testMock();
    await http.post(`${API}/upload`).set('Authorization', 'demo-paid-key').attach('file', PNG, 'a.png').expect(200);
    const paid = (await http.get('/_mock/workspaces').expect(200)).body.find((w: { apiKey: string }) => w.apiKey === 'demo-paid-key');
    await http.post(`/_mock/workspaces/${paid.id}/reset`).expect(200);
    expect((await http.get(`${API}/media`).query({ page: 1 }).set('Authorization', 'demo-paid-key').expect(200)).body.results).toHaveLength(0);
    await http.post('/_mock/workspaces/ws_nope/reset').expect(404);
    const made = (await http.post('/_mock/workspaces').send({ plan: 'free' }).expect(201)).body;
    const scenario = (await http.get('/_mock/scenario').expect(200)).body;
    await http.put('/_mock/scenario').send(scenario).expect(200);
    const refused = await http.post(`/_mock/workspaces/${made.id}/reset`).expect(400);
    expect(refused.body.message).toMatch(/loaded from a scenario/);
  });
});

describe('several workspaces back to how they were made, in one step (POST /workspaces/reset)', () => {
  it('puts each named one back as POST /workspaces/{id}/reset does, answers them in the order named, and touches no other', async () => {
    const { http } = testMock();
    const rows = (await http.get('/_mock/workspaces').expect(200)).body as Array<{ id: string; apiKey: string }>;
    const [paid, payg] = ['demo-paid-key', 'demo-payg-key'].map((k) => rows.find((w) => w.apiKey === k)!);
    for (const key of ['demo-paid-key', 'demo-payg-key', 'demo-free-key']) await http.post(`${API}/upload`).set('Authorization', key).attach('file', PNG, 'a.png').expect(200);
    const reset = await http.post('/_mock/workspaces/reset').send({ workspaces: [payg!.id, paid!.id] }).expect(200);
    expect(reset.body.map((w: { id: string }) => w.id)).toEqual([payg!.id, paid!.id]);
    const library = async (key: string) => (await http.get(`${API}/media`).query({ page: 1 }).set('Authorization', key).expect(200)).body.results.length;
    expect([await library('demo-paid-key'), await library('demo-payg-key'), await library('demo-free-key')]).toEqual([0, 0, 1]);
  });

  it.each([
    ['an unknown workspace among known ones', (ids: string[]) => [...ids, 'ws_nope'], 404],
    ['an empty list', () => [], 400],
    ['the same workspace twice', (ids: string[]) => [ids[0]!, ids[0]!], 400],
  ])('%s is refused (%s) and resets none of them', async (_what, names, status) => {
    const { http } = testMock();
    const ids = ((await http.get('/_mock/workspaces').expect(200)).body as Array<{ id: string }>).map((w) => w.id);
    await http.post(`${API}/upload`).set('Authorization', 'demo-paid-key').attach('file', PNG, 'a.png').expect(200);
    const before = JSON.stringify((await http.get('/_mock/scenario').expect(200)).body);
    const res = await http.post('/_mock/workspaces/reset').send({ workspaces: names(ids) });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
    expect(JSON.stringify((await http.get('/_mock/scenario').expect(200)).body)).toBe(before);
  });

  it('one loaded from a scenario among them: 400, and the others keep what they had', async () => {
    const { http } = testMock();
    const made = (await http.post('/_mock/workspaces').send({ plan: 'free' }).expect(201)).body;
    await http.put('/_mock/scenario').send((await http.get('/_mock/scenario').expect(200)).body).expect(200);
    await http.post(`${API}/upload`).set('Authorization', 'demo-paid-key').attach('file', PNG, 'a.png').expect(200);
    const paid = ((await http.get('/_mock/workspaces').expect(200)).body as Array<{ id: string; apiKey: string }>).find((w) => w.apiKey === 'demo-paid-key')!;
    const before = JSON.stringify((await http.get('/_mock/scenario').expect(200)).body);
    const refused = await http.post('/_mock/workspaces/reset').send({ workspaces: [paid.id, made.id] }).expect(400);
    expect(refused.body.message).toMatch(new RegExp(`Workspace ${made.id} was loaded from a scenario`));
    expect(JSON.stringify((await http.get('/_mock/scenario').expect(200)).body)).toBe(before);
  });
});
