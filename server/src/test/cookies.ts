/** Test helpers: read and send the cookies an answer sets. */
export function cookiesFrom(headers: Headers): Record<string, { value: string; attributes: string }> {
  const out: Record<string, { value: string; attributes: string }> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const index = pair.indexOf('=');
    out[pair.slice(0, index).trim()] = { value: pair.slice(index + 1), attributes: rest.join(';') };
  }
  return out;
}

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}
