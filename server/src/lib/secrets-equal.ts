import { constantTimeEqual } from '@oslojs/crypto/subtle';

const encoder = new TextEncoder();

/** A text's UTF-8 bytes. */
export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);

/**
 * Whether a secret given equals the one expected (a token, a signature), compared in constant time
 * over their UTF-8 bytes, so the time taken tells nothing of how much matched. Texts of different
 * lengths are unequal.
 */
export const secretsEqual = (expected: string, given: string): boolean =>
  constantTimeEqual(utf8Bytes(expected), utf8Bytes(given));
