// Table-driven request samples, valid and invalid, against the request schemas of the public document.
import { describe, expect, it } from 'vitest';
import { getValidator, type RequestInput } from './validator.ts';

interface Sample {
  name: string;
  operationId: string;
  input: RequestInput;
  /** true: the contract accepts it; false: the contract refuses it. */
  accepted: boolean;
}

const HEADERS = { authorization: 'key_sample' };
const longText = (n: number): string => 'a'.repeat(n);

/** Valid settings for every provider the reference describes, plus one it does not. */
const SETTINGS: Record<string, Record<string, unknown>> = {
  x: { __type: 'x', who_can_reply_post: 'everyone', community: 'https://x.example.com/i/communities/1', made_with_ai: false, paid_partnership: false },
  linkedin: { __type: 'linkedin', post_as_images_carousel: true, carousel_name: 'slides' },
  'linkedin-page': { __type: 'linkedin-page', post_as_images_carousel: false },
  instagram: {
    __type: 'instagram',
    post_type: 'post',
    collaborators: [{ label: 'friend_account' }],
    is_trial_reel: true,
    graduation_strategy: 'SS_PERFORMANCE',
    audio: { id: 'aud_1', audio_volume: 80, video_volume: 20, title: 'Summer', artist: 'Band' },
  },
  'instagram-standalone': { __type: 'instagram-standalone', post_type: 'story' },
  facebook: { __type: 'facebook', post_type: 'post', url: 'https://example.com/launch', text_format_preset_id: 'bg_1' },
  threads: { __type: 'threads' },
  tiktok: {
    __type: 'tiktok',
    content_posting_method: 'DIRECT_POST',
    privacy_level: 'PUBLIC_TO_EVERYONE',
    title: 'Launch day',
    duet: true,
    stitch: true,
    comment: true,
    autoAddMusic: 'no',
    brand_organic_toggle: false,
    brand_content_toggle: false,
  },
  youtube: {
    __type: 'youtube',
    title: 'Launch video',
    type: 'public',
    selfDeclaredMadeForKids: 'no',
    thumbnail: { id: 'med_1', path: 'https://uploads.example.com/med_1.png' },
    tags: [{ value: 'launch', label: 'launch' }],
  },
  discord: { __type: 'discord', channel: '112233445566', title: 'Launch thread' },
  sanity: { __type: 'sanity', documentId: 'article-2025-launch' },
  pinterest: { __type: 'pinterest', board: 'ideas' },
};

function post(type: string, settings?: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    integration: { id: 'ch_1' },
    value: [{ content: 'Spring launch is live.', image: [{ id: 'med_1', path: 'https://uploads.example.com/med_1.png' }] }],
  };
  if (settings) entry.settings = settings;
  return { type, date: '2025-03-11T09:00:00.000Z', shortLink: false, tags: [], posts: [entry], ...extra };
}

function withSettings(provider: string, changes: Record<string, unknown>, remove: string[] = []): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...SETTINGS[provider], ...changes };
  for (const key of remove) delete settings[key];
  return settings;
}

function without(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

const createPosts = (name: string, body: unknown, accepted: boolean): Sample => ({
  name,
  operationId: 'createPosts',
  input: { headers: HEADERS, body, contentType: 'application/json' },
  accepted,
});

const estimate = (name: string, body: unknown, accepted: boolean): Sample => ({
  name,
  operationId: 'estimateWalletCharge',
  input: { headers: HEADERS, body, contentType: 'application/json' },
  accepted,
});

const query = (operationId: string, name: string, q: Record<string, string>, accepted: boolean, path?: Record<string, string>): Sample => ({
  name,
  operationId,
  input: { headers: HEADERS, query: q, ...(path ? { path } : {}) },
  accepted,
});

const contents = (n: number): string[] => Array.from({ length: n }, (_, i) => `Item ${i + 1}`);

const samples: Sample[] = [
  // Every provider, scheduled with valid settings, and the same as a draft without settings.
  ...Object.keys(SETTINGS).flatMap((provider) => [
    createPosts(`schedule on ${provider} with valid settings`, post('schedule', SETTINGS[provider]), true),
    createPosts(`now on ${provider} with valid settings`, post('now', SETTINGS[provider]), true),
    createPosts(`draft for ${provider} without settings`, post('draft'), true),
  ]),
  // Settings are required and checked for schedule and now; drafts skip the check.
  createPosts('schedule without settings', post('schedule'), false),
  createPosts('now without settings', post('now'), false),
  createPosts('update without settings (required unless draft)', post('update'), false),
  createPosts('update with settings the schema does not check', post('update', { __type: 'x' }), true),
  createPosts('draft with incomplete settings', post('draft', { __type: 'x' }), true),
  createPosts('schedule with settings lacking __type', post('schedule', { who_can_reply_post: 'everyone' }), false),
  createPosts('x without who_can_reply_post', post('schedule', withSettings('x', {}, ['who_can_reply_post'])), false),
  createPosts('x who_can_reply_post outside the list', post('schedule', withSettings('x', { who_can_reply_post: 'nobody' })), false),
  createPosts('tiktok title of 90 characters', post('schedule', withSettings('tiktok', { title: longText(90) })), true),
  createPosts('tiktok title of 91 characters', post('schedule', withSettings('tiktok', { title: longText(91) })), false),
  createPosts('tiktok DIRECT_POST without privacy_level', post('schedule', withSettings('tiktok', {}, ['privacy_level'])), false),
  createPosts(
    'tiktok UPLOAD without privacy_level',
    post('schedule', withSettings('tiktok', { content_posting_method: 'UPLOAD' }, ['privacy_level'])),
    true,
  ),
  createPosts('tiktok without duet', post('schedule', withSettings('tiktok', {}, ['duet'])), false),
  createPosts('tiktok autoAddMusic outside yes/no', post('schedule', withSettings('tiktok', { autoAddMusic: 'maybe' })), false),
  createPosts('tiktok disclose with both brand toggles off', post('schedule', withSettings('tiktok', { disclose: true })), false),
  createPosts('tiktok disclose with organic brand', post('schedule', withSettings('tiktok', { disclose: true, brand_organic_toggle: true })), true),
  createPosts(
    'tiktok branded content with SELF_ONLY',
    post('schedule', withSettings('tiktok', { brand_content_toggle: true, privacy_level: 'SELF_ONLY' })),
    false,
  ),
  createPosts(
    'tiktok branded content with PUBLIC_TO_EVERYONE',
    post('schedule', withSettings('tiktok', { brand_content_toggle: true, disclose: true })),
    true,
  ),
  createPosts('youtube title of one character', post('schedule', withSettings('youtube', { title: 'a' })), false),
  createPosts('youtube title of two characters', post('schedule', withSettings('youtube', { title: 'ab' })), true),
  createPosts('youtube title of 101 characters', post('schedule', withSettings('youtube', { title: longText(101) })), false),
  createPosts('youtube without type', post('schedule', withSettings('youtube', {}, ['type'])), false),
  createPosts('youtube selfDeclaredMadeForKids outside yes/no', post('schedule', withSettings('youtube', { selfDeclaredMadeForKids: 'true' })), false),
  createPosts('discord without channel', post('schedule', withSettings('discord', {}, ['channel'])), false),
  createPosts('discord title of 101 characters', post('schedule', withSettings('discord', { title: longText(101) })), false),
  createPosts('instagram without post_type', post('schedule', withSettings('instagram', {}, ['post_type'])), false),
  createPosts('instagram post_type reel', post('schedule', withSettings('instagram', { post_type: 'reel' })), false),
  createPosts(
    'instagram audio volume 101',
    post('schedule', withSettings('instagram', { audio: { id: 'aud_1', audio_volume: 101, video_volume: 0 } })),
    false,
  ),
  createPosts('instagram graduation_strategy outside the list', post('schedule', withSettings('instagram', { graduation_strategy: 'AUTO' })), false),
  createPosts('facebook post_type reel', post('schedule', withSettings('facebook', { post_type: 'reel' })), false),
  createPosts('sanity without documentId', post('schedule', withSettings('sanity', {}, ['documentId'])), false),
  createPosts('sanity documentId with the drafts. prefix', post('schedule', withSettings('sanity', { documentId: 'drafts.article-1' })), false),
  // Extra fields are never refused: the contract constrains only what it names.
  createPosts(
    'extra unknown fields everywhere',
    {
      ...post('schedule', { ...SETTINGS.x, future_flag: true }),
      clientRequestId: 'abc',
      posts: [
        {
          integration: { id: 'ch_1', note: 'extra' },
          settings: { ...SETTINGS.x, future_flag: true },
          value: [{ content: 'Hi', image: [], mood: 'happy' }],
          extra: 1,
        },
      ],
    },
    true,
  ),
  // Required fields of the request and its entries.
  ...['type', 'date', 'shortLink', 'tags', 'posts'].map((field) =>
    createPosts(`missing ${field}`, without(post('schedule', SETTINGS.x), field), false),
  ),
  createPosts('type outside the list', post('publish', SETTINGS.x), false),
  createPosts('date that is not a date-time', post('schedule', SETTINGS.x, { date: 'tomorrow' }), false),
  createPosts('creationMethod outside the list', post('schedule', SETTINGS.x, { creationMethod: 'WEB' }), false),
  createPosts('creationMethod CLI', post('schedule', SETTINGS.x, { creationMethod: 'CLI' }), true),
  createPosts('inter that is not an integer', post('schedule', SETTINGS.x, { inter: 1.5 }), false),
  createPosts('tag without label', post('schedule', SETTINGS.x, { tags: [{ value: 'a' }] }), false),
  createPosts(
    'entry with an empty value',
    { ...post('draft'), posts: [{ integration: { id: 'ch_1' }, value: [] }] },
    false,
  ),
  createPosts(
    'value item without image',
    { ...post('draft'), posts: [{ integration: { id: 'ch_1' }, value: [{ content: 'Hi' }] }] },
    false,
  ),
  createPosts(
    'image without path',
    { ...post('draft'), posts: [{ integration: { id: 'ch_1' }, value: [{ content: 'Hi', image: [{ id: 'med_1' }] }] }] },
    false,
  ),
  createPosts('entry without integration', { ...post('draft'), posts: [{ value: [{ content: 'Hi', image: [] }] }] }, false),

  // The estimate's bounds.
  estimate('estimate with 0 contents', { provider: 'x', contents: [] }, false),
  estimate('estimate with 1 content', { provider: 'x', contents: contents(1) }, true),
  estimate('estimate with 100 contents', { provider: 'x', contents: contents(100) }, true),
  estimate('estimate with 101 contents', { provider: 'x', contents: contents(101) }, false),
  estimate('estimate with inter -1', { provider: 'x', contents: contents(1), inter: -1 }, false),
  estimate('estimate with inter 0', { provider: 'x', contents: contents(1), inter: 0 }, true),
  estimate('estimate with inter 3650', { provider: 'x', contents: contents(1), inter: 3650 }, true),
  estimate('estimate with inter 3651', { provider: 'x', contents: contents(1), inter: 3651 }, false),
  estimate('estimate without provider', { contents: contents(1) }, false),
  estimate('estimate without contents', { provider: 'x' }, false),

  // Query parameters.
  query('listWalletTransactions', 'transactions type outside the list', { type: 'BAD' }, false),
  query('listWalletTransactions', 'transactions type in lower case', { type: 'spend' }, false),
  query('listWalletTransactions', 'transactions type with a trailing comma', { type: 'SPEND,' }, false),
  query('listWalletTransactions', 'transactions type as a comma list', { type: 'SPEND,REFUND,AUTO_TOPUP' }, true),
  query('listWalletTransactions', 'transactions type alone', { type: 'ADJUST' }, true),
  query('listWalletTransactions', 'transactions size 0', { size: '0' }, false),
  query('listWalletTransactions', 'transactions size 1', { size: '1' }, true),
  query('listWalletTransactions', 'transactions size 100', { size: '100' }, true),
  query('listWalletTransactions', 'transactions size 101', { size: '101' }, false),
  query('listWalletTransactions', 'transactions page -1', { page: '-1' }, false),
  query('listWalletTransactions', 'transactions page 0', { page: '0' }, true),
  query('listMedia', 'media page 0', { page: '0' }, false),
  query('listMedia', 'media page 1', { page: '1' }, true),
  query('listNotifications', 'notifications page -1', { page: '-1' }, false),
  query('listNotifications', 'notifications page 0', { page: '0' }, true),
  query('listPosts', 'posts without endDate', { startDate: '2025-03-01T00:00:00Z' }, false),
  query('listPosts', 'posts with a date that is not a date-time', { startDate: 'monday', endDate: '2025-03-08T00:00:00Z' }, false),
  query('listPosts', 'posts in a window', { startDate: '2025-03-01T00:00:00Z', endDate: '2025-03-08T00:00:00Z' }, true),
  query('deletePost', 'deleteFromPlatform yes', { deleteFromPlatform: 'yes' }, false, { id: 'post_1' }),
  query('deletePost', 'deleteFromPlatform true', { deleteFromPlatform: 'true' }, true, { id: 'post_1' }),
  query('getChannelAnalytics', 'channel analytics without date', {}, false, { integration: 'ch_1' }),
  query('getChannelAnalytics', 'channel analytics fresh=1', { date: '7', fresh: '1' }, false, { integration: 'ch_1' }),
  query('getChannelAnalytics', 'channel analytics fresh=true', { date: '7', fresh: 'true' }, true, { integration: 'ch_1' }),
  query('deleteBriefDocument', 'keepHistory yes', { keepHistory: 'yes' }, false, { category: 'sources', key: 'blog' }),

  // Other bodies.
  {
    name: 'status outside draft/schedule',
    operationId: 'changePostStatus',
    input: { headers: HEADERS, path: { id: 'post_1' }, body: { status: 'publish' }, contentType: 'application/json' },
    accepted: false,
  },
  {
    name: 'upload from something that is not a URL',
    operationId: 'uploadMediaFromUrl',
    input: { headers: HEADERS, body: { url: 'not a url' }, contentType: 'application/json' },
    accepted: false,
  },
  {
    name: 'upload ticket with any purpose (media ticket)',
    operationId: 'createUploadTicket',
    input: { headers: HEADERS, body: { purpose: 'video' }, contentType: 'application/json' },
    accepted: true,
  },
  {
    name: 'upload ticket without a body',
    operationId: 'createUploadTicket',
    input: { headers: HEADERS },
    accepted: true,
  },
  {
    name: 'integration trigger with a non-string data value',
    operationId: 'triggerIntegrationTool',
    input: { headers: HEADERS, path: { id: 'ch_1' }, body: { methodName: 'audioSearch', data: { q: 1 } }, contentType: 'application/json' },
    accepted: false,
  },
  {
    name: 'video function without functionName',
    operationId: 'runVideoFunction',
    input: { headers: HEADERS, body: { identifier: 'slides' }, contentType: 'application/json' },
    accepted: false,
  },
  {
    name: 'brief save with a block lacking body',
    operationId: 'saveBriefDocument',
    input: { headers: HEADERS, path: { category: 'foundation', key: 'voice' }, body: { blocks: [{ id: 'b1', heading: 'Tone' }] }, contentType: 'application/json' },
    accepted: false,
  },
  {
    name: 'brief save of the title alone',
    operationId: 'saveBriefDocument',
    input: { headers: HEADERS, path: { category: 'foundation', key: 'voice' }, body: { title: 'Voice' }, contentType: 'application/json' },
    accepted: true,
  },
];

describe('request samples against the public contract', () => {
  const validator = getValidator();
  it.each(samples.map((s) => [s.name, s] as const))('%s', (_name, sample) => {
    const result = validator.byId(sample.operationId).validateRequest(sample.input);
    if (sample.accepted) expect(result.violations).toEqual([]);
    else expect(result.violations.length).toBeGreaterThan(0);
    expect(result.ok).toBe(sample.accepted);
  });
});
