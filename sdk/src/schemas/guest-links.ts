import { z } from 'zod';
import { actionOf, linkTo, PageLink } from './hypermedia';

/*
 * A guest booking's e-mailed link (decision 049): reading it before it is used, opening it into an
 * account, and asking for a new one.
 */

/**
 * `GET /api/guest-link?token=…`: the single-use link of a guest booking's confirmation e-mail. The
 * token is read as any text: a browser opening a link without one, or with a malformed one, is sent
 * to the sign-in page's expired-link state as for a used link, not shown a JSON error.
 */
export const GuestLinkQuery = z
  .object({
    token: z
      .string()
      .optional()
      .meta({ description: 'the link’s token; missing or malformed goes to the expired-link page' }),
  })
  .meta({ id: 'GuestLinkQuery' });

/**
 * `POST /api/guest-link`: the same link's token, sent by the hosted `/guest-link` page once the
 * person agreed (a link another site opened, or one opened while someone is signed in, asks first).
 */
export const GuestLinkInput = z
  .object({ token: z.string().trim().min(1, 'This link is incomplete').max(100) })
  .meta({ id: 'GuestLinkInput' });
export type GuestLinkInput = z.infer<typeof GuestLinkInput>;

/** The link was good: the booking is in the address's account and the caller is signed in as it. */
export const GuestLinkOpened = z
  .object({
    ok: z.literal(true),
    links: z.object({
      next: PageLink,
      booking: linkTo('getBooking'),
    }),
  })
  .meta({ id: 'GuestLinkOpened' });
export type GuestLinkOpened = z.infer<typeof GuestLinkOpened>;

/**
 * `POST /api/guest-link/preview`: what opening the link would do, read without using it (decision
 * 049): the booking as its holder would see it once opened (its cleaner and local time), the address
 * it was made with partly masked, and whether that address's account is the one signed in now.
 * `actions.open` (the same single-use `POST /api/guest-link`) is there while the link can be opened;
 * `alreadyOpened` says the booking is in the signed-in account already, and `links.next` goes there.
 */
export const GuestLinkPreview = z
  .object({
    booking: z.object({
      cleanerName: z.string().meta({ description: 'the cleaner’s name, as the booking shows it' }),
      scheduledDate: z.string().meta({ description: 'local date in the cleaner’s zone, YYYY-MM-DD' }),
      scheduledTime: z.string().meta({ description: 'local start time in the cleaner’s zone, HH:MM' }),
      startsAt: z.string().meta({ description: 'ISO 8601 UTC instant' }),
      timeZone: z.string(),
    }),
    email: z.string().meta({
      description:
        'the address the booking was made with, masked but for its first character and its domain: g•••@example.net',
    }),
    signedInToThisAccount: z.boolean().meta({
      description:
        'the account the link opens is the one signed in now (its address confirmed, no administrator session)',
    }),
    alreadyOpened: z.boolean().meta({ description: 'the booking is already in the account signed in now' }),
    links: z.object({ next: PageLink, booking: linkTo('getBooking').optional() }),
    actions: z.object({ open: actionOf('open', 'POST', 'confirmGuestLink').optional() }),
  })
  .meta({ id: 'GuestLinkPreview' });
export type GuestLinkPreview = z.infer<typeof GuestLinkPreview>;

/** `POST /api/guest-link/resend`: a new link for the guest bookings made with this address. */
export const GuestLinkResendInput = z
  .object({
    email: z
      .email('Please enter a valid email address')
      .max(254)
      .transform((v) => v.toLowerCase())
      .meta({ description: 'Email' }),
  })
  .meta({ id: 'GuestLinkResendInput' });
export type GuestLinkResendInput = z.input<typeof GuestLinkResendInput>;

/** The same answer whether or not the address booked: it tells nobody who did. */
export const GuestLinkResent = z
  .object({
    ok: z.literal(true),
    message: z.string().meta({ description: 'If you booked with that address, we’ve sent a new link.' }),
  })
  .meta({ id: 'GuestLinkResent' });
export type GuestLinkResent = z.infer<typeof GuestLinkResent>;
