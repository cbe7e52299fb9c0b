import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from './auth/cookies';
import { hashPassword } from './auth/password';
import { createSession, generateSessionToken } from './auth/sessions';
import { startChat } from './chat/chat.service';
import {
  applicationDocuments,
  availability,
  bookings,
  cleanerApplications,
  cleaners,
  payments,
  reviews,
  timeOff,
  timeSlots,
  users,
} from './db/schema';
import { seedDemoData } from './seed/generate';
import { createTestContext } from './test/harness';
import { type ReviewFixture, reviewFixture } from './test/review-fixtures';
import { samplePdf } from './test/sample-files';

/**
 * The permission matrix: every /api route with what each kind of caller gets. A route added
 * without an entry here fails the first test, so nobody ships a route whose access was not decided.
 *
 * Callers: an anonymous visitor; customers A and B (B probes A's private resources: the answer is
 * 404, as for a missing one — decision 007); a cleaner with an active profile; an administrator
 * signed in with the shared admin password.
 */
type Caller = 'anonymous' | 'customerA' | 'customerB' | 'cleaner' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'customerA', 'customerB', 'cleaner', 'admin'];

interface Fixture {
  /** A public cleaner (not the fixture cleaner). */
  cleanerId: number;
  customerAEmail: string;
  /** The cleaner profile of the `cleaner` caller. */
  ownCleanerId: number;
  /** Customer A's pending booking with the `cleaner` caller, ten days ahead. */
  bookingId: number;
  /** A pending payment of that booking. */
  paymentId: number;
  /** One of the cleaner's stored time slots, not booked and not covering the booking. */
  slotId: number;
  /** Fresh rows per request, for routes that change or delete what they touch. */
  newBooking(): Promise<number>;
  newAvailability(): Promise<number>;
  newTimeOff(): Promise<number>;
  /** Customer A's open cleaner application, and one of its documents (with its bytes stored). */
  applicationId: number;
  documentId: number;
  /** A fresh pending application of a fresh user, and a fresh document of customer A's application. */
  newApplication(): Promise<number>;
  newDocument(): Promise<number>;
  /** Customer A's review of a completed job with the `cleaner` caller (reported by a third user), its photo. */
  reviews: ReviewFixture;
}

type Request = { path: string; body?: unknown };

interface Entry {
  /** The concrete request; `caller` lets bodies differ (a unique e-mail per sign-up). */
  request: (f: Fixture, caller: Caller) => Request | Promise<Request>;
  expect: Record<Caller, number>;
}

const PASSWORD = 'matrix-password';
const ADMIN_PASSWORD = 'matrix-admin-password';

const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  cleaner: status,
  admin: status,
});
/** Signed-in users (customer or cleaner) only; the shared-password admin is not a user. */
const usersOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  customerA: status,
  customerB: status,
  cleaner: status,
  admin: 401,
});
const adminsOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  cleaner: 403,
  admin: status,
});
/** Customer A's own resource: everyone else is told it does not exist. */
const onlyCustomerA = (status: number): Record<Caller, number> => ({
  anonymous: 404,
  customerA: status,
  customerB: 404,
  cleaner: 404,
  admin: 404,
});
/** A fresh conversation customer A started signed in. */
async function chatOfCustomerA(f: Fixture): Promise<string> {
  const [a] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, f.customerAEmail));
  if (!a) throw new Error('customer A missing');
  return (await startChat(ctx.deps, { kind: 'customer', userId: a.id })).sessionId;
}
const publicGet = (path: (f: Fixture) => string): Entry => ({ request: (f) => ({ path: path(f) }), expect: all(200) });

const MATRIX: Record<string, Entry> = {
  // ── Public reads ──
  'GET /api': publicGet(() => '/api'),
  'GET /api/health': publicGet(() => '/api/health'),
  'GET /api/ready': publicGet(() => '/api/ready'),
  'GET /api/openapi.json': publicGet(() => '/api/openapi.json'),
  'GET /api/docs': publicGet(() => '/api/docs'),
  'GET /api/services': publicGet(() => '/api/services'),
  'GET /api/services/:id': publicGet(() => '/api/services/1'),
  'GET /api/cleaners': publicGet(() => '/api/cleaners'),
  'GET /api/cleaners/:id': publicGet((f) => `/api/cleaners/${f.cleanerId}`),
  'GET /api/reviews': publicGet((f) => `/api/reviews?cleanerId=${f.cleanerId}`),
  'GET /api/reviews/:cleanerId': publicGet((f) => `/api/reviews/${f.cleanerId}`),
  'GET /api/reviews/:cleanerId/summary': publicGet((f) => `/api/reviews/${f.cleanerId}/summary`),
  'GET /api/reviews/:cleanerId/:reviewId': {
    request: async () => {
      const [review] = await ctx.database.db
        .select({ id: reviews.id, cleanerId: reviews.cleanerId })
        .from(reviews)
        .where(eq(reviews.status, 'published'))
        .limit(1);
      return { path: `/api/reviews/${review?.cleanerId}/${review?.id}` };
    },
    expect: all(200),
  },
  'GET /api/reviews/summary': publicGet(() => '/api/reviews/summary'),
  'GET /api/reviews/:id/photos/:photoId': publicGet((f) => f.reviews.photoPath),
  'GET /api/auth/providers': publicGet(() => '/api/auth/providers'),

  // ── Public writes ──
  'POST /api/contact': {
    request: () => ({
      path: '/api/contact',
      body: {
        firstName: 'Pat',
        lastName: 'Lee',
        email: 'pat@example.com',
        subject: 'Hi',
        message: 'A question about booking.',
      },
    }),
    expect: all(201),
  },

  // ── The assistant chat: a person's conversation is theirs alone (404 to anyone else) ──
  'POST /api/chat/session': { request: () => ({ path: '/api/chat/session' }), expect: all(201) },
  'GET /api/chat/suggestions': publicGet(() => '/api/chat/suggestions'),
  'GET /api/chat/:sessionId': {
    request: async (f) => ({ path: `/api/chat/${await chatOfCustomerA(f)}` }),
    expect: onlyCustomerA(200),
  },
  'POST /api/chat/:sessionId/message': {
    request: async (f) => ({ path: `/api/chat/${await chatOfCustomerA(f)}/message`, body: { message: 'hello' } }),
    expect: onlyCustomerA(200),
  },
  'DELETE /api/chat/:sessionId': {
    request: async (f) => ({ path: `/api/chat/${await chatOfCustomerA(f)}` }),
    expect: onlyCustomerA(204),
  },
  'DELETE /api/chat/history': { request: () => ({ path: '/api/chat/history' }), expect: usersOnly(200) },

  // ── Signing in and out ──
  'GET /api/login': { request: () => ({ path: '/api/login' }), expect: all(302) },
  'GET /api/logout': { request: () => ({ path: '/api/logout' }), expect: all(302) },
  'POST /api/auth/register': {
    request: (_f, caller) => ({
      path: '/api/auth/register',
      body: { email: `signup-${caller}@example.com`, password: PASSWORD, firstName: 'M', lastName: 'X' },
    }),
    expect: all(201),
  },
  'POST /api/auth/login': {
    request: (f) => ({ path: '/api/auth/login', body: { email: f.customerAEmail, password: PASSWORD } }),
    expect: all(200),
  },
  'POST /api/auth/logout': { request: () => ({ path: '/api/auth/logout' }), expect: all(200) },
  'GET /api/auth/oauth/:provider': { request: () => ({ path: '/api/auth/oauth/google' }), expect: all(302) },
  'GET /api/auth/oauth/:provider/callback': {
    // Without the state cookie set by the start of the flow, nobody gets through.
    request: () => ({ path: '/api/auth/oauth/google/callback?code=abc&state=forged' }),
    expect: all(400),
  },
  'POST /api/admin/login': {
    request: () => ({ path: '/api/admin/login', body: { password: ADMIN_PASSWORD } }),
    expect: all(200),
  },
  'POST /api/admin/logout': { request: () => ({ path: '/api/admin/logout' }), expect: all(200) },

  // ── The signed-in user's own account ──
  'GET /api/auth/session': publicGet(() => '/api/auth/session'),
  'GET /api/auth/user': { request: () => ({ path: '/api/auth/user' }), expect: usersOnly(200) },
  'PATCH /api/auth/profile': {
    request: () => ({ path: '/api/auth/profile', body: { firstName: 'Renamed' } }),
    expect: usersOnly(200),
  },
  'GET /api/auth/activity': { request: () => ({ path: '/api/auth/activity' }), expect: usersOnly(200) },
  'POST /api/auth/password': {
    // The same password again: a real change without disturbing the other entries' sign-ins.
    request: () => ({ path: '/api/auth/password', body: { currentPassword: PASSWORD, newPassword: PASSWORD } }),
    expect: usersOnly(200),
  },
  'POST /api/auth/verify-email/resend': {
    request: () => ({ path: '/api/auth/verify-email/resend' }),
    expect: usersOnly(202),
  },
  'POST /api/auth/password-reset': {
    request: (_f, caller) => ({ path: '/api/auth/password-reset', body: { email: `nobody-${caller}@example.com` } }),
    expect: all(202),
  },
  'POST /api/auth/password-reset/confirm': {
    // A forged link proves nothing, whoever sends it.
    request: () => ({ path: '/api/auth/password-reset/confirm', body: { token: 'forged', password: 'whatever-long' } }),
    expect: all(400),
  },
  'POST /api/auth/verify-email': {
    request: () => ({ path: '/api/auth/verify-email', body: { token: 'forged' } }),
    expect: all(400),
  },
  // Two-step verification is for named administrators (users with the admin role) only.
  'POST /api/auth/totp/setup': {
    request: () => ({ path: '/api/auth/totp/setup', body: { currentPassword: PASSWORD } }),
    expect: usersOnly(403),
  },
  'POST /api/auth/totp/enable': {
    request: () => ({ path: '/api/auth/totp/enable', body: { code: '123456' } }),
    expect: usersOnly(403),
  },
  'POST /api/auth/totp/disable': {
    request: () => ({ path: '/api/auth/totp/disable', body: { currentPassword: PASSWORD, code: '123456' } }),
    expect: usersOnly(403),
  },
  'POST /api/onboarding/update': {
    request: () => ({ path: '/api/onboarding/update', body: { step: 1, completed: false } }),
    expect: usersOnly(200),
  },

  // ── Favourites: each user's own list ──
  'GET /api/favourites': { request: () => ({ path: '/api/favourites' }), expect: usersOnly(200) },
  'PUT /api/favourites/:cleanerId': {
    request: (f) => ({ path: `/api/favourites/${f.cleanerId}` }),
    expect: usersOnly(200),
  },
  'GET /api/favourites/:cleanerId': {
    request: (f) => ({ path: `/api/favourites/${f.cleanerId}` }),
    expect: usersOnly(200),
  },
  'DELETE /api/favourites/:cleanerId': {
    request: (f) => ({ path: `/api/favourites/${f.cleanerId}` }),
    expect: usersOnly(200),
  },

  // ── Bookings: the customer's own; the booking's cleaner acts on its status ──
  'POST /api/bookings': {
    // A well-formed booking with a cleaner that does not exist: past the sign-in check, then 404.
    request: () => ({
      path: '/api/bookings',
      body: {
        cleanerId: 999_999,
        serviceId: 1,
        address: '1 Main St',
        scheduledDate: '2026-07-01',
        scheduledTime: '10:00',
        duration: 120,
        totalPrice: '80.00',
      },
    }),
    expect: { ...usersOnly(404) },
  },
  'GET /api/bookings': { request: () => ({ path: '/api/bookings' }), expect: { ...usersOnly(200), admin: 200 } },
  'GET /api/bookings/stats': { request: () => ({ path: '/api/bookings/stats' }), expect: usersOnly(200) },
  'GET /api/bookings/:id': {
    request: (f) => ({ path: `/api/bookings/${f.bookingId}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 200, admin: 200 },
  },
  'PUT /api/bookings/:id': {
    request: (f) => ({ path: `/api/bookings/${f.bookingId}`, body: { specialRequests: 'Please bring a ladder' } }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 403, admin: 403 },
  },
  'DELETE /api/bookings/:id': {
    request: async (f) => ({ path: `/api/bookings/${await f.newBooking()}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 403, admin: 200 },
  },
  'PATCH /api/bookings/:id/status': {
    request: async (f) => ({ path: `/api/bookings/${await f.newBooking()}/status`, body: { status: 'confirmed' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 404, cleaner: 200, admin: 403 },
  },

  // ── A cleaner's own profile, hours, time off and slots ──
  'GET /api/cleaners/profile': {
    request: () => ({ path: '/api/cleaners/profile' }),
    expect: { anonymous: 401, customerA: 404, customerB: 404, cleaner: 200, admin: 401 },
  },
  'GET /api/cleaners/:id/availability': publicGet((f) => `/api/cleaners/${f.ownCleanerId}/availability`),
  'GET /api/availability/:id': {
    request: async () => {
      const [row] = await ctx.database.db.select({ id: availability.id }).from(availability).limit(1);
      return { path: `/api/availability/${row?.id}` };
    },
    expect: all(200),
  },
  'POST /api/cleaners/:id/availability': {
    // Overlaps the cleaner's Monday hours: the cleaner gets past the ownership check to the 409.
    request: (f) => ({
      path: `/api/cleaners/${f.ownCleanerId}/availability`,
      body: { dayOfWeek: 1, startTime: '10:00', endTime: '11:00' },
    }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 409, admin: 401 },
  },
  'PUT /api/availability/:id': {
    request: async (f) => ({
      path: `/api/availability/${await f.newAvailability()}`,
      body: { startTime: '06:00', endTime: '07:00' },
    }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 200, admin: 401 },
  },
  'DELETE /api/availability/:id': {
    request: async (f) => ({ path: `/api/availability/${await f.newAvailability()}` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 200, admin: 401 },
  },
  'GET /api/cleaners/:id/time-off': {
    request: (f) => ({ path: `/api/cleaners/${f.ownCleanerId}/time-off` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 200, admin: 200 },
  },
  'POST /api/cleaners/:id/time-off': {
    request: (f, caller) => {
      const day = 10 + CALLERS.indexOf(caller);
      return {
        path: `/api/cleaners/${f.ownCleanerId}/time-off`,
        body: { startDate: `2027-03-${day}`, endDate: `2027-03-${day}`, reason: 'Holiday' },
      };
    },
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 201, admin: 401 },
  },
  'GET /api/time-off/:id': {
    // Another person's time off answers like a missing one (decision 007).
    request: async (f) => ({ path: `/api/time-off/${await f.newTimeOff()}` }),
    expect: { anonymous: 401, customerA: 404, customerB: 404, cleaner: 200, admin: 200 },
  },
  'DELETE /api/time-off/:id': {
    request: async (f) => ({ path: `/api/time-off/${await f.newTimeOff()}` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 200, admin: 200 },
  },
  'GET /api/cleaners/:id/slots/:date': publicGet((f) => `/api/cleaners/${f.ownCleanerId}/slots/2026-06-22`),
  'POST /api/time-slots/:id/book': {
    // The slot does not cover the booking: the cleaner reaches the 409, everyone else stops before.
    request: (f) => ({ path: `/api/time-slots/${f.slotId}/book`, body: { bookingId: f.bookingId } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 409, admin: 401 },
  },
  'POST /api/time-slots/:id/release': {
    request: (f) => ({ path: `/api/time-slots/${f.slotId}/release` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 409, admin: 401 },
  },

  // ── Payments ──
  'POST /api/create-payment-intent': {
    request: (f) => ({ path: '/api/create-payment-intent', body: { bookingId: f.bookingId } }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 401 },
  },
  'POST /api/payments/local/confirm': {
    // Authorised by the client secret alone (the checkout may be a guest's); an unknown one is 404.
    request: () => ({
      path: '/api/payments/local/confirm',
      body: {
        clientSecret: 'pi_unknown_secret_x',
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    }),
    expect: all(404),
  },
  'GET /api/payments': { request: () => ({ path: '/api/payments' }), expect: { ...usersOnly(200), admin: 200 } },
  'GET /api/payments/:id': {
    request: (f) => ({ path: `/api/payments/${f.paymentId}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 200 },
  },
  'POST /api/payments/:id/refund': {
    // The payment is still pending: the administrator reaches the 409, everyone else stops before.
    request: (f) => ({ path: `/api/payments/${f.paymentId}/refund`, body: {} }),
    expect: { ...adminsOnly(409) },
  },
  'POST /api/webhooks/stripe': {
    // Authorised by Stripe's signature, not by a session: without Stripe configured nothing is applied.
    request: () => ({ path: '/api/webhooks/stripe', body: { id: 'evt_1', type: 'payment_intent.succeeded' } }),
    expect: all(400),
  },

  // ── Reviews: the booking's customer writes; others vote and report; the reviewed cleaner responds ──
  'POST /api/reviews': {
    request: async (f) => ({
      path: '/api/reviews',
      body: { bookingId: await f.reviews.newCompletedBooking(), rating: 5, comment: 'Careful and quick work.' },
    }),
    expect: { anonymous: 401, customerA: 201, customerB: 404, cleaner: 403, admin: 401 },
  },
  'POST /api/reviews/:id/vote': {
    request: (f) => ({ path: `/api/reviews/${f.reviews.reviewId}/vote`, body: { voteType: 'helpful' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 200, cleaner: 403, admin: 401 },
  },
  'POST /api/reviews/:id/response': {
    request: async (f) => ({
      path: `/api/reviews/${await f.reviews.newReview()}/response`,
      body: { response: 'Thanks!' },
    }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, cleaner: 201, admin: 401 },
  },
  'POST /api/reviews/:id/report': {
    request: async (f) => ({ path: `/api/reviews/${await f.reviews.newReview()}/report`, body: { reason: 'Spam' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 201, cleaner: 201, admin: 401 },
  },
  'POST /api/reviews/:id/photos': {
    // A JSON body: the author gets past the ownership check to the 415; nobody else's body is read.
    request: (f) => ({ path: `/api/reviews/${f.reviews.reviewId}/photos`, body: { photos: [] } }),
    expect: { anonymous: 401, customerA: 415, customerB: 403, cleaner: 403, admin: 401 },
  },
  'GET /api/cleaners/profile/overview': {
    request: () => ({ path: '/api/cleaners/profile/overview' }),
    expect: { anonymous: 401, customerA: 404, customerB: 404, cleaner: 200, admin: 401 },
  },

  // ── Guest checkout (a partner key; the e-mailed link) ──
  'POST /api/guest-bookings': {
    request: () => ({ path: '/api/guest-bookings', body: {} }),
    // Partner keys only: a person on this site books through POST /api/bookings.
    expect: { anonymous: 403, customerA: 403, customerB: 403, cleaner: 403, admin: 403 },
  },
  'GET /api/guest-link': {
    // A visitor's forged link goes to the sign-in page; anyone signed in is asked first (/guest-link).
    request: () => ({ path: '/api/guest-link?token=never-issued' }),
    expect: { anonymous: 303, customerA: 303, customerB: 303, cleaner: 303, admin: 303 },
  },
  'POST /api/guest-link': {
    // What the asking page sends: a forged link proves nothing, whoever sends it.
    request: () => ({ path: '/api/guest-link', body: { token: 'never-issued' } }),
    expect: all(400),
  },

  // ── Administrators ──
  'GET /api/admin/session': { request: () => ({ path: '/api/admin/session' }), expect: adminsOnly(200) },
  'GET /api/admin/partners': { request: () => ({ path: '/api/admin/partners' }), expect: adminsOnly(200) },
  'POST /api/admin/partners': {
    request: () => ({
      path: '/api/admin/partners',
      body: { name: 'Matrix Realty', allowedOrigins: ['https://matrix-realty.example'] },
    }),
    expect: adminsOnly(201),
  },
  'GET /api/admin/partners/:id': { request: () => ({ path: '/api/admin/partners/1' }), expect: adminsOnly(200) },
  'PATCH /api/admin/partners/:id': {
    request: () => ({ path: '/api/admin/partners/1', body: { commissionRateBps: 800 } }),
    expect: adminsOnly(200),
  },
  'GET /api/admin/review-reports': { request: () => ({ path: '/api/admin/review-reports' }), expect: adminsOnly(200) },
  'GET /api/admin/review-reports/:id': {
    request: (f) => ({ path: `/api/admin/review-reports/${f.reviews.reportId}` }),
    expect: adminsOnly(200),
  },
  'PATCH /api/admin/reviews/:id/status': {
    request: async (f) => ({
      path: `/api/admin/reviews/${await f.reviews.newReview()}/status`,
      body: { status: 'hidden', reason: 'Shares a phone number' },
    }),
    expect: adminsOnly(200),
  },

  // ── Cleaner applications and their documents: the applicant's own; administrators review ──
  'GET /api/applications': { request: () => ({ path: '/api/applications' }), expect: usersOnly(200) },
  'POST /api/applications': {
    // A already has an open application and the cleaner is one already: both 409; B applies.
    request: () => ({
      path: '/api/applications',
      body: {
        bio: 'Careful and quick.',
        experience: '1-3',
        hourlyRate: 30,
        serviceTypes: ['residential'],
        coverageAreas: ['Austin'],
      },
    }),
    expect: { anonymous: 401, customerA: 409, customerB: 201, cleaner: 409, admin: 401 },
  },
  'GET /api/applications/:id': {
    request: (f) => ({ path: `/api/applications/${f.applicationId}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 200 },
  },
  'GET /api/applications/:id/documents': {
    request: (f) => ({ path: `/api/applications/${f.applicationId}/documents` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 200 },
  },
  'POST /api/applications/:id/documents': {
    request: (f) => ({
      path: `/api/applications/${f.applicationId}/documents`,
      body: {
        documentType: 'id',
        fileName: 'id.pdf',
        fileUrl: `data:application/pdf;base64,${Buffer.from(samplePdf('matrix')).toString('base64')}`,
      },
    }),
    expect: { anonymous: 401, customerA: 201, customerB: 404, cleaner: 404, admin: 401 },
  },
  'GET /api/documents/:id': {
    request: (f) => ({ path: `/api/documents/${f.documentId}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 200 },
  },
  'GET /api/documents/:id/file': {
    request: (f) => ({ path: `/api/documents/${f.documentId}/file` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 200 },
  },
  'DELETE /api/documents/:id': {
    request: async (f) => ({ path: `/api/documents/${await f.newDocument()}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, cleaner: 404, admin: 401 },
  },
  'GET /api/admin/applications': { request: () => ({ path: '/api/admin/applications' }), expect: adminsOnly(200) },
  'GET /api/admin/applications/:id': {
    request: (f) => ({ path: `/api/admin/applications/${f.applicationId}` }),
    expect: adminsOnly(200),
  },
  'PATCH /api/admin/applications/:id/status': {
    request: async (f) => ({
      path: `/api/admin/applications/${await f.newApplication()}/status`,
      body: { status: 'under_review' },
    }),
    expect: adminsOnly(200),
  },
  'PATCH /api/admin/documents/:id': {
    request: async (f) => ({ path: `/api/admin/documents/${await f.newDocument()}`, body: { status: 'verified' } }),
    expect: adminsOnly(200),
  },
};

const ctx = await createTestContext({
  config: {
    ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD),
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    AUTH_RATE_LIMIT: '1000',
  },
});
await seedDemoData(ctx.database, { cleaners: 4, now: ctx.clock.now(), demoAccounts: false, seed: 3 });
const passwordHash = await hashPassword(PASSWORD);
const [a, b, c] = await ctx.database.write((tx) =>
  tx
    .insert(users)
    .values([
      { email: 'matrix-a@example.com', passwordHash, firstName: 'Ann' },
      { email: 'matrix-b@example.com', passwordHash, firstName: 'Ben' },
      { email: 'matrix-cleaner@example.com', passwordHash, firstName: 'Cleo' },
    ])
    .returning({ id: users.id }),
);
const [existingCleaner] = await ctx.database.db.select().from(cleaners).limit(1);
if (!a || !b || !c || !existingCleaner) throw new Error('fixture rows missing');
const [ownCleaner] = await ctx.database.write((tx) =>
  tx
    .insert(cleaners)
    .values({ ...existingCleaner, id: undefined, userId: c.id, status: 'active', timeZone: 'America/Chicago' })
    .returning(),
);
if (!ownCleaner) throw new Error('cleaner insert failed');
const customerA = a.id;
const now = ctx.clock.now();
const DAY = 86_400_000;
let offset = 0;

async function insertBooking(): Promise<number> {
  offset += 1;
  const startsAt = new Date(now.getTime() + (10 + offset) * DAY);
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(bookings)
      .values({
        customerId: customerA,
        cleanerId: ownCleaner?.id as number,
        serviceId: 1,
        status: 'pending',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
        durationMinutes: 120,
        timeZone: 'America/Chicago',
        address: '1 Main St',
        hourlyRateCents: 4000,
        totalPriceCents: 8000,
      })
      .returning({ id: bookings.id }),
  );
  return row?.id as number;
}
async function insertAvailability(dayOfWeek: number, startTime: string, endTime: string): Promise<number> {
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(availability)
      .values({ cleanerId: ownCleaner?.id as number, dayOfWeek, startTime, endTime, isAvailable: true })
      .returning({ id: availability.id }),
  );
  return row?.id as number;
}
let timeOffDay = 0;
async function insertTimeOff(): Promise<number> {
  timeOffDay += 1;
  const date = `2027-05-${String(timeOffDay).padStart(2, '0')}`;
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(timeOff)
      .values({ cleanerId: ownCleaner?.id as number, startDate: date, endDate: date })
      .returning({ id: timeOff.id }),
  );
  return row?.id as number;
}

await insertAvailability(1, '09:00', '17:00');
const bookingId = await insertBooking();
const [payment] = await ctx.database.write((tx) =>
  tx
    .insert(payments)
    .values({ bookingId, customerId: customerA, provider: 'local', providerPaymentId: 'pi_matrix', amountCents: 8000 })
    .returning({ id: payments.id }),
);
const slotStart = new Date(now.getTime() + 40 * DAY);
const [slot] = await ctx.database.write((tx) =>
  tx
    .insert(timeSlots)
    .values({
      cleanerId: ownCleaner?.id as number,
      date: '2026-07-25',
      startTime: '08:00',
      endTime: '09:00',
      startsAt: slotStart,
      endsAt: new Date(slotStart.getTime() + 3_600_000),
    })
    .returning({ id: timeSlots.id }),
);
let applicants = 0;
async function insertApplication(userId?: number): Promise<number> {
  let owner = userId;
  if (owner === undefined) {
    applicants += 1;
    const [user] = await ctx.database.write((tx) =>
      tx
        .insert(users)
        .values({ email: `matrix-applicant-${applicants}@example.com` })
        .returning({ id: users.id }),
    );
    owner = user?.id as number;
  }
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(cleanerApplications)
      .values({
        userId: owner as number,
        experience: '1-3',
        hourlyRateCents: 3000,
        bio: 'Matrix applicant',
        serviceTypes: ['residential'],
        coverageAreas: ['Austin'],
        submittedAt: now,
      })
      .returning({ id: cleanerApplications.id }),
  );
  return row?.id as number;
}
const applicationId = await insertApplication(customerA);
let documents = 0;
async function insertDocument(): Promise<number> {
  documents += 1;
  const storageKey = `documents/${applicationId}/matrix-${documents}.pdf`;
  await ctx.deps.files.put(storageKey, new TextEncoder().encode('%PDF-1.4 matrix'), { contentType: 'application/pdf' });
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(applicationDocuments)
      .values({
        applicationId,
        documentType: 'id',
        fileName: 'id.pdf',
        storageKey,
        fileSize: 15,
        mimeType: 'application/pdf',
        uploadedAt: now,
      })
      .returning({ id: applicationDocuments.id }),
  );
  return row?.id as number;
}
const documentId = await insertDocument();
let sundayHour = 0;
const fixture: Fixture = {
  cleanerId: existingCleaner.id,
  customerAEmail: 'matrix-a@example.com',
  ownCleanerId: ownCleaner.id,
  bookingId,
  paymentId: payment?.id as number,
  slotId: slot?.id as number,
  newBooking: insertBooking,
  newAvailability: () => {
    sundayHour += 1;
    const hour = String(sundayHour).padStart(2, '0');
    return insertAvailability(0, `${hour}:00`, `${hour}:30`);
  },
  newTimeOff: insertTimeOff,
  applicationId,
  documentId,
  newApplication: () => insertApplication(),
  newDocument: insertDocument,
  reviews: await reviewFixture(ctx, {
    customerId: customerA,
    cleanerId: ownCleaner.id,
    reporterId: existingCleaner.userId,
  }),
};

/** A fresh session per request, so sign-in and sign-out routes cannot disturb the next check. */
async function cookieFor(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const token = generateSessionToken();
  const userId = { customerA: a?.id, customerB: b?.id, cleaner: c?.id, admin: null }[caller] ?? null;
  await createSession(ctx.database, token, { userId, kind: caller === 'admin' ? 'admin' : 'user' }, ctx.clock.now());
  return `${caller === 'admin' ? ADMIN_SESSION_COOKIE : SESSION_COOKIE}=${token}`;
}

function apiRoutes(): string[] {
  return [
    ...new Set(
      ctx.app.routes
        .filter((r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/')))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ].sort();
}

describe('permission matrix', () => {
  it('has an entry for every /api route, and none for a route that does not exist', () => {
    const routes = apiRoutes();
    expect(
      routes.filter((r) => !(r in MATRIX)),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !routes.includes(k)),
      'entries without a route',
    ).toEqual([]);
  });

  for (const [route, entry] of Object.entries(MATRIX)) {
    it(route, async () => {
      const method = route.split(' ')[0] as string;
      const got: Record<string, number> = {};
      const answers: string[] = [];
      for (const caller of CALLERS) {
        const { path, body } = await entry.request(fixture, caller);
        const headers: Record<string, string> = { origin: 'http://localhost:8787' };
        const cookie = await cookieFor(caller);
        if (cookie) headers.cookie = cookie;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await ctx.app.request(path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        got[caller] = res.status;
        if (res.status !== entry.expect[caller]) answers.push(`${caller}: ${(await res.text()).slice(0, 300)}`);
      }
      expect(got, answers.join('\n')).toEqual(entry.expect);
    });
  }
});
