import { describe, expect, it } from 'vitest';
import { AppError } from '../contract/errors';
import { containsText, SAMPLE_GPS_MARKER, sampleJpeg, samplePdf } from '../test/sample-files';
import { inProcessImageCleaner as images } from './image-cleaner';
import {
  attachmentDisposition,
  checkFile,
  decodeDataUrl,
  isUploadRoute,
  readBodyAtMost,
  sniffFileType,
  UPLOAD_MAX_BYTES,
} from './uploads';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

async function refusal(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
}

describe('sniffFileType', () => {
  it('reads PDF, JPEG and PNG from their first bytes and nothing else', () => {
    expect(sniffFileType(text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffFileType(text('<!DOCTYPE html><title>%PDF-</title>'))).toBeNull();
    expect(sniffFileType(text('%PDF'))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffFileType(text('GIF89a'))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
    expect(sniffFileType(text('%PDF-1.7'), ['image/png', 'image/jpeg'])).toBeNull();
  });
});

describe('checkFile', () => {
  it('refuses more than 10MB with 413 and an unknown type with 415, in the product’s words', async () => {
    const big = samplePdf('big', { size: UPLOAD_MAX_BYTES + 1 });
    expect(await refusal(() => checkFile('big.pdf', big, images))).toEqual({
      status: 413,
      message: 'Please select a file smaller than 10MB.',
    });
    expect(await refusal(() => checkFile('page.pdf', text('<html>'), images))).toEqual({
      status: 415,
      message: 'Please select a PDF, JPEG, or PNG file.',
    });
    expect((await checkFile('ok.pdf', samplePdf('max', { size: UPLOAD_MAX_BYTES }), images)).type).toBe(
      'application/pdf',
    );
  });

  it('refuses what only starts like a PDF or an image, and keeps a document image without its metadata', async () => {
    const html = text('<html><script>alert(1)</script></html>');
    const polyglotPdf = new Uint8Array([...text('%PDF-1.4\n'), ...html, ...new Uint8Array(64)]);
    expect(await refusal(() => checkFile('id.pdf', polyglotPdf, images))).toEqual({
      status: 415,
      message: 'Please select a PDF, JPEG, or PNG file.',
    });
    const polyglotJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...html]);
    expect((await refusal(() => checkFile('id.jpg', polyglotJpeg, images)))?.status).toBe(415);
    const scan = await checkFile('id.jpg', sampleJpeg(10, 10, { orientation: 1 }), images);
    expect(scan.type).toBe('image/jpeg');
    expect(containsText(scan.bytes, SAMPLE_GPS_MARKER)).toBe(false);
  });
});

describe('readBodyAtMost', () => {
  it('refuses by Content-Length before reading, and by counting when the length is absent', async () => {
    const declared = new Request('http://x/', {
      method: 'POST',
      body: 'small',
      headers: { 'content-length': '999999' },
    });
    expect((await refusal(readBodyAtMost(declared, 10)))?.status).toBe(413);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 4;
        controller.enqueue(new Uint8Array(4));
        if (pulled > 1000) controller.close();
      },
    });
    const counted = new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect((await refusal(readBodyAtMost(counted, 10)))?.status).toBe(413);
    expect(pulled).toBeLessThan(30);
    const fits = new Request('http://x/', { method: 'POST', body: '0123456789' });
    expect(new TextDecoder().decode(await readBodyAtMost(fits, 10))).toBe('0123456789');
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 data URLs, refuses other text and too-large files before decoding', async () => {
    expect(decodeDataUrl('data:application/pdf;base64,JVBERi0=', 'fileUrl')).toEqual(text('%PDF-'));
    expect((await refusal(() => decodeDataUrl('https://example.com/a.pdf', 'fileUrl')))?.status).toBe(400);
    expect((await refusal(() => decodeDataUrl('data:text/plain,hello', 'fileUrl')))?.status).toBe(400);
    const tooBig = `data:application/pdf;base64,${'A'.repeat(Math.ceil((UPLOAD_MAX_BYTES + 3) / 3) * 4)}`;
    expect((await refusal(() => decodeDataUrl(tooBig, 'fileUrl')))?.status).toBe(413);
  });
});

describe('upload routes and downloads', () => {
  it('knows which routes take uploads past the general body limit', () => {
    expect(isUploadRoute('POST', '/api/applications/12/documents')).toBe(true);
    expect(isUploadRoute('GET', '/api/applications/12/documents')).toBe(false);
    expect(isUploadRoute('POST', '/api/applications')).toBe(false);
    expect(isUploadRoute('POST', '/api/reviews/3/photos')).toBe(true);
    expect(isUploadRoute('POST', '/api/damage-reports/3/photos')).toBe(true);
    expect(isUploadRoute('GET', '/api/damage-reports/3/photos/4')).toBe(false);
  });

  it('names the file of an attachment safely', () => {
    expect(attachmentDisposition('my "cv".pdf')).toBe(
      `attachment; filename="my _cv_.pdf"; filename*=UTF-8''my%20%22cv%22.pdf`,
    );
    expect(attachmentDisposition('Résumé.pdf')).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9.pdf");
  });
});
