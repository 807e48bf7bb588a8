// The mock's states hook under hostile input: every state of the catalogue, every parameter it takes, each given
// wrong types, huge, negative and NaN-like numbers, far dates, deep JSON and prototype keys. Never a 5xx, a refusal
// changes nothing, and a state taken leaves a world the mock can still export (strict mode checks the export).
import { describe, expect, it } from 'vitest';
import { MockClock } from '../mocks/domain/clock.ts';
import { testMock, T0, type TestMock } from '../mocks/testing.ts';
import { STATES } from './states.ts';

/** A valid value of each parameter, so that a case changes one parameter only. */
const VALID: Record<string, unknown> = {
  workspace: 'ws_payg_demo',
  workspaces: ['ws_payg_demo'],
  channel: 'ch_payg_x',
  webhook: 'wh_missing',
  url: 'https://hooks.example.com/in',
  credits: 5,
  enabled: true,
  fail: true,
  name: 'A name',
  redirectUrl: 'https://app.example.com/callback',
};

const HOSTILE: Array<[string, string]> = [
  ['an empty string', '""'],
  ['a 10 kB string', `"${'y'.repeat(10_000)}"`],
  ['a bidi override', '"\\u202e..\\u202c"'],
  ['a dot segment', '".."'],
  ['zero', '0'],
  ['-1', '-1'],
  ['a fraction of a cent', '0.001'],
  ['1e308', '1e308'],
  ['past float range', '1e400'],
  ['"NaN"', '"NaN"'],
  ['a far date', '"+275760-09-13T00:00:00.000Z"'],
  ['the end of 9999', '"9999-12-31T23:59:59.999Z"'],
  ['true', 'true'],
  ['null', 'null'],
  ['an array', '[1,"a",null]'],
  ['prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['nesting 100 deep', `${'['.repeat(100)}1${']'.repeat(100)}`],
];

/** Everything a state can change: the world, the limits, the clock. */
function fingerprint(m: TestMock): string {
  const s = m.app.state;
  const world = JSON.stringify(s.world, (key, value) => {
    if (key === 'postRequests') return undefined;
    if (value instanceof Map) return [...value.entries()];
    if (value instanceof Set) return [...value.values()];
    return value;
  });
  return JSON.stringify([world, s.config, s.clock.now(), s.clock.frozen]);
}

describe('the states hook under hostile parameters', () => {
  it('POST /_mock/states, every state and every parameter it takes, hostile values: no 5xx, a refusal changes nothing, a state taken leaves a world that exports', async () => {
    // Strict: an answer outside its document, the export's included, comes back as a 500 and fails here. No DNS, no network.
    const m = testMock({ clock: new MockClock({ frozenAt: T0 }), effects: { lookupHost: async () => ['93.184.216.34'], deliverWebhook: async () => ({ status: 204, error: null }) } });
    const failures: string[] = [];
    let sent = 0;
    for (const spec of STATES) {
      const names = Object.keys(spec.params).map((p) => p.replace(/\?$/, ''));
      const base = Object.fromEntries(Object.keys(spec.params).filter((p) => !p.endsWith('?')).map((p) => [p, VALID[p] ?? 'x']));
      for (const param of names) {
        for (const [what, raw] of HOSTILE) {
          const body = JSON.stringify({ state: spec.name, params: { ...base, [param]: 0 } }).replace(`"${param}":0`, `"${param}":${raw}`);
          const before = fingerprint(m);
          const res = await m.http.post('/_mock/states').set('content-type', 'application/json').send(body);
          sent++;
          const label = `${spec.name} with ${param} = ${what}`;
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (res.status >= 400 && fingerprint(m) !== before) failures.push(`${label}: answered ${res.status} and changed the world`);
          // None of these values names a workspace, a channel or a webhook: a state that needs one refuses it (an
          // optional one is a filter, as in the control API: `deliveries` of a workspace that has none is []).
          else if (res.status < 400 && ['workspace', 'channel', 'webhook'].includes(param) && param in spec.params) failures.push(`${label}: an id naming nothing was answered ${res.status}`);
          else if (res.status < 400) {
            const exported = await m.http.get('/_mock/scenario');
            if (exported.status !== 200) failures.push(`${label}: taken, and the export then answered ${exported.status}`);
            if (fingerprint(m) !== before) await m.http.post('/_mock/reset').expect(200);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(700);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
