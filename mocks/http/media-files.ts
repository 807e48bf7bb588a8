// Serves uploaded bytes at the `path` a media answer carries, with the type the bytes were detected as.
import type { MockState } from './state.ts';

const NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function serveMediaFile(state: MockState, name: string): Response {
  const file = NAME.test(name) ? state.effects.files.open(name) : undefined;
  if (!file) {
    return Response.json({ statusCode: 404, msg: 'File not found', message: 'File not found' }, { status: 404 });
  }
  return new Response(file.body as BodyInit, {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(file.bytes),
      // Stored files never change: the name carries the media id.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
