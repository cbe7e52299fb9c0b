import {
  AccountActivity,
  AuthOk,
  AuthProviders,
  AuthUser,
  EmailVerificationInput,
  EmailVerified,
  LoginInput,
  OnboardingUpdateInput,
  PasswordChangeInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  ProfileUpdateInput,
  RegisterInput,
  SessionState,
  TotpCodeInput,
  TotpDisableInput,
  TotpSetup,
  TotpSetupInput,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

export const ReturnUrlQuery = z.object({ returnUrl: z.string().max(4000).optional() });

export const ProviderParam = z.object({ provider: z.enum(['google', 'github']) });

export const CallbackQuery = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});

/** The auth operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const authApi = defineOperations({
  startLogin: {
    method: 'get',
    path: '/login',
    security: 'public',
    summary: 'Start signing in: redirects to the hosted sign-in page',
    description:
      'Only a same-origin path (one leading "/") is kept as `returnUrl`; anything else is ignored. A signed-in user goes straight to `returnUrl`, or without one to where a sign-in lands: `/cleaner-dashboard` for an approved cleaner, `/` for anyone else.',
    tags: ['auth'],
    access: 'public',
    responses: { 302: { description: 'To /login?returnUrl=…' } },
    request: { query: ReturnUrlQuery },
  },
  logoutAndGoHome: {
    method: 'get',
    path: '/logout',
    security: 'public',
    summary: 'Sign out (user and admin sessions) and go home',
    description:
      'Only for a navigation from this site (or one the visitor typed): another site’s link or image cannot sign a visitor out — it lands on the hosted `/logout` page, which asks first. Clients that can send a POST use `POST /api/auth/logout`.',
    tags: ['auth'],
    access: 'public',
    responses: { 302: { description: 'To / (signed out), or to /logout to confirm' } },
  },
  getAuthProviders: {
    method: 'get',
    path: '/auth/providers',
    security: 'public',
    summary: 'Which sign-in methods are available (the sign-in page shows a button for each)',
    description:
      "Which ways of signing in this server offers — the password, Google, GitHub — each `true` when offered, with a link that starts each provider's sign-in. The sign-in page shows one button for each.",
    tags: ['auth'],
    access: 'public',
    responses: { 200: { description: 'Available methods', schema: AuthProviders } },
  },
  register: {
    method: 'post',
    path: '/auth/register',
    security: 'public',
    summary: 'Create an account with e-mail and password, and sign in',
    description: 'A link to confirm the address is sent through the outbox; until then `emailVerified` is false.',
    tags: ['auth'],
    access: 'public',
    responses: {
      201: { description: 'Signed in; the session cookie is set', schema: AuthUser },
      409: { description: 'An account with this e-mail already exists' },
      429: { description: 'Too many attempts from this address (Retry-After)' },
    },
    request: { json: RegisterInput },
  },
  login: {
    method: 'post',
    path: '/auth/login',
    security: 'public',
    summary: 'Sign in with e-mail and password',
    description:
      'An unknown e-mail and a wrong password get the same answer in the same time. Attempts are limited per address, and failed ones per account.',
    tags: ['auth'],
    access: 'public',
    responses: {
      200: { description: 'Signed in; a new session cookie is set', schema: AuthUser },
      401: { description: 'Invalid email or password' },
      429: { description: 'Too many attempts from this address or for this account (Retry-After)' },
    },
    request: { json: LoginInput },
  },
  logout: {
    method: 'post',
    path: '/auth/logout',
    security: 'public',
    summary: 'Sign out: the session is deleted server-side and the cookie cleared',
    description:
      'Deletes the session on the server and clears its cookie. It answers the same whether or not a session was open; a cross-site request is refused, as every sign-in and sign-out is.',
    tags: ['auth'],
    access: 'public',
    responses: { 200: { description: 'Signed out', schema: AuthOk } },
  },
  getSession: {
    method: 'get',
    path: '/auth/session',
    security: 'public',
    summary: 'Who is signed in (200 when signed out too)',
    description:
      'For a page deciding what to show: the signed-in user (or null) and whether the caller also has an administrator session. Unlike `GET /api/auth/user`, signed out is not an error.',
    tags: ['auth'],
    access: 'anyone',
    responses: { 200: { description: 'The session state', schema: SessionState } },
  },
  getCurrentUser: {
    method: 'get',
    path: '/auth/user',
    security: 'user',
    summary: 'The signed-in user',
    description:
      'The signed-in person: their name, e-mail address, phone, roles (customer, cleaner, administrator), their cleaner profile\'s id when they have an active one, and where they are in the welcome tour. Signed out, it answers 401, which clients read as "show the sign-in button".',
    tags: ['auth'],
    access: 'user',
    responses: {
      200: { description: 'The user with roles', schema: AuthUser },
    },
  },
  updateProfile: {
    method: 'patch',
    path: '/auth/profile',
    security: 'user',
    summary: 'Edit the signed-in user’s personal information',
    description:
      'A new `email` needs `currentPassword` (an account without a password: a sign-in from the last 15 minutes); it is unverified until the link sent to it is opened, the old address is told, and every other session ends. E-mail changes are limited per account.',
    tags: ['auth'],
    access: 'user',
    responses: {
      200: { description: 'The updated user', schema: AuthUser },
      400: { description: 'A field is invalid, or the current password is missing or wrong' },
      403: { description: 'No password on the account and the sign-in is not recent' },
      409: { description: 'The e-mail belongs to another account' },
      429: { description: 'Too many e-mail changes (Retry-After)' },
    },
    request: { json: ProfileUpdateInput },
  },
  changePassword: {
    method: 'post',
    path: '/auth/password',
    security: 'user',
    summary: 'Change the password',
    description:
      'Needs `currentPassword` when the account has one (without one: a sign-in from the last 15 minutes). Every session ends; this browser gets a new one.',
    tags: ['auth'],
    access: 'user',
    responses: {
      200: { description: 'Changed; a new session cookie is set', schema: AuthUser },
      400: { description: 'The new password is too short, or the current one is missing or wrong' },
      403: { description: 'No password on the account and the sign-in is not recent' },
      429: { description: 'Too many attempts (Retry-After)' },
    },
    request: { json: PasswordChangeInput },
  },
  requestPasswordReset: {
    method: 'post',
    path: '/auth/password-reset',
    security: 'public',
    summary: 'Ask for a password reset link',
    description:
      'Always 202, whether or not an account has this address; when one does, a link good for one hour is sent through the outbox.',
    tags: ['auth'],
    access: 'public',
    responses: {
      202: { description: 'If an account has this address, a link is on its way', schema: AuthOk },
      400: { description: 'Not an e-mail address' },
      429: { description: 'Too many requests from this address or for this account (Retry-After)' },
    },
    request: { json: PasswordResetRequestInput },
  },
  confirmPasswordReset: {
    method: 'post',
    path: '/auth/password-reset/confirm',
    security: 'public',
    summary: 'Set a new password from a reset link, and sign in',
    description:
      'The link proves the address, so it becomes verified. Every other session ends. A link works once, for one hour.',
    tags: ['auth'],
    access: 'holder of the link',
    responses: {
      200: { description: 'Signed in with the new password', schema: AuthUser },
      400: { description: 'The link is expired or used, or the password is too short' },
      429: { description: 'Too many attempts (Retry-After)' },
    },
    request: { json: PasswordResetInput },
  },
  verifyEmail: {
    method: 'post',
    path: '/auth/verify-email',
    security: 'public',
    summary: 'Confirm an e-mail address from the link sent to it',
    description:
      "Confirms the e-mail address a verification link was sent to. The link's token is good once, for a limited time, and only while the account still has that address.",
    tags: ['auth'],
    access: 'holder of the link',
    responses: {
      200: { description: 'Verified', schema: EmailVerified },
      400: { description: 'The link is expired, used, or for an address the account no longer has' },
    },
    request: { json: EmailVerificationInput },
  },
  resendVerification: {
    method: 'post',
    path: '/auth/verify-email/resend',
    security: 'user',
    summary: 'Send the signed-in user a new verification link',
    description:
      'Sends the signed-in person a new link to confirm their e-mail address, through the outbox. Asking too often is refused with 429 and `Retry-After`.',
    tags: ['auth'],
    access: 'user',
    responses: {
      202: { description: 'Sent through the outbox', schema: AuthOk },
      409: { description: 'Already verified' },
      429: { description: 'Too many requests (Retry-After)' },
    },
  },
  setupTotp: {
    method: 'post',
    path: '/auth/totp/setup',
    security: 'user',
    summary: 'Administrators: start two-step verification with an authenticator app',
    description: 'Answers a new secret; it is switched on by `POST /api/auth/totp/enable` with a code from the app.',
    tags: ['auth'],
    access: 'named administrator',
    responses: {
      403: { description: 'Not an administrator’s account' },
      200: { description: 'The secret and its otpauth:// URI', schema: TotpSetup },
      400: { description: 'Current password missing or wrong' },
      409: { description: 'Already on' },
    },
    request: { json: TotpSetupInput },
  },
  enableTotp: {
    method: 'post',
    path: '/auth/totp/enable',
    security: 'user',
    summary: 'Administrators: switch two-step verification on with a code from the app',
    description:
      'A named administrator finishes setting up two-step verification with the first code from their authenticator app. From then on, admin sign-in asks for a code as well as the password.',
    tags: ['auth'],
    access: 'named administrator',
    responses: {
      403: { description: 'Not an administrator’s account' },
      200: { description: 'On: admin sign-in now asks for a code', schema: AuthUser },
      400: { description: 'The code is wrong' },
      409: { description: 'Already on, or setup not started' },
    },
    request: { json: TotpCodeInput },
  },
  disableTotp: {
    method: 'post',
    path: '/auth/totp/disable',
    security: 'user',
    summary: 'Administrators: switch two-step verification off',
    description:
      'A named administrator turns two-step verification off for their own account, with their password and a current code from their authenticator app. Admin sign-in then asks for the password only.',
    tags: ['auth'],
    access: 'named administrator',
    responses: {
      403: { description: 'Not an administrator’s account' },
      200: { description: 'Off', schema: AuthUser },
      400: { description: 'Password or code missing or wrong' },
      409: { description: 'Not on' },
    },
    request: { json: TotpDisableInput },
  },
  getAccountActivity: {
    method: 'get',
    path: '/auth/activity',
    security: 'user',
    summary: 'The signed-in user’s account activity: booking counts, average rating given, recent bookings',
    description:
      "Figures about the signed-in person's own account: how many bookings they have made in each state, the average rating they have given, and their most recent bookings. Computed from their bookings and reviews at the time of the call.",
    tags: ['auth'],
    access: 'user',
    responses: {
      200: { description: 'Computed from the user’s own bookings and reviews', schema: AccountActivity },
    },
  },
  startOAuth: {
    method: 'get',
    path: '/auth/oauth/:provider',
    security: 'public',
    summary: 'Start signing in with Google or GitHub',
    description:
      'Sends the browser to Google or GitHub to sign in, with a state value and a PKCE challenge kept for the way back. The provider returns to the callback, which signs the person in (or makes their account) and goes on to `returnUrl` when that is a page of this site.',
    tags: ['auth'],
    access: 'public',
    responses: {
      302: { description: 'To the provider, with state and a PKCE challenge' },
      404: { description: 'The provider is not configured' },
    },
    request: { param: ProviderParam, query: ReturnUrlQuery },
  },
  oauthCallback: {
    method: 'get',
    path: '/auth/oauth/:provider/callback',
    security: 'public',
    summary: 'Provider callback: links by provider id, else by verified e-mail, else creates the account',
    description:
      'An existing account whose own address was never verified loses its password and sessions before the provider identity is linked (the provider proved the address; whoever set the password did not).',
    tags: ['auth'],
    access: 'public',
    responses: {
      302: {
        description:
          'Signed in; to the return URL, else /cleaner-dashboard for an approved cleaner and / for anyone else',
      },
      400: { description: 'Missing or mismatched state, or the provider refused the code' },
      404: { description: 'The provider is not configured' },
    },
    request: { param: ProviderParam, query: CallbackQuery },
  },
  updateOnboarding: {
    method: 'post',
    path: '/onboarding/update',
    security: 'user',
    summary: 'Save the onboarding wizard’s step, completion and preferences',
    description:
      'Preferences get the onboarding defaults (budget 50–200, notifications email on, sms off, push on). Without `preferences` the saved ones are kept.',
    tags: ['onboarding'],
    access: 'user',
    responses: {
      200: { description: 'The updated user', schema: AuthUser },
    },
    request: { json: OnboardingUpdateInput },
  },
});
