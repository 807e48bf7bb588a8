// inspectExchange: each check's verdict on one exchange, and "not verified" for a check that read a part nobody kept.
import { describe, expect, it } from 'vitest';
import { getValidator } from '../spec/validator.ts';
import type { Check } from './checks/registry.ts';
import type { Exchange } from './exchange.ts';
import { inspectExchange, responseChecks } from './response-checks.ts';

const op = getValidator().byId('getWallet');
const run = { seen: {}, asserted: () => {} };

function exchange(extra: Partial<Exchange> = {}): Exchange {
  return {
    seq: 1,
    operationId: 'getWallet',
    method: 'GET',
    url: 'http://target.test/api/public/v1/wallet',
    requestHeaders: {},
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: { balance: 'lots' },
    json: true,
    ms: 1,
    ...extra,
  };
}

const check = (name: string, inspect: Check['inspect']): Check => ({ name, area: 'generic', description: name, rule: name, kind: 'response', inspect });
const readsStatus = check('reads_status', (e) => (e.status >= 500 ? { received: String(e.status), documented: 'no 5xx' } : undefined));
const readsBody = check('reads_body', (e) => (typeof e.responseBody === 'object' ? undefined : { received: String(e.responseBody), documented: 'an object' }));
const readsJsonFlag = check('reads_json_flag', (e) => (e.json ? undefined : { received: 'not JSON', documented: 'JSON' }));

describe('inspectExchange', () => {
  it('gives each check its verdict when every part was kept', () => {
    const verdicts = inspectExchange([readsStatus, readsBody], exchange({ status: 503, responseBody: 'down' }), op, run);
    expect(verdicts.map((v) => [v.check.name, v.status])).toEqual([
      ['reads_status', 'failed'],
      ['reads_body', 'failed'],
    ]);
  });

  it('says "not verified", never passed or failed, for a check that read a body the recorder did not keep', () => {
    const e = exchange({ responseBody: undefined, json: false, unseen: { responseBody: 'larger than 10 bytes' } });
    const verdicts = inspectExchange([readsStatus, readsBody, readsJsonFlag], e, op, run);
    expect(verdicts).toEqual([
      { check: readsStatus, status: 'passed' },
      { check: readsBody, status: 'not verified', why: 'needs the answer body, which was not kept (larger than 10 bytes)' },
      { check: readsJsonFlag, status: 'not verified', why: 'needs the answer body, which was not kept (larger than 10 bytes)' },
    ]);
  });

  it('runs the registered response checks, and only those', () => {
    const names = responseChecks().map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['not_a_server_error', 'status_code_conformance', 'response_schema_conformance']));
    expect(responseChecks().every((c) => c.kind === 'response' && typeof c.inspect === 'function')).toBe(true);
    const verdicts = inspectExchange(responseChecks(), exchange(), op, run);
    expect(verdicts.find((v) => v.check.name === 'response_schema_conformance')?.status).toBe('failed');
    expect(verdicts.find((v) => v.check.name === 'not_a_server_error')?.status).toBe('passed');
  });
});
