// The fault catalogue, Authentication (reference section 5): each fault a realistic deviation from the contract and the checks that catch it.
import { around, remember, type FaultDefinition } from './helpers.ts';

/** The auth faults, in the catalogue's order. */
export const AUTH: FaultDefinition[] = [
  {
    name: 'wrong-401-message',
    area: 'auth',
    description: 'A request with no Authorization header answers 401 {"msg": "Unauthorized"} instead of "No API Key found".',
    caughtBy: ['ignored_auth', 'response_schema_conformance'],
    override: () => (r) => (r.status === 401 && r.body?.msg === 'No API Key found' ? { ...r, body: { msg: 'Unauthorized' } } : undefined),
  },
  {
    name: 'swapped-401-messages',
    area: 'auth',
    description: 'A wrong API key answers 401 "No API Key found" (a message of the enum, the wrong one).',
    caughtBy: ['ignored_auth'],
    override: () => (r, { request }) => (r.status === 401 && r.body?.msg === 'Invalid API key' && request.headers.get('authorization') ? { ...r, body: { msg: 'No API Key found' } } : undefined),
  },
  {
    name: 'bearer-accepted',
    area: 'auth',
    description: '`Authorization: Bearer <key>` is accepted like the bare key.',
    caughtBy: ['ignored_auth'],
    request: (request) => {
      const header = request.headers.get('authorization');
      if (!header?.startsWith('Bearer ')) return request;
      const headers = new Headers(request.headers);
      headers.set('authorization', header.slice('Bearer '.length));
      return new Request(request, { headers });
    },
  },
  {
    name: 'rotated-key-still-works',
    area: 'auth',
    description: 'Rotating the API key (in the app: control here) leaves the old key working beside the new one instead of invalidating it at once.',
    caughtBy: ['rotated_key_stops_at_once'],
    handlers: {
      rotateApiKey: (inner) => around(inner, async (ctx, handle) => {
        const ws = ctx.world.workspaces.get(String(ctx.params.id));
        const old = ws?.apiKey;
        const reply = await handle(ctx);
        if (ws && old) remember(ctx.world).set(`rotated:${old}`, ws.id);
        return reply;
      }),
    },
    // A request with a rotated key is read as if it carried the workspace's current key.
    request: (request, state) => {
      const id = remember(state.world).get(`rotated:${(request.headers.get('authorization') ?? '').trim()}`);
      const ws = id === undefined ? undefined : state.world.workspaces.get(id);
      if (!ws) return request;
      const headers = new Headers(request.headers);
      headers.set('authorization', ws.apiKey);
      return new Request(request, { headers });
    },
  },
];
