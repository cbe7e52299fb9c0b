import { centsToDollars, quoteBooking } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import { cleaners, guestBookingLinks, services } from '../../db/schema';
import { sha256Hex } from '../../lib/digest';
import { world } from '../access-fixtures';
import { all, bookingOf, type Row, usersOnly } from './row';

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

/** An unused e-mailed link of partner one's guest booking: its preview is read, never used. */
const PREVIEWED_LINK = 'matrix-guest-link-previewed-never-opened-0123';
await world.ctx.database.write((tx) =>
  tx.insert(guestBookingLinks).values({
    id: sha256Hex(PREVIEWED_LINK),
    bookingId: world.guestBookingId,
    email: 'gail-guest@example.com',
    expiresAt: new Date(world.ctx.clock.now().getTime() + 7 * 86_400_000),
    createdAt: world.ctx.clock.now(),
  }),
);

/** Bookings and guest checkout: rows of the access matrix. */
export const BOOKING_ROWS: Record<string, Row> = {
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
  withdrawBooking: {
    request: async (f) => ({
      path: `/api/bookings/${await f.newConfirmedBooking()}/withdraw`,
      body: { reason: 'I cannot come after all, sorry.' },
    }),
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
  previewGuestLink: {
    // What the asking page reads first: the holder of a good link, whoever is signed in, sees what it opens.
    request: () => ({ path: '/api/guest-link/preview', body: { token: PREVIEWED_LINK } }),
    expect: all(200),
  },
  'previewGuestLink:forged': {
    request: () => ({ path: '/api/guest-link/preview', body: { token: 'never-issued-link-0123456789' } }),
    expect: all(400),
  },
  resendGuestLink: {
    // The same answer whether or not the address booked; one address each, under its hourly limit.
    request: (_f, caller) => ({ path: '/api/guest-link/resend', body: { email: `nobody-${caller}@example.com` } }),
    expect: all(202),
  },
};
