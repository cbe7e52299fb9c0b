import { IMAGE_MAX_PIXELS } from '@spotless/sdk/rules';

/**
 * Phones take pictures larger than the server decodes (many shoot 24 megapixels; the server's cap
 * is `IMAGE_MAX_PIXELS`) or keeps (`PHOTO_MAX_DIMENSION`, `DOCUMENT_MAX_DIMENSION`): such a picture
 * is scaled down here before it is sent, so it is accepted, travels in a fraction of the bytes and
 * costs the server a fraction of the work. The browser's own decoder does it, upright by its EXIF
 * orientation; what is sent carries no metadata.
 */

/** The size to send a `width` × `height` picture at, or null to send it as it is. */
export function uploadSize(
  width: number,
  height: number,
  maxDimension: number,
): { width: number; height: number } | null {
  if (width < 1 || height < 1) return null;
  const scale = Math.min(1, maxDimension / Math.max(width, height), Math.sqrt(IMAGE_MAX_PIXELS / (width * height)));
  if (scale >= 1) return null;
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/**
 * `file` scaled to fit `maxDimension` (and the pixel cap) when it is a JPEG or PNG too large for
 * them, in its own type; otherwise `file` itself. Anything the browser cannot decode is sent as it
 * is, for the server to judge.
 */
export async function fitPictureForUpload(file: File, maxDimension: number): Promise<File> {
  if ((file.type !== 'image/jpeg' && file.type !== 'image/png') || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = uploadSize(bitmap.width, bitmap.height, maxDimension);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.9));
    return blob ? new File([blob], file.name, { type: file.type, lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}
