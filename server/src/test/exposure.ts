/**
 * What no answer may carry, read from the schema rather than listed by hand, so a column added
 * later is covered the day it is added:
 *
 * - **credentials**: every column whose name ends in `Hash` or `Secret` (password hashes, TOTP
 *   secrets, guest token hashes, payment client secrets), the values of a table named for secrets,
 *   every text primary key that holds a SHA-256 digest (sessions, e-mailed links, chat ids: the
 *   tables that store a token by its hash), the raw tokens in the outbox's links, and the tokens
 *   the test itself holds;
 * - **contact details**: every text column whose name says e-mail or phone, unless the caller may
 *   see that value (theirs, what they sent, what the product shows them).
 */
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { type SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../db/client';
import * as schema from '../db/schema';

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

const CREDENTIAL_NAME = /(Hash|Secret)$/;
/** A table that keeps secrets by name (`server_secrets`): its values are, its keys are not. */
const SECRET_TABLE = /secret/i;
const CONTACT_NAME = /email|phone/i;
/** A SHA-256 digest as the stores keep one: hex, or base64url without padding. */
const DIGEST = /^(?:[0-9a-f]{64}|[A-Za-z0-9_-]{43})$/;

const columnsOf = (table: SQLiteTable) => Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
const isText = (column: SQLiteColumn) => column.columnType === 'SQLiteText';

/** Field names an answer must never carry, whatever their value: the credential columns'. */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(
  tables.flatMap((table) => columnsOf(table).filter(([key]) => CREDENTIAL_NAME.test(key))).map(([key]) => key),
);

/** The columns whose values are credentials (of a primary key, only the values shaped like a digest). */
export const CREDENTIAL_COLUMNS = tables.flatMap((table) => {
  const secretTable = SECRET_TABLE.test(getTableName(table));
  return columnsOf(table)
    .filter(([key, column]) => isText(column) && (CREDENTIAL_NAME.test(key) || column.primary || secretTable))
    .map(([key, column]) => ({
      table,
      key,
      column,
      digestsOnly: !CREDENTIAL_NAME.test(key) && !(secretTable && !column.primary),
    }));
});
/** The columns whose values are someone's e-mail address or phone number. */
export const CONTACT_COLUMNS = tables.flatMap((table) =>
  columnsOf(table)
    .filter(([key, column]) => CONTACT_NAME.test(key) && isText(column) && column.dataType === 'string')
    .map(([key, column]) => ({ name: `${getTableName(table)}.${key}`, table, column })),
);

async function valuesOf(db: Queryable, table: SQLiteTable, column: SQLiteColumn): Promise<string[]> {
  const rows = await db.select({ value: column }).from(table);
  return rows.map((row) => row.value).filter((value): value is string => typeof value === 'string' && value !== '');
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

export interface Secrets {
  credentials: Set<string>;
  /** Lower-case e-mail addresses and phone numbers' digits. */
  contacts: Set<string>;
}

/** Every credential and contact value the database holds now, and the raw tokens `held`. */
export async function secretsIn(db: Queryable, held: Iterable<string>): Promise<Secrets> {
  const credentials = new Set(held);
  for (const { table, column, digestsOnly } of CREDENTIAL_COLUMNS) {
    for (const value of await valuesOf(db, table, column)) {
      if (!digestsOnly || DIGEST.test(value)) credentials.add(value);
    }
  }
  for (const body of await valuesOf(db, schema.notifications, schema.notifications.body)) {
    for (const match of body.matchAll(/[?&#]token=([A-Za-z0-9_-]{16,})/g)) credentials.add(match[1] as string);
  }
  const contacts = new Set<string>();
  for (const { table, column } of CONTACT_COLUMNS) {
    for (const value of await valuesOf(db, table, column)) contacts.add(contactKey(value));
  }
  return { credentials, contacts };
}

/** How a contact value is compared: an address in lower case, a number by its digits. */
export function contactKey(value: string): string {
  return value.includes('@') ? value.trim().toLowerCase() : digitsOf(value);
}

const TOKEN = /[A-Za-z0-9_$./+=-]{16,}/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * Where in `body` a credential or a contact value the caller may not see appears: one line per
 * finding, with its JSON path. `maySee` holds the contact keys (`contactKey`) the caller may be
 * answered; `allowedFields` are credential fields this answer may carry with their values (a
 * payment's client secret, answered to its payer).
 */
export function exposures(
  body: unknown,
  secrets: Secrets,
  maySee: ReadonlySet<string>,
  allowedFields: readonly string[] = [],
): string[] {
  const found: string[] = [];
  const allowedValues = new Set<string>();
  const phones = [...secrets.contacts].filter((key) => !key.includes('@') && key.length >= 10 && !maySee.has(key));
  const credential = (candidate: string) => secrets.credentials.has(candidate) && !allowedValues.has(candidate);
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (credential(value) || [...value.matchAll(TOKEN)].some((m) => credential(m[0]))) {
        found.push(`${path}: a credential`);
      }
      for (const [email] of value.matchAll(EMAIL)) {
        const key = email.toLowerCase();
        if (secrets.contacts.has(key) && !maySee.has(key)) found.push(`${path}: the e-mail address ${email}`);
      }
      const digits = digitsOf(value);
      if (digits.length >= 10 && phones.some((phone) => digits.includes(phone))) {
        found.push(`${path}: the phone number in ${JSON.stringify(value.slice(0, 80))}`);
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${path}[${i}]`);
      return;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key, item] of entries) {
        if (allowedFields.includes(key) && typeof item === 'string') allowedValues.add(item);
      }
      for (const [key, item] of entries) {
        if (CREDENTIAL_FIELDS.has(key) && !allowedFields.includes(key))
          found.push(`${path}.${key}: a credential field`);
        visit(item, `${path}.${key}`);
      }
    }
  };
  visit(body, '$');
  return found;
}
