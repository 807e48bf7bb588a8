// The server's effects: files on disk, DNS, and URL fetches through node:http(s) pinned to the checked address.
import { deliverWebhook, type Effects } from './effects.ts';
import { DiskFileStore } from './file-store.ts';
import { defaultLookup, fetchPublic } from './public-url.ts';

export function nodeEffects(): Effects {
  return { lookupHost: defaultLookup, files: new DiskFileStore(), fetchUrl: fetchPublic, deliverWebhook };
}
