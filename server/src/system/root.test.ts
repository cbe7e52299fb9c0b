import { describe, expect, it } from 'vitest';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';

const ctx = await createTestContext();
await seedWorld(ctx);

describe('GET /api, the root document', () => {
  it('offers a signed-out caller search (a URI template with every parameter), services and sign-in', async () => {
    const root = (await ctx.json<Json>('/api')).body;
    expect(root.signedIn).toBe(false);
    expect(root.links.cleaners).toMatchObject({ templated: true, operation: 'searchCleaners' });
    expect(root.links.cleaners.href).toMatch(
      /^\/api\/cleaners\{\?(?=.*\blocation\b)(?=.*\bminRating\b)(?=.*\bpage\b).*\}$/,
    );
    expect(root.links.cleaner.href).toBe('/api/cleaners/{id}');
    expect(root.links.bookings).toBeUndefined();
    expect(Object.keys(root.actions).sort()).toEqual(['login', 'register']);
    expect(root.actions.login).toMatchObject({ method: 'POST', href: '/api/auth/login' });
    expect(root.actions.login.fields.map((f: Json) => f.name)).toEqual(['email', 'password']);
  });

  it('gives a signed-in customer their own entry points, each of which answers', async () => {
    const headers = await sessionFor(ctx, await createCustomer(ctx, 'Root'));
    const root = (await ctx.json<Json>('/api', { headers })).body;
    expect(root.signedIn).toBe(true);
    // A customer without an application may apply to be a cleaner (applications.service mayApply).
    expect(Object.keys(root.actions)).toEqual(['logout', 'apply']);
    expect(root.actions.apply).toMatchObject({ method: 'POST', href: '/api/applications' });
    for (const [rel, link] of Object.entries<Json>(root.links)) {
      if (link.templated || rel === 'page') continue;
      expect((await ctx.app.request(link.href, { headers })).status, rel).toBe(200);
    }
    const expanded = root.links.cleaners.href.replace(/\{\?[^}]*\}/, '?location=Austin');
    expect((await ctx.json<Json>(expanded)).status).toBe(200);
  });
});
