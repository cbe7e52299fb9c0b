import { MESSAGES, PHOTO_LIMITS, PHOTO_MAX_DIMENSION } from '@spotless/sdk/rules';
import { AppError } from '../contract/errors';
import type { FileStorage, StoredFile } from './file-storage';
import type { ImageCleaner } from './image-cleaner';
import { ImageRejected, ImageTooLarge } from './images';
import { imageTooLarge, parseMultipart, readBodyAtMost, sniffFileType } from './uploads';

/**
 * Photos as they arrive, on whatever they belong to (a review, a damage report): a multipart body
 * read with a byte count (uploads.ts), so an oversized upload is refused before it is held in
 * memory whole, and each file's type decided by its first bytes — never by its name or the type
 * the client declared (an HTML page named `.jpg` stays out). Each photo is then decoded and encoded
 * again (decision 045): one that does not decode is refused, and what is stored is pixels only — no
 * EXIF, no GPS position of someone's home. One request carries at most the photos that still fit.
 * They are stored under keys the server chooses, and served with the type their bytes were found to
 * be.
 */

export type PhotoType = 'image/jpeg' | 'image/png';

export interface PhotoUpload {
  bytes: Uint8Array;
  contentType: PhotoType;
  /** Null unless the upload takes captions (a review's does). */
  caption: string | null;
  displayOrder: number | null;
}

/** What photos are on: the folder of their keys and the word a refusal uses (`review`, `damage report`). */
export interface PhotoOwner {
  folder: 'reviews' | 'damage-reports';
  noun: string;
}

const MAX_BYTES = PHOTO_LIMITS.maxBytes;
/** Room for the multipart boundaries, part headers, captions and orders beside the files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_CAPTION = 500;

/** The image type the bytes are, by their signature (uploads.ts), or null: never by name or declared type. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  return sniffFileType(bytes, PHOTO_LIMITS.types) as PhotoType | null;
}

const EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A key the server chooses: `<folder>/<id>/<random>.<ext>` — nothing of the client's file name. */
export function photoKey(owner: Pick<PhotoOwner, 'folder'>, ownerId: number, type: PhotoType): string {
  const random = crypto.randomUUID().replaceAll('-', '');
  return `${owner.folder}/${ownerId}/${random}.${EXTENSIONS[type]}`;
}

/** The type a stored photo was found to be, from the extension its key was given by `photoKey`. */
export function contentTypeOfKey(key: string): PhotoType {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** More photos than fit: 409 naming `photos`, said the same whether counted before or after reading. */
export const tooManyPhotos = (owner: Pick<PhotoOwner, 'noun'>, slots?: number) =>
  new AppError(409, 'too_many_photos', `A ${owner.noun} has at most ${PHOTO_LIMITS.maxPhotos} photos`, {
    photos:
      slots === undefined || slots <= 0
        ? `At most ${PHOTO_LIMITS.maxPhotos} photos per ${owner.noun}`
        : `Only ${slots} more photo${slots === 1 ? '' : 's'} fit on this ${owner.noun}`,
  });

const photoTooLarge = () =>
  new AppError(413, 'file_too_large', `${MESSAGES.review.fileTooLarge}: each photo must be at most 10MB`, {
    photos: 'Please select a file smaller than 10MB.',
  });

const invalidFileType = (name: string) =>
  new AppError(415, 'invalid_file_type', `${MESSAGES.review.invalidFileType}: photos must be JPEG or PNG images`, {
    photos: `${name || 'A file'} is not a JPEG or PNG image`,
  });

/**
 * A photo upload's multipart body: `photos` (one or more files) and, where `captions` is on,
 * `captions` and `displayOrder` (repeated, one per photo in the same order; both optional). At
 * most `slots` photos, each at most 10 MB and a JPEG or PNG by its bytes, each cleaned by `images`
 * in turn. Nothing is stored here.
 */
export async function readPhotoUpload(
  request: Request,
  options: { owner: PhotoOwner; slots: number; images: ImageCleaner; captions?: boolean; idleMs?: number },
): Promise<PhotoUpload[]> {
  const { owner, slots, images } = options;
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the photos as multipart/form-data');
  }
  const form = await parseMultipart(
    await readBodyAtMost(request, slots * MAX_BYTES + FORM_OVERHEAD_BYTES, options.idleMs),
    type,
  );
  const files = [...form.getAll('photos'), ...form.getAll('photos[]')].filter(
    (entry): entry is File => typeof entry !== 'string',
  );
  if (files.length === 0) {
    throw new AppError(400, 'validation_failed', 'Invalid request body: photos', { photos: 'Required' });
  }
  if (files.length > slots) throw tooManyPhotos(owner, slots);
  const captions = options.captions ? [...form.getAll('captions'), ...form.getAll('captions[]')].map(String) : [];
  const orders = options.captions ? [...form.getAll('displayOrder'), ...form.getAll('displayOrder[]')].map(String) : [];
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

export type StoredPhoto = PhotoUpload & { key: string };

/**
 * Stores each photo's bytes under a key the server chooses (`photoKey`), then calls `record` with
 * them — the rows that name them, written in one transaction that counts again. If `record` (or a
 * store) throws, the bytes already stored are deleted, so a refused upload leaves nothing.
 */
export async function storePhotos<T>(
  files: FileStorage,
  owner: Pick<PhotoOwner, 'folder'>,
  ownerId: number,
  uploads: readonly PhotoUpload[],
  record: (stored: StoredPhoto[]) => Promise<T>,
): Promise<T> {
  const stored: StoredPhoto[] = [];
  try {
    for (const upload of uploads) {
      const key = photoKey(owner, ownerId, upload.contentType);
      await files.put(key, upload.bytes, { contentType: upload.contentType });
      stored.push({ ...upload, key });
    }
    return await record(stored);
  } catch (error) {
    await Promise.all(stored.map((photo) => files.delete(photo.key).catch(() => undefined)));
    throw error;
  }
}

export type OpenedPhoto = StoredFile & { contentType: PhotoType };

/** A stored photo's bytes and the type its bytes were found to be; null when nothing is stored under `key`. */
export async function openPhoto(files: FileStorage, key: string): Promise<OpenedPhoto | null> {
  const file = await files.get(key);
  return file ? { ...file, contentType: contentTypeOfKey(key) } : null;
}

/**
 * The headers a photo is served with: its type, `nosniff` (the bytes are never read as anything
 * else) and inline. `cache` says who may keep a copy: anyone for a published review's, only the
 * viewer's own browser for a private one.
 */
export function photoHeaders(photo: OpenedPhoto, cache: 'public' | 'private'): Record<string, string> {
  return {
    'content-type': photo.contentType,
    'content-length': String(photo.size),
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
    'cache-control': cache === 'public' ? 'public, max-age=86400' : 'private, max-age=3600',
  };
}
