/**
 * Uploads (application documents, review and damage report photos): the size limit and the type read from a file's
 * first bytes — its "magic number" — never from its name or declared type
 * (docs/product/cleaners.md, docs/product/discovery.md). The server refuses by these; the browser
 * checks the same before sending.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export type UploadType = 'application/pdf' | 'image/jpeg' | 'image/png';
export const DOCUMENT_TYPES: readonly UploadType[] = ['application/pdf', 'image/jpeg', 'image/png'];
export const PHOTO_TYPES: readonly UploadType[] = ['image/jpeg', 'image/png'];

/**
 * Photos on a review or a damage report (docs/product/discovery.md, docs/product/payouts.md): at
 * most 5 on one, each at most 10 MB, a JPEG or a PNG by its bytes.
 */
export const PHOTO_LIMITS = {
  maxPhotos: 5,
  maxBytes: UPLOAD_MAX_BYTES,
  types: ['image/jpeg', 'image/png'],
} as const;

/**
 * The most pixels the server decodes in one uploaded picture (a small file can declare an
 * enormous canvas, and a decode's time and memory grow with its pixels): 4096 × 4096, every 12 and
 * 16 megapixel camera's photo. The hosted app scales a larger picture down before sending it.
 */
export const IMAGE_MAX_PIXELS = 4096 * 4096;
/** The longest side the server keeps of a photo (a review's, a damage report's): sharp in a list and a dialog on any screen. */
export const PHOTO_MAX_DIMENSION = 2048;
/** The longest side the server keeps of a document image: an ID or a certificate stays legible. */
export const DOCUMENT_MAX_DIMENSION = 4096;

/**
 * Whether `url` is `data:<type>;base64,<data>` with data a decoder takes: the base64 alphabet,
 * padded to a multiple of four or left unpadded, never one character past a whole group (which
 * encodes no byte). Flat patterns and arithmetic only: a pattern repeating groups of four
 * overflows the stack on a data URL of a few megabytes.
 */
export function isBase64DataUrl(url: string): boolean {
  const comma = url.indexOf(',');
  if (comma < 0 || !/^data:[^,]*;base64$/i.test(url.slice(0, comma))) return false;
  const data = url.slice(comma + 1);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return false;
  const padded = data.endsWith('=');
  return padded ? data.length % 4 === 0 : data.length % 4 !== 1;
}

/** How many leading bytes `sniffFileType` needs. */
export const SNIFF_BYTES = 8;

const SIGNATURES: ReadonlyArray<{ type: UploadType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The file's type from its first bytes, if it is one of `allowed`; null for anything else. */
export function sniffFileType(bytes: Uint8Array, allowed: readonly UploadType[] = DOCUMENT_TYPES): UploadType | null {
  for (const { type, bytes: signature } of SIGNATURES) {
    if (!allowed.includes(type)) continue;
    if (bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)) return type;
  }
  return null;
}

/**
 * A file size as people read it, the same wherever it is shown (the applicant's list and the
 * administrator's review): bytes below 1 KB, whole KB below 1 MB, MB with one decimal below 10 MB.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}
