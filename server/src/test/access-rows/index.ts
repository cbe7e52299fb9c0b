/**
 * Every row of the access matrix (`permissions.test.ts`), one file a domain, in the order the
 * matrix has always listed them. A key in two files is a mistake the matrix would not see (the
 * later row would silently win), so it stops the suite here.
 */
import { ACCOUNT_ROWS } from './accounts';
import { ADMINISTRATION_ROWS } from './administration';
import { APPLICATION_ROWS } from './applications';
import { BOOKING_ROWS } from './bookings';
import { CALENDAR_ROWS } from './calendars';
import { MESSAGE_ROWS } from './messages';
import { PARTNER_PORTAL_ROWS } from './partner-portal';
import { PARTNER_WEBHOOK_ROWS } from './partner-webhooks';
import { PAYMENT_ROWS } from './payments';
import { PAYOUT_ROWS } from './payouts';
import { PUBLIC_ROWS } from './public';
import { REVIEW_ROWS } from './reviews';
import type { Row } from './row';
import { SCHEDULE_ROWS } from './schedules';
import { SERIES_ROWS } from './series';

export type { Base, Row } from './row';

const DOMAINS = [
  PUBLIC_ROWS,
  ACCOUNT_ROWS,
  BOOKING_ROWS,
  CALENDAR_ROWS,
  MESSAGE_ROWS,
  SERIES_ROWS,
  SCHEDULE_ROWS,
  PAYMENT_ROWS,
  PAYOUT_ROWS,
  REVIEW_ROWS,
  ADMINISTRATION_ROWS,
  PARTNER_WEBHOOK_ROWS,
  PARTNER_PORTAL_ROWS,
  APPLICATION_ROWS,
];

export const ROWS: Record<string, Row> = {};
for (const rows of DOMAINS) {
  for (const [key, row] of Object.entries(rows)) {
    if (key in ROWS) throw new Error(`${key} has a row in two files of test/access-rows`);
    ROWS[key] = row;
  }
}
