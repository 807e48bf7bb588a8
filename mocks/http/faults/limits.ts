// The fault catalogue, Limits (section 8): each fault a realistic deviation from the contract and the checks that catch it.
import type { FaultDefinition } from './helpers.ts';
import { liftLimits } from '../../domain/world.ts';

/** The limits faults, in the catalogue's order. */
export const LIMITS: FaultDefinition[] = [
  {
    name: 'no-429',
    area: 'limits',
    description: 'POST /posts is never rate limited (the hourly limit is not enforced).',
    caughtBy: ['hourly_post_limit'],
    // The limit ignored wherever it is set (the world's, a workspace's own), read through a lens: nothing stored changes.
    install: (state) => liftLimits(state.config, { postsPerHour: Number.MAX_SAFE_INTEGER }),
  },
];
