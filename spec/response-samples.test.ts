// Table-driven response samples: the answers with two shapes (wallet or not, series or missing) are told apart exactly.
import { describe, expect, it } from 'vitest';
import { getValidator } from './validator.ts';

interface Sample {
  name: string;
  operationId: string;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  accepted: boolean;
}

const notOnWallet = { usesWallet: false, message: 'Your plan does not use wallet credits.' };
const page = { total: 0, page: 0, size: 20, nextPage: null, items: [] };
const json = { 'content-type': 'application/json' };

const samples: Sample[] = [
  { name: 'wallet summary', operationId: 'getWallet', status: 200, body: { usesWallet: true, balance: -1.5 }, accepted: true },
  { name: 'not on wallet', operationId: 'getWallet', status: 200, body: notOnWallet, accepted: true },
  { name: 'wallet without usesWallet', operationId: 'getWallet', status: 200, body: { balance: 3 }, accepted: false },
  { name: 'wallet saying true without balance', operationId: 'getWallet', status: 200, body: { usesWallet: true }, accepted: false },
  { name: 'transactions page', operationId: 'listWalletTransactions', status: 200, body: page, accepted: true },
  { name: 'transactions on a paid plan', operationId: 'listWalletTransactions', status: 200, body: { ...notOnWallet, total: 0, items: [] }, accepted: true },
  {
    name: 'transactions on a paid plan that also pages',
    operationId: 'listWalletTransactions',
    status: 200,
    body: { ...notOnWallet, ...page },
    accepted: true,
  },
  {
    name: 'transactions on a paid plan with items',
    operationId: 'listWalletTransactions',
    status: 200,
    body: { ...notOnWallet, total: 1, items: [{ id: 'tx' }] },
    accepted: false,
  },
  {
    name: 'transaction of an unknown type',
    operationId: 'listWalletTransactions',
    status: 200,
    body: { ...page, total: 1, items: [{ id: 'tx', type: 'BONUS', description: null, credits: 1, quantity: 1, actionKey: null, reference: null, receiptUrl: null, createdAt: '2025-03-10T08:00:00Z' }] },
    accepted: false,
  },
  { name: 'estimate on a paid plan', operationId: 'estimateWalletCharge', status: 200, body: notOnWallet, accepted: true },
  { name: 'post analytics missing', operationId: 'getPostAnalytics', status: 200, body: { missing: true }, accepted: true },
  { name: 'post analytics missing false', operationId: 'getPostAnalytics', status: 200, body: { missing: false }, accepted: false },
  { name: 'post analytics series', operationId: 'getPostAnalytics', status: 200, body: [{ label: 'Likes', percentageChange: 0, data: [{ total: '4', date: '2025-03-10' }] }], accepted: true },
  { name: 'channel analytics with X-Cached-At', operationId: 'getChannelAnalytics', status: 200, body: [], headers: { ...json, 'x-cached-at': '2025-03-10T08:00:00.000Z' }, accepted: true },
  { name: 'channel analytics without X-Cached-At', operationId: 'getChannelAnalytics', status: 200, body: [], headers: json, accepted: false },
  { name: 'settings error naming the channel', operationId: 'createPosts', status: 400, body: { statusCode: 400, provider: 'x', name: 'Acme on X', message: 'Please fix your settings' }, accepted: true },
  { name: 'general 400 with a list of messages', operationId: 'createPosts', status: 400, body: { statusCode: 400, msg: 'Bad Request', message: ['a', 'b'] }, accepted: true },
  { name: '400 with neither msg nor message', operationId: 'createPosts', status: 400, body: { statusCode: 400 }, accepted: false },
  { name: '429 with any body', operationId: 'createPosts', status: 429, body: 'slow down', accepted: true },
  { name: '401 with a documented message', operationId: 'checkConnection', status: 401, body: { msg: 'No API Key found' }, accepted: true },
  { name: '401 with another message', operationId: 'checkConnection', status: 401, body: { msg: 'Forbidden' }, accepted: false },
  { name: 'wallet refusal with a relative url', operationId: 'createPosts', status: 402, body: { message: 'Top up', wallet: true, url: '/wallet', statusCode: 402 }, accepted: true },
  { name: 'wallet refusal without wallet true', operationId: 'createPosts', status: 402, body: { message: 'Top up', url: '/wallet' }, accepted: false },
  { name: 'plan refusal on AI', operationId: 'generateVideo', status: 402, body: { statusCode: 402, message: 'Paid plans only', url: 'https://app.example.com/billing' }, accepted: true },
  { name: 'plan refusal with a relative url', operationId: 'generateVideo', status: 402, body: { statusCode: 402, message: 'Paid plans only', url: '/billing' }, accepted: false },
  { name: 'any JSON from a video function', operationId: 'runVideoFunction', status: 200, body: 42, accepted: true },
  { name: 'an undocumented status', operationId: 'listGroups', status: 418, body: {}, accepted: false },
];

describe('response samples against the public contract', () => {
  const validator = getValidator();
  it.each(samples.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    const violations = validator.byId(s.operationId).validateResponse(s.status, s.body, s.headers ?? json);
    if (s.accepted) expect(violations).toEqual([]);
    else expect(violations.length).toBeGreaterThan(0);
  });
});
