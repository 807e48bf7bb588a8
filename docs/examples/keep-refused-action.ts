// docs/frontend.md, "The out-of-credits loop": against the server, the wallet page is a page load away, and the app
// that comes back is a fresh one. Keep the refused action in sessionStorage (this tab only, gone when it closes)
// before leaving, and on the next load take it back and send it again.
import type { Schemas, SpwClient } from 'social-publishing-contract/client';

const PENDING = 'app:refused-post';

/** On a 402: remember the post, then go to the wallet page, asking it to come back here. */
export function topUpThenRetry(body: Schemas['CreatePosts'], refusalUrl: string, apiOrigin: string): void {
  sessionStorage.setItem(PENDING, JSON.stringify(body));
  const page = new URL(refusalUrl, apiOrigin);
  page.searchParams.set('return', location.href);
  location.assign(page);
}

/** On every load: the post refused before the top-up, sent again (once), or undefined when none is waiting. */
export async function retryRefusedPost(api: SpwClient): Promise<number | undefined> {
  const saved = sessionStorage.getItem(PENDING);
  if (saved === null) return undefined;
  // Taken before it is sent: a second refusal leads to the wallet again, not to a loop on every load.
  sessionStorage.removeItem(PENDING);
  const { response } = await api.POST('/posts', { body: JSON.parse(saved) as Schemas['CreatePosts'] });
  return response.status;
}
