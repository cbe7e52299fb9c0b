/** The preview's box, in CSS pixels (drawn at twice that, for sharp screens). */
export const THUMBNAIL = { width: 96, height: 72 } as const;

/** The size that covers `box` at `width` × `height`'s proportions, cropped to it when drawn ("object-fit: cover"). */
export function coverCrop(
  width: number,
  height: number,
  box: { width: number; height: number },
): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(box.width / width, box.height / height);
  const sw = Math.min(width, box.width / scale);
  const sh = Math.min(height, box.height / scale);
  return { sx: (width - sw) / 2, sy: (height - sh) / 2, sw, sh };
}

/**
 * A small picture of a chosen photo, to show before it is sent: drawn by the browser's own decoder
 * (upright by its EXIF orientation) and kept as a data: URL — the only kind of local image the
 * site's Content-Security-Policy shows (no blob: URLs). Null when the browser cannot decode it.
 */
export async function photoThumbnail(file: Blob): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = THUMBNAIL.width * 2;
    canvas.height = THUMBNAIL.height * 2;
    const context = canvas.getContext('2d');
    if (!context) return null;
    const crop = coverCrop(bitmap.width, bitmap.height, canvas);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
