import { centsToDollars, quoteBooking } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_OPERATIONS } from './chat/tools';
import type { Queryable } from './db/client';
import { availability, bookings, cleaners, reviews, services, sessions, users } from './db/schema';
import { apiPath } from './lib/openapi';
import type { Operation } from './lib/operations';
import { API_OPERATIONS } from './operations';
import {
  ASSISTANTS,
  type AssistantCaller,
  CALLERS,
  type Caller,
  callTool,
  guestBookingOf,
  isAssistant,
  isGuest,
  ownUserOf,
  type Request,
  send,
  sendAsAssistant,
} from './test/access-callers';
import { ADMIN_PASSWORD, PASSWORD, type People, type World, world } from './test/access-fixtures';
import { dataUrl } from './test/application-fixtures';
import { contactKey, exposures, secretsIn } from './test/exposure';
import { samplePdf } from './test/sample-files';

/**
 * The access matrix: every operation of the table (decision 043) with what every kind of caller
 * gets. It is generated from `API_OPERATIONS`: an operation without its row fails, so nobody ships
 * one whose access was not decided.
 *
 * Each row states what the visitor, customers A and B, the cleaner, another cleaner and an
 * administrator (the shared password) get; B and the other cleaner probe A's and the cleaner's
 * rows by id, and are told they do not exist (decision 007). The other callers follow from the
 * rules, and a row states them only where the rules leave a choice:
 *
 * - a partner's key (decision 048) is refused every operation not marked `partners: true` (403);
 *   on the marked ones it gets what a visitor on its page gets, unless the row says otherwise;
 *   another partner's key gets the same; a key from an origin its partner did not allow gets 403;
 * - a guest token (decision 049) is refused every operation not marked `guests: true`; the row
 *   says what the marked ones answer its own booking's guest and another booking's (404);
 * - the assistant (decision 047) reaches the API only through its tools: a tool answers what its
 *   person reads over HTTP and never more, any other operation is no tool, and every write
 *   service refuses the assistant should it ever be handed one (401 acting for a visitor where a
 *   person is needed, 404 for a row that is not its person's, else 403).
 *
 * Every 2xx answer is then searched for credentials and other people's contact details.
 */

type Base = 'visitor' | 'customerA' | 'customerB' | 'cleaner' | 'otherCleaner' | 'admin';
type Expect = Record<Base, number> & Partial<Record<'partner' | 'otherPartner' | 'guest' | 'otherGuest', number>>;

interface Row {
  /** The concrete request; `caller` lets requests differ (a unique e-mail per sign-up, the guest's own booking). */
  request: (f: World, caller: Caller) => Request | Promise<Request>;
  expect: Expect;
  /** Whose contact details the answer may carry besides the caller's own (the account signed in to). */
  reveals?: People[];
  /** Credential fields the answer may carry: what its caller needs and already holds the right to. */
  carries?: string[];
  /** What the write's service answers the assistant, where that is not the usual refusal. */
  assistant?: number;
}

const all = (status: number): Expect => ({
  visitor: status,
  customerA: status,
  customerB: status,
  cleaner: status,
  otherCleaner: status,
  admin: status,
});
/** Signed-in users (customer or cleaner) only; the shared-password admin is not a user. */
const usersOnly = (status: number): Expect => ({ ...all(status), visitor: 401, admin: 401 });
const adminsOnly = (status: number): Expect => ({ ...all(403), visitor: 401, admin: status });
/** Customer A's own resource: everyone else is told it does not exist. */
const onlyCustomerA = (status: number): Expect => ({ ...all(404), customerA: status });
const publicGet = (path: (f: World) => string): Row => ({ request: (f) => ({ path: path(f) }), expect: all(200) });
/**
 * The booking a caller's request is about: for a widget's callers (guest tokens, partner keys) the
 * guest booking partner one brought — a partner key reads no booking, even one it brought — and A's
 * for everyone else.
 */
const bookingOf = (f: World, caller: Caller) =>
  isGuest(caller) || ['partner', 'otherPartner', 'partnerElsewhere'].includes(caller) ? f.guestBookingId : f.bookingId;

/** Guest bookings through a partner's widget: a new weekday each, at the seeded cleaner's quoted price. */
const [bookable] = await world.ctx.database.db.select().from(cleaners).where(eq(cleaners.id, 1));
const [service] = await world.ctx.database.db.select().from(services).where(eq(services.id, 1));
const quote = quoteBooking({
  hourlyRateCents: bookable?.hourlyRateCents ?? 0,
  durationMinutes: 120,
  service: { basePriceCents: service?.basePriceCents ?? 0 },
});
if (!bookable || !quote.ok) throw new Error('no bookable cleaner');
let guestBookings = 0;

const ROWS: Record<string, Row> = {
  // ── Public reads ──
  getApiRoot: publicGet(() => '/api'),
  getHealth: publicGet(() => '/api/health'),
  getReadiness: publicGet(() => '/api/ready'),
  listServices: publicGet(() => '/api/services'),
  getService: publicGet(() => '/api/services/1'),
  searchCleaners: publicGet(() => '/api/cleaners'),
  getCleaner: publicGet((f) => `/api/cleaners/${f.cleanerId}`),
  listReviews: publicGet((f) => `/api/reviews?cleanerId=${f.cleanerId}`),
  listCleanerReviews: publicGet((f) => `/api/reviews/${f.cleanerId}`),
  getReviewSummary: publicGet((f) => `/api/reviews/${f.cleanerId}/summary`),
  getReview: {
    request: async (f) => {
      const [review] = await f.ctx.database.db
        .select({ id: reviews.id, cleanerId: reviews.cleanerId })
        .from(reviews)
        .where(eq(reviews.status, 'published'))
        .limit(1);
      return { path: `/api/reviews/${review?.cleanerId}/${review?.id}` };
    },
    expect: all(200),
  },
  getPlatformReviewSummary: publicGet(() => '/api/reviews/summary'),
  getReviewPhoto: publicGet((f) => f.reviews.photoPath),
  getAuthProviders: publicGet(() => '/api/auth/providers'),

  // ── Public writes ──
  sendContactMessage: {
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
  createChatSession: { request: () => ({ path: '/api/chat/session' }), expect: all(201) },
  getChatSuggestions: publicGet(() => '/api/chat/suggestions'),
  getChatSession: {
    request: async (f) => ({ path: `/api/chat/${await f.chatOfCustomerA()}` }),
    expect: onlyCustomerA(200),
  },
  sendChatMessage: {
    request: async (f) => ({ path: `/api/chat/${await f.chatOfCustomerA()}/message`, body: { message: 'hello' } }),
    expect: onlyCustomerA(200),
  },
  deleteChatSession: {
    request: async (f) => ({ path: `/api/chat/${await f.chatOfCustomerA()}` }),
    expect: onlyCustomerA(204),
  },
  deleteChatHistory: { request: () => ({ path: '/api/chat/history' }), expect: usersOnly(200) },

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

  // ── Bookings: the customer's own; the booking's cleaner acts on its status ──
  createBooking: {
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
    expect: usersOnly(404),
  },
  listBookings: { request: () => ({ path: '/api/bookings' }), expect: { ...usersOnly(200), admin: 200 } },
  // A cleaner's jobs: that cleaner's, or an administrator's to see.
  'listBookings:jobs': {
    request: (f) => ({ path: `/api/bookings?cleanerId=${f.ownCleanerId}` }),
    expect: { ...usersOnly(403), cleaner: 200, admin: 200 },
  },
  getBookingStats: { request: () => ({ path: '/api/bookings/stats' }), expect: usersOnly(200) },
  getBooking: {
    request: (f, caller) => ({ path: `/api/bookings/${bookingOf(f, caller)}` }),
    expect: {
      visitor: 401,
      customerA: 200,
      customerB: 404,
      cleaner: 200,
      otherCleaner: 404,
      admin: 200,
      guest: 200,
      otherGuest: 404,
    },
  },
  updateBooking: {
    request: (f) => ({ path: `/api/bookings/${f.bookingId}`, body: { specialRequests: 'Please bring a ladder' } }),
    expect: { visitor: 401, customerA: 200, customerB: 404, cleaner: 403, otherCleaner: 404, admin: 403 },
  },
  cancelBooking: {
    request: async (f) => ({ path: `/api/bookings/${await f.newBooking()}` }),
    expect: { visitor: 401, customerA: 200, customerB: 404, cleaner: 403, otherCleaner: 404, admin: 200 },
  },
  setBookingStatus: {
    request: async (f) => ({ path: `/api/bookings/${await f.newBooking()}/status`, body: { status: 'confirmed' } }),
    expect: { visitor: 401, customerA: 403, customerB: 404, cleaner: 200, otherCleaner: 404, admin: 403 },
  },

  // ── Guest checkout (a partner key; the e-mailed link) ──
  createGuestBooking: {
    request: () => {
      guestBookings += 1;
      const date = new Date(Date.UTC(2027, 0, 5) + 7 * 86_400_000 * guestBookings).toISOString().slice(0, 10);
      return {
        path: '/api/guest-bookings',
        body: {
          cleanerId: bookable.id,
          serviceId: 1,
          address: '1 Congress Ave, Austin, TX',
          scheduledDate: date,
          scheduledTime: '10:00',
          duration: 120,
          totalPrice: centsToDollars(quote.totalPriceCents),
          guestName: 'Gwen Guest',
          guestEmail: `gwen-${guestBookings}@example.com`,
          guestPhone: '+1 512 555 0199',
        },
      };
    },
    // Partner keys only: a person on this site books through POST /api/bookings.
    expect: { ...all(403), partner: 201 },
  },
  openGuestLink: {
    // A visitor's forged link goes to the sign-in page; anyone signed in is asked first (/guest-link).
    request: () => ({ path: '/api/guest-link?token=never-issued' }),
    expect: all(303),
  },
  confirmGuestLink: {
    // What the asking page sends: a forged link proves nothing, whoever sends it.
    request: () => ({ path: '/api/guest-link', body: { token: 'never-issued' } }),
    expect: all(400),
  },

  // ── A cleaner's own profile, hours, time off and slots; another cleaner's row is a missing one ──
  getOwnCleanerProfile: {
    request: () => ({ path: '/api/cleaners/profile' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  getCleanerOverview: {
    request: () => ({ path: '/api/cleaners/profile/overview' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  listAvailability: publicGet((f) => `/api/cleaners/${f.ownCleanerId}/availability`),
  getAvailability: {
    request: async (f) => {
      const [row] = await f.ctx.database.db.select({ id: availability.id }).from(availability).limit(1);
      return { path: `/api/availability/${row?.id}` };
    },
    expect: all(200),
  },
  createAvailability: {
    // Overlaps the cleaner's Monday hours: the cleaner gets past the ownership check to the 409.
    request: (f) => ({
      path: `/api/cleaners/${f.ownCleanerId}/availability`,
      body: { dayOfWeek: 1, startTime: '10:00', endTime: '11:00' },
    }),
    // Addressed by the cleaner's public id, not a private row: another cleaner is refused, not misled.
    expect: { ...usersOnly(403), cleaner: 409 },
  },
  updateAvailability: {
    request: async (f) => ({
      path: `/api/availability/${await f.newAvailability()}`,
      body: { startTime: '20:00', endTime: '21:00' },
    }),
    expect: { ...usersOnly(403), cleaner: 200, otherCleaner: 404 },
  },
  deleteAvailability: {
    request: async (f) => ({ path: `/api/availability/${await f.newAvailability()}` }),
    expect: { ...usersOnly(403), cleaner: 200, otherCleaner: 404 },
  },
  listTimeOff: {
    request: (f) => ({ path: `/api/cleaners/${f.ownCleanerId}/time-off` }),
    expect: { ...usersOnly(403), cleaner: 200, admin: 200 },
  },
  createTimeOff: {
    request: (f, caller) => {
      const day = 10 + CALLERS.indexOf(caller);
      return {
        path: `/api/cleaners/${f.ownCleanerId}/time-off`,
        body: { startDate: `2027-03-${day}`, endDate: `2027-03-${day}`, reason: 'Holiday' },
      };
    },
    expect: { ...usersOnly(403), cleaner: 201 },
  },
  getTimeOff: {
    request: async (f) => ({ path: `/api/time-off/${await f.newTimeOff()}` }),
    expect: { ...usersOnly(404), cleaner: 200, admin: 200 },
  },
  deleteTimeOff: {
    request: async (f) => ({ path: `/api/time-off/${await f.newTimeOff()}` }),
    expect: { ...usersOnly(403), cleaner: 200, otherCleaner: 404, admin: 200 },
  },
  listTimeSlots: publicGet((f) => `/api/cleaners/${f.ownCleanerId}/slots/2026-06-22`),
  bookTimeSlot: {
    // The slot does not cover the booking: the cleaner reaches the 409, everyone else stops before.
    request: (f) => ({ path: `/api/time-slots/${f.slotId}/book`, body: { bookingId: f.bookingId } }),
    expect: { ...usersOnly(403), cleaner: 409, otherCleaner: 404 },
  },
  releaseTimeSlot: {
    request: (f) => ({ path: `/api/time-slots/${f.slotId}/release` }),
    expect: { ...usersOnly(403), cleaner: 409, otherCleaner: 404 },
  },

  // ── Payments ──
  createPaymentIntent: {
    request: (f, caller) => ({ path: '/api/create-payment-intent', body: { bookingId: bookingOf(f, caller) } }),
    expect: { ...usersOnly(404), customerA: 200, guest: 200, otherGuest: 404 },
    // The payer's card form needs it: the answer goes to the booking's payer only.
    carries: ['clientSecret'],
  },
  confirmLocalPayment: {
    // Authorised by the client secret (the checkout may be a guest's): an unknown one is 404. The
    // guests send the guest booking's own, which a token of another booking may not use.
    request: async (f, caller) => ({
      path: '/api/payments/local/confirm',
      body: {
        clientSecret: isGuest(caller) ? await f.guestClientSecret() : 'pi_unknown_secret_x',
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    }),
    expect: { ...all(404), partner: 404, guest: 200, otherGuest: 404 },
  },
  listPayments: { request: () => ({ path: '/api/payments' }), expect: { ...usersOnly(200), admin: 200 } },
  getPayment: {
    request: (f) => ({ path: `/api/payments/${f.paymentId}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  refundPayment: {
    // The payment is still pending: the administrator reaches the 409, everyone else stops before.
    request: (f) => ({ path: `/api/payments/${f.paymentId}/refund`, body: {} }),
    expect: adminsOnly(409),
  },
  receiveStripeWebhook: {
    // Authorised by Stripe's signature, not by a session: without Stripe configured nothing is applied.
    request: () => ({ path: '/api/webhooks/stripe', body: { id: 'evt_1', type: 'payment_intent.succeeded' } }),
    expect: all(400),
    // The signature is the authority, whoever delivers the event.
    assistant: 400,
  },

  // ── Reviews: the booking's customer writes; others vote and report; the reviewed cleaner responds ──
  createReview: {
    request: async (f) => ({
      path: '/api/reviews',
      body: { bookingId: await f.reviews.newCompletedBooking(), rating: 5, comment: 'Careful and quick work.' },
    }),
    expect: { visitor: 401, customerA: 201, customerB: 404, cleaner: 403, otherCleaner: 404, admin: 401 },
  },
  voteOnReview: {
    request: (f) => ({ path: `/api/reviews/${f.reviews.reviewId}/vote`, body: { voteType: 'helpful' } }),
    expect: { ...usersOnly(403), customerB: 200, otherCleaner: 200 },
  },
  respondToReview: {
    request: async (f) => ({
      path: `/api/reviews/${await f.reviews.newReview()}/response`,
      body: { response: 'Thanks!' },
    }),
    expect: { ...usersOnly(403), cleaner: 201 },
  },
  reportReview: {
    request: async (f) => ({ path: `/api/reviews/${await f.reviews.newReview()}/report`, body: { reason: 'Spam' } }),
    expect: { ...usersOnly(201), customerA: 403 },
  },
  addReviewPhotos: {
    // A JSON body: the author gets past the ownership check to the 415; nobody else's body is read.
    request: (f) => ({ path: `/api/reviews/${f.reviews.reviewId}/photos`, body: { photos: [] } }),
    expect: { ...usersOnly(403), customerA: 415 },
  },

  // ── Administrators ──
  getAdminSession: { request: () => ({ path: '/api/admin/session' }), expect: adminsOnly(200) },
  listPartners: { request: () => ({ path: '/api/admin/partners' }), expect: adminsOnly(200) },
  createPartner: {
    request: () => ({
      path: '/api/admin/partners',
      body: { name: 'Matrix Realty', allowedOrigins: ['https://matrix-realty.example'] },
    }),
    expect: adminsOnly(201),
  },
  getPartner: { request: (f) => ({ path: `/api/admin/partners/${f.partnerIds.one}` }), expect: adminsOnly(200) },
  updatePartner: {
    request: (f) => ({ path: `/api/admin/partners/${f.partnerIds.one}`, body: { commissionRateBps: 800 } }),
    expect: adminsOnly(200),
  },
  listReviewReports: { request: () => ({ path: '/api/admin/review-reports' }), expect: adminsOnly(200) },
  getReviewReport: {
    request: (f) => ({ path: `/api/admin/review-reports/${f.reviews.reportId}` }),
    expect: adminsOnly(200),
  },
  moderateReview: {
    request: async (f) => ({
      path: `/api/admin/reviews/${await f.reviews.newReview()}/status`,
      body: { status: 'hidden', reason: 'Shares a phone number' },
    }),
    expect: adminsOnly(200),
  },

  // ── Cleaner applications and their documents: the applicant's own; administrators review ──
  listApplications: { request: () => ({ path: '/api/applications' }), expect: usersOnly(200) },
  submitApplication: {
    // A already has an open application and the cleaners are ones already: 409; B applies.
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
    expect: { ...usersOnly(409), customerB: 201 },
  },
  getApplication: {
    request: (f) => ({ path: `/api/applications/${f.applicationId}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  listApplicationDocuments: {
    request: (f) => ({ path: `/api/applications/${f.applicationId}/documents` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  uploadApplicationDocument: {
    request: (f) => ({
      path: `/api/applications/${f.applicationId}/documents`,
      body: {
        documentType: 'id',
        fileName: 'id.pdf',
        fileUrl: dataUrl(samplePdf('matrix'), 'application/pdf'),
      },
    }),
    expect: { ...onlyCustomerA(201), visitor: 401, admin: 401 },
  },
  getApplicationDocument: {
    request: (f) => ({ path: `/api/documents/${f.documentId}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  downloadApplicationDocument: {
    request: (f) => ({ path: `/api/documents/${f.documentId}/file` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  deleteApplicationDocument: {
    request: async (f) => ({ path: `/api/documents/${await f.newDocument()}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 401 },
  },
  listAdminApplications: { request: () => ({ path: '/api/admin/applications' }), expect: adminsOnly(200) },
  getAdminApplication: {
    request: (f) => ({ path: `/api/admin/applications/${f.applicationId}` }),
    expect: adminsOnly(200),
  },
  setApplicationStatus: {
    request: async (f) => ({
      path: `/api/admin/applications/${await f.newApplication()}/status`,
      body: { status: 'under_review' },
    }),
    expect: adminsOnly(200),
  },
  reviewApplicationDocument: {
    request: async (f) => ({ path: `/api/admin/documents/${await f.newDocument()}`, body: { status: 'verified' } }),
    expect: adminsOnly(200),
  },
};

/** `/api` routes that serve no operation: the API's own description. */
const DESCRIPTION_ROUTES: Record<string, Request> = {
  'GET /api/openapi.json': { path: '/api/openapi.json' },
  'GET /api/docs': { path: '/api/docs' },
};

const TOOLS = new Set(ASSISTANT_OPERATIONS.map((op) => op.operationId));
const operationOf = (key: string) => key.split(':')[0] as string;
const byId = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));
/** What a tool's refusal means, as the status the route would answer. */
const TOOL_ERRORS: Record<string, number> = { unauthorized: 401, forbidden: 403, not_found: 404 };
const isWrite = (op: Operation) => op.method !== 'get';

/** A probe of an operation its row already covers, with other arguments (`listBookings:jobs`). */
const isVariant = (key: string) => key.includes(':');

/**
 * What a write service may answer the assistant: refused for want of a person (401, acting for a
 * visitor), as a write (403), or told the row is not there when it is not its person's (404).
 */
function assistantRefusals(op: Operation, row: Row, caller: AssistantCaller): number[] {
  const needsPerson = ['user', 'user-or-admin', 'admin'].includes(op.security) && caller === 'assistantVisitor';
  return [needsPerson ? 401 : 403, ...(row.expect[ASSISTANTS[caller].readsAs as Base] === 404 ? [404] : [])];
}

/**
 * What every caller gets, from the row and the rules above. A variant row leaves the assistant out:
 * its tool takes only the arguments the tool describes (no cleaner's jobs, for one), so the base row
 * is where the assistant meets the operation.
 */
function expectationsOf(key: string, op: Operation, row: Row): Partial<Record<Caller, number | string>> {
  const wanted = (caller: 'partner' | 'guest' | 'otherGuest', flag: boolean | undefined, fallback?: number) => {
    const stated = row.expect[caller];
    if (!flag) {
      if (stated !== undefined) throw new Error(`${op.operationId} is not open to a ${caller}: its row says ${stated}`);
      return 403;
    }
    const value = stated ?? fallback;
    if (value === undefined) throw new Error(`${op.operationId}'s row must say what a ${caller} gets`);
    return value;
  };
  const partner = wanted('partner', op.partners, row.expect.visitor);
  const out: Partial<Record<Caller, number | string>> = {
    ...row.expect,
    partner,
    partnerElsewhere: 403,
    otherPartner: op.partners ? (row.expect.otherPartner ?? partner) : 403,
    guest: wanted('guest', op.guests),
    otherGuest: wanted('otherGuest', op.guests),
  };
  if (isVariant(key)) return out;
  for (const caller of Object.keys(ASSISTANTS) as AssistantCaller[]) {
    const { readsAs } = ASSISTANTS[caller];
    if (TOOLS.has(op.operationId)) out[caller] = Math.floor((out[readsAs] as number) / 100) === 2 ? 200 : out[readsAs];
    else if (!isWrite(op)) out[caller] = 'unknown_tool';
    else out[caller] = `unknown_tool+${row.assistant ?? 'refused'}`;
  }
  return out;
}

interface Answer {
  row: string;
  caller: Caller;
  request: Request;
  body: unknown;
  reveals: People[];
  carries: string[];
}
const answers: Answer[] = [];

async function json(res: Response): Promise<unknown> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return undefined;
  return res.json();
}

/** Every number under an `id` key: the rows an answer shows. */
function idsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && typeof item === 'number') out.add(item);
      else idsIn(item, out);
    }
  }
  return out;
}

async function runRow(key: string, op: Operation, row: Row) {
  const expected = expectationsOf(key, op, row);
  const got: Partial<Record<Caller, number | string>> = {};
  const notes: string[] = [];
  const httpBodies = new Map<Caller, unknown>();
  const method = op.method.toUpperCase();
  const remember = (caller: Caller, request: Request, status: number, body: unknown) => {
    if (status >= 200 && status < 300 && body !== undefined) {
      answers.push({ row: key, caller, request, body, reveals: row.reveals ?? [], carries: row.carries ?? [] });
    }
  };
  const asHttp = async (caller: Caller) => {
    const request = await row.request(world, caller);
    const res = await send(caller, method, request);
    got[caller] = res.status;
    const body = await json(res);
    httpBodies.set(caller, body);
    remember(caller, request, res.status, body);
    if (res.status !== expected[caller]) notes.push(`${caller}: ${JSON.stringify(body)?.slice(0, 300)}`);
  };
  const asAssistant = async (caller: AssistantCaller) => {
    const readsAs = ASSISTANTS[caller].readsAs;
    const tool = await callTool(caller, op, await row.request(world, readsAs));
    if (TOOLS.has(op.operationId)) {
      got[caller] = tool.ok ? 200 : (TOOL_ERRORS[tool.error.code] ?? tool.error.code);
      if (!tool.ok) return;
      remember(caller, await row.request(world, readsAs), 200, tool.data);
      // Never more than its person: every row the tool shows, their own answer shows too.
      const shown = idsIn(httpBodies.get(readsAs));
      const more = [...idsIn(tool.data)].filter((id) => !shown.has(id));
      if (more.length > 0) got[caller] = `shows what its person is not shown: ids ${more.join(', ')}`;
      return;
    }
    got[caller] = tool.ok ? 'ok' : tool.error.code;
    if (!isWrite(op)) return;
    const res = await sendAsAssistant(caller, method, await row.request(world, readsAs));
    const refused = row.assistant === undefined && assistantRefusals(op, row, caller).includes(res.status);
    got[caller] = `${got[caller]}+${refused ? 'refused' : res.status}`;
    if (got[caller] !== expected[caller]) notes.push(`${caller}: ${(await res.text()).slice(0, 300)}`);
  };
  // Callers are independent clients, so they ask at once (a sign-up's hashing overlaps another's);
  // the assistants ask last, measured against what their people were answered.
  const callers = CALLERS.filter((caller) => caller in expected);
  await Promise.all(callers.filter((caller) => !isAssistant(caller)).map(asHttp));
  await Promise.all(callers.filter(isAssistant).map(asAssistant));
  expect(got, notes.join('\n')).toEqual(expected);
}

describe('access matrix: every operation × every kind of caller', () => {
  it('has a row for every operation of the table, and none for an operation that does not exist', () => {
    expect(
      API_OPERATIONS.map((op) => op.operationId).filter((id) => !(id in ROWS)),
      'operations without a row',
    ).toEqual([]);
    expect(
      Object.keys(ROWS).filter((key) => !byId.has(operationOf(key))),
      'rows without an operation',
    ).toEqual([]);
  });

  it('serves every /api route from an operation, but the API description', () => {
    const served = new Set(API_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${apiPath(op)}`));
    const routes = world.ctx.app.routes
      .filter((r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/')))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((route) => !served.has(route) && !(route in DESCRIPTION_ROUTES))).toEqual([]);
  });

  for (const op of API_OPERATIONS) {
    const keys = Object.keys(ROWS).filter((key) => operationOf(key) === op.operationId);
    if (keys.length === 0) {
      it(`${op.operationId} (${op.method.toUpperCase()} ${apiPath(op)})`, () => {
        throw new Error(`${op.operationId} has no row: decide what every caller gets`);
      });
    }
    for (const key of keys) {
      it(`${key} (${op.method.toUpperCase()} ${apiPath(op)})`, () => runRow(key, op, ROWS[key] as Row));
    }
  }

  for (const [route, request] of Object.entries(DESCRIPTION_ROUTES)) {
    it(`${route}: public to every HTTP caller with a working credential`, async () => {
      const got: Partial<Record<Caller, number>> = {};
      const want: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS.filter((c) => !isAssistant(c))) {
        got[caller] = (await send(caller, 'GET', request)).status;
        want[caller] = caller === 'partnerElsewhere' ? 403 : 200;
      }
      expect(got).toEqual(want);
    });
  }

  it('finds a credential or a contact detail when one is planted in an answer', async () => {
    const { db } = world.ctx.database;
    const secrets = await secretsIn(db, world.heldTokens);
    const [a] = await db.select().from(users).where(eq(users.id, world.userIds.customerA));
    const [session] = await db.select({ id: sessions.id }).from(sessions).limit(1);
    const held = [...world.heldTokens][0];
    const { customerB } = world.people;
    const planted = {
      user: { id: 1, passwordHash: 'never-this' },
      items: [{ note: `hash ${a?.passwordHash}` }, { id: session?.id }, { token: held }],
      contact: { email: customerB.email.toUpperCase(), note: `call ${customerB.phone.replace(/ /g, '-')}` },
    };
    const allowed = await contactsAllowed(db);
    expect(exposures(planted, secrets, allowed.get('customerA') ?? new Set())).toEqual([
      '$.user.passwordHash: a credential field',
      '$.items[0].note: a credential',
      '$.items[1].id: a credential',
      '$.items[2].token: a credential',
      `$.contact.email: the e-mail address ${customerB.email.toUpperCase()}`,
      expect.stringMatching(/^\$\.contact\.note: the phone number/),
    ]);
    expect(exposures(planted.contact, secrets, allowed.get('customerB') ?? new Set())).toEqual([]);
  });

  it('carries no credential, and nobody else’s e-mail address or phone number, in any 2xx answer', async () => {
    const { db } = world.ctx.database;
    const secrets = await secretsIn(db, world.heldTokens);
    const allowed = await contactsAllowed(db);
    const problems: string[] = [];
    for (const answer of answers) {
      const maySee = new Set(allowed.get(answer.caller));
      for (const person of answer.reveals) {
        for (const value of await contactsOf(db, world.userIds[person])) maySee.add(contactKey(value));
      }
      // What the caller sent comes back to them: the address they signed up or booked with.
      const sent = JSON.stringify(answer.request.body ?? '').toLowerCase();
      const sentDigits = sent.replace(/\D/g, '');
      for (const key of secrets.contacts) {
        if (key.includes('@') ? sent.includes(key) : sentDigits.includes(key)) maySee.add(key);
      }
      // An administrator session sees people's addresses by design: credentials are still checked.
      if (answer.caller === 'admin') for (const key of secrets.contacts) maySee.add(key);
      for (const finding of exposures(answer.body, secrets, maySee, answer.carries)) {
        problems.push(`${answer.row} as ${answer.caller}: ${finding}`);
      }
    }
    expect(problems).toEqual([]);
    expect(answers.length).toBeGreaterThan(300);
  });
});

async function contactsOf(db: Queryable, userId: number): Promise<string[]> {
  const [user] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId));
  return [user?.email, user?.phone].filter((v): v is string => Boolean(v));
}

/**
 * The contact details each caller may be answered: their own; for a cleaner, the e-mail address
 * of each of their jobs' customers (bookings show `customer.email` to the booking's cleaner); for a
 * guest token, its booking's guest's. The assistant's answers are projected to carry nobody's, not
 * even its person's (decision 047).
 */
async function contactsAllowed(db: Queryable): Promise<Map<Caller, Set<string>>> {
  const jobCustomers = async (userId: number) => {
    const rows = await db
      .select({ email: users.email, guestEmail: bookings.guestEmail })
      .from(bookings)
      .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
      .leftJoin(users, eq(users.id, bookings.customerId))
      .where(eq(cleaners.userId, userId));
    return rows.flatMap((r) => [r.email, r.guestEmail]).filter((v): v is string => Boolean(v));
  };
  const guestOwn = async (caller: Caller) => {
    const id = guestBookingOf(caller);
    if (id === undefined) return [];
    const [row] = await db
      .select({ email: bookings.guestEmail, phone: bookings.guestPhone })
      .from(bookings)
      .where(eq(bookings.id, id));
    return [row?.email, row?.phone].filter((v): v is string => Boolean(v));
  };
  const allowed = new Map<Caller, Set<string>>();
  for (const caller of CALLERS) {
    const values: string[] = [];
    if (!isAssistant(caller)) {
      const userId = ownUserOf(caller);
      if (userId !== undefined) values.push(...(await contactsOf(db, userId)), ...(await jobCustomers(userId)));
      values.push(...(await guestOwn(caller)));
    }
    allowed.set(caller, new Set(values.map(contactKey)));
  }
  return allowed;
}
