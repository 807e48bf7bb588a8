// Posts: create, schedule, move, publish and delete post groups (reference sections 2.3, 2.4, 3, 4.2). Owner: the mock-core work.

export type PostState = 'DRAFT' | 'QUEUE' | 'PUBLISHED' | 'ERROR';

export interface PostImage {
  id: string;
  path: string;
  alt?: string;
  thumbnail?: string;
}

/** One item of a group's `value`: index 0 is the post, later ones its thread items or comments. */
export interface PostRow {
  id: string;
  group: string;
  channelId: string;
  index: number;
  content: string;
  images: PostImage[];
  settings: Record<string, unknown> | null;
  /** When this item is due (ms): the group's date plus the delays before it. */
  publishAt: number;
  delayMinutes: number;
  state: PostState;
  releaseURL: string | null;
  releaseId: string | null;
  inter: number | null;
  tags: Array<{ value: string; label: string }>;
  shortLink: boolean;
  creationMethod: 'API' | 'CLI';
  createdAt: number;
  publishedAt: number | null;
  error: string | null;
}

export interface PostsState {
  rows: Map<string, PostRow>;
}

export function initPosts(): PostsState {
  return { rows: new Map() };
}
