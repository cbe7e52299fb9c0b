import { ADMIN_PASSWORD, PASSWORD } from '../access-fixtures';
import { all, publicGet, type Row, usersOnly } from './row';

/** Signing in and out, the signed-in user's own account and favourites: rows of the access matrix. */
export const ACCOUNT_ROWS: Record<string, Row> = {
  // ── Signing in and out ──
  startLogin: { request: () => ({ path: '/api/login' }), expect: all(302) },
  logoutAndGoHome: { request: () => ({ path: '/api/logout' }), expect: all(302) },
  register: {
    request: (_f, caller) => ({
      path: '/api/auth/register',
      body: { email: `signup-${caller}@example.com`, password: PASSWORD, firstName: 'M', lastName: 'X' },
    }),
    expect: all(201),
  },
  login: {
    request: (f) => ({ path: '/api/auth/login', body: { email: f.people.customerA.email, password: PASSWORD } }),
    expect: all(200),
    // Whoever sends A's password is signed in as A, and answered A's account.
    reveals: ['customerA'],
  },
  // Signing out ends the sessions of the request's own cookies, in the route (an HTTP concern,
  // decision 043): the assistant holds none, so there is nothing of anyone's to end.
  logout: { request: () => ({ path: '/api/auth/logout' }), expect: all(200), assistant: 200 },
  startOAuth: { request: () => ({ path: '/api/auth/oauth/google' }), expect: all(302) },
  oauthCallback: {
    // Without the state cookie set by the start of the flow, nobody gets through.
    request: () => ({ path: '/api/auth/oauth/google/callback?code=abc&state=forged' }),
    expect: all(400),
  },
  adminLogin: { request: () => ({ path: '/api/admin/login', body: { password: ADMIN_PASSWORD } }), expect: all(200) },
  adminLogout: { request: () => ({ path: '/api/admin/logout' }), expect: all(200), assistant: 200 },

  // ── The signed-in user's own account ──
  getSession: publicGet(() => '/api/auth/session'),
  getCurrentUser: { request: () => ({ path: '/api/auth/user' }), expect: usersOnly(200) },
  updateProfile: {
    request: () => ({ path: '/api/auth/profile', body: { firstName: 'Renamed' } }),
    expect: usersOnly(200),
  },
  getAccountActivity: { request: () => ({ path: '/api/auth/activity' }), expect: usersOnly(200) },
  changePassword: {
    // The same password again: a real change without disturbing the other rows' sign-ins.
    request: () => ({ path: '/api/auth/password', body: { currentPassword: PASSWORD, newPassword: PASSWORD } }),
    expect: usersOnly(200),
  },
  resendVerification: { request: () => ({ path: '/api/auth/verify-email/resend' }), expect: usersOnly(202) },
  requestPasswordReset: {
    request: (_f, caller) => ({ path: '/api/auth/password-reset', body: { email: `nobody-${caller}@example.com` } }),
    expect: all(202),
  },
  confirmPasswordReset: {
    // A forged link proves nothing, whoever sends it.
    request: () => ({ path: '/api/auth/password-reset/confirm', body: { token: 'forged', password: 'whatever-long' } }),
    expect: all(400),
  },
  verifyEmail: { request: () => ({ path: '/api/auth/verify-email', body: { token: 'forged' } }), expect: all(400) },
  // Two-step verification is for named administrators (users with the admin role) only.
  setupTotp: {
    request: () => ({ path: '/api/auth/totp/setup', body: { currentPassword: PASSWORD } }),
    expect: usersOnly(403),
  },
  enableTotp: { request: () => ({ path: '/api/auth/totp/enable', body: { code: '123456' } }), expect: usersOnly(403) },
  disableTotp: {
    request: () => ({ path: '/api/auth/totp/disable', body: { currentPassword: PASSWORD, code: '123456' } }),
    expect: usersOnly(403),
  },
  updateOnboarding: {
    request: () => ({ path: '/api/onboarding/update', body: { step: 1, completed: false } }),
    expect: usersOnly(200),
  },

  // ── Favourites: each user's own list ──
  listFavourites: { request: () => ({ path: '/api/favourites' }), expect: usersOnly(200) },
  addFavourite: { request: (f) => ({ path: `/api/favourites/${f.cleanerId}` }), expect: usersOnly(200) },
  getFavourite: { request: (f) => ({ path: `/api/favourites/${f.cleanerId}` }), expect: usersOnly(200) },
  removeFavourite: { request: (f) => ({ path: `/api/favourites/${f.cleanerId}` }), expect: usersOnly(200) },
};
