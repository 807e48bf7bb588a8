// rotated_key_stops_at_once: rotating a workspace's API key (in the app; control plays it) invalidates the old key at once, and the new one works.
import fc from 'fast-check';
import { record } from '../discover.ts';
import { ensure, got, register } from './registry.ts';

export const rotatedKeyStops = register({
  name: 'rotated_key_stops_at_once',
  area: 'auth',
  kind: 'property',
  description:
    "In a new workspace (control), the API key works (GET /is-connected 200 {connected: true}); after the app rotates it (control), the old key answers 401 \"Invalid API key\" on GET /is-connected and GET /integrations, and the new key works, once or twice rotated.",
  rule: 'Section 5: "Rotating it invalidates the old key at once, including for agents connected by connector link"; "A missing or wrong credential answers 401 with one of the messages No API Key found, Invalid API key, Invalid OAuth token"; section 4.1: GET /is-connected "Validates the key or token".',
  needs: { control: 'a new workspace and rotating its key (the app\'s agent-connection settings)' },
  async run(ctx) {
    const control = ctx.control!;
    await ctx.property(
      'a rotated key stops at once and the new one works',
      fc.constantFrom<'free' | 'paid'>('free', 'paid').chain((plan) => fc.record({ plan: fc.constant(plan), rotations: fc.integer({ min: 1, max: 2 }) })),
      async ({ plan, rotations }) => {
        const ws = await control.createWorkspace({ name: 'verify key rotation', plan });
        const keys = [ws.apiKey];
        const before = await ctx.api.call({ operationId: 'checkConnection', auth: { header: ws.apiKey } });
        ensure(before.status === 200, { operation: 'checkConnection', received: got(before), documented: '200 {connected: true} for the workspace\'s key (section 4.1)', exchanges: [before] });
        for (let i = 0; i < rotations; i++) keys.push((await control.rotateKey(ws.id)).apiKey);
        const current = keys.at(-1)!;
        for (const old of keys.slice(0, -1)) {
          for (const operationId of ['checkConnection', 'listIntegrations'] as const) {
            const e = await ctx.api.call({ operationId, auth: { header: old } });
            const msg = record(e.responseBody)?.msg;
            ensure(e.status === 401 && msg === 'Invalid API key', { operation: operationId, received: got(e), documented: `401 "Invalid API key": the key was rotated ${rotations === 1 ? 'away' : `away (${keys.indexOf(old) + 1} of ${rotations})`}, which "invalidates the old key at once" (section 5)`, exchanges: [e] });
          }
        }
        const after = await ctx.api.call({ operationId: 'checkConnection', auth: { header: current } });
        ensure(after.status === 200 && record(after.responseBody)?.connected === true, { operation: 'checkConnection', received: got(after), documented: '200 {connected: true} for the key the rotation gave (section 4.1)', exchanges: [after] });
      },
      {
        reset: true,
        runs: 2,
        examples: [{ plan: 'free', rotations: 1 }],
        show: (c: { plan: string; rotations: number }) => [`state workspace.created {"plan": "${c.plan}"}; GET /is-connected with its key`, `state workspace.keyRotated ×${c.rotations}`, 'GET /is-connected and GET /integrations with each old key; GET /is-connected with the new one'],
      },
    );
  },
});
