/** Origins compared whole: scheme, host and port (RFC 6454). */

export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** Whether `origin` is this site: the configured public origin, or the origin the request was sent to. */
export function sameSite(origin: string, requestUrl: string, publicUrl: string): boolean {
  return origin === originOf(publicUrl) || origin === new URL(requestUrl).origin;
}
