import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/**
 * A new publishable key: `pk_` and 120 random bits. Publishable, not secret: it grants what a
 * visitor has. Made for a new partner and for each rotation of its key (decision 081).
 */
export function newPublishableKey(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return `pk_${encodeBase32LowerCaseNoPadding(bytes)}`;
}
