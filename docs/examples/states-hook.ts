// A minimal provider-states hook (spec/states.yaml) in plain Node, with no framework: what docs/states.md asks a
// server to add in test mode. `states` maps each state you offer to your own admin code; everything else is the
// contract: GET lists them, POST sets one up and answers what it produces, 404 for a state not offered, 400 for
// parameters your code refuses, and a bearer token on every call.
import http from 'node:http';

export type StateParams = Record<string, unknown>;
/** Your admin code for one state: set it up, and give back what it produces (docs/states.md's table). */
export type SetState = (params: StateParams) => Promise<unknown>;

/** Thrown by a state's code for parameters it cannot take: answered 400 (a 404 for an id it does not know). */
export class StateRefused extends Error {
  status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

const error = (res: http.ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ statusCode: status, msg: http.STATUS_CODES[status], message }));
};

export function statesHook(states: Record<string, SetState>, token: string): http.Server {
  return http.createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) return error(res, 401, 'a bearer token is needed');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ states: Object.keys(states) }));
    }
    if (req.method !== 'POST') return error(res, 405, 'GET or POST');
    let body: { state?: string; params?: StateParams };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return error(res, 400, 'the body is not JSON');
    }
    const set = Object.hasOwn(states, body.state ?? '') ? states[body.state!] : undefined;
    if (!set) return error(res, 404, `state ${body.state} not offered`);
    try {
      const produced = await set(body.params ?? {});
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(produced ?? {}));
    } catch (err) {
      error(res, err instanceof StateRefused ? err.status : 500, (err as Error).message);
    }
  });
}
