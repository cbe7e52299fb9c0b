/** A JSON answer as the target checks read it. */
// biome-ignore lint/suspicious/noExplicitAny: the checks read arbitrary JSON answers
export type Json = Record<string, any>;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

export interface CallInit {
  method?: string;
  /** JSON (sent as application/json) or a multipart form. */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
  /** The user session cookie the answer set, if any. */
  session?: string;
  /** The administrator session cookie the answer set, if any. */
  adminSession?: string;
}

/**
 * The one request helper of the target suite: a same-origin browser-like call (the target's own
 * Origin, so the CSRF check passes) that reads the answer as JSON and the session cookies it set.
 */
export async function call(baseUrl: string, path: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin: baseUrl, ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  let body: FormData | string | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const send = () => fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  let res: Response;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive socket the server closed while idle (a slow step before this call) fails
    // before the request is sent: send it once more on a new connection. A reset connection is
    // retried only where a second copy does no harm: reads, and this suite's PUT, PATCH and DELETE
    // calls, which set a value rather than add one. Never a POST, which could book twice.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const idempotent = IDEMPOTENT.has(init.method ?? 'GET');
    if (code !== 'UND_ERR_SOCKET' && !(idempotent && code === 'ECONNRESET')) throw error;
    res = await send();
  }
  const cookies = res.headers.getSetCookie();
  const cookie = (name: string) => cookies.map((c) => new RegExp(`^${name}=([^;]+)`).exec(c)?.[1]).find(Boolean);
  const text = await res.text();
  let json: Json | undefined;
  try {
    json = text ? (JSON.parse(text) as Json) : undefined;
  } catch {
    json = { text };
  }
  return {
    status: res.status,
    body: json as Json,
    headers: res.headers,
    session: cookie('spotless_session'),
    adminSession: cookie('spotless_admin_session'),
  };
}
