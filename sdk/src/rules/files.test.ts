import { describe, expect, it } from 'vitest';
import { PHOTO_TYPES, sniffFileType } from './files';

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
