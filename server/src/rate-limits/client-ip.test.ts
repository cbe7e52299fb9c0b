import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext({ config: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '2' } });

const attempt = (forwardedFor: string, socket = '10.9.9.9') =>
  ctx.app.request(
    '/api/admin/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ password: 'wrong' }),
    },
    { incoming: { socket: { remoteAddress: socket } } },
  );

describe('client address with TRUST_PROXY=true', () => {
  it('counts by the last X-Forwarded-For entry (the one our proxy appended), not the socket', async () => {
    expect((await attempt('1.1.1.1, 203.0.113.1')).status).toBe(401);
    // A client-chosen first entry does not buy a new bucket.
    expect((await attempt('6.6.6.6, 203.0.113.1')).status).toBe(401);
    expect((await attempt('7.7.7.7, 203.0.113.1')).status).toBe(429);
    // Another real client behind the same proxy socket has its own bucket.
    expect((await attempt('203.0.113.2')).status).toBe(401);
  });
});
