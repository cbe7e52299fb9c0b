import {
  DOCUMENT_MAX_DIMENSION,
  isBase64DataUrl,
  MESSAGES,
  sniffFileType,
  UPLOAD_MAX_BYTES,
  type UploadType,
} from '@spotless/sdk/rules';

// The size limit and the type-by-bytes rule are the SDK's (the browser checks the same before sending).
export { sniffFileType, UPLOAD_MAX_BYTES, type UploadType } from '@spotless/sdk/rules';

import { AppError } from '../contract/errors';
import type { ImageCleaner } from './image-cleaner';
import { ImageRejected, ImageTooLarge, MAX_SOURCE_MEGAPIXELS } from './images';
import { isStructurallyPdf } from './pdf';

/**
 * Uploaded files (application documents, review and damage report photos): at most 10 MB each
 * (docs/product/cleaners.md, docs/product/discovery.md), the type read from the first bytes, never
 * from the name or the declared type (decision 038). The request body is counted while it is read
 * and refused as soon as it passes its envelope, so no upload is ever buffered beyond that,
 * whatever its Content-Length says (or leaves out).
 */

/** Room for a multipart envelope's boundaries and part headers, or a JSON upload's other fields. */
const ENVELOPE_SLACK = 64 * 1024;
/** The most a multipart body carrying one file of the maximum size can be. */
export const MULTIPART_MAX_BYTES = UPLOAD_MAX_BYTES + ENVELOPE_SLACK;
/** The most a JSON body carrying the file as a base64 data URL can be (4 characters per 3 bytes). */
export const JSON_UPLOAD_MAX_BYTES = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4 + ENVELOPE_SLACK;

/**
 * Upload routes take bodies beyond the API's general limit (BODY_LIMIT_BYTES): the app's body limit
 * skips these, and each applies its own, counted, envelope.
 */
const UPLOAD_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/applications\/[^/]+\/documents\/?$/ },
  { method: 'POST', path: /^\/api\/reviews\/[^/]+\/photos\/?$/ },
  { method: 'POST', path: /^\/api\/damage-reports\/[^/]+\/photos\/?$/ },
];

export function isUploadRoute(method: string, path: string): boolean {
  return UPLOAD_ROUTES.some((route) => route.method === method && route.path.test(path));
}

/** The extension a stored file gets for its detected type. */
export const EXTENSION: Record<UploadType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Too large: refused before the rest is read, so the connection is closed after the answer. */
export const fileTooLarge = () =>
  new AppError(
    413,
    'file_too_large',
    MESSAGES.application.fileTooLarge,
    { file: MESSAGES.application.fileTooLarge },
    { Connection: 'close' },
  );
export const invalidFileType = () =>
  new AppError(415, 'invalid_file_type', MESSAGES.application.invalidFileType, {
    file: MESSAGES.application.invalidFileType,
  });

/** More pixels than the cap (decision 045): refused before it is decoded. */
export const IMAGE_TOO_LARGE_MESSAGE = `Please select a picture of at most ${MAX_SOURCE_MEGAPIXELS} megapixels.`;
export const imageTooLarge = (field: string) =>
  new AppError(413, 'image_too_large', IMAGE_TOO_LARGE_MESSAGE, { [field]: IMAGE_TOO_LARGE_MESSAGE });

/** The request's body stopped arriving: answered 408 and the connection closed (its rest may still come). */
export const bodyTimedOut = () =>
  new AppError(408, 'request_timeout', 'The upload stopped arriving: please try again', undefined, {
    Connection: 'close',
  });

/**
 * The whole body, refused with 413 once it passes `maxBytes`: first by its Content-Length, then by
 * counting what actually arrives (a sender may leave the length out or lie about it). A body that
 * stops arriving for `idleMs` is refused with 408 rather than waited on forever.
 */
export async function readBodyAtMost(request: Request, maxBytes: number, idleMs = 20_000): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw fileTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<'stalled'>((resolve) => {
      timer = setTimeout(() => resolve('stalled'), idleMs);
    });
    const next = await Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
    if (next === 'stalled') {
      await reader.cancel().catch(() => undefined);
      throw bodyTimedOut();
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw fileTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export interface ReceivedFile {
  fileName: string;
  bytes: Uint8Array;
  type: UploadType;
}

/**
 * Checks a received document's size, reads its type from its bytes and checks it is what they
 * claim (decision 045): a PDF must have a PDF's structure; an image must decode, and is stored
 * re-encoded by `images`, without its metadata. 413 or 415 otherwise (413 `image_too_large` for
 * more pixels than the cap), or the image cleaner's own 422 and 503.
 */
export async function checkFile(
  fileName: string,
  bytes: Uint8Array,
  images: ImageCleaner,
  allowed?: readonly UploadType[],
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<ReceivedFile> {
  if (bytes.byteLength > maxBytes) throw fileTooLarge();
  const type = sniffFileType(bytes, allowed);
  if (!type) throw invalidFileType();
  if (type === 'application/pdf') {
    if (!isStructurallyPdf(bytes)) throw invalidFileType();
    return { fileName, bytes, type };
  }
  try {
    return { fileName, bytes: (await images.clean(bytes, type, { maxDimension: DOCUMENT_MAX_DIMENSION })).bytes, type };
  } catch (error) {
    if (error instanceof ImageTooLarge) throw imageTooLarge('file');
    if (error instanceof ImageRejected) throw invalidFileType();
    throw error;
  }
}

/** The bytes of a `data:<type>;base64,<data>` URL; 400 naming `field` when it is not one. */
export function decodeDataUrl(url: string, field: string): Uint8Array {
  const data = url.slice(url.indexOf(',') + 1);
  // atob throws on what this refuses: a length one past a whole group, padding that does not end one.
  if (!isBase64DataUrl(url)) {
    throw new AppError(400, 'validation_failed', `Invalid request body: ${field}`, {
      [field]: 'Send the file as a base64 data URL',
    });
  }
  // An upper bound before decoding: a too-large file is refused without building its bytes.
  if (Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0) > UPLOAD_MAX_BYTES) {
    throw fileTooLarge();
  }
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The form fields and files of a multipart body already read (and bounded) by `readBodyAtMost`. */
export async function parseMultipart(body: Uint8Array, contentType: string): Promise<FormData> {
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError(400, 'validation_failed', 'The multipart/form-data body could not be read', {
      file: 'The multipart/form-data body could not be read',
    });
  }
}

/** A file name for a Content-Disposition header: the ASCII fallback and RFC 5987's UTF-8 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
