// Fuzz of multipart upload bodies: whatever arrives, the answer is never a 5xx and no partial file is ever kept.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API, KEYS, testMock } from '../testing.ts';
import { startMock } from '../server.ts';
import { BOUNDARY, MULTIPART_TYPE, PNG, TEXT, multipart, type Part } from './media-samples.ts';
import type { DiskFileStore } from './file-store.ts';

const filePart = (data: Buffer, name = 'file'): Part => ({ name, filename: 'x.png', data });

const bodies = fc.oneof(
  // A good body, cut anywhere.
  fc.integer({ min: 0, max: 400 }).map((cut) => ({ kind: 'truncated', body: multipart([filePart(PNG)]).subarray(0, cut), type: MULTIPART_TYPE })),
  // The header names another boundary than the body uses.
  fc.constant({ kind: 'wrong boundary', body: multipart([filePart(PNG)], 'otherBoundary'), type: MULTIPART_TYPE }),
  // No `file` field, or a file under another name.
  fc.constant({ kind: 'missing field', body: multipart([{ name: 'note', data: 'hello' }, filePart(PNG, 'image')]), type: MULTIPART_TYPE }),
  fc.constant({ kind: 'two files', body: multipart([filePart(PNG), filePart(PNG)]), type: MULTIPART_TYPE }),
  fc.constant({ kind: 'empty file', body: multipart([filePart(Buffer.alloc(0))]), type: MULTIPART_TYPE }),
  fc.constant({ kind: 'text file', body: multipart([filePart(TEXT)]), type: MULTIPART_TYPE }),
  fc.uint8Array({ maxLength: 600 }).map((g) => ({ kind: 'garbage', body: Buffer.from(g), type: MULTIPART_TYPE })),
  fc
    .tuple(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 0, max: 300 }))
    .map(([g, at]) => {
      const good = multipart([filePart(PNG)]);
      return { kind: 'spliced garbage', body: Buffer.concat([good.subarray(0, at), Buffer.from(g), good.subarray(at)]), type: MULTIPART_TYPE };
    }),
  fc.constantFrom('text/plain', 'application/json', 'multipart/form-data', `multipart/mixed; boundary=${BOUNDARY}`).map((type) => ({
    kind: 'wrong content type',
    body: multipart([filePart(PNG)]),
    type,
  })),
);

describe('multipart uploads', () => {
  it('never answer 5xx and never keep a partial or refused file, whatever the body', async () => {
    const m = testMock();
    const ws = () => m.app.state.world.workspaces.get(m.app.state.world.apiKeys.get(KEYS.payg)!)!;
    await fc.assert(
      fc.asyncProperty(bodies, async ({ body, type }) => {
        const before = ws().media.items.length;
        const res = await m.api('post', '/upload').set('Content-Type', type).send(body);
        expect(res.status).toBeLessThan(500);
        const after = ws().media.items.length;
        expect(after - before).toBe(res.status === 200 ? 1 : 0);
        // Only stored files on disk: one per library item, no temporary leftovers.
        expect(readdirSync((m.app.state.effects.files as DiskFileStore).dir).sort()).toEqual(ws().media.items.map((i) => i.path.split('/').pop()).sort());
      }),
      { numRuns: 60 },
    );
  });

  // A real server hands the upload route the Node request itself (no Web stream detour): the same rules hold there.
  it('never answer 5xx and never keep a partial or refused file over a real socket, whatever the body', async () => {
    const mock = await startMock({ port: 0, seed: 7 });
    try {
      const state = mock.app.state;
      const ws = () => state.world.workspaces.get(state.world.apiKeys.get(KEYS.payg)!)!;
      await fc.assert(
        fc.asyncProperty(bodies, async ({ body, type }) => {
          const before = ws().media.items.length;
          const res = await fetch(`${mock.origin}${API}/upload`, {
            method: 'POST',
            headers: { authorization: KEYS.payg, 'content-type': type },
            body: new Uint8Array(body),
          });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
          expect(ws().media.items.length - before).toBe(res.status === 200 ? 1 : 0);
          expect(readdirSync((state.effects.files as DiskFileStore).dir).sort()).toEqual(ws().media.items.map((i) => i.path.split('/').pop()).sort());
        }),
        { numRuns: 40 },
      );
      // A good upload over the socket is stored and served back byte for byte.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pixel.png');
      const ok = await fetch(`${mock.origin}${API}/upload`, { method: 'POST', headers: { authorization: KEYS.payg }, body: form });
      expect(ok.status).toBe(200);
      const { path } = (await ok.json()) as { path: string };
      expect(Buffer.from(await (await fetch(path)).arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      await mock.close();
    }
  });
});
