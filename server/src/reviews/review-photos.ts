import { MESSAGES, PHOTO_MAX_DIMENSION } from '@spotless/sdk/rules';
import { REVIEW_PHOTO_LIMITS } from '@spotless/sdk/schemas';
import { AppError } from '../contract/errors';
import type { ImageCleaner } from '../files/image-cleaner';
import { ImageRejected, ImageTooLarge } from '../files/images';
import { imageTooLarge, parseMultipart, readBodyAtMost, sniffFileType } from '../files/uploads';

/**
 * Review photos as they arrive: a multipart body read with a byte count (files/uploads.ts), so an
 * oversized upload is refused before it is held in memory whole, and each file's type decided by
 * its first bytes — never by its name or the type the client declared (an HTML page named `.jpg`
 * stays out). Each photo is then decoded and encoded again (decision 045): one that does not decode
 * is refused, and what is stored is pixels only — no EXIF, no GPS position of someone's home. One
 * request carries at most the photos that still fit on the review.
 */

export type PhotoType = 'image/jpeg' | 'image/png';

export interface PhotoUpload {
  bytes: Uint8Array;
  contentType: PhotoType;
  caption: string | null;
  displayOrder: number | null;
}

const MAX_BYTES = REVIEW_PHOTO_LIMITS.maxBytes;
/** Room for the multipart boundaries, part headers, captions and orders beside the files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_CAPTION = 500;

/** The image type the bytes are, by their signature (files/uploads.ts), or null: never by name or declared type. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  return sniffFileType(bytes, REVIEW_PHOTO_LIMITS.types) as PhotoType | null;
}

const EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A key the server chooses: `reviews/<id>/<random>.<ext>` — nothing of the client's file name. */
export function photoKey(reviewId: number, type: PhotoType): string {
  const random = crypto.randomUUID().replaceAll('-', '');
  return `reviews/${reviewId}/${random}.${EXTENSIONS[type]}`;
}

/** The type a stored photo was found to be, from the extension its key was given by `photoKey`. */
export function contentTypeOfKey(key: string): PhotoType {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

const photoTooLarge = () =>
  new AppError(413, 'file_too_large', `${MESSAGES.review.fileTooLarge}: each photo must be at most 10MB`, {
    photos: 'Please select a file smaller than 10MB.',
  });

const invalidFileType = (name: string) =>
  new AppError(415, 'invalid_file_type', `${MESSAGES.review.invalidFileType}: photos must be JPEG or PNG images`, {
    photos: `${name || 'A file'} is not a JPEG or PNG image`,
  });

/**
 * The review photos' multipart upload (docs/product/discovery.md): `photos` (one or more files),
 * `captions` and `displayOrder` (repeated, one per photo in the same order; both optional). At most
 * `slots` photos, each at most 10 MB and a JPEG or PNG by its bytes, each cleaned by `images` in
 * turn. Nothing is stored here.
 */
export async function readPhotoUpload(
  request: Request,
  slots: number,
  images: ImageCleaner,
  idleMs?: number,
): Promise<PhotoUpload[]> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the photos as multipart/form-data');
  }
  const form = await parseMultipart(
    await readBodyAtMost(request, slots * MAX_BYTES + FORM_OVERHEAD_BYTES, idleMs),
    type,
  );
  const files = [...form.getAll('photos'), ...form.getAll('photos[]')].filter(
    (entry): entry is File => typeof entry !== 'string',
  );
  if (files.length === 0) {
    throw new AppError(400, 'validation_failed', 'Invalid request body: photos', { photos: 'Required' });
  }
  if (files.length > slots) {
    throw new AppError(409, 'too_many_photos', `A review has at most ${REVIEW_PHOTO_LIMITS.maxPhotos} photos`, {
      photos: `Only ${slots} more photo${slots === 1 ? '' : 's'} fit on this review`,
    });
  }
  const captions = [...form.getAll('captions'), ...form.getAll('captions[]')].map(String);
  const orders = [...form.getAll('displayOrder'), ...form.getAll('displayOrder[]')].map(String);
  const uploads: PhotoUpload[] = [];
  for (const [index, file] of files.entries()) {
    if (file.size > MAX_BYTES) throw photoTooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = sniffPhotoType(bytes);
    if (!contentType) throw invalidFileType(file.name);
    let clean: Uint8Array;
    try {
      clean = (await images.clean(bytes, contentType, { maxDimension: PHOTO_MAX_DIMENSION })).bytes;
    } catch (error) {
      if (error instanceof ImageTooLarge) throw imageTooLarge('photos');
      if (error instanceof ImageRejected) throw invalidFileType(file.name);
      throw error;
    }
    const caption = captions[index]?.trim().slice(0, MAX_CAPTION) || null;
    const order = orders[index]?.trim();
    if (order !== undefined && order !== '' && !/^\d{1,3}$/.test(order)) {
      throw new AppError(400, 'validation_failed', 'Invalid request body: displayOrder', {
        displayOrder: 'must be a whole number from 0 to 999',
      });
    }
    uploads.push({ bytes: clean, contentType, caption, displayOrder: order ? Number(order) : null });
  }
  return uploads;
}
