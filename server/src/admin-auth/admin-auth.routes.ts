import type { AdminSession } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { adminSessionOf, authorizeAdminSession, recordAdminSignIn } from '../auth/admin-sessions.service';
import { endSessions, startSession } from '../auth/sessions';
import { actionTo, linkTo, pageLink } from '../contract/hypermedia';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { throttle } from '../rate-limits/rate-limit';
import { adminAuthApi as api } from './admin-auth.openapi';

export const adminAuthRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.adminLogin), async (c) => {
    await throttle(c, 'adminLogin');
    await throttle(c, 'adminLoginGlobal', 'global');
    const { userId } = await authorizeAdminSession(c.get('deps'), c.get('actor'), inputOf(c, api.adminLogin).json);
    await startSession(c, 'admin', userId);
    await recordAdminSignIn(c.get('deps'), c.get('actor'), { userId, requestId: c.get('requestId') });
    return c.json({ ok: true as const });
  })
  .post(...endpoint(api.adminLogout), async (c) => {
    await endSessions(c, ['admin']);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.getAdminSession), (c) => {
    const admin = adminSessionOf(c.get('actor'));
    const ops = c.get('operations');
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
  });
