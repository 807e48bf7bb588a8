// A mock whose paid demo workspace is seeded, through the domain's own functions, with many posts and media files:
// the growth benchmark's subject. Prints one JSON line (heap and RSS after seeding, after a GC) once it listens.
// Usage: node --expose-gc scripts/lib/seeded-mock.ts <port> <posts> <media>
import { createPosts } from '../../mocks/domain/posts.ts';
import { addMedia } from '../../mocks/domain/media.ts';
import { defaultCaps } from '../../mocks/domain/caps.ts';
import { startMock } from '../../mocks/server.ts';
import { providerInfo } from '../../mocks/domain/world.ts';

const [port, postCount, mediaCount] = process.argv.slice(2).map(Number) as [number, number, number];
const DAY = 24 * 60 * 60_000;
/** The week every run reads: it always holds WEEK_POSTS posts, whatever the total, so answers stay the same size. */
const WEEK = { start: Date.parse('2027-03-01T00:00:00.000Z'), days: 7 };
const WEEK_POSTS = 100;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const base = process.memoryUsage();

// The growth bench measures sizes past the mock's default caps on what a client may keep; lift them here.
const mock = await startMock({ port, config: { freeLibraryBytes: Number.MAX_SAFE_INTEGER, caps: { ...defaultCaps, posts: 10_000_000, media: 10_000_000, postBytes: Number.MAX_SAFE_INTEGER } } });
const state = mock.app.state;
const world = state.world;
const ws = world.workspaces.get(world.apiKeys.get('demo-paid-key')!)!;
const env = state.env;
/** Channels that take a text-only draft: their provider's row asks for no media (Instagram and the like need a photo even in a draft). */
const channels = ws.channels.filter((c) => !c.disabled && !providerInfo(world, c.identifier).media).map((c) => c.id);
if (channels.length === 0) throw new Error('no text-only channel in the paid demo workspace');

gc();
const built = process.memoryUsage();

// Drafts go through the same code as any POST /posts (validated, stored, indexed), without billing in the way.
const BATCH = 50;
for (let made = 0; made < postCount; made += BATCH) {
  const posts = [];
  for (let i = made; i < Math.min(postCount, made + BATCH); i++) {
    // The first WEEK_POSTS posts fall in the measured week; the rest spread over the ten years before it.
    const at = i < WEEK_POSTS ? WEEK.start + ((i * WEEK.days * DAY) / WEEK_POSTS) : WEEK.start - 1 - ((i * 7919) % (3650 * DAY / 60_000)) * 60_000;
    posts.push({ at, channel: channels[i % channels.length]! });
  }
  for (const p of posts) {
    createPosts(
      world,
      ws,
      {
        type: 'draft',
        date: new Date(p.at).toISOString(),
        shortLink: false,
        tags: [],
        posts: [{ integration: { id: p.channel }, value: [{ content: `Seeded post at ${new Date(p.at).toISOString()}`, image: [] }] }],
      },
      () => [],
      env,
    );
  }
}
for (let i = 0; i < mediaCount; i++) {
  addMedia(world, ws, { originalName: `seeded-${i}.png`, bytes: 1024, type: { mime: 'image/png', ext: 'png', kind: 'image' } }, env);
}

gc();
const seeded = process.memoryUsage();
const mib = (n: number) => Number((n / 2 ** 20).toFixed(1));
console.log(
  JSON.stringify({
    listening: mock.origin,
    week: { startDate: new Date(WEEK.start).toISOString(), endDate: new Date(WEEK.start + WEEK.days * DAY).toISOString(), posts: WEEK_POSTS },
    posts: ws.posts.rows.size,
    media: ws.media.items.length,
    heapMiB: { start: mib(base.heapUsed), built: mib(built.heapUsed), seeded: mib(seeded.heapUsed) },
    rssMiB: { built: mib(built.rss), seeded: mib(seeded.rss) },
  }),
);
