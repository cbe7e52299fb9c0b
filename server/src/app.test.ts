import { describe, expect, it } from 'vitest';
import { createTestContext } from './test/harness';

const ctx = await createTestContext({ config: { BODY_LIMIT_BYTES: '2048' } });

describe('the HTTP core', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.json('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/no-such-thing' } });
  });

  it('gives every response a request id and security headers', async () => {
    const res = await ctx.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('stripe');
  });

  it('lets Stripe Elements load and call Stripe only when Stripe is configured', async () => {
    const withStripe = await createTestContext({
      config: { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp' },
    });
    const csp = (await withStripe.app.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await ctx.json('/api/contact', { method: 'POST', body: '{"firstName": ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const res = await ctx.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('rejects a body over the configured limit with 413', async () => {
    const res = await ctx.json('/api/contact', { method: 'POST', body: { message: 'x'.repeat(4096) } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('reports readiness from the database', async () => {
    expect((await ctx.json('/api/ready')).body).toMatchObject({ status: 'ok' });
  });
});
