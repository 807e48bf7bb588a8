// docs/frontend.md, "Server-rendered apps": the page's side. It holds no key: its client's base URL is the app's own
// route (docs/examples/next-server.ts), relative to the page, and every answer comes back in the documented shapes.
import { createSpwClient, errorText, type Schemas } from 'social-publishing-contract/client';

export const api = createSpwClient({ baseUrl: '/api/spw' });

export type Outcome = { ok: true; postIds: string[] } | { ok: false; status: number; text: string; topUpUrl?: string };

/** Send the compose form, and say what happened in words the person can read. */
export async function publish(body: Schemas['CreatePosts']): Promise<Outcome> {
  const { data, error, response } = await api.POST('/posts', { body });
  if (error) {
    // A 402's url is relative to the app host: in production the app's own wallet page, so it resolves against the page.
    const topUpUrl = 'wallet' in error ? new URL(error.url, location.href).href : undefined;
    return { ok: false, status: response.status, text: errorText(error), topUpUrl };
  }
  return { ok: true, postIds: data.map((p) => p.postId) };
}

/** The workspace's channels, for the compose form's picker. */
export async function channels(): Promise<Schemas['Channel'][]> {
  const { data, error } = await api.GET('/integrations');
  if (error) throw new Error(errorText(error));
  return data;
}
