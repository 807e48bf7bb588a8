// Writes the ready scenarios in fixtures/scenarios/ by driving an in-process mock through its APIs; --check fails on drift.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { MockClock } from '../mocks/domain/clock.ts';
import { createMockApp, CONTROL_PATH, type MockApp } from '../mocks/http/app.ts';
import { GIF, MP4, PNG } from '../mocks/http/media-samples.ts';
import { API, KEYS, T0 } from '../mocks/testing.ts';
import workspaces from '../fixtures/workspaces.json' with { type: 'json' };
import { providerSettings } from '../suites/provider-settings.ts';

const COMMAND = 'npm run scenarios';
const ORIGIN = 'http://scenarios.local';
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Valid settings for a demo channel: the first example the document gives for its provider (reference section 2.9). */
function settingsFor(channel: string): Record<string, unknown> {
  const identifier = workspaces.workspaces.flatMap((w) => w.channels).find((c) => c.id === channel)?.identifier;
  const settings = identifier === undefined ? undefined : providerSettings(identifier)?.examples[0];
  if (!settings) throw new Error(`no documented settings for channel ${channel} (${identifier ?? 'not a demo channel'})`);
  return settings;
}

/** The mock as the script sees it: JSON in and out over the control API and the public API. */
class Driver {
  readonly app: MockApp;
  constructor() {
    // The seed and the frozen clock make every run produce the same ids, keys and times, so --check can compare.
    this.app = createMockApp({ seed: 42, strict: true, clock: new MockClock({ frozenAt: T0 }) });
  }

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (body instanceof FormData || typeof body === 'string') init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await this.app.fetch(new Request(ORIGIN + path, init));
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML pages (the consent page) stay text.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** A control API call that must answer `expect`. */
  async control(method: string, path: string, body?: unknown, expect = 200): Promise<any> {
    const res = await this.send(method, CONTROL_PATH + path, body);
    if (res.status !== expect) throw new Error(`${method} ${CONTROL_PATH}${path} answered ${res.status}, not ${expect}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A public API call with a workspace's credential that must answer `expect`. */
  async api(method: string, path: string, key: string, body?: unknown, expect = 200): Promise<any> {
    const res = await this.send(method, API + path, body, { authorization: key });
    if (res.status !== expect) throw new Error(`${method} ${API}${path} answered ${res.status}, not ${expect}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async schedule(key: string, channel: string, at: number, contents: string[], type = 'schedule'): Promise<void> {
    const value = contents.map((content) => ({ content, image: [] }));
    await this.api('POST', '/posts', key, { type, date: iso(at), shortLink: false, tags: [], posts: [{ integration: { id: channel }, settings: settingsFor(channel), value }] });
  }

  async upload(key: string, bytes: Buffer, name: string, type: string, expect = 200): Promise<void> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    await this.api('POST', '/upload', key, form, expect);
  }

  /** The world as a scenario document, with a description for the people who load it. */
  async export(description: string): Promise<unknown> {
    const doc = await this.control('GET', '/scenario');
    return { scenarioVersion: doc.scenarioVersion, description, ...doc };
  }
}

/** A new free workspace, alone in the world: nothing made yet, no credits. */
async function emptyWorkspace(): Promise<unknown> {
  const m = new Driver();
  const world = await m.control('GET', '/scenario');
  await m.control('PUT', '/scenario', { ...world, workspaces: [], oauthTokens: [], deliveries: [] });
  const ws = await m.control('POST', '/workspaces', { name: 'New Workspace', plan: 'free' }, 201);
  return m.export(
    `A workspace just signed up, alone in the world: free plan, every provider's channel connected, no posts, no media, ` +
      `no brief, no credits and no transactions. Its API key is ${ws.apiKey} (workspace ${ws.id}).`,
  );
}

/** The pay-as-you-go demo workspace spent down below the low-balance line, with automatic top-up off. */
async function lowCredits(): Promise<unknown> {
  const m = new Driver();
  await m.control('PUT', '/workspaces/ws_payg_demo/wallet/auto-top-up', { enabled: false, belowCredits: 10, amount: 1000, monthlyLimit: 5000 });
  // 525 credits: 17 posts with a link (30 each) and 3 plain ones (2.25 each) leave 8.25, under the 10-credit line.
  for (let i = 0; i < 17; i++) await m.schedule(KEYS.payg, 'ch_payg_x', T0 + (i + 1) * 6 * HOUR, [`Fresh loaves at juniper.example.com, day ${i + 1}`]);
  for (let i = 0; i < 3; i++) await m.schedule(KEYS.payg, 'ch_payg_x', T0 + (i + 1) * 7 * HOUR + 30 * 60_000, [`Morning bake number ${i + 1}`]);
  await m.control('POST', '/clock', { advanceSeconds: 12 * 3600 });
  return m.export(
    'The demo world with the pay-as-you-go workspace (key demo-payg-key) down to 8.25 credits after twenty X posts, ' +
      'some already published; automatic top-up is off, so a post with a link (30 credits) is refused with 402 and ' +
      'POST /wallet/estimate answers short: true.',
  );
}

/** The pay-as-you-go demo workspace's wallet frozen by a claw-back. */
async function frozenWallet(): Promise<unknown> {
  const m = new Driver();
  await m.schedule(KEYS.payg, 'ch_payg_x', T0 + 2 * HOUR, ['Spring menu out now']);
  await m.control('POST', '/workspaces/ws_payg_demo/wallet/adjust', { credits: -50, description: 'Disputed payment' });
  return m.export(
    'The demo world with the pay-as-you-go workspace (key demo-payg-key) frozen by a 50-credit claw-back ' +
      '(a disputed payment): GET /wallet answers frozen: true, it is not pay-as-you-go while frozen, and top-ups are ' +
      'refused until POST /_mock/workspaces/ws_payg_demo/wallet/unfreeze.',
  );
}

/** The pay-as-you-go demo workspace with a published, a failed, a queued and a draft post, and a queued thread. */
async function postsInEveryState(): Promise<unknown> {
  const m = new Driver();
  const key = KEYS.payg;
  await m.schedule(key, 'ch_payg_x', T0 + HOUR, ['Doors open at 8 tomorrow']);
  await m.schedule(key, 'ch_payg_x', T0 + 2 * HOUR, ['This one could not be sent']);
  await m.schedule(key, 'ch_payg_x', T0 + 26 * HOUR, ['Weekend special: rye', 'Order ahead in the app']);
  await m.schedule(key, 'ch_payg_x', T0 + 50 * HOUR, ['Idea: behind the scenes at 5am'], 'draft');
  await m.control('POST', '/clock', { advanceSeconds: 1.5 * 3600 });
  await m.control('PUT', '/channels/ch_payg_x/failure', { fail: true });
  await m.control('POST', '/clock', { advanceSeconds: 3600 });
  await m.control('PUT', '/channels/ch_payg_x/failure', { fail: false });
  return m.export(
    'The demo world with posts in every state on the pay-as-you-go workspace (key demo-payg-key), all on its X ' +
      'channel: one PUBLISHED, one in ERROR (its send failed and its credits were given back), a queued two-item ' +
      'thread due the next day (QUEUE) and a DRAFT.',
  );
}

/** The free demo workspace at its library cap, reached by lowering the cap rather than by storing gigabytes. */
async function fullMediaLibrary(): Promise<unknown> {
  const m = new Driver();
  const files = [
    { bytes: PNG, name: 'storefront.png', type: 'image/png' },
    { bytes: PNG, name: 'croissant.png', type: 'image/png' },
    { bytes: GIF, name: 'logo.gif', type: 'image/gif' },
  ];
  await m.control('PUT', '/limits', { freeLibraryBytes: files.reduce((n, f) => n + f.bytes.length, 0) });
  for (const f of files) await m.upload(KEYS.free, f.bytes, f.name, f.type);
  await m.upload(KEYS.free, PNG, 'one-more.png', 'image/png', 413);
  return m.export(
    "The demo world with the free workspace's media library (key demo-free-key) full: three files fill a library " +
      'cap lowered to their size (config.freeLibraryBytes), so the next upload answers 413. Metadata only: the files\' ' +
      'bytes are not in the document, so their /media-files/ paths answer 404 on a mock started from it.',
  );
}

/** The paid demo workspace with its OAuth app, one access token granted through the consent page, and a post made with it. */
async function paidWithOAuthApp(): Promise<unknown> {
  const m = new Driver();
  const redirectUrl = 'https://planner.example.com/oauth/callback';
  const app = await m.control('POST', '/workspaces/ws_paid_demo/oauth-app', { name: 'Planner', description: 'Plans your week.', redirectUrl }, 201);
  const page = await m.send('GET', `/oauth/authorize?client_id=${app.clientId}&response_type=code&state=ready&workspace=ws_paid_demo`);
  const fields = new URLSearchParams({ decision: 'approve' });
  for (const input of String(page.body).matchAll(/<input\b[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(input[1]!, input[2]!);
  const select = String(page.body).match(/<select\b[^>]*name="([^"]+)"/);
  if (select) fields.set(select[1]!, 'ws_paid_demo');
  const approved = await m.send('POST', '/oauth/authorize', fields.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  const code = new URL(approved.headers.get('location') ?? 'x:').searchParams.get('code');
  if (approved.status !== 302 || !code) throw new Error(`the consent page did not approve: ${approved.status}`);
  const token = await m.send('POST', '/api/oauth/token', { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUrl });
  if (token.status !== 200) throw new Error(`the code exchange answered ${token.status}: ${JSON.stringify(token.body)}`);
  await m.schedule(token.body.access_token, 'ch_paid_x', T0 + 3 * HOUR, ['Scheduled by Planner']);
  return m.export(
    `The demo world with the paid workspace (key demo-paid-key) owning the OAuth app "Planner" (client id ${app.clientId}, ` +
      `its secret in workspaces[].oauthApp) and one access token granted to it, ${token.body.access_token}, which ` +
      'scheduled a post on the X channel. The paid plan does not use the wallet.',
  );
}

/** The demo channels the busy workspace posts on, each at its own cadence, with the media each gets (settings: settingsFor). */
export const BUSY_CHANNELS: { channel: string; media?: 'image' | 'video' }[] = [
  { channel: 'ch_payg_x' },
  { channel: 'ch_payg_linkedin' },
  { channel: 'ch_payg_linkedin_page' },
  { channel: 'ch_payg_threads' },
  { channel: 'ch_payg_facebook' },
  { channel: 'ch_payg_discord' },
  { channel: 'ch_payg_sanity' },
  { channel: 'ch_payg_instagram', media: 'image' },
  { channel: 'ch_payg_instagram_standalone', media: 'image' },
  { channel: 'ch_payg_tiktok', media: 'video' },
  { channel: 'ch_payg_youtube', media: 'video' },
];

const BUSY_WORDS = ['Fresh rye', 'Sourdough Saturday', 'New croissant', 'Market stall', 'Behind the ovens', 'Spring menu', 'Coffee and buns', 'Holiday hours'];

/**
 * The pay-as-you-go demo workspace after half a year of use, for building screens that must hold real amounts: posts
 * on every channel over four months behind and two ahead in every state, hundreds of media items, a long ledger.
 */
export async function busyWorkspace(channels = BUSY_CHANNELS): Promise<unknown> {
  const m = new Driver();
  const key = KEYS.payg;
  const DAY = 24 * HOUR;
  const start = T0 - 120 * DAY;
  // Made as a client would over months: the hourly limit and the library's free space are raised while building
  // (and put back before the export), and the clock starts four months back.
  await m.control('PUT', '/limits', { postsPerHour: 1_000_000 });
  await m.control('POST', '/clock', { now: iso(start) });
  await m.control('POST', '/workspaces/ws_payg_demo/wallet/top-up', { credits: 50_000 });
  const media: Record<'image' | 'video', { id: string; path: string }[]> = { image: [], video: [] };
  for (let i = 0; i < 300; i++) {
    const video = i % 10 === 9;
    const form = new FormData();
    const [bytes, name, type] = video ? [MP4, `clip-${i}.mp4`, 'video/mp4'] : [i % 3 ? PNG : GIF, `photo-${i}.${i % 3 ? 'png' : 'gif'}`, i % 3 ? 'image/png' : 'image/gif'];
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const uploaded = await m.api('POST', '/upload', key, form);
    media[video ? 'video' : 'image'].push({ id: uploaded.id, path: uploaded.path });
  }
  // Each channel posts every 19.8 hours from the start on (a post every 1.8 hours over the workspace), at an offset
  // its id picks, so that a channel added to the list adds its own posts and leaves every other post as it was (its
  // time, text, and id: seeded ids are drawn per channel). Every ninth post of a channel is a draft, every seventh a
  // two-item thread. A channel refusing sends for its first two months leaves some in ERROR. Each post is written
  // some time before it is due, the clock moving on between them as it would over months of use, so the ledger's
  // charges fall over four months (not at one instant) and what falls due on the way publishes as time passes. Six
  // top-ups come in the last four weeks, the last the evening before the clock's now.
  const STEP = 1.8 * HOUR;
  const EVERY = 11 * STEP;
  const PER_CHANNEL = 218;
  const offset = (channel: string) => [...channel].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 11, 7) * STEP;
  const span = (PER_CHANNEL * EVERY) / (T0 - HOUR - start);
  const planned = channels.flatMap((c) => Array.from({ length: PER_CHANNEL }, (_, j) => ({ c, j, at: start + HOUR + offset(c.channel) + Math.floor(j * EVERY) })));
  planned.sort((a, b) => a.at - b.at || (a.c.channel < b.c.channel ? -1 : 1));
  const writeAt = (at: number) => start + Math.floor((at - start - HOUR) / span);
  const events: Array<[at: number, act: () => Promise<void>]> = [[T0 - 60 * DAY, () => m.control('PUT', '/channels/ch_payg_threads/failure', { fail: false })]];
  for (let k = 0; k < 6; k++) events.push([T0 - (26 - k * 5) * DAY + 7 * HOUR, () => m.control('POST', '/workspaces/ws_payg_demo/wallet/top-up', { credits: 100 + k * 25 })]);
  await m.control('PUT', '/channels/ch_payg_threads/failure', { fail: true });
  for (const { c, j, at } of planned) {
    const written = Math.max(start, Math.min(writeAt(at), at - HOUR));
    for (const [when, act] of events.filter(([when]) => when <= written).sort((a, b) => a[0] - b[0])) {
      await m.control('POST', '/clock', { now: iso(when) });
      await act();
      events.splice(events.findIndex(([w]) => w === when), 1);
    }
    await m.control('POST', '/clock', { now: iso(written) });
    const image = c.media ? [media[c.media][j % media[c.media].length]!] : [];
    const text = `${BUSY_WORDS[j % BUSY_WORDS.length]} #${j + 1}`;
    const value = j % 7 === 3 ? [{ content: text, image }, { content: 'More at the counter.', image: [] }] : [{ content: text, image }];
    const type = j % 9 === 4 ? 'draft' : 'schedule';
    await m.api('POST', '/posts', key, { type, date: iso(at), shortLink: false, tags: j % 5 === 0 ? [{ value: 'news', label: 'News' }] : [], posts: [{ integration: { id: c.channel }, settings: settingsFor(c.channel), value }] });
  }
  for (const [when, act] of events.sort((a, b) => a[0] - b[0])) {
    await m.control('POST', '/clock', { now: iso(when) });
    await act();
  }
  await m.control('POST', '/clock', { now: iso(T0) });
  await m.control('PUT', '/limits', { postsPerHour: 90 });
  return m.export(
    'The demo world with the pay-as-you-go workspace (key demo-payg-key) after half a year of use, for screens that ' +
      `must hold real amounts: ${planned.length.toLocaleString('en')} posts over its ${channels.length} channels from four months back to two months ahead ` +
      '(PUBLISHED, ERROR where the Threads channel refused sends for a while, QUEUE ahead, every ninth a DRAFT, ' +
      'some two-item threads), 300 media items (metadata only: their /media-files/ paths answer 404 on a mock ' +
      'started from it) and a ledger of every charge and top-up.',
  );
}

export const READY_SCENARIOS: Record<string, () => Promise<unknown>> = {
  'busy-workspace.json': () => busyWorkspace(),
  'empty-workspace.json': emptyWorkspace,
  'low-credits.json': lowCredits,
  'frozen-wallet.json': frozenWallet,
  'posts-in-every-state.json': postsInEveryState,
  'full-media-library.json': fullMediaLibrary,
  'paid-with-oauth-app.json': paidWithOAuthApp,
};

export const SCENARIOS_DIR = new URL('../fixtures/scenarios/', import.meta.url);

export const render = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;

if (import.meta.main) {
  const check = process.argv.includes('--check');
  let drift = false;
  for (const [name, build] of Object.entries(READY_SCENARIOS)) {
    const output = render(await build());
    const target = new URL(name, SCENARIOS_DIR);
    if (check) {
      if (!existsSync(target) || readFileSync(target, 'utf8') !== output) {
        console.error(`fixtures/scenarios/${name} is out of date with scripts/scenarios.ts: run \`npm run regen\` (or \`${COMMAND}\`) and commit the result.`);
        drift = true;
      } else console.log(`ok fixtures/scenarios/${name}`);
    } else {
      writeFileSync(target, output);
      console.log(`wrote fixtures/scenarios/${name} (${output.length} bytes)`);
    }
  }
  if (drift) process.exit(1);
}
