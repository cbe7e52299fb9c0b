import { servicesOffered } from '@spotless/sdk/rules';
import {
  BookingCreateInput,
  type Cleaner,
  type CleanerOverview,
  type CleanerSearchPage,
  GuestBookingInput,
} from '@spotless/sdk/schemas';
import {
  actionTo,
  type Data,
  linkTo,
  type Operations,
  pageLink,
  pageLinksTo,
  templateTo,
} from '../contract/hypermedia';
import { bookRefusal, type CatalogueEntry, type CleanerViewer } from './cleaners.service';

/**
 * A booking action's `serviceId` narrowed to the services the cleaner offers (the SDK's
 * `servicesOffered`, the rule booking refuses by; decision 071), each titled with its name.
 */
function withOfferedServices<A extends { fields: Array<{ name: string }> }>(
  action: A,
  offered: readonly CatalogueEntry[],
): A {
  const options = offered.map((s) => ({ value: String(s.id), title: s.name }));
  return {
    ...action,
    fields: action.fields.map((field) =>
      field.name === 'serviceId'
        ? { ...field, type: 'select', options, ...(offered.length === 1 ? { value: offered[0]?.id } : {}) }
        : field,
    ),
  };
}

/**
 * A cleaner's public profile with its links, and `book` when this viewer may book them, its
 * services those of `catalogue` the cleaner offers.
 */
export function renderCleaner(
  ops: Operations,
  cleaner: Data<Cleaner>,
  viewer: CleanerViewer,
  catalogue: readonly CatalogueEntry[],
): Cleaner {
  const { id } = cleaner;
  const offered = servicesOffered(cleaner, catalogue);
  const refused = bookRefusal(cleaner, viewer);
  // A cleaner none of whose types matches a bookable service offers nothing either.
  const refusal = refused === null && catalogue.length > 0 && offered.length === 0 ? 'no_services' : refused;
  // A visitor sees the booking page, which asks them to sign in first.
  const bookingPage = refusal === null || refusal === 'sign_in';
  return {
    ...cleaner,
    links: {
      self: linkTo(ops, 'getCleaner', { id }),
      reviews: templateTo(ops, 'listCleanerReviews', { cleanerId: id }, { query: ['page', 'limit'] }),
      reviewSummary: linkTo(ops, 'getReviewSummary', { cleanerId: id }),
      availability: linkTo(ops, 'listAvailability', { id }),
      slots: templateTo(ops, 'listTimeSlots', { id }, { query: ['duration'] }),
      services: linkTo(ops, 'listServices'),
      page: pageLink(`/cleaner/${id}`, `${cleaner.user.firstName} ${cleaner.user.lastName}`.trim()),
      ...(bookingPage ? { book: pageLink(`/booking/${id}`, 'Book Now') } : {}),
      ...(viewer.ownCleanerId === id
        ? {
            overview: linkTo(ops, 'getCleanerOverview', {}, { title: 'Your figures' }),
            jobs: linkTo(ops, 'listBookings', {}, { query: { cleanerId: id }, title: 'Your jobs' }),
          }
        : {}),
    },
    actions:
      refusal !== null
        ? {}
        : viewer.userId !== null
          ? {
              book: withOfferedServices(
                actionTo(ops, 'book', 'createBooking', {
                  title: 'Book Now',
                  body: BookingCreateInput,
                  values: { cleanerId: id },
                  types: { scheduledDate: 'date', scheduledTime: 'time' },
                }),
                offered,
              ) as NonNullable<Cleaner['actions']['book']>,
            }
          : {
              bookAsGuest: withOfferedServices(
                actionTo(ops, 'bookAsGuest', 'createGuestBooking', {
                  title: 'Book',
                  description: 'No account needed: we e-mail you a link to manage the booking.',
                  body: GuestBookingInput,
                  values: { cleanerId: id },
                  types: { scheduledDate: 'date', scheduledTime: 'time', guestPhone: 'text' },
                }),
                offered,
              ) as NonNullable<Cleaner['actions']['bookAsGuest']>,
            },
  };
}

export function renderCleanerSearch(
  ops: Operations,
  page: Omit<CleanerSearchPage, 'items' | 'links'> & { items: Data<Cleaner>[] },
  viewer: CleanerViewer,
  query: Record<string, string>,
  catalogue: readonly CatalogueEntry[],
): CleanerSearchPage {
  return {
    ...page,
    items: page.items.map((cleaner) => renderCleaner(ops, cleaner, viewer, catalogue)),
    links: pageLinksTo(ops, 'searchCleaners', {}, query, page),
  };
}

/** The signed-in cleaner's dashboard figures, linked to their profile, jobs and reviews. */
export function renderCleanerOverview(ops: Operations, overview: Data<CleanerOverview>): CleanerOverview {
  const { cleanerId } = overview;
  return {
    ...overview,
    links: {
      self: linkTo(ops, 'getCleanerOverview'),
      profile: linkTo(ops, 'getOwnCleanerProfile'),
      bookings: linkTo(ops, 'listBookings', {}, { query: { cleanerId } }),
      reviews: linkTo(ops, 'listCleanerReviews', { cleanerId }),
      page: pageLink('/cleaner-dashboard', 'Cleaner dashboard'),
    },
  };
}
