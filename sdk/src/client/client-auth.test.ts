import { describe, expect, it } from 'vitest';
import { ApiError, createClient } from './index';

function recorder(status: number, body: unknown) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, client: createClient({ fetch: fetch as typeof globalThis.fetch }) };
}

describe('client.auth', () => {
  it('calls the account endpoints with the right method, path and body', async () => {
    const { calls, client } = recorder(200, {});
    await client.auth.user();
    await client.auth.login({ email: 'a@b.co', password: 'pw' });
    await client.auth.register({ email: 'a@b.co', password: 'password1', firstName: 'A', lastName: 'B' });
    await client.auth.logout();
    await client.auth.updateProfile({ firstName: 'C' });
    await client.auth.updateOnboarding({ step: 2, completed: false });
    await client.auth.activity();
    await client.auth.adminLogin({ password: 'secret' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/user',
      'POST /api/auth/login',
      'POST /api/auth/register',
      'POST /api/auth/logout',
      'PATCH /api/auth/profile',
      'POST /api/onboarding/update',
      'GET /api/auth/activity',
      'POST /api/admin/login',
    ]);
    expect(calls[5]?.body).toEqual({ step: 2, completed: false });
    expect(calls[7]?.body).toEqual({ password: 'secret' });
  });

  it('a signed-out user() rejects with a 401 the hosted app recognises', async () => {
    const { client } = recorder(401, { error: { code: 'unauthorized', message: 'Unauthorized: sign in to continue' } });
    const error = await client.auth.user().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message.startsWith('401:')).toBe(true);
    expect((error as ApiError).message).toContain('Unauthorized');
  });
});
