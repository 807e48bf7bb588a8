// AI generation: paid plans only, a plausible answer there (reference section 4.8; bodies not shown).
import { invalid, planRefusal } from './errors.ts';
import type { Env, Workspace } from './world.ts';

/** The plan refusal's message (reference: a paid plan is needed; the words are the mock's). */
export const PLAN_MESSAGE = 'AI generation is available on paid plans. Upgrade your plan to use it.';

function requirePaid(ws: Workspace): void {
  if (ws.plan !== 'paid') throw planRefusal(PLAN_MESSAGE);
}

/** `POST /generate-video`: accepts any object and answers a queued generation job (mock shape). */
export function generateVideo(ws: Workspace, body: Record<string, unknown>, origin: string, env: Env): Record<string, unknown> {
  requirePaid(ws);
  const id = env.ids.id('vid_', ws.id);
  return {
    id,
    status: 'QUEUED',
    type: typeof body.type === 'string' ? body.type : 'image-text-slides',
    prompt: typeof body.prompt === 'string' ? body.prompt : null,
    createdAt: new Date(env.clock.now()).toISOString(),
    previewUrl: `${origin}/media-files/${id}.mp4`,
  };
}

const VOICES = [
  { id: 'voice_narrator', name: 'Narrator', language: 'en', gender: 'neutral' },
  { id: 'voice_bright', name: 'Bright', language: 'en', gender: 'female' },
  { id: 'voice_calm', name: 'Calm', language: 'en', gender: 'male' },
];

/** `POST /video/function`: a few named helpers of the video generators; any other name answers a generic result. */
export function runVideoFunction(ws: Workspace, body: { identifier: string; functionName: string; params?: unknown }): unknown {
  requirePaid(ws);
  if (body.identifier.trim() === '' || body.functionName.trim() === '') throw invalid('identifier and functionName must not be empty');
  switch (body.functionName) {
    case 'loadVoices':
      return VOICES.map((v) => ({ ...v }));
    case 'loadAspectRatios':
      return ['9:16', '1:1', '16:9'];
    default:
      return { identifier: body.identifier, functionName: body.functionName, output: null };
  }
}
