// The same minimal provider-states hook (spec/states.yaml) as states-hook.ts, in Hono: routes a test-mode server
// mounts next to its API. `states` maps each state you offer to your own admin code; the rest is the contract: GET
// lists them, POST sets one up and answers what it produces, 404 for a state not offered, 400 (or 404 for an unknown
// id) for parameters your code refuses, and a bearer token on every call.
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type StateParams = Record<string, unknown>;
/** Your admin code for one state: set it up, and give back what it produces (docs/states.md's table). */
export type SetState = (params: StateParams) => Promise<unknown>;

/** Thrown by a state's code for parameters it cannot take: answered 400 (a 404 for an id it does not know). */
export class StateRefused extends Error {
  status: 400 | 404;
  constructor(message: string, status: 400 | 404 = 400) {
    super(message);
    this.status = status;
  }
}

const error = (status: ContentfulStatusCode, message: string) => ({ statusCode: status, msg: status === 404 ? 'Not Found' : 'Bad Request', message });

export function statesRoutes(states: Record<string, SetState>, token: string): Hono {
  const app = new Hono();
  app.use('*', bearerAuth({ token, noAuthenticationHeaderMessage: error(401, 'a bearer token is needed'), invalidTokenMessage: error(401, 'a bearer token is needed') }));
  app.get('/', (c) => c.json({ states: Object.keys(states) }));
  app.post('/', async (c) => {
    const body = await c.req.json<{ state?: string; params?: StateParams }>().catch(() => undefined);
    if (!body) return c.json(error(400, 'the body is not JSON'), 400);
    const set = Object.hasOwn(states, body.state ?? '') ? states[body.state!] : undefined;
    if (!set) return c.json(error(404, `state ${body.state} not offered`), 404);
    try {
      return c.json((await set(body.params ?? {})) ?? {});
    } catch (err) {
      if (err instanceof StateRefused) return c.json(error(err.status, err.message), err.status);
      throw err;
    }
  });
  return app;
}

// Mounted in test mode only, never in production:
//   if (process.env.TEST_STATES === '1') api.route('/test-states', statesRoutes({ 'world.reset': ..., workspaces: ... }, process.env.STATES_TOKEN!));
