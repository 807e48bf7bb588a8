// The fault catalogue, Limits (section 8): each fault a realistic deviation from the contract and the checks that catch it.
import type { FaultDefinition } from './helpers.ts';

/** The limits faults, in the catalogue's order. */
export const LIMITS: FaultDefinition[] = [
  {
    name: 'no-429',
    area: 'limits',
    description: 'POST /posts is never rate limited (the hourly limit is not enforced).',
    caughtBy: ['hourly_post_limit'],
    override: (state) => () => {
      // The limit ignored wherever it is set: the world's, and any a workspace has of its own.
      state.config.postsPerHour = Number.MAX_SAFE_INTEGER;
      for (const ws of state.world.workspaces.values()) delete ws.limits.postsPerHour;
      return undefined;
    },
  },
];
