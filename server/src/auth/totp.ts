import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from '@oslojs/otp';

/** RFC 6238 with the authenticator apps' defaults: 30-second steps, 6 digits, SHA-1. */
const STEP_SECONDS = 30;
const DIGITS = 6;

export function generateTotpSecret(): string {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return encodeBase32UpperCaseNoPadding(key);
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / STEP_SECONDS);
}

/** The code for `now` (tests, and what an authenticator app shows). */
export function totpCode(secret: string, now: Date): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(totpStep(now)), DIGITS);
}

/**
 * The time step `code` belongs to, accepting one step either side for clock drift, or null.
 * Steps at or before `lastStep` are refused: a code works once.
 */
export function verifyTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const step = totpStep(now);
  for (const candidate of [step - 1, step, step + 1]) {
    if (lastStep !== null && candidate <= lastStep) continue;
    if (verifyHOTP(key, BigInt(candidate), DIGITS, code)) return candidate;
  }
  return null;
}

/** The `otpauth://` URI an authenticator app imports (as a QR code or pasted). */
export function totpUri(secret: string, accountName: string): string {
  return createTOTPKeyURI('Spotless', accountName, decodeBase32IgnorePadding(secret), STEP_SECONDS, DIGITS);
}
