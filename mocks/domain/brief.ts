// The agent brief: registry of categories, documents, revisions and onboarding status (reference sections 2.12, 4.7).
import { invalid, notFound } from './errors.ts';
import { adjustBytes, ensureBytes, ensureRoom, heldBytes, recordBytes } from './caps.ts';
import type { Env, Workspace, BriefBlock, BriefLink, BriefAsset, BriefContent, RegistryDocument, RegistryCategory, BriefRegistry, StoredDocument, BriefRevision, OnboardingRun, BriefState } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { BriefBlock, BriefLink, BriefAsset, BriefContent, RegistryDocument, RegistryCategory, BriefRegistry, StoredDocument, BriefRevision, OnboardingRun, BriefState };

/** The PATCH body: a field left out keeps the stored value; arrays are replaced whole. */
export interface BriefPatch {
  title?: string;
  blocks?: BriefBlock[];
  links?: BriefLink[];
  assets?: BriefAsset[];
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/i;

const docId = (category: string, key: string) => `${category}/${key}`;
const clone = (c: BriefContent): BriefContent => structuredClone(c);

export function initBrief(registry?: BriefRegistry, workspaceId?: string, env?: Env): BriefState {
  const state: BriefState = { documents: new Map(), history: new Map(), onboarding: [] };
  for (const seed of registry?.seedDocuments ?? []) {
    if (seed.workspace !== workspaceId || !env) continue;
    const at = env.clock.now();
    state.documents.set(docId(seed.category, seed.key), { category: seed.category, key: seed.key, content: clone(seed.content), updatedAt: at });
    state.history.set(docId(seed.category, seed.key), [{ revision: 1, at, action: 'saved', content: clone(seed.content) }]);
  }
  return state;
}

function category(registry: BriefRegistry, id: string): RegistryCategory | undefined {
  return registry.categories.find((c) => c.id === id);
}

/** `GET /brief/schema`: the registry's categories without the mock-only seed data. */
export function briefSchema(registry: BriefRegistry): { categories: Array<Record<string, unknown>> } {
  return { categories: registry.categories.map((c) => structuredClone(c) as Record<string, unknown>) };
}

/** Saved documents only, ordered by category (registry order) then key. */
export function listDocuments(ws: Workspace, registry: BriefRegistry): StoredDocument[] {
  const order = new Map(registry.categories.map((c, i) => [c.id, i]));
  return [...ws.brief.documents.values()].sort(
    (a, b) => (order.get(a.category) ?? 99) - (order.get(b.category) ?? 99) || a.key.localeCompare(b.key),
  );
}

export function getDocument(ws: Workspace, categoryId: string, key: string): StoredDocument {
  const doc = ws.brief.documents.get(docId(categoryId, key));
  if (!doc) throw notFound('Document not found');
  return doc;
}

/** The content a PATCH produces: fields given replace, fields left out keep (a new document starts empty). */
export function applyPatch(current: BriefContent | undefined, patch: BriefPatch, defaultTitle: string): BriefContent {
  const base: BriefContent = current ? clone(current) : { title: defaultTitle, blocks: [], links: [], assets: [] };
  return {
    title: patch.title !== undefined ? patch.title : base.title,
    blocks: patch.blocks !== undefined ? structuredClone(patch.blocks) : base.blocks,
    links: patch.links !== undefined ? structuredClone(patch.links) : base.links,
    assets: patch.assets !== undefined ? structuredClone(patch.assets) : base.assets,
  };
}

/** `PATCH /brief/{category}/{key}`: checks everything, then saves and records a revision. */
export function saveDocument(
  ws: Workspace,
  registry: BriefRegistry,
  categoryId: string,
  key: string,
  patch: BriefPatch,
  env: Env,
): StoredDocument {
  const cat = category(registry, categoryId);
  if (!cat) throw notFound('Document not found');
  const id = docId(categoryId, key);
  const existing = ws.brief.documents.get(id);
  let defaultTitle = key;
  if (!existing) {
    const fixed = cat.documents.find((d) => d.key === key);
    if (fixed) defaultTitle = fixed.title;
    else if (cat.keys === 'fixed' || !cat.create) throw invalid('This document cannot be created');
    else if (cat.keys === 'channel') {
      const channel = ws.channels.find((c) => c.id === key);
      if (!channel) throw invalid('This document cannot be created: the key must be a channel id of this workspace');
      defaultTitle = channel.name;
    } else if (!KEY_PATTERN.test(key)) {
      throw invalid('Document key must be 1 to 100 letters, digits, "-" or "_"');
    }
    const count = [...ws.brief.documents.values()].filter((d) => d.category === categoryId).length;
    if (cat.maxDocuments !== undefined && count >= cat.maxDocuments) throw invalid('Too many documents in this section');
    ensureRoom(ws.config.caps, 'briefDocuments', ws.brief.documents.size, 1, 'brief documents per workspace');
  }
  const content = applyPatch(existing?.content, patch, defaultTitle);
  const now = env.clock.now();
  const doc: StoredDocument = { category: categoryId, key, content, updatedAt: now };
  const revision = nextRevision(ws, id, { at: now, action: 'saved', content: clone(content) });
  // Room in bytes: the document replaces its old self, and its own oldest revisions are forgotten before a refusal.
  const held = briefBytes(ws) - (existing ? recordBytes(existing) : 0);
  const forget = revisionsToForget(ws, id, held, recordBytes(doc) + recordBytes(revision));
  ensureBytes(ws.config.caps, 'briefBytes', held - forget.bytes, recordBytes(doc) + recordBytes(revision), 'brief documents and revisions per workspace');
  if (existing) adjustBytes(ws.brief, -recordBytes(existing));
  ws.brief.documents.set(id, doc);
  adjustBytes(ws.brief, recordBytes(doc));
  record(ws, id, revision, forget.count);
  return doc;
}

/** Documents and kept revisions together: the bytes the brief budget counts. */
function briefBytes(ws: Workspace): number {
  return heldBytes(ws.brief, function* () {
    yield* ws.brief.documents.values();
    for (const list of ws.brief.history.values()) yield* list;
  });
}

function nextRevision(ws: Workspace, id: string, revision: Omit<BriefRevision, 'revision'>): BriefRevision {
  return { revision: (ws.brief.history.get(id)?.at(-1)?.revision ?? 0) + 1, ...revision };
}

/**
 * How many of the document's oldest revisions go when one more is kept: those past the revision cap, then as many as
 * bring `held + adding` within the byte budget (never the new one). The bytes they free come with the count.
 */
function revisionsToForget(ws: Workspace, id: string, held: number, adding: number): { count: number; bytes: number } {
  const list = ws.brief.history.get(id) ?? [];
  let count = Math.max(0, list.length + 1 - ws.config.caps.briefRevisions);
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += recordBytes(list[i]!);
  while (count < list.length && held - bytes + adding > ws.config.caps.briefBytes) bytes += recordBytes(list[count++]!);
  return { count, bytes };
}

/** Keep a revision, forgetting the document's `forget` oldest. */
function record(ws: Workspace, id: string, revision: BriefRevision, forget: number): void {
  const list = ws.brief.history.get(id) ?? [];
  briefBytes(ws);
  for (const old of list.splice(0, forget)) adjustBytes(ws.brief, -recordBytes(old));
  list.push(revision);
  adjustBytes(ws.brief, recordBytes(revision));
  ws.brief.history.set(id, list);
}

/** `DELETE /brief/{category}/{key}`: only where the category allows it; history goes too unless kept. */
export function deleteDocument(
  ws: Workspace,
  registry: BriefRegistry,
  categoryId: string,
  key: string,
  keepHistory: boolean,
  env: Env,
): { deleted: boolean } {
  const cat = category(registry, categoryId);
  if (!cat) throw notFound('Document not found');
  if (!cat.delete) throw invalid('This document cannot be deleted');
  const id = docId(categoryId, key);
  const doc = ws.brief.documents.get(id);
  if (!doc) throw notFound('Document not found');
  briefBytes(ws);
  ws.brief.documents.delete(id);
  adjustBytes(ws.brief, -recordBytes(doc));
  if (keepHistory) {
    // A delete is never refused: the small `deleted` revision may only make the document's oldest revisions go.
    const revision = nextRevision(ws, id, { at: env.clock.now(), action: 'deleted', content: null });
    record(ws, id, revision, revisionsToForget(ws, id, briefBytes(ws), recordBytes(revision)).count);
  } else {
    for (const old of ws.brief.history.get(id) ?? []) adjustBytes(ws.brief, -recordBytes(old));
    ws.brief.history.delete(id);
  }
  return { deleted: true };
}

/** The control API's view of a document's revisions; 404 when it has none (never saved, or deleted with its history). */
export function documentHistory(ws: Workspace, categoryId: string, key: string): BriefRevision[] {
  const list = ws.brief.history.get(docId(categoryId, key));
  if (!list || list.length === 0) throw notFound('Document not found');
  return list;
}

export interface OnboardingStatus {
  available: boolean;
  nextRunCharged: boolean;
  running: { id: string; createdAt: number } | null;
  last: { id: string; status: OnboardingRun['status']; finishedAt: number | null; error: string | null } | null;
}

/** The onboarding status. The first run is free on the wallet; later runs are charged (`brief.onboarding`). */
export function onboardingStatus(ws: Workspace): OnboardingStatus {
  const runs = ws.brief.onboarding;
  const running = [...runs].reverse().find((r) => r.status === 'RUNNING') ?? null;
  const last = runs.at(-1) ?? null;
  return {
    available: running === null,
    nextRunCharged: ws.plan === 'free' && runs.some((r) => r.status === 'DONE'),
    running: running && { id: running.id, createdAt: running.createdAt },
    last: last && { id: last.id, status: last.status, finishedAt: last.finishedAt, error: last.error },
  };
}
