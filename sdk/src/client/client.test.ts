import { describe, expect, it } from 'vitest';
import { ApiError, createClient, toQueryString } from './index';

function recordingFetch(status: number, body: string, statusText = '') {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(body || null, { status, statusText, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('createClient', () => {
  it('sends credentials, omits empty filters and parses JSON', async () => {
    const { calls, fetch } = recordingFetch(200, '{"items":[],"total":0,"page":1,"pageSize":12}');
    const client = createClient({ baseUrl: 'https://spotless.example/', fetch });
    const page = await client.cleaners.list({ location: 'Austin', serviceType: undefined, sortBy: 'rating' });
    expect(page.total).toBe(0);
    expect(calls[0]?.url).toBe('https://spotless.example/api/cleaners?location=Austin&sortBy=rating');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('sends bodies as JSON with a JSON content type', async () => {
    const { calls, fetch } = recordingFetch(201, '{"id":1,"receivedAt":"2026-01-01T00:00:00.000Z"}');
    await createClient({ fetch }).contact.send({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      subject: 's',
      message: 'hello there',
    });
    expect(calls[0]?.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ firstName: 'A' });
  });

  it('turns a non-OK answer into "status: text" with the parsed error fields', async () => {
    const body = '{"error":{"code":"unauthorized","message":"Unauthorized","fields":{"x":"bad"}}}';
    const { fetch } = recordingFetch(401, body);
    const error = await createClient({ fetch })
      .cleaners.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${body}`);
    expect((error as ApiError).message.startsWith('401:')).toBe(true);
    expect((error as ApiError).code).toBe('unauthorized');
    expect((error as ApiError).fields).toEqual({ x: 'bad' });
  });

  it('falls back to the status text when the body is empty', async () => {
    const { fetch } = recordingFetch(503, '', 'Service Unavailable');
    await expect(createClient({ fetch }).services.list()).rejects.toThrow('503: Service Unavailable');
  });

  it('builds query strings from non-empty values only', () => {
    expect(toQueryString({ a: 'x y', b: '', c: undefined, d: 0, e: false })).toBe('?a=x+y&d=0&e=false');
    expect(toQueryString({})).toBe('');
  });
});
