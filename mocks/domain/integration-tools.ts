// Provider helpers run by `POST /integration-trigger/{id}` (reference 2.9): deterministic, plausible data per channel.
import { invalid, notFound } from './errors.ts';
import { providerInfo, type Channel, type World } from './world.ts';

type Data = Record<string, string>;

function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function discordChannels(channel: Channel) {
  const base = 1_100_000_000_000_000_000n + BigInt(seedOf(channel.id)) * 1000n;
  return [
    { id: (base + 1n).toString(), name: 'announcements', type: 'text' },
    { id: (base + 2n).toString(), name: 'general', type: 'text' },
    { id: (base + 3n).toString(), name: 'showcase', type: 'forum' },
    { id: (base + 4n).toString(), name: 'feedback', type: 'forum' },
  ];
}

function creatorInfo(channel: Channel) {
  return {
    creator_avatar_url: channel.picture,
    creator_username: channel.profile ?? channel.id,
    creator_nickname: channel.name,
    privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
  };
}

const AUDIO = [
  { id: 'aud_1001', title: 'Golden Hour Drive', artist: 'The Parkside', type: 'music', trending: true, duration: 31 },
  { id: 'aud_1002', title: 'Summer Breeze (Radio Edit)', artist: 'Lina Vale', type: 'music', trending: true, duration: 28 },
  { id: 'aud_1003', title: 'Morning Coffee Lo-fi', artist: 'Bean Theory', type: 'music', trending: false, duration: 45 },
  { id: 'aud_1004', title: 'Trail Run Anthem', artist: 'Northbound', type: 'music', trending: true, duration: 30 },
  { id: 'aud_1005', title: 'Quiet Snowfall', artist: 'Ada Moreau', type: 'music', trending: false, duration: 60 },
  { id: 'aud_2001', title: 'original sound - bakery ASMR', artist: 'crumbandco', type: 'original_sound', trending: true, duration: 15 },
  { id: 'aud_2002', title: 'original sound - unboxing', artist: 'gearhead', type: 'original_sound', trending: false, duration: 22 },
  { id: 'aud_2003', title: 'original sound - summer vibes', artist: 'sunnydays', type: 'original_sound', trending: true, duration: 12 },
];

function audioSearch(data: Data) {
  const type = data.type ?? 'music';
  if (type !== 'music' && type !== 'original_sound') throw invalid('type must be music or original_sound');
  const q = (data.q ?? '').trim().toLowerCase();
  return AUDIO.filter((a) => a.type === type)
    .filter((a) => (q === '' ? a.trending : `${a.title} ${a.artist}`.toLowerCase().includes(q)))
    .map((a) => ({ id: a.id, title: a.title, artist: a.artist, duration: a.duration, image: `https://cdn.example.com/audio/${a.id}.jpg` }));
}

const DOCUMENTS = [
  { _id: 'article-spring-menu', _type: 'article', title: 'Our spring menu is here', slug: 'spring-menu', hasDraft: true, ready: true },
  { _id: 'article-behind-the-scenes', _type: 'article', title: 'Behind the scenes at 5 a.m.', slug: 'behind-the-scenes', hasDraft: true, ready: true },
  { _id: 'article-gift-guide', _type: 'article', title: 'Holiday gift guide', slug: 'gift-guide', hasDraft: true, ready: false },
  { _id: 'page-about', _type: 'page', title: 'About us', slug: 'about', hasDraft: false, ready: true },
];

function documents(data: Data) {
  const search = (data.search ?? '').trim().toLowerCase();
  return DOCUMENTS.filter((d) => search === '' || d.title.toLowerCase().includes(search)).map((d) => ({
    _id: d._id,
    _type: d._type,
    title: d.title,
    slug: d.slug,
    hasDraft: d.hasDraft,
  }));
}

function validateDocument(data: Data) {
  const id = data.documentId ?? '';
  if (id === '') throw invalid('data.documentId is required');
  if (id.startsWith('drafts.')) return { valid: false, documentId: id, problems: ['Use the published id, without the drafts. prefix'] };
  const doc = DOCUMENTS.find((d) => d._id === id);
  if (!doc) return { valid: false, documentId: id, problems: ['Document not found in the connected dataset'] };
  const problems = [
    ...(doc.hasDraft ? [] : ['The document has no draft to publish']),
    ...(doc.ready ? [] : ['Required field "excerpt" is empty']),
  ];
  return { valid: problems.length === 0, documentId: id, title: doc.title, problems };
}

/** Run a helper the channel's provider lists in its tools; any other method name is not found (404, reference 4.1: "404 when not found"). */
export function runTool(world: World, channel: Channel, methodName: string, data: Data = {}): unknown {
  const tools = providerInfo(world, channel.identifier).tools.map((t) => t.methodName);
  if (!tools.includes(methodName)) {
    throw notFound(`Unknown method ${methodName} for ${channel.identifier}${tools.length > 0 ? ` (available: ${tools.join(', ')})` : ' (it has no helpers)'}`);
  }
  switch (methodName) {
    case 'channels':
      return discordChannels(channel);
    case 'creatorInfo':
      return creatorInfo(channel);
    case 'audioSearch':
      return audioSearch(data);
    case 'documents':
      return documents(data);
    case 'validateDocument':
      return validateDocument(data);
    default:
      return [];
  }
}
