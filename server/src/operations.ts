import { adminAuthApi } from './admin-auth/admin-auth.openapi';
import { applicationsApi } from './applications/applications.openapi';
import { authApi } from './auth/auth.openapi';
import { availabilityApi } from './availability/availability.openapi';
import { bookingsApi } from './bookings/bookings.openapi';
import { calendarsApi } from './calendars/calendars.openapi';
import { servicesApi } from './catalog/catalog.openapi';
import { chatApi } from './chat/chat.openapi';
import { cleanersApi } from './cleaners/cleaners.openapi';
import { contactApi } from './contact/contact.openapi';
import { listOperations } from './contract/operations';
import { damageApi } from './damage/damage.openapi';
import { favouritesApi } from './favourites/favourites.openapi';
import { messagesApi } from './messages/messages.openapi';
import { partnerPortalApi } from './partners/partner-portal.openapi';
import { partnerWebhooksApi } from './partners/partner-webhooks.openapi';
import { partnersApi } from './partners/partners.openapi';
import { paymentsApi } from './payments/payments.openapi';
import { payoutTermsApi } from './payout-terms/payout-terms.openapi';
import { payoutsApi } from './payouts/payouts.openapi';
import { reviewsApi } from './reviews/reviews.openapi';
import { seriesApi } from './series/series.openapi';
import { systemApi } from './system/system.openapi';

/**
 * Every operation of the API, from each domain's table (decision 043): the OpenAPI document,
 * the links' hrefs and the assistant's tools are derived from this list.
 */
export const API_OPERATIONS = listOperations([
  systemApi,
  servicesApi,
  availabilityApi,
  cleanersApi,
  bookingsApi,
  calendarsApi,
  messagesApi,
  seriesApi,
  reviewsApi,
  applicationsApi,
  favouritesApi,
  contactApi,
  chatApi,
  paymentsApi,
  partnersApi,
  payoutsApi,
  payoutTermsApi,
  damageApi,
  partnerWebhooksApi,
  partnerPortalApi,
  authApi,
  adminAuthApi,
]);
