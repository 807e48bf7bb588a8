// The workspace API key: rotating it gives a new key and the old one answers 401 at once (reference section 5).
import { notify } from './notifications.ts';
import type { Env, Workspace, World } from './world.ts';

/** Replace the workspace's key. OAuth tokens are separate credentials and keep working. */
export function rotateApiKey(world: World, ws: Workspace, env: Env): { apiKey: string } {
  const apiKey = `key_${env.ids.alnum(40, ws.id)}`;
  world.apiKeys.delete(ws.apiKey);
  ws.apiKey = apiKey;
  world.apiKeys.set(apiKey, ws.id);
  notify(ws, env, 'The API key was rotated; the previous key no longer works.', null);
  return { apiKey };
}
