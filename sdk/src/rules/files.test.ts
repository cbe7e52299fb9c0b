import { describe, expect, it } from 'vitest';
import { isBase64DataUrl, PHOTO_TYPES, sniffFileType } from './files';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('sniffFileType', () => {
  it('reads PDF, JPEG and PNG from their first bytes', () => {
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
  });

  it('refuses an HTML page whatever it is called, a truncated signature, and types not allowed here', () => {
    expect(sniffFileType(new TextEncoder().encode('<!doctype html><title>x</title>'))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7'), PHOTO_TYPES)).toBeNull();
  });
});

describe('isBase64DataUrl', () => {
  it('takes padded and unpadded base64, as a decoder does', () => {
    for (const data of ['', 'QQ==', 'QUI=', 'QUJD', 'QQ', 'QUI', 'a+/9']) {
      expect(isBase64DataUrl(`data:application/pdf;base64,${data}`), data).toBe(true);
    }
    expect(isBase64DataUrl('DATA:;BASE64,QUJD')).toBe(true);
  });

  it('refuses what a decoder throws on: one character past a group, stray padding, other characters', () => {
    for (const data of ['R', 'QUJDR', 'ab=', 'a===', 'QQ=', '====', 'QUJD!']) {
      expect(isBase64DataUrl(`data:application/pdf;base64,${data}`), data).toBe(false);
      expect(() => atob(data), data).toThrow();
    }
    // Spaces a decoder would skip are refused too: a data URL carries none.
    expect(isBase64DataUrl('data:application/pdf;base64,QU JD')).toBe(false);
    expect(isBase64DataUrl('data:application/pdf,QUJD')).toBe(false);
    expect(isBase64DataUrl('QUJD')).toBe(false);
  });
});
