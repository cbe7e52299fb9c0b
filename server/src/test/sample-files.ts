import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';

/**
 * Real files for upload tests (server, three-target and browser suites): a PDF with a correct
 * cross-reference table, and JPEG and PNG images that decode — optionally carrying the metadata a
 * phone photo has (EXIF orientation and a GPS position, a PNG text chunk) that the server must strip.
 */

const latin1 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);

/**
 * A one-page PDF showing `text`, with the byte offsets of its objects in a real xref table;
 * `size` pads it (a comment after the header) to exactly that many bytes.
 */
export function samplePdf(text = 'Spotless test document', options: { size?: number } = {}): Uint8Array<ArrayBuffer> {
  if (options.size === undefined) return buildPdf(text, 0);
  let padding = Math.max(0, options.size - buildPdf(text, 0).length);
  for (let i = 0; i < 4; i++) {
    const built = buildPdf(text, padding);
    if (built.length === options.size) return built;
    padding += options.size - built.length;
  }
  throw new Error(`cannot build a PDF of exactly ${options.size} bytes`);
}

function buildPdf(text: string, padding: number): Uint8Array<ArrayBuffer> {
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  if (padding > 0) body += `%${'.'.repeat(Math.max(0, padding - 2))}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(body);
}

/** A `width` × `height` gradient as RGBA. */
function pixels(width: number, height: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = Math.round((x / Math.max(1, width - 1)) * 255);
      data[at + 1] = Math.round((y / Math.max(1, height - 1)) * 255);
      data[at + 2] = 128;
      data[at + 3] = 255;
    }
  }
  return data;
}

/** A PNG that decodes; `text` adds a tEXt chunk (metadata the server does not keep). */
export function samplePng(width = 4, height = 3, text?: Record<string, string>): Uint8Array<ArrayBuffer> {
  return new Uint8Array(encodePng({ width, height, data: pixels(width, height), channels: 4, depth: 8, text }));
}

/** The GPS position in `sampleJpeg`'s EXIF, as its text: a test looks for it in what is stored. */
export const SAMPLE_GPS_MARKER = 'SPOTLESS-GPS-40.7128N-74.0060W';

/**
 * EXIF (TIFF, little-endian) with the orientation, a GPS IFD, and the marker text as the
 * ImageDescription — everything a privacy leak is made of.
 */
function exifWith(orientation: number): Uint8Array<ArrayBuffer> {
  const marker = latin1(`${SAMPLE_GPS_MARKER}\0`);
  const ifd0Count = 3;
  const ifd0 = 8;
  const ifd0Size = 2 + ifd0Count * 12 + 4;
  const gpsIfd = ifd0 + ifd0Size;
  const gpsCount = 2;
  const gpsSize = 2 + gpsCount * 12 + 4;
  const text = gpsIfd + gpsSize;
  const bytes = new Uint8Array(text + marker.length);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, ifd0, true);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    if (type === 3 && count === 1) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  };
  view.setUint16(ifd0, ifd0Count, true);
  entry(ifd0 + 2, 0x010e, 2, marker.length, text); // ImageDescription
  entry(ifd0 + 14, 0x0112, 3, 1, orientation); // Orientation
  entry(ifd0 + 26, 0x8825, 4, 1, gpsIfd); // GPSInfo
  view.setUint16(gpsIfd, gpsCount, true);
  entry(gpsIfd + 2, 0x0001, 2, 2, 0x4e); // GPSLatitudeRef "N"
  entry(gpsIfd + 14, 0x0003, 2, 2, 0x57); // GPSLongitudeRef "W"
  bytes.set(marker, text);
  // jpeg-js writes "Exif\0" itself; the second zero of the standard header comes first here.
  const withPad = new Uint8Array(bytes.length + 1);
  withPad.set(bytes, 1);
  return withPad;
}

/** A JPEG that decodes; `exif` adds the orientation and GPS position a phone photo carries. */
export function sampleJpeg(width = 8, height = 6, exif?: { orientation: number }): Uint8Array<ArrayBuffer> {
  const image = {
    width,
    height,
    data: pixels(width, height),
    ...(exif ? { exifBuffer: exifWith(exif.orientation) } : {}),
  };
  return new Uint8Array(jpeg.encode(image as never, 90).data);
}

/** Whether `bytes` contain `text` (Latin-1). */
export function containsText(bytes: Uint8Array, text: string): boolean {
  return new TextDecoder('latin1').decode(bytes).includes(text);
}
