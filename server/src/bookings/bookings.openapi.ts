import { FREE_CANCELLATION_HOURS, RESCHEDULE_CLOSES_HOURS } from '@spotless/sdk/rules';
import {
  ApiErrorBody,
  Booking,
  BookingCreateInput,
  BookingList,
  BookingListQuery,
  BookingStats,
  BookingStatusInput,
  BookingUpdateInput,
  BookingWithdrawInput,
  GuestBookingCreated,
  GuestBookingInput,
  GuestLinkInput,
  GuestLinkOpened,
  GuestLinkPreview,
  GuestLinkQuery,
  GuestLinkResendInput,
  GuestLinkResent,
  IdParam,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

export const PriceChangedBody = z.object({
  error: ApiErrorBody.shape.error.extend({ currentPrice: z.string(), currentAmount: z.number() }),
});

/** The bookings operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const bookingsApi = defineOperations({
  createBooking: {
    method: 'post',
    path: '/bookings',
    security: 'user',
    summary: 'Book a cleaner',
    description:
      'Creates a pending booking for the signed-in customer. The service must be one the cleaner offers (400 `service_not_offered` naming `serviceId`). The price is computed by the server; `totalPrice` is only compared with it (409 `price_changed` with `currentPrice` when it differs). The time must lie inside the cleaner’s hours, outside their time off and clear of their other bookings, all checked in the same transaction that writes (409 `outside_hours`, `time_off`, `slot_taken`; a start that is free but not for the whole duration is 409 `not_enough_time` naming `duration`, saying how long is free from there). Send an `Idempotency-Key` header to retry safely: the same key and body answer the same booking (as it is now, with `Idempotent-Replayed: true`) and book nothing more; the same key with another body is 422.',
    tags: ['bookings'],
    access: 'signed-in user',
    responses: {
      201: { description: 'The booking', schema: Booking },
      400: { description: 'A field is invalid, or the cleaner does not offer the service (`service_not_offered`)' },
      409: {
        description:
          'Price changed, outside hours, time off, the time is taken, not enough time from the start (`not_enough_time`), or too many unpaid bookings (`too_many_unpaid_bookings`)',
        schema: PriceChangedBody,
      },
      422: { description: 'Idempotency-Key reused with a different body' },
      429: { description: 'Too many bookings made in the last hour (Retry-After)' },
    },
    request: { json: BookingCreateInput },
  },
  createGuestBooking: {
    method: 'post',
    path: '/guest-bookings',
    security: 'partner',
    partners: true,
    summary: 'Book a cleaner as a guest, through a partner widget',
    description:
      'For a partner’s publishable key only (a person on this site signs in and uses `POST /bookings`). The same checks as `POST /bookings` (price, hours, time off, taken times, in the transaction that writes); the guest’s name, e-mail and phone instead of an account. Answers the booking and a guest token good for this booking’s read and payment only. The confirmation e-mail carries a single-use link that joins the booking to the address’s account once opened. Records the partner, its commission rate in force and the host page’s UTM (`X-Spotless-Utm`).',
    tags: ['bookings', 'partners'],
    access: 'partner key',
    responses: {
      201: { description: 'The booking and its guest token', schema: GuestBookingCreated },
      403: { description: 'Not through a partner key' },
      409: {
        description: 'Price changed, outside hours, time off, the time is taken, or too many unpaid bookings',
        schema: PriceChangedBody,
      },
      429: { description: 'Too many bookings from this address in the last hour (Retry-After)' },
    },
    request: { json: GuestBookingInput },
  },
  openGuestLink: {
    method: 'get',
    path: '/guest-link',
    security: 'public',
    summary: 'Open a guest booking’s e-mailed link',
    description:
      'The link in a guest booking’s confirmation e-mail: single use, valid 7 days. It proves the address, so the booking joins that address’s account (made, without a password, if there is none) and the person is signed in, then sent to My Bookings (303, `Referrer-Policy: no-referrer`, nothing of the token in the next address). An unknown, used or expired link goes to the sign-in page with a message. Only a navigation the person started themself (typed, or opened from a mail app) with nobody signed in does this at once: one another site started (`Sec-Fetch-Site: cross-site` or `same-site`, or a foreign Referer), or any open while a user or administrator session is present, uses nothing and goes to the hosted `/guest-link` page with the token in the fragment (`/guest-link#token=…`), which asks first and continues with `POST /guest-link`.',
    tags: ['bookings', 'auth'],
    access: 'holder of the e-mailed link',
    responses: {
      303: {
        description:
          'To My Bookings, signed in; to the sign-in page (a used, unknown, expired, missing or malformed link); or to `/guest-link#token=…` to ask first',
      },
      400: {
        description:
          'Only to a caller that asks for JSON (`Accept: application/json` without `text/html`): the token is missing or malformed; a browser goes to the sign-in page instead',
      },
    },
    request: { query: GuestLinkQuery },
  },
  confirmGuestLink: {
    method: 'post',
    path: '/guest-link',
    security: 'public',
    summary: 'Open a guest booking’s e-mailed link, once the person agreed',
    description:
      'What the hosted `/guest-link` page sends when the person chooses to continue: the same single-use link as `GET /guest-link`, its token in the body. The booking joins the address’s account, every session this browser holds (user and administrator) ends and a user session for that account starts. Our own pages only: the CSRF check refuses another Origin even without a cookie, as for signing in.',
    tags: ['bookings', 'auth'],
    access: 'holder of the e-mailed link',
    responses: {
      200: { description: 'Signed in; `links.next` is the page to go to (My Bookings)', schema: GuestLinkOpened },
      400: { description: '`invalid_token`: the link is unknown, used or expired (or the token is missing)' },
      403: { description: 'Another site’s request (`csrf`)' },
    },
    request: { json: GuestLinkInput },
  },
  previewGuestLink: {
    method: 'post',
    path: '/guest-link/preview',
    security: 'public',
    summary: 'Read what a guest booking’s e-mailed link would open, without using it',
    description:
      'What the hosted `/guest-link` page asks before it offers to continue: the booking’s cleaner and local date and time, the address it was made with masked but for its first character and domain (`g•••@example.net`), and whether the account that address opens is the one signed in now (`signedInToThisAccount`: its address confirmed and no administrator session beside it). `actions.open` is `POST /guest-link` while the link can still be opened. A used link whose booking is already in the signed-in account answers `alreadyOpened` with `links.booking`; any other used, unknown or expired link is 400 `invalid_token` naming `token`. Uses nothing and signs nobody in; a POST so the token stays out of addresses and logs, and refused from another Origin when it carries a session cookie (CSRF).',
    tags: ['bookings', 'auth'],
    access: 'holder of the e-mailed link',
    responses: {
      200: { description: 'What opening the link would do', schema: GuestLinkPreview },
      400: { description: '`invalid_token`: the link is unknown, used or expired (or the token is missing)' },
      403: { description: 'Another site’s request with a session cookie (`csrf`)' },
    },
    request: { json: GuestLinkInput },
  },
  resendGuestLink: {
    method: 'post',
    path: '/guest-link/resend',
    security: 'public',
    summary: 'Send a new link to the guest bookings made with an address',
    description:
      'For a guest whose e-mailed link expired or was used. Always 202 with the same words, whether or not anything matched. For each guest booking of the address that is in nobody’s account yet, not cancelled and ended no more than 7 days ago (at most 5, the soonest first), a new single-use link good for 7 days is e-mailed to the address through the outbox. Limited per client address (shared with password reset requests) and to 3 an hour per e-mail address. Someone with an account uses the password reset instead.',
    tags: ['bookings', 'auth'],
    access: 'public',
    responses: {
      202: { description: 'If the address booked as a guest, a new link is on its way', schema: GuestLinkResent },
      400: { description: 'Not an e-mail address' },
      429: { description: 'Too many requests from this client address or for this e-mail address (Retry-After)' },
    },
    request: { json: GuestLinkResendInput },
  },
  listBookings: {
    method: 'get',
    path: '/bookings',
    security: 'user-or-admin',
    summary: 'List bookings',
    description:
      'Without `cleanerId`: the signed-in customer’s own bookings (an administrator session without a user sees every booking). With `cleanerId`: that cleaner’s jobs — only for the cleaner themself or an administrator. `status` takes one status or a group (`active`, `history`); `q` matches part of the cleaner’s first or last name or the service’s name. Newest start first, `limit` to a page: `total` counts every match, `page` picks the page, and `links.next` / `links.prev` keep the filters.',
    tags: ['bookings'],
    access: 'signed-in user; cleaner for their own cleanerId; admin',
    responses: {
      200: { description: 'Bookings with cleaner, service, customer and hasReview', schema: BookingList },
      403: { description: 'cleanerId is not the caller’s own' },
    },
    request: { query: BookingListQuery },
  },
  getBookingStats: {
    method: 'get',
    path: '/bookings/stats',
    security: 'user',
    summary: 'The signed-in customer’s booking figures',
    description:
      'Counts by status, money actually spent (succeeded payments minus refunds), this month’s bookings and spend (UTC month), the average rating the customer has given and their most booked service.',
    tags: ['bookings'],
    access: 'signed-in user',
    responses: {
      200: { description: 'Figures', schema: BookingStats },
    },
  },
  getBooking: {
    method: 'get',
    path: '/bookings/:id',
    security: 'user-or-admin',
    guests: true,
    summary: 'One booking',
    description: 'For its customer, its cleaner or an administrator; anyone else gets 404.',
    tags: ['bookings'],
    access: 'booking customer, booking cleaner, admin',
    responses: {
      200: { description: 'The booking', schema: Booking },
      404: { description: 'No such booking, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  updateBooking: {
    method: 'put',
    path: '/bookings/:id',
    security: 'user-or-admin',
    summary: 'Edit a booking (customer)',
    description: `While pending or confirmed, the customer may change the local date/time (re-checked against the cleaner’s hours, time off and other bookings in one transaction; allowed only ${RESCHEDULE_CLOSES_HOURS} hours or more before the current start — later, cancel instead), the special instructions (\`specialRequests\` or \`specialInstructions\`) and the address.`,
    tags: ['bookings'],
    access: 'booking customer',
    responses: {
      200: { description: 'The updated booking', schema: Booking },
      403: { description: 'The booking’s cleaner or an administrator: only the customer edits' },
      404: { description: 'No such booking, or not yours' },
      409: {
        description:
          'Not editable in its state, too late to reschedule, the new time is not free (`not_enough_time` when it is free but not for the whole booking), or the cleaner no longer offers its service (`service_not_offered`)',
      },
    },
    request: { param: z.object({ id: IdParam }), json: BookingUpdateInput },
  },
  cancelBooking: {
    method: 'delete',
    path: '/bookings/:id',
    security: 'user-or-admin',
    summary: 'Cancel a booking (customer or administrator)',
    description: `Pending or confirmed only. Free ${FREE_CANCELLATION_HOURS} hours or more before the start; later, a paid booking keeps the cleaner’s fee (one hour at the booked rate, at most the total), stored as \`cancellationFee\`. Unpaid bookings never cost anything.`,
    tags: ['bookings'],
    access: 'booking customer, admin',
    responses: {
      200: { description: 'The cancelled booking', schema: Booking },
      403: { description: 'The booking’s cleaner: decline through PATCH /status instead' },
      404: { description: 'No such booking, or not yours' },
      409: { description: 'Not cancellable in its state' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  setBookingStatus: {
    method: 'patch',
    path: '/bookings/:id/status',
    security: 'user-or-admin',
    summary: 'Accept, decline, start or complete a job (the booking’s cleaner)',
    description:
      '`confirmed` accepts a pending booking, `cancelled` declines a pending one, `in_progress` starts a confirmed one, `completed` completes a confirmed or in-progress one (and counts towards the cleaner’s completed jobs). Starting and completing need the booking paid (409 `not_paid`); a job starts from an hour before its time and completes from its time (409 `too_early`). Any other change is 409.',
    tags: ['bookings'],
    access: 'booking cleaner',
    responses: {
      200: { description: 'The booking in its new state', schema: Booking },
      400: { description: 'status is not a booking status' },
      403: { description: 'The booking’s customer or an administrator: only its cleaner changes its status' },
      404: { description: 'No such booking, or not yours' },
      409: { description: 'Not a legal change from the current state, not paid, or too early' },
    },
    request: { param: z.object({ id: IdParam }), json: BookingStatusInput },
  },
  withdrawBooking: {
    method: 'post',
    path: '/bookings/:id/withdraw',
    security: 'user-or-admin',
    summary: 'Withdraw from a confirmed job (the booking’s cleaner)',
    description:
      'For the booking’s cleaner when they cannot come after all: a confirmed job, before its start, with a `reason` (10–500 characters) the customer is sent. In one transaction the booking is cancelled as withdrawn by its cleaner (`cancellationKind: withdrawn`), the withdrawal counts on the cleaner’s record (administrators see `withdrawals` on the cleaner) and an e-mail to the customer is queued with up to three nearby cleaners offering the service and free at the same time, each with a link to book it; then the whole payment is refunded at once through the payment provider, exactly once. The cleaner is paid nothing.',
    tags: ['bookings'],
    access: 'booking cleaner',
    responses: {
      200: { description: 'The cancelled booking', schema: Booking },
      400: { description: '`reason` missing, shorter than 10 or longer than 500 characters' },
      403: { description: 'The booking’s customer or an administrator: only its cleaner withdraws' },
      404: { description: 'No such booking, or not yours' },
      409: {
        description:
          'Not confirmed (`illegal_transition`: e.g. already withdrawn) or already started (`already_started`)',
      },
    },
    request: { param: z.object({ id: IdParam }), json: BookingWithdrawInput },
  },
});
