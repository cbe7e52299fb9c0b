/**
 * The widgets' transport (decision 050): every call carries the partner's publishable key, the host
 * page's UTM and, for a guest's booking, its token — and never a cookie (`credentials: 'omit'`),
 * so nothing depends on third-party cookies. Errors keep the server's message and its fields.
 */

export interface WidgetContext {
  /** The API's origin, e.g. `https://spotless.example`. */
  base: string;
  key: string;
  /** `utm_source=…&utm_campaign=…` of the host page, if it has any. */
  utm?: string;
  fetch?: typeof fetch;
}

export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the widgets read JSON answers by their documented fields
export type Json = Record<string, any>;

export async function call(
  ctx: WidgetContext,
  path: string,
  init: { method?: string; body?: unknown; token?: string; signal?: AbortSignal } = {},
): Promise<Json> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-spotless-key': ctx.key };
  if (ctx.utm) headers['x-spotless-utm'] = ctx.utm;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await (ctx.fetch ?? fetch)(new URL(path, ctx.base).href, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new WidgetApiError(0, 'We could not reach Spotless. Check your connection and try again.');
  }
  const text = await res.text();
  let json: Json | null = null;
  try {
    json = text ? (JSON.parse(text) as Json) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const error = json?.error as Json | undefined;
    const message = typeof error?.message === 'string' ? error.message : `Something went wrong (${res.status}).`;
    throw new WidgetApiError(res.status, message, (error?.fields as Record<string, string>) ?? {}, json);
  }
  return json ?? {};
}

/** The `utm_*` parameters of a page address, as the `X-Spotless-Utm` header sends them. */
export function utmOf(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) {
    const value = params.get(name);
    if (value) kept.set(name, value.slice(0, 100));
  }
  const text = kept.toString();
  return text === '' ? undefined : text;
}
