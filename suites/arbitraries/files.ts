// Small files the suites upload: real image bytes (detected from their content), and bytes no endpoint accepts.
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4ESACAAMQAS10/WenAAAAAElFTkSuQmCC', 'base64');
export const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** Plain text: not among "jpeg, png, gif, webp, avif, bmp, tiff, mp4". */
export const TEXT_FILE = Buffer.from('just some words, not an image\n');

export function imageForm(name: string, kind: 'png' | 'gif' = 'png'): FormData {
  const form = new FormData();
  const bytes = kind === 'png' ? PNG_1x1 : GIF_1x1;
  form.append('file', new File([new Uint8Array(bytes)], name, { type: kind === 'png' ? 'image/png' : 'image/gif' }));
  return form;
}

export function textForm(name = 'notes.txt'): FormData {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(TEXT_FILE)], name, { type: 'text/plain' }));
  return form;
}

/** A multipart body with a field other than `file`. */
export function noFileForm(): FormData {
  const form = new FormData();
  form.append('note', 'no file here');
  return form;
}

/** The start of a PDF: its type is decided by these bytes (a document, not among /upload's types). */
export const PDF_HEAD = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** An mp4 `ftyp` box (brand isom) and an empty `free` box: an mp4 by its bytes. */
export const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.from([0, 0, 0, 8]), Buffer.from('free')]);

/** An mp4 of `size` bytes: MP4_HEAD's `ftyp` box, then one `free` box (padding any mp4 reader skips) filling the rest. */
export function mp4Of(size: number): Buffer {
  const free = Buffer.alloc(size - 32);
  free.writeUInt32BE(size - 32, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([MP4_HEAD.subarray(0, 32), free]);
}

export function bytesForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
}
