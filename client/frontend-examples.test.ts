// The examples docs/frontend.md shows (docs/examples/, shipped in the package), run against the mock as an app runs
// them: a ticket upload with the typed client, the ledger narrowed with 'usesWallet' in data, and "this week" read
// from the mock's clock when a scenario's clock is frozen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEYS, testMock } from '../mocks/testing.ts';
import { PNG } from '../mocks/http/media-samples.ts';
import { createSpwClient } from './index.ts';
import { uploadWithTicket } from '../docs/examples/ticket-upload.ts';
import { ledgerPage } from '../docs/examples/wallet-ledger.ts';
import { appNow, thisWeek } from '../docs/examples/mock-clock.ts';

const ORIGIN = 'http://mock.test';

describe('docs/frontend.md examples', () => {
  const m = testMock();
  const api = (key: string) => createSpwClient({ baseUrl: ORIGIN, apiKey: key, fetch: (req: Request) => m.app.fetch(req) });

  it('ticket-upload: a File goes through a ticket and comes back as media at its path', async () => {
    const media = await uploadWithTicket(api(KEYS.payg), new File([PNG], 'photo.png', { type: 'image/png' }));
    expect(media).toMatchObject({ originalName: 'photo.png', path: expect.stringMatching(/^http/) });
  });

  it("wallet-ledger: a wallet's page of entries, and 'no wallet' on a paid plan", async () => {
    const entries = await ledgerPage(api(KEYS.payg));
    expect(Array.isArray(entries) && entries.length).toBeGreaterThan(0);
    expect(await ledgerPage(api(KEYS.paid))).toBe('no wallet');
  });

  it("mock-clock: under busy-workspace's frozen clock, this week is found from the mock's now, not Date.now()", async () => {
    const busy = JSON.parse(readFileSync(new URL('../fixtures/scenarios/busy-workspace.json', import.meta.url), 'utf8'));
    await m.http.put('/_mock/scenario').send(busy).expect(200);
    const realFetch = globalThis.fetch;
    // appNow uses the page's fetch: here it reaches the in-process mock.
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => m.app.fetch(new Request(input, init))) as typeof fetch;
    try {
      const now = await appNow(`${ORIGIN}/_mock`);
      expect(new Date(now).toISOString()).toBe('2026-01-05T09:00:00.000Z');
      expect((await thisWeek(api(KEYS.payg), now)).length).toBeGreaterThan(50);
      expect(await thisWeek(api(KEYS.payg), await appNow())).toEqual([]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
