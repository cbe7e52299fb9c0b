import { AdminLoginInput, AdminSession, AuthOk } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { endSessions, startSession, throttle } from '../auth/auth-session';
import { getUser, requireAdmin } from '../auth/guards';
import { verifyPassword } from '../auth/password';
import { auditLog } from '../db/schema';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';

/** Verified when no admin password is configured, so the answer takes the same time. */
const UNUSABLE_HASH = 'scrypt$32768$8$1$s5heFJ4qT3xLqXmlTQzfHw==$BLnOu3GpQWacM0SWQ4b3RjP4q5Ja1NdM27ZIAYEC/SE=';

export const adminAuthRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    describe({
      summary: 'Administrator sign-in with the shared admin password',
      tags: ['admin'],
      access: 'public',
      responses: {
        200: { description: 'Signed in; the admin session cookie is set', schema: AuthOk },
        400: { description: 'No password given' },
        401: { description: 'Invalid password' },
        429: { description: 'Too many attempts from this address (Retry-After)' },
      },
    }),
    valid('json', AdminLoginInput),
    async (c) => {
      await throttle(c, 'admin-login');
      const { config, database, clock } = c.var.deps;
      const { password } = c.req.valid('json');
      const hash = config.adminPasswordHash;
      const matches = await verifyPassword(hash ?? UNUSABLE_HASH, password);
      if (!hash || !matches) throw new AppError(401, 'invalid_password', 'Invalid password. Please try again.');
      await startSession(c, 'admin', null);
      await database.write((tx) =>
        tx.insert(auditLog).values({
          actorUserId: getUser(c)?.id ?? null,
          actorRole: 'admin',
          action: 'admin.login',
          entityType: 'session',
          entityId: 'admin',
          requestId: c.var.requestId,
          createdAt: clock.now(),
        }),
      );
      return c.json({ ok: true as const });
    },
  )
  .post(
    '/logout',
    describe({
      summary: 'End the shared-password admin session',
      tags: ['admin'],
      access: 'public',
      responses: { 200: { description: 'Signed out of the admin area', schema: AuthOk } },
    }),
    async (c) => {
      await endSessions(c, ['admin']);
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/session',
    describe({
      summary: 'Whether the caller is an administrator (the admin dashboard checks this first)',
      tags: ['admin'],
      access: 'admin',
      responses: {
        200: { description: 'An administrator', schema: AdminSession },
        401: { description: 'Nobody signed in' },
        403: { description: 'Signed in, but not an administrator' },
      },
    }),
    (c) => {
      requireAdmin(c);
      return c.json({ admin: true as const, via: c.var.auth.adminSession ? ('password' as const) : ('user' as const) });
    },
  );
