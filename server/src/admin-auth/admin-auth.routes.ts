import { AdminLoginInput, AdminSession, AuthOk } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { authorizeAdminSession, recordAdminSignIn } from '../auth/auth.service';
import { getUser, requireAdmin } from '../auth/guards';
import { throttle } from '../auth/rate-limit';
import { endSessions, startSession } from '../auth/sessions';
import type { AppEnv } from '../deps';
import { actionTo, linkTo, pageLink } from '../lib/hypermedia';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';

export const adminAuthRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    describe({
      operationId: 'adminLogin',
      security: 'public',
      summary: 'Open an admin session (the admin login page)',
      description:
        'A signed-in named administrator enters their own password (and, when their two-step verification is on, `code`): every admin action of the session is recorded against them. Outside production the shared admin password alone also opens one. Attempts are limited per address and, for the admin password, across all addresses.',
      tags: ['admin'],
      access: 'public',
      responses: {
        200: { description: 'Signed in; the admin session cookie is set', schema: AuthOk },
        400: { description: 'No password given' },
        401: { description: 'Invalid password, or the authenticator code is missing (`totp_required`) or wrong' },
        403: { description: 'Production: sign in as a named administrator first (`named_admin_required`)' },
        429: { description: 'Too many attempts (Retry-After)' },
      },
    }),
    valid('json', AdminLoginInput),
    async (c) => {
      await throttle(c, 'adminLogin');
      await throttle(c, 'adminLoginGlobal', 'global');
      const { userId } = await authorizeAdminSession(c.var.deps, getUser(c), c.req.valid('json'));
      await startSession(c, 'admin', userId);
      await recordAdminSignIn(c.var.deps, userId, c.var.requestId);
      return c.json({ ok: true as const });
    },
  )
  .post(
    '/logout',
    describe({
      operationId: 'adminLogout',
      security: 'public',
      summary: 'End the admin session',
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
      operationId: 'getAdminSession',
      security: 'admin',
      summary: 'Whether the caller has an admin session, and whose it is',
      tags: ['admin'],
      access: 'admin',
      responses: {
        200: { description: 'An administrator', schema: AdminSession },
        401: { description: 'Nobody signed in' },
        403: { description: 'Signed in, but no admin session' },
      },
    }),
    (c) => {
      const admin = requireAdmin(c);
      const ops = c.var.operations;
      const session: AdminSession = {
        admin: true,
        via: admin.userId === null ? 'password' : 'user',
        userId: admin.userId,
        links: {
          self: linkTo(ops, 'getAdminSession'),
          payments: linkTo(ops, 'listPayments', {}, { title: 'Payments' }),
          bookings: linkTo(ops, 'listBookings', {}, { title: 'Bookings' }),
          page: pageLink('/admin-dashboard', 'Administration'),
        },
        actions: {
          logout: actionTo(ops, 'logout', 'adminLogout', { title: 'Sign Out' }) as AdminSession['actions']['logout'],
        },
      };
      return c.json(session);
    },
  );
