// The fault catalogue, Webhooks (section 6): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, afterTick, rowsOf } from './helpers.ts';
import { sendWebhooks } from '../state.ts';
import { groupDeliveries } from '../../domain/webhooks.ts';

/** The webhooks faults, in the catalogue's order. */
export const WEBHOOKS: FaultDefinition[] = [
  {
    name: 'webhook-per-thread-item',
    area: 'webhooks',
    description: 'Every thread item that goes out sends its own webhook request (describing that item), on top of the one for the group once the chain is out.',
    caughtBy: ['webhook_per_group'],
    install: afterTick((state, result) => {
      for (const { ws, row } of rowsOf(state, result.published)) if (row.index > 0) sendWebhooks(state, groupDeliveries(state.world, ws, row));
    }),
  },
];
