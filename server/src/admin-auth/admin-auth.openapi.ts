import { AdminLoginInput, AdminSession, AuthOk } from '@spotless/sdk/schemas';
import { defineOperations } from '../contract/operations';

/** The admin-auth operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const adminAuthApi = defineOperations({
  adminLogin: {
    method: 'post',
    path: '/admin/login',
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
    request: { json: AdminLoginInput },
  },
  adminLogout: {
    method: 'post',
    path: '/admin/logout',
    security: 'public',
    summary: 'End the admin session',
    description:
      'Ends the admin session behind the admin cookie, on the server, and clears the cookie. Signing out twice, or without a session, answers the same.',
    tags: ['admin'],
    access: 'public',
    responses: { 200: { description: 'Signed out of the admin area', schema: AuthOk } },
  },
  getAdminSession: {
    method: 'get',
    path: '/admin/session',
    security: 'admin',
    summary: 'Whether the caller has an admin session, and whose it is',
    description:
      'Answers the administrator behind the admin cookie, so the admin area can tell whether to show its sign-in page. A user session alone is not an admin session (403).',
    tags: ['admin'],
    access: 'admin',
    responses: {
      200: { description: 'An administrator', schema: AdminSession },
      403: { description: 'Signed in, but no admin session' },
    },
  },
});
