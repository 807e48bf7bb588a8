// The media library and single-use upload tickets (reference sections 2.6, 4.3, 8). Owner: the media work.

export interface MediaItem {
  id: string;
  name: string;
  originalName: string | null;
  /** Where the bytes are served, relative to the mock's origin. */
  path: string;
  thumbnail: string | null;
  alt: string | null;
  bytes: number;
  mime: string;
  kind: 'image' | 'video' | 'document';
  createdAt: number;
}

export interface MediaState {
  items: MediaItem[];
  storedBytes: number;
}

export interface UploadTicket {
  token: string;
  workspaceId: string;
  purpose: 'media' | 'brief';
  expiresAt: number;
  used: boolean;
}

export function initMedia(): MediaState {
  return { items: [], storedBytes: 0 };
}
