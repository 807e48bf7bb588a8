// One script of steps over every operation, the successes and the refusals a UI must handle (401, 400, 402, 404,
// 413, 429), written with nothing but the page's fetch: the Chromium parity test runs it through the MSW worker and
// through the mock server on another origin, each on a fresh world, and compares status and body shape step by step.

export interface StepResult {
  step: string;
  operationId: string;
  /** The status the step is written for; the run records what came. */
  want: number;
  status: number;
  /** The body's shape: types and keys, recursively (an array by its first item), never values. */
  shape: string;
}

const KEYS = { free: 'demo-free-key', payg: 'demo-payg-key', paid: 'demo-paid-key' };

/** A structural signature of a JSON value: what a UI's code reads, without the values that differ from run to run. */
export function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${shapeOf(value[0])}]`;
  if (typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${k}:${shapeOf((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return typeof value;
}

/** A tiny PNG (1x1), and a body past the 10 MB image limit that starts like one. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

function file(bytes: Uint8Array, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type }), name);
  return form;
}

/**
 * Run every step against the API at `base` (`<origin>/api/public/v1`). `at` is the mock's frozen instant: dates are
 * written from it, so both runs send the same requests.
 */
export async function runParitySteps(base: string, at: number): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const HOUR = 3_600_000;
  async function send(path: string, init: { method?: string; key?: string | null; json?: unknown; form?: FormData }): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {};
    const key = init.key === undefined ? KEYS.paid : init.key;
    if (key) headers.authorization = key;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const res = await fetch(path.startsWith('http') ? path : base + path, { method: init.method ?? 'GET', headers, body });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text };
    }
  }
  async function step(name: string, operationId: string, want: number, path: string, init: { method?: string; key?: string | null; json?: unknown; form?: FormData } = {}): Promise<any> {
    const { status, body } = await send(path, init);
    results.push({ step: name, operationId, want, status, shape: shapeOf(body) });
    return body;
  }
  const draft = (channel: string, settings: Record<string, unknown>, content: string, type = 'draft', date = iso(at + 2 * HOUR)) => ({
    type,
    date,
    shortLink: false,
    tags: [],
    posts: [{ integration: { id: channel }, value: [{ content, image: [] }], settings }],
  });
  const threads = { __type: 'threads' };

  await step('is connected', 'checkConnection', 200, '/is-connected');
  await step('channels', 'listIntegrations', 200, '/integrations');
  await step('channels without a key', 'listIntegrations', 401, '/integrations', { key: null });
  await step('channels with a wrong key', 'listIntegrations', 401, '/integrations', { key: 'not-a-key' });
  await step('groups', 'listGroups', 200, '/groups');
  await step('channel settings', 'getIntegrationSettings', 200, '/integration-settings/ch_paid_x');
  await step('settings of an unknown channel', 'getIntegrationSettings', 404, '/integration-settings/ch_nope');
  await step('channel helper', 'triggerIntegrationTool', 200, '/integration-trigger/ch_paid_instagram', { method: 'POST', json: { methodName: 'audioSearch', data: { q: 'summer', type: 'music' } } });
  await step('connect URL', 'getSocialConnectUrl', 200, '/social/linkedin');
  await step('next free slot', 'findSlot', 200, '/find-slot/ch_paid_x');

  const created = await step('create a draft', 'createPosts', 200, '/posts', { method: 'POST', json: draft('ch_paid_threads', threads, 'A draft from the parity script') });
  await step('create without a date', 'createPosts', 400, '/posts', { method: 'POST', json: { ...draft('ch_paid_threads', threads, 'x'), date: undefined } });
  await step('create with settings of another provider', 'createPosts', 400, '/posts', { method: 'POST', json: draft('ch_paid_threads', { __type: 'x' }, 'Wrong settings', 'schedule') });
  const scheduled = await step('schedule a post', 'createPosts', 200, '/posts', { method: 'POST', json: draft('ch_paid_threads', threads, 'Scheduled by the parity script', 'schedule') });
  const calendar = await step('calendar', 'listPosts', 200, `/posts?startDate=${iso(at)}&endDate=${iso(at + 24 * HOUR)}`);
  await step('calendar without dates', 'listPosts', 400, '/posts');
  const draftId = created?.[0]?.postId ?? 'none';
  const postId = scheduled?.[0]?.postId ?? 'none';
  await step('schedule the draft', 'changePostStatus', 200, `/posts/${draftId}/status`, { method: 'PUT', json: { status: 'schedule' } });
  await step('status of an unknown post', 'changePostStatus', 404, '/posts/post_nope/status', { method: 'PUT', json: { status: 'draft' } });
  await step('set a release id', 'setPostReleaseId', 200, `/posts/${postId}/release-id`, { method: 'PUT', json: { releaseId: '1898412345678901234' } });
  await step('missing releases', 'listMissingReleases', 200, `/posts/${postId}/missing`);
  await step('post analytics', 'getPostAnalytics', 200, `/analytics/post/${postId}?date=7`);
  await step('post analytics of an unknown post', 'getPostAnalytics', 404, '/analytics/post/post_nope?date=7');
  await step('delete the draft', 'deletePost', 200, `/posts/${draftId}`, { method: 'DELETE' });
  await step('delete it again', 'deletePost', 404, `/posts/${draftId}`, { method: 'DELETE' });
  const group = calendar?.posts?.find((p: { id: string }) => p.id === postId)?.group ?? 'none';
  await step('delete a group', 'deletePostGroup', 200, `/posts/group/${group}`, { method: 'DELETE' });

  const uploaded = await step('upload a photo', 'uploadMedia', 200, '/upload', { method: 'POST', form: file(PNG, 'storefront.png', 'image/png') });
  await step('upload a text file as media', 'uploadMedia', 400, '/upload', { method: 'POST', form: file(new TextEncoder().encode('plain words'), 'notes.txt', 'text/plain') });
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(PNG);
  await step('upload a photo over 10 MB', 'uploadMedia', 400, '/upload', { method: 'POST', form: file(big, 'huge.png', 'image/png') });
  await step('upload from a private address', 'uploadMediaFromUrl', 400, '/upload-from-url', { method: 'POST', json: { url: 'https://127.0.0.1/launch.jpg' } });
  const ticket = await step('media upload ticket', 'createUploadTicket', 200, '/upload-ticket', { method: 'POST', json: {} });
  await step('upload with the ticket', 'uploadWithTicket', 200, ticket?.uploadUrl ?? '/upload-ticket/none', { method: 'POST', key: null, form: file(PNG, 'ticket.png', 'image/png') });
  await step('the ticket a second time', 'uploadWithTicket', 404, ticket?.uploadUrl ?? '/upload-ticket/none', { method: 'POST', key: null, form: file(PNG, 'again.png', 'image/png') });
  const briefTicket = await step('brief upload ticket', 'createUploadTicket', 200, '/upload-ticket', { method: 'POST', json: { purpose: 'brief' } });
  await step('brief file with the ticket', 'uploadBriefFile', 200, briefTicket?.uploadUrl ?? '/brief-upload/none', { method: 'POST', key: null, form: file(new TextEncoder().encode('Warm, direct, a little playful.\n'), 'voice.md', 'text/markdown') });
  await step('media library', 'listMedia', 200, '/media');
  await step('delete the photo', 'deleteMedia', 200, `/media/${uploaded?.id ?? 'none'}`, { method: 'DELETE' });
  await step('delete an unknown media item', 'deleteMedia', 404, '/media/med_nope', { method: 'DELETE' });

  await step('channel analytics', 'getChannelAnalytics', 200, '/analytics/ch_paid_x?date=7');
  await step('notifications', 'listNotifications', 200, '/notifications');
  await step('wallet', 'getWallet', 200, '/wallet', { key: KEYS.payg });
  await step('prices', 'getWalletPrices', 200, '/wallet/prices', { key: KEYS.payg });
  await step('transactions', 'listWalletTransactions', 200, '/wallet/transactions', { key: KEYS.payg });
  await step('estimate', 'estimateWalletCharge', 200, '/wallet/estimate', { method: 'POST', key: KEYS.payg, json: { provider: 'x', contents: ['Spring launch is live.'], inter: 0 } });
  await step('an estimate over the 5 MiB body limit', 'estimateWalletCharge', 413, '/wallet/estimate', { method: 'POST', key: KEYS.payg, json: { provider: 'x', contents: ['x'.repeat(6 * 1024 * 1024)], inter: 0 } });
  await step('schedule on a wallet never topped up', 'createPosts', 402, '/posts', { method: 'POST', key: KEYS.free, json: draft('ch_free_x', { __type: 'x', who_can_reply_post: 'everyone' }, 'Needs credits', 'schedule') });

  await step('skills', 'listSkills', 200, '/skills');
  const skills = await step('skills by search', 'listSkills', 200, '/skills?search=post');
  const slug = Array.isArray(skills) ? skills[0]?.slug : skills?.skills?.[0]?.slug;
  await step('one skill', 'getSkill', 200, `/skills/${slug ?? 'none'}`);
  await step('an unknown skill', 'getSkill', 404, '/skills/no-such-skill');
  await step('skills before the first top-up', 'listSkills', 402, '/skills', { key: KEYS.free });
  await step('brief schema', 'getBriefSchema', 200, '/brief/schema');
  await step('brief', 'listBriefDocuments', 200, '/brief');
  await step('brief onboarding', 'getBriefOnboarding', 200, '/brief/onboarding');
  const assets = { title: 'Brand assets', assets: [{ id: 'a1', name: 'guide.pdf', url: 'https://uploads.example.com/guide.pdf', mime: 'application/pdf' }] };
  await step('save a brief document', 'saveBriefDocument', 200, '/brief/sources/website', { method: 'PATCH', json: assets });
  await step('save one the schema refuses', 'saveBriefDocument', 400, '/brief/sources/website', { method: 'PATCH', json: { links: [{ url: 'https://example.com' }] } });
  await step('read it back', 'getBriefDocument', 200, '/brief/sources/website');
  await step('delete it', 'deleteBriefDocument', 200, '/brief/sources/website', { method: 'DELETE' });
  await step('read it after the delete', 'getBriefDocument', 404, '/brief/sources/website');
  await step('brief before the first top-up', 'listBriefDocuments', 402, '/brief', { key: KEYS.free });
  await step('generate a video', 'generateVideo', 200, '/generate-video', { method: 'POST', json: { prompt: 'A 10 second product teaser' } });
  await step('a video function', 'runVideoFunction', 200, '/video/function', { method: 'POST', json: { identifier: 'image-text-slides', functionName: 'loadVoices', params: {} } });
  await step('a video on the free plan', 'generateVideo', 402, '/generate-video', { method: 'POST', key: KEYS.payg, json: { prompt: 'A teaser' } });
  await step('the document', 'getOpenApiDocument', 200, '/openapi.json', { key: null });
  await step('disconnect a channel', 'deleteIntegration', 200, '/integrations/ch_paid_discord', { method: 'DELETE' });
  await step('disconnect it again', 'deleteIntegration', 404, '/integrations/ch_paid_discord', { method: 'DELETE' });

  // The hourly POST /posts limit: drafts until the first 429 (every request counts, the ones above included). How many
  // were accepted is part of the step, so two runs that count differently differ here.
  let accepted = 0;
  let last = { status: 0, body: undefined as unknown };
  while (accepted < 100) {
    last = await send('/posts', { method: 'POST', key: KEYS.payg, json: draft('ch_payg_threads', threads, `Draft ${accepted}`) });
    if (last.status !== 200) break;
    accepted++;
  }
  results.push({ step: `past the hourly limit (after ${accepted} drafts)`, operationId: 'createPosts', want: 429, status: last.status, shape: shapeOf(last.body) });
  return results;
}
