// docs/frontend.md, "Uploads": a file the person picked, sent through a single-use upload ticket with the typed
// client. The ticket in the URL is the credential, so the bytes go out with no key; `{ file }` is typed, no cast.
import type { Schemas, SpwClient } from 'social-publishing-contract/client';

export async function uploadWithTicket(api: SpwClient, file: Blob): Promise<Schemas['Media']> {
  const minted = await api.POST('/upload-ticket', { body: { purpose: 'media' } });
  if (minted.error) throw new Error(`No ticket: ${JSON.stringify(minted.error)}`);
  // uploadUrl is absolute (`…/upload-ticket/<token>`): the typed path wants its token.
  const token = new URL(minted.data.uploadUrl).pathname.split('/').pop()!;
  const { data, error } = await api.POST('/upload-ticket/{token}', { params: { path: { token } }, body: { file } });
  if (error) throw new Error(`Upload refused: ${JSON.stringify(error)}`);
  return data;
}
