// The skills library, read-only and shared by every workspace (reference sections 2.11, 4.6).
import { notFound } from './errors.ts';
import type { Skill, SkillTag } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { Skill, SkillTag };

export type SkillSummary = Pick<Skill, 'slug' | 'name' | 'summary' | 'whenToUse' | 'tags' | 'tools' | 'usesBrief'>;

export function summarize(skill: Skill): SkillSummary {
  const { slug, name, summary, whenToUse, tags, tools, usesBrief } = skill;
  return { slug, name, summary, whenToUse, tags: [...tags], tools: [...tools], usesBrief };
}

function labelOf(tags: SkillTag[], key: string): string {
  return tags.find((t) => t.key === key)?.label ?? key;
}

/**
 * `GET /skills`: `tag` is an exact tag key; `search` keeps skills where every word occurs (case-insensitive) in the
 * name, summary or a tag's key or label, the fields the reference names ("words in name, summary or tags"): not in
 * whenToUse, though the field notes say production reads it too. Both combine by AND. Tags listed are those some skill uses.
 */
export function listSkills(
  skills: Skill[],
  tags: SkillTag[],
  filter: { tag?: string; search?: string },
): { tags: SkillTag[]; skills: SkillSummary[] } {
  const words = (filter.search ?? '').toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  const matches = skills.filter((s) => {
    if (filter.tag !== undefined && filter.tag !== '' && !s.tags.includes(filter.tag)) return false;
    if (words.length === 0) return true;
    const haystack = [s.name, s.summary, ...s.tags, ...s.tags.map((t) => labelOf(tags, t))].join('\n').toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  const ordered = [...matches].sort((a, b) => (a.sortOrder ?? 1000) - (b.sortOrder ?? 1000) || a.name.localeCompare(b.name));
  const used = new Set(skills.flatMap((s) => s.tags));
  const known = tags.filter((t) => used.has(t.key));
  // A tag used by a skill but missing from the tag table is still listed, labelled by its key.
  for (const key of used) if (!known.some((t) => t.key === key)) known.push({ key, label: key });
  return { tags: known.map((t) => ({ key: t.key, label: t.label })), skills: ordered.map(summarize) };
}

export function getSkill(skills: Skill[], slug: string): Omit<Skill, 'sortOrder'> {
  const skill = skills.find((s) => s.slug === slug);
  if (!skill) throw notFound('Skill not found');
  const { sortOrder: _order, ...rest } = skill;
  return structuredClone(rest);
}
