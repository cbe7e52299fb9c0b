import { describe, expect, it } from 'vitest';
import { createClient } from './index';

function recorder() {
  const calls: Array<{ credentials?: string; headers: Headers }> = [];
  const fetch = async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ credentials: init.credentials, headers: new Headers(init.headers) });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('the client’s partner options', () => {
  it('sends a publishable key without cookies, and a bearer token; a session’s cookies otherwise', async () => {
    const { calls, fetch } = recorder();
    await createClient({ fetch, publishableKey: 'pk_x', token: 't1' }).services.list();
    await createClient({ fetch }).services.list();
    await createClient({ fetch, publishableKey: 'pk_x', credentials: 'include' }).services.list();
    expect(calls.map((c) => [c.credentials, c.headers.get('x-spotless-key'), c.headers.get('authorization')])).toEqual([
      ['omit', 'pk_x', 'Bearer t1'],
      ['include', null, null],
      ['include', 'pk_x', null],
    ]);
  });
});
