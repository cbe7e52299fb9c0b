import { MESSAGES, PHOTO_LIMITS, PHOTO_MAX_DIMENSION, SNIFF_BYTES, sniffFileType } from '@spotless/sdk';
import { fitPictureForUpload } from './fit-picture';
import { photoThumbnail } from './photo-thumbnail';

/**
 * Photos chosen to send with a review or a damage report (docs/product/discovery.md,
 * docs/product/payouts.md), checked here as the server will check them — at most five, each under
 * 10MB and a JPEG or PNG by its first bytes — so a person hears what is wrong before sending, and
 * each with a small picture of it, seen before it is sent.
 */

export const MAX_PHOTOS = PHOTO_LIMITS.maxPhotos;

export interface PhotoProblem {
  title: string;
  description: string;
}

/** A chosen photo: `key` tells it apart in a list, `preview` is a data: URL of it (null: none could be drawn). */
export interface ChosenPhoto {
  key: number;
  file: File;
  preview: string | null;
}

/** Each photo under 10MB and an image (JPEG or PNG, by its first bytes, as the server decides). */
export async function photoProblem(file: Blob): Promise<PhotoProblem | null> {
  if (file.size > PHOTO_LIMITS.maxBytes) {
    return { title: MESSAGES.review.fileTooLarge, description: 'Each photo must be smaller than 10MB.' };
  }
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffFileType(head, PHOTO_LIMITS.types)) {
    return { title: MESSAGES.review.invalidFileType, description: 'Please select a JPEG or PNG image.' };
  }
  return null;
}

/** At most 5 photos on one `noun` ("review", "report"). */
export function tooManyPhotos(current: number, adding: number, noun: string): PhotoProblem | null {
  if (current + adding <= MAX_PHOTOS) return null;
  return { title: 'Too Many Photos', description: `You can add at most ${MAX_PHOTOS} photos to a ${noun}.` };
}

let lastKey = 0;

/**
 * The files a person just chose, added to the `current` ones already chosen: each scaled to what the
 * server keeps (a phone's full-size photo is scaled before its size is judged), checked, and drawn
 * small. Either all of them, or the first problem (named with its file) and none.
 */
export async function choosePhotos(
  files: readonly File[],
  current: number,
  noun: string,
): Promise<{ chosen: ChosenPhoto[] } | { problem: PhotoProblem }> {
  const tooMany = tooManyPhotos(current, files.length, noun);
  if (tooMany) return { problem: tooMany };
  const chosen: ChosenPhoto[] = [];
  for (const picked of files) {
    const file = await fitPictureForUpload(picked, PHOTO_MAX_DIMENSION);
    const problem = await photoProblem(file);
    if (problem) return { problem: { title: problem.title, description: `${file.name}: ${problem.description}` } };
    lastKey += 1;
    chosen.push({ key: lastKey, file, preview: await photoThumbnail(file) });
  }
  return { chosen };
}

/** A photo upload's multipart form: one `photos` part per photo, in order. */
export function photosFormData(photos: readonly Pick<ChosenPhoto, 'file'>[]): FormData {
  const form = new FormData();
  for (const photo of photos) form.append('photos', photo.file, photo.file.name);
  return form;
}
