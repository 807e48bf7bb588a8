// The skills library (reference section 4.6): open on paid plans and, on the free plan, after the first top-up.
import { getSkill, listSkills } from '../../domain/skills.ts';
import { requireUnlocked } from '../../domain/unlocks.ts';
import type { PublicHandlers } from '../typed.ts';


export const handlers = {
  listSkills: (ctx) => {
    requireUnlocked(ctx.ws, 'skills');
    const { skills, skillTags } = ctx.world.fixtures;
    return { body: listSkills(skills, skillTags ?? [], { tag: ctx.query.tag, search: ctx.query.search }) };
  },

  getSkill: (ctx) => {
    requireUnlocked(ctx.ws, 'skills');
    return { body: getSkill(ctx.world.fixtures.skills, ctx.params.slug) };
  },
} satisfies Partial<PublicHandlers>;
