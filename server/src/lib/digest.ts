import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';

/**
 * A secret's SHA-256 as lower-case hex: what is stored of an e-mailed token (a guest link, a
 * partner's invitation) so the database never holds one that works.
 */
export function sha256Hex(text: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
}
