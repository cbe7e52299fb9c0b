/**
 * A same-origin path to go back to after signing in, or undefined. Only a path that starts with
 * exactly one '/' qualifies: '//evil.example' and '/\evil.example' are protocol-relative in
 * browsers, and anything with a scheme or control characters is refused, so the sign-in flow can
 * never be used as an open redirect.
 */
export function safeReturnUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  return value;
}
