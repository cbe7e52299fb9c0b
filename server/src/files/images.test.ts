import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { containsText, SAMPLE_GPS_MARKER, sampleJpeg, samplePng } from '../test/sample-files';
import {
  cleanImage,
  exifOrientation,
  fitWithin,
  ImageRejected,
  ImageTooLarge,
  jpegScanCount,
  MAX_JPEG_SCANS,
  MAX_SOURCE_MEGAPIXELS,
  MAX_SOURCE_PIXELS,
  orient,
} from './images';

const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

describe('cleanImage', () => {
  it('keeps only the pixels of a phone photo: no EXIF, no GPS, upright', () => {
    const photo = sampleJpeg(8, 6, { orientation: 6 });
    expect(containsText(photo, 'Exif')).toBe(true);
    expect(containsText(photo, SAMPLE_GPS_MARKER)).toBe(true);
    const clean = cleanImage(photo, 'image/jpeg', { maxDimension: 100 });
    expect(containsText(clean.bytes, 'Exif')).toBe(false);
    expect(containsText(clean.bytes, SAMPLE_GPS_MARKER)).toBe(false);
    // Orientation 6 means "turn 90° clockwise to view": the stored 8 × 6 stands as 6 × 8.
    expect([clean.width, clean.height]).toEqual([6, 8]);
    const decoded = jpeg.decode(clean.bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([6, 8]);
  });

  it('scales a large picture down to the cap, keeping its shape', () => {
    const clean = cleanImage(sampleJpeg(400, 200), 'image/jpeg', { maxDimension: 100 });
    expect([clean.width, clean.height]).toEqual([100, 50]);
  });

  it('drops a PNG’s text chunks and keeps it a PNG', () => {
    const png = samplePng(5, 4, { Comment: SAMPLE_GPS_MARKER });
    expect(containsText(png, SAMPLE_GPS_MARKER)).toBe(true);
    const clean = cleanImage(png, 'image/png', { maxDimension: 100 });
    expect(clean.type).toBe('image/png');
    expect(containsText(clean.bytes, SAMPLE_GPS_MARKER)).toBe(false);
    const decoded = decodePng(clean.bytes);
    expect([decoded.width, decoded.height]).toEqual([5, 4]);
  });

  it('refuses a polyglot: JPEG or PNG signatures in front of HTML', () => {
    const jfif = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    expect(() => cleanImage(concat(jfif, html), 'image/jpeg', { maxDimension: 100 })).toThrow(ImageRejected);
    const pngHead = samplePng().subarray(0, 33);
    expect(() => cleanImage(concat(pngHead, html), 'image/png', { maxDimension: 100 })).toThrow(ImageRejected);
  });

  it('refuses a truncated image and one declaring an enormous canvas before decoding it', () => {
    const photo = sampleJpeg(64, 64);
    expect(() => cleanImage(photo.subarray(0, photo.length >> 1), 'image/jpeg', { maxDimension: 100 })).toThrow(
      ImageRejected,
    );
    const bomb = samplePng(2, 2);
    const view = new DataView(bomb.buffer, bomb.byteOffset);
    view.setUint32(16, 60_000);
    view.setUint32(20, 60_000);
    expect(() => cleanImage(bomb, 'image/png', { maxDimension: 100 })).toThrow(/too large/);
  });
});

describe('the pixel cap', () => {
  /** A real file's header made to declare `width` × `height`: what follows is not that picture. */
  function declaring(type: 'image/png' | 'image/jpeg', width: number, height: number): Uint8Array {
    const bytes = type === 'image/png' ? samplePng(2, 2) : sampleJpeg(8, 8);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    if (type === 'image/png') {
      view.setUint32(16, width);
      view.setUint32(20, height);
    } else {
      const frame = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc0);
      view.setUint16(frame + 5, height);
      view.setUint16(frame + 7, width);
    }
    return bytes;
  }

  it('is 4096 × 4096 pixels: a 12 or 16 megapixel phone photo fits', () => {
    expect(MAX_SOURCE_PIXELS).toBe(16_777_216);
    expect(MAX_SOURCE_MEGAPIXELS).toBe(16.7);
    expect(4032 * 3024).toBeLessThan(MAX_SOURCE_PIXELS);
    expect(4656 * 3496).toBeLessThan(MAX_SOURCE_PIXELS);
  });

  it('refuses a picture one pixel over it before decoding, and lets one at it through to the decoder', () => {
    // 24,929 × 673 = 4096² + 1.
    expect(24_929 * 673).toBe(MAX_SOURCE_PIXELS + 1);
    for (const type of ['image/png', 'image/jpeg'] as const) {
      expect(() => cleanImage(declaring(type, 24_929, 673), type, { maxDimension: 100 })).toThrow(ImageTooLarge);
    }
    // At the cap the header passes; these bytes are then refused for not being that picture.
    const atCap = () => cleanImage(declaring('image/png', 4096, 4096), 'image/png', { maxDimension: 100 });
    expect(atCap).toThrow(ImageRejected);
    expect(atCap).not.toThrow(ImageTooLarge);
  });
});

describe('progressive JPEGs', () => {
  it('refuses a JPEG of more scans than encoders write, before decoding it', () => {
    const photo = sampleJpeg(16, 16);
    const eoi = photo.length - 2;
    const scan = photo.subarray(
      photo.findIndex((b, i) => b === 0xff && photo[i + 1] === 0xda),
      eoi,
    );
    const withScans = (n: number) =>
      concat(photo.subarray(0, eoi), ...Array.from({ length: n - 1 }, () => scan), photo.subarray(eoi));
    expect(jpegScanCount(photo)).toBe(1);
    // Metadata's bytes are skipped, not read as markers.
    expect(jpegScanCount(sampleJpeg(8, 6, { orientation: 6 }))).toBe(1);
    expect(jpegScanCount(withScans(MAX_JPEG_SCANS))).toBe(MAX_JPEG_SCANS);
    expect(() => cleanImage(withScans(MAX_JPEG_SCANS), 'image/jpeg', { maxDimension: 100 })).not.toThrow();
    expect(() => cleanImage(withScans(MAX_JPEG_SCANS + 1), 'image/jpeg', { maxDimension: 100 })).toThrow(
      /too many JPEG scans/,
    );
  });
});

describe('orientation and scaling', () => {
  const image = { width: 2, height: 1, data: Uint8Array.from([1, 1, 1, 1, 2, 2, 2, 2]) };
  it('reads EXIF orientation and turns the pixels to match', () => {
    expect(orient(image, 1)).toBe(image);
    expect(orient(image, 2).data[0]).toBe(2);
    const turned = orient(image, 6);
    expect([turned.width, turned.height, turned.data[0], turned.data[4]]).toEqual([1, 2, 1, 2]);
    const back = orient(image, 8);
    expect([back.width, back.height, back.data[0], back.data[4]]).toEqual([1, 2, 2, 1]);
    expect(exifOrientation(undefined)).toBe(1);
  });

  it('averages areas when scaling down', () => {
    const scaled = fitWithin(image, 1);
    expect([scaled.width, scaled.height]).toEqual([1, 1]);
    expect(scaled.data[0]).toBe(2);
  });
});
