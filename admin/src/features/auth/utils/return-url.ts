/**
 * The same rule as the server's: only a same-origin path (one leading '/') is a place to return
 * to after signing in; anything else (//host, /\host, a scheme, control characters) means '/'.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value;
}
