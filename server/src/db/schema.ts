/**
 * One schema for the whole product. Money is integer cents; instants are UTC milliseconds
 * (`timestamp_ms`); a cleaner's wall-clock rules (weekly hours, time off) are stored as local
 * text with the cleaner's IANA zone beside them.
 *
 * Each domain's tables are declared in `schema/<domain>.ts`, named after the server folder that
 * owns (and alone writes) them; this file gathers them for Drizzle and for every importer.
 */
export * from './schema/applications';
export * from './schema/audit';
export * from './schema/auth';
export * from './schema/availability';
export * from './schema/bookings';
export * from './schema/calendars';
export * from './schema/chat';
export * from './schema/cleaners';
export * from './schema/contact';
export * from './schema/damage';
export * from './schema/favourites';
export * from './schema/idempotency';
export * from './schema/ledger';
export * from './schema/messages';
export * from './schema/notifications';
export * from './schema/partner-portal';
export * from './schema/partner-webhooks';
export * from './schema/partners';
export * from './schema/payments';
export * from './schema/payouts';
export * from './schema/reviews';
export * from './schema/series';
export * from './schema/services';
export * from './schema/system';
export * from './schema/write-guards';
