import { IMAGE_MAX_PIXELS } from '@spotless/sdk/rules';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';

/**
 * Uploaded images are decoded and encoded again before they are stored (decision 045): what is
 * kept is only pixels. A file that merely starts like a JPEG or PNG (a polyglot carrying HTML or
 * script) does not decode and is refused; metadata — EXIF with a home's GPS position, camera
 * serials, comments, text chunks — is not carried over; the picture is turned upright by its EXIF
 * orientation first and scaled down to a size cap. Pure JavaScript codecs (jpeg-js, fast-png), so
 * the same code runs on Node and in workerd: on Node in worker threads (`node-images.ts`), in
 * workerd in the request (`image-cleaner.ts`), bounded there by the pixel cap and the JPEG scan limit.
 */

export type ImageType = 'image/jpeg' | 'image/png';

export interface CleanImage {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
}

/**
 * Refuse before decoding anything larger: a small file can declare an enormous canvas, and the
 * time and memory a decode takes grow with its pixels (the rule lives in the SDK, where the hosted
 * app reads it to scale a larger picture down before sending; decision 045's addendum has the
 * measurements).
 */
export const MAX_SOURCE_PIXELS = IMAGE_MAX_PIXELS;
/** The cap as people read it: "16.7 megapixels". */
export const MAX_SOURCE_MEGAPIXELS = Math.floor(MAX_SOURCE_PIXELS / 100_000) / 10;
const JPEG_QUALITY = 85;
/**
 * A progressive JPEG is decoded scan by scan, and every scan visits every block: a 100 KB file of
 * 200 tiny scans at the pixel cap takes 13 s where 10 scans take 1. Encoders write about ten
 * (libjpeg's progression, mozjpeg's); more than this is refused before decoding, since Workers
 * have no deadline to stop it.
 */
export const MAX_JPEG_SCANS = 32;

export class ImageRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImageRejected';
  }
}

/** The picture declares more than MAX_SOURCE_PIXELS: refused before anything is decoded. */
export class ImageTooLarge extends ImageRejected {
  constructor() {
    super('image too large');
    this.name = 'ImageTooLarge';
  }
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Width and height from a PNG's IHDR, read before decoding. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 24) throw new ImageRejected('truncated PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Width and height from a JPEG's frame header (SOFn), read before decoding. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new ImageRejected('not a JPEG marker');
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      const width = ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number);
      return { width, height };
    }
    at += 2 + length;
  }
  throw new ImageRejected('no JPEG frame');
}

/**
 * How many scans (SOS segments) a JPEG has, found by walking its segments: each segment's length
 * is skipped, so bytes inside metadata are not mistaken for markers, and so is each scan's coded
 * data, where 0xFF is only ever followed by 0x00 or a restart marker.
 */
export function jpegScanCount(bytes: Uint8Array): number {
  let scans = 0;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) {
      at += 1;
      continue;
    }
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
    } else if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
    } else if (marker === 0xd9) {
      break;
    } else {
      if (marker === 0xda) scans += 1;
      at += 2 + (((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
    }
  }
  return scans;
}

function checkSize({ width, height }: { width: number; height: number }, maxPixels: number): void {
  if (width < 1 || height < 1) throw new ImageRejected('empty image');
  if (width * height > maxPixels) throw new ImageTooLarge();
}

/** EXIF orientation (1–8) from a JPEG's APP1 segment as jpeg-js hands it over, else 1. */
export function exifOrientation(exif: Uint8Array | undefined): number {
  if (!exif || exif.length < 14) return 1;
  // The TIFF header ("II*\0" or "MM\0*") follows "Exif\0\0"; jpeg-js hands over the segment from
  // its second zero, others the whole segment: find it within the first bytes.
  let tiff = -1;
  for (let i = 0; i < 8 && tiff < 0; i++) {
    const a = exif[i];
    const b = exif[i + 1];
    if ((a === 0x49 && b === 0x49 && exif[i + 2] === 0x2a) || (a === 0x4d && b === 0x4d && exif[i + 3] === 0x2a))
      tiff = i;
  }
  if (tiff < 0) return 1;
  const view = new DataView(exif.buffer, exif.byteOffset, exif.byteLength);
  const little = exif[tiff] === 0x49;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > exif.length) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > exif.length) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The picture turned as EXIF orientation `o` says, so it stands upright without its metadata. */
export function orient(image: Rgba, o: number): Rgba {
  if (o <= 1 || o > 8) return image;
  const { width: w, height: h, data } = image;
  const swap = o >= 5;
  const width = swap ? h : w;
  const height = swap ? w : h;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      switch (o) {
        case 2:
          nx = w - 1 - x;
          ny = y;
          break;
        case 3:
          nx = w - 1 - x;
          ny = h - 1 - y;
          break;
        case 4:
          nx = x;
          ny = h - 1 - y;
          break;
        case 5:
          nx = y;
          ny = x;
          break;
        case 6:
          nx = h - 1 - y;
          ny = x;
          break;
        case 7:
          nx = h - 1 - y;
          ny = w - 1 - x;
          break;
        default:
          nx = y;
          ny = w - 1 - x;
      }
      out.set(data.subarray((y * w + x) * 4, (y * w + x) * 4 + 4), (ny * width + nx) * 4);
    }
  }
  return { width, height, data: out };
}

/** Scaled down (area average) so neither side passes `max`; unchanged when it already fits. */
export function fitWithin(image: Rgba, max: number): Rgba {
  const { width: w, height: h, data } = image;
  const scale = Math.min(1, max / Math.max(w, h));
  if (scale >= 1) return image;
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const out = new Uint8Array(width * height * 4);
  const sums = new Float64Array(4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * h) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * w) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / width));
      sums.fill(0);
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const at = (sy * w + sx) * 4;
          for (let c = 0; c < 4; c++) (sums[c] as number) += data[at + c] as number;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const at = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) out[at + c] = Math.round((sums[c] as number) / count);
    }
  }
  return { width, height, data: out };
}

function decodeJpeg(bytes: Uint8Array, maxPixels: number): Rgba & { orientation: number } {
  checkSize(jpegSize(bytes), maxPixels);
  if (jpegScanCount(bytes) > MAX_JPEG_SCANS) throw new ImageRejected('too many JPEG scans');
  try {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      // A damaged or doctored file is refused, not patched up.
      tolerantDecoding: false,
      maxResolutionInMP: maxPixels / 1_000_000,
      maxMemoryUsageInMB: 512,
    });
    return {
      width: image.width,
      height: image.height,
      data: image.data,
      orientation: exifOrientation((image as { exifBuffer?: Uint8Array }).exifBuffer),
    };
  } catch (error) {
    throw new ImageRejected(`JPEG does not decode: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decodePngToRgba(bytes: Uint8Array, maxPixels: number): Rgba {
  checkSize(pngSize(bytes), maxPixels);
  let png: ReturnType<typeof decodePng>;
  try {
    png = decodePng(bytes, { checkCrc: true });
  } catch (error) {
    throw new ImageRejected(`PNG does not decode: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { width, height, channels, depth, palette } = png;
  const source = png.data;
  const out = new Uint8Array(width * height * 4);
  const sample = (i: number): number => {
    const value = source[i] as number;
    return depth === 16 ? value >> 8 : depth < 8 ? Math.round((value * 255) / ((1 << depth) - 1)) : value;
  };
  for (let p = 0; p < width * height; p++) {
    const o = p * 4;
    if (palette) {
      const entry = palette[source[p] as number] ?? [0, 0, 0, 255];
      out[o] = entry[0] as number;
      out[o + 1] = entry[1] as number;
      out[o + 2] = entry[2] as number;
      out[o + 3] = entry[3] ?? 255;
    } else if (channels <= 2) {
      const gray = sample(p * channels);
      out[o] = gray;
      out[o + 1] = gray;
      out[o + 2] = gray;
      out[o + 3] = channels === 2 ? sample(p * 2 + 1) : 255;
    } else {
      out[o] = sample(p * channels);
      out[o + 1] = sample(p * channels + 1);
      out[o + 2] = sample(p * channels + 2);
      out[o + 3] = channels === 4 ? sample(p * 4 + 3) : 255;
    }
  }
  return { width, height, data: out };
}

function hasTransparency(image: Rgba): boolean {
  for (let i = 3; i < image.data.length; i += 4) if ((image.data[i] as number) < 255) return true;
  return false;
}

/**
 * Decodes `bytes` as `type`, turns it upright, scales it to fit `maxDimension`, and encodes it
 * again: a JPEG as a JPEG, a PNG as a PNG (RGB, or RGBA when it has transparency). Throws
 * `ImageRejected` for anything that does not decode as what its first bytes claim.
 */
export function cleanImage(
  bytes: Uint8Array,
  type: ImageType,
  options: {
    maxDimension: number;
    /** The pixel cap; only the cost measurements (bench/image-costs.ts) look past MAX_SOURCE_PIXELS. */
    maxPixels?: number;
  },
): CleanImage {
  const maxPixels = options.maxPixels ?? MAX_SOURCE_PIXELS;
  if (type === 'image/jpeg') {
    const decoded = decodeJpeg(bytes, maxPixels);
    const image = fitWithin(orient(decoded, decoded.orientation), options.maxDimension);
    const encoded = jpeg.encode({ width: image.width, height: image.height, data: image.data }, JPEG_QUALITY);
    return { bytes: new Uint8Array(encoded.data), type, width: image.width, height: image.height };
  }
  const image = fitWithin(decodePngToRgba(bytes, maxPixels), options.maxDimension);
  const alpha = hasTransparency(image);
  const data = alpha ? image.data : new Uint8Array(image.width * image.height * 3);
  if (!alpha) {
    for (let p = 0, q = 0; p < image.data.length; p += 4, q += 3) {
      data[q] = image.data[p] as number;
      data[q + 1] = image.data[p + 1] as number;
      data[q + 2] = image.data[p + 2] as number;
    }
  }
  const encoded = encodePng({ width: image.width, height: image.height, data, channels: alpha ? 4 : 3, depth: 8 });
  return { bytes: new Uint8Array(encoded), type, width: image.width, height: image.height };
}
