// The skills library, read-only and shared by every workspace (reference sections 2.11, 4.6). Owner: the skills work.

export interface Skill {
  slug: string;
  name: string;
  summary: string;
  whenToUse: string;
  tags: string[];
  tools: string[];
  usesBrief: boolean;
  whatItDoes: string | null;
  body: string;
  version: number | string;
  updatedAt: string;
}
