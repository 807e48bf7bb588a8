// The agent brief (reference sections 2.12, 4.7): registry, documents, onboarding; 402 on the free plan before the first top-up.
import {
  briefSchema,
  deleteDocument,
  getDocument,
  listDocuments,
  onboardingStatus,
  saveDocument,
  type StoredDocument,
} from '../../domain/brief.ts';
import { requireUnlocked } from '../../domain/unlocks.ts';
import type { PublicHandlers, TypedHandle } from '../typed.ts';

const iso = (ms: number) => new Date(ms).toISOString();

function documentBody(doc: StoredDocument) {
  return { category: doc.category, key: doc.key, content: doc.content, updatedAt: iso(doc.updatedAt) };
}

/** Every brief operation opens with the same gate. */
const gated = <O>(handle: TypedHandle<O>): TypedHandle<O> => (ctx) => {
  requireUnlocked(ctx.ws, 'brief');
  return handle(ctx);
};

export const handlers = {
  getBriefSchema: gated((ctx) => ({ body: briefSchema(ctx.world.fixtures.briefRegistry) })),

  listBriefDocuments: gated((ctx) => ({
    body: {
      registryVersion: ctx.world.fixtures.briefRegistry.version,
      documents: listDocuments(ctx.ws, ctx.world.fixtures.briefRegistry).map(documentBody),
    },
  })),

  getBriefOnboarding: gated((ctx) => {
    const status = onboardingStatus(ctx.ws);
    return {
      body: {
        available: status.available,
        nextRunCharged: status.nextRunCharged,
        running: status.running && { id: status.running.id, createdAt: iso(status.running.createdAt) },
        last: status.last && { ...status.last, finishedAt: status.last.finishedAt === null ? null : iso(status.last.finishedAt) },
        // The interview is taken in the app; the mock plays the app host at its own origin.
        startUrl: `${ctx.origin}/brief/onboarding`,
      },
    };
  }),

  getBriefDocument: gated((ctx) => ({ body: documentBody(getDocument(ctx.ws, ctx.params.category, ctx.params.key)) })),

  saveBriefDocument: gated((ctx) => ({
    body: documentBody(saveDocument(ctx.ws, ctx.world.fixtures.briefRegistry, ctx.params.category, ctx.params.key, ctx.body ?? {}, ctx.env)),
  })),

  deleteBriefDocument: gated((ctx) => ({
    body: deleteDocument(ctx.ws, ctx.world.fixtures.briefRegistry, ctx.params.category, ctx.params.key, ctx.query.keepHistory === 'true', ctx.env),
  })),
} satisfies Partial<PublicHandlers>;
