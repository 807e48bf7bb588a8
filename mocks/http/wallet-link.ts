// Where a wallet refusal or `topUpUrl` sends a person: the wallet page for the workspace that was refused, named by an
// unguessable handle the mock keeps, so the link says which workspace without carrying an id one could edit into another.
import type { Workspace } from '../domain/world.ts';
import type { MockState } from './state.ts';

/** The query parameter of the wallet page that names the workspace. */
export const LINK_PARAM = 'link';

/** 128 random bits: a link cannot be guessed from another, nor from the workspace's id or the mock's seed. */
const HANDLE = /^wl_[0-9a-f]{32}$/;

/**
 * Handles stay while the mock runs, across resets (the seeded workspaces keep their ids, so a page left open still
 * works); only the newest are kept, so workspaces created and forgotten in a loop do not grow the map for ever.
 */
const MAX_HANDLES = 10_000;

interface Links {
  byWorkspace: Map<string, string>;
  byHandle: Map<string, string>;
}

const perMock = new WeakMap<MockState, Links>();

function linksOf(state: MockState): Links {
  let links = perMock.get(state);
  if (!links) perMock.set(state, (links = { byWorkspace: new Map(), byHandle: new Map() }));
  return links;
}

/**
 * Web Crypto rather than the mock's id source: a seeded run's ids are predictable by design, and drawing from that
 * stream on a read (GET /wallet) would shift every id minted after it, so a scenario would no longer replay.
 */
function newHandle(): string {
  let hex = '';
  for (const b of crypto.getRandomValues(new Uint8Array(16))) hex += b.toString(16).padStart(2, '0');
  return `wl_${hex}`;
}

/** The workspace's handle, made on first use. */
export function walletHandle(state: MockState, workspaceId: string): string {
  const links = linksOf(state);
  let handle = links.byWorkspace.get(workspaceId);
  if (handle === undefined) {
    handle = newHandle();
    links.byWorkspace.set(workspaceId, handle);
    links.byHandle.set(handle, workspaceId);
    for (const [oldest, id] of links.byHandle) {
      if (links.byHandle.size <= MAX_HANDLES) break;
      links.byHandle.delete(oldest);
      links.byWorkspace.delete(id);
    }
  }
  return handle;
}

/** The workspace a handle names in today's world, or undefined (made up, edited, from an earlier run, or forgotten). */
export function linkedWorkspace(state: MockState, handle: string | null | undefined): Workspace | undefined {
  if (!handle || !HANDLE.test(handle)) return undefined;
  const id = linksOf(state).byHandle.get(handle);
  return id === undefined ? undefined : state.world.workspaces.get(id);
}

/**
 * The wallet page for a workspace, relative to the app host (the mock's origin), as the reference has a refusal's `url`:
 * `/wallet?link=wl_…`. Without a workspace, the bare page.
 */
export function walletLink(state: MockState, workspace: Workspace | undefined, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (workspace) params.set(LINK_PARAM, walletHandle(state, workspace.id));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return `${state.config.walletPath}${text ? `?${text}` : ''}`;
}
