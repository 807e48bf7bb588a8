// The fault catalogue, The agent brief (section 4.7): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, onOk, remember } from './helpers.ts';

/** The brief faults, in the catalogue's order. */
export const BRIEF: FaultDefinition[] = [
  {
    name: 'brief-patch-clears-omitted',
    area: 'brief',
    description: 'PATCH /brief/{category}/{key} empties the `links` it was not sent (kept links are lost).',
    caughtBy: ['brief_patch_semantics'],
    operations: ['saveBriefDocument', 'getBriefDocument'],
    override: onOk((state, r, ws, { operationId }) => {
      const mem = remember(state.world);
      const key = `brief:${ws.id}:${r.body.category}/${r.body.key}`;
      const before = mem.get(key);
      if (operationId === 'saveBriefDocument' && before && before.links.length > 0 && JSON.stringify(before.links) === JSON.stringify(r.body.content.links)) {
        const stored = (ws.brief.documents as Map<string, any>).get(`${r.body.category}/${r.body.key}`);
        if (stored) stored.content = { ...stored.content, links: [] };
        r = { ...r, body: { ...r.body, content: { ...r.body.content, links: [] } } };
      }
      mem.set(key, r.body.content);
      return r;
    }),
  },
];
