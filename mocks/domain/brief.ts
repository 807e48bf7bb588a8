// The agent brief: registry of categories, documents, revisions and onboarding status (reference sections 2.12, 4.7). Owner: the brief work.

export interface BriefRegistry {
  version: number;
  categories: Array<Record<string, unknown> & { id: string }>;
}

export interface BriefState {
  documents: Map<string, Record<string, unknown>>;
}

export function initBrief(): BriefState {
  return { documents: new Map() };
}
