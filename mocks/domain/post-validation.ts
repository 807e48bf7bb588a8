// The checks a post entry goes through before anything is saved: empty, then settings, then media, then length (field notes' order).
import { invalid, postInvalid } from './errors.ts';
import type { Channel, PostImage, ProviderInfo } from './world.ts';

/** One item of `value` as the request carries it. */
export interface ValueInput {
  content: string;
  image: PostImage[];
  id?: string;
  delay?: number;
}

/** A settings problem from the provider's settings schema, its path relative to the settings object. */
export interface SettingsViolation {
  path: string;
  /** The schema keyword that failed and its parameters: the error's wording is built from these, never parsed. */
  keyword?: string;
  params?: Record<string, any>;
  message: string;
}

/**
 * The problems of entry `entry`'s settings against the contract's `ChannelSettings`. The HTTP layer answers it from
 * the request's one validation where that covered the settings (`schedule`, `now`), and validates them otherwise.
 */
export type SettingsValidator = (settings: unknown, entry: number) => SettingsViolation[];

export const EMPTY_MESSAGE = 'Your post should have at least one character or one image.';
export const TOO_LONG_MESSAGE = 'post is too long, please fix it';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text a reader sees: tags dropped, line breaks kept, common entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+|#39);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\n+$/, '');
}

// A URL with a scheme, or a bare domain such as example.com/path (the network links those too).
const LINK = /\bhttps?:\/\/[^\s<]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s<]*)?/gi;

/**
 * Length as the channel counts it: characters of the visible text; where the provider's row gives a `linkLength`
 * (x: 23, the field notes' network counting), each link counts that many.
 */
export function textLength(content: string, info: Pick<ProviderInfo, 'linkLength'>): number {
  let text = plainText(content);
  if (info.linkLength !== undefined) text = text.replace(LINK, '.'.repeat(info.linkLength));
  return [...text].length;
}

export function isEmpty(item: ValueInput): boolean {
  return plainText(item.content).trim() === '' && item.image.length === 0;
}

/** `who_can_reply_post is required`, `post_type must be one of: post, story`: one readable line per problem. */
export function describeSettingsViolation(v: SettingsViolation): string {
  const field = v.path.replace(/^\//, '').replace(/\//g, '.');
  if (v.keyword === 'required') return `${field ? `${field}.` : ''}${v.params?.missingProperty} is required`;
  if (v.keyword === 'enum') return `${field || 'settings'} must be one of: ${(v.params?.allowedValues as unknown[]).join(', ')}`;
  // A pattern that forbids a prefix (sanity's documentId, `^(?!drafts\.)`) says which prefix to leave out, not the regex.
  const prefix = v.keyword === 'pattern' ? /^\^\(\?!(.+)\)$/.exec(String(v.params?.pattern ?? ''))?.[1]?.replace(/\\(.)/g, '$1') : undefined;
  if (prefix !== undefined) return `${field || 'settings'} must not begin with "${prefix}": send it without that prefix`;
  return `${field || 'settings'} ${v.message}`;
}

/** Settings problems the schema cannot express (reference 2.9: youtube's tags), checked by the server. */
function extraSettingsProblem(info: ProviderInfo, settings: Record<string, any>): string | undefined {
  const limit = info.tagsTotal;
  if (limit !== undefined && Array.isArray(settings.tags)) {
    // All tags together use up to the limit; a tag containing a space counts two more.
    const used = settings.tags.reduce((sum: number, tag: any) => {
      const value = String(tag?.value ?? '');
      return sum + [...value].length + (value.includes(' ') ? 2 : 0);
    }, 0);
    if (used > limit) return `tags use ${used} characters; all tags together may use up to ${limit}`;
  }
  return undefined;
}

/** The settings step for an entry that will be scheduled or sent: throws the 400 naming the channel. */
export function checkSettings(channel: Channel, info: ProviderInfo, settings: unknown, validate: SettingsValidator, entry: number): void {
  const fail = (message: string) => postInvalid(channel.identifier, channel.name, message);
  if (settings === undefined || settings === null) throw fail('settings is required');
  if (typeof settings !== 'object' || Array.isArray(settings)) throw fail('settings must be an object');
  const type = (settings as Record<string, unknown>).__type;
  if (type === undefined) throw fail(`settings.__type is required: "${channel.identifier}" for this channel`);
  if (type !== channel.identifier) throw fail(`settings.__type must be "${channel.identifier}" for this channel`);
  const violations = validate(settings, entry);
  if (violations.length > 0) throw fail(describeSettingsViolation(violations[0]!));
  const extra = extraSettingsProblem(info, settings as Record<string, any>);
  if (extra) throw fail(extra);
}

/**
 * The media step: a provider whose row says `media` cannot post text alone (a mock choice, but for a facebook story,
 * which section 2.9 pins), always or when the settings match the row's `when`.
 */
export function checkMedia(channel: Channel, info: ProviderInfo, settings: Record<string, unknown> | null, items: ValueInput[]): void {
  const first = items[0]!;
  const rule = info.media;
  const needsMedia = rule !== undefined && Object.entries(rule.when ?? {}).every(([field, value]) => settings?.[field] === value);
  if (needsMedia && first.image.length === 0) {
    throw postInvalid(channel.identifier, channel.name, `${rule.what ?? `A ${info.label} post`} needs at least one photo or video`);
  }
}

/** The length step: every item against the channel's maximum. */
export function checkLength(channel: Channel, info: ProviderInfo, items: ValueInput[]): void {
  for (const item of items) {
    if (textLength(item.content, info) > info.maxLength) throw invalid(TOO_LONG_MESSAGE);
  }
}

/** The empty step: every item needs text or an image. */
export function checkNotEmpty(items: ValueInput[]): void {
  if (items.some(isEmpty)) throw invalid(EMPTY_MESSAGE);
}
