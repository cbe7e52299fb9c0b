import { sql } from 'drizzle-orm';
import { check, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Always empty: how a one-round-trip write batch refuses (decision 054). A guard statement
 * inserts a refusal's name here only when its condition fails (`insert … select 'slot_taken' where
 * exists (…)`); the named CHECK constraint then fails the statement, libSQL rolls the whole batch
 * back, and the error names the refusal ("CHECK constraint failed: slot_taken").
 */
export const WRITE_REFUSALS = [
  'slot_taken',
  'too_many_unpaid_bookings',
  'cleaner_changed',
  'schedule_changed',
  'service_changed',
  'partner_changed',
] as const;
export type WriteRefusal = (typeof WRITE_REFUSALS)[number];

export const writeGuards = sqliteTable('write_guards', { refusal: text().notNull() }, (t) =>
  WRITE_REFUSALS.map((name) => check(name, sql`${t.refusal} <> ${sql.raw(`'${name}'`)}`)),
);
