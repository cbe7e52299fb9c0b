import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp } from '../../app';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../../auth/cookies';
import { createSession, generateSessionToken } from '../../auth/sessions';
import { parseConfig } from '../../config';
import type { Database } from '../../db/client';
import { openDatabase } from '../../db/open';
import { cleaners, partnerMembers, partners, users } from '../../db/schema';
import type { Clock, Deps } from '../../deps';
import { memoryFileStorage } from '../../files/file-storage';
import { inProcessImageCleaner } from '../../files/image-cleaner';
import { migrateWithLedger } from '../../ledger/ledger-migration';
import { createLogger } from '../../lib/logger';
import type { Mailer } from '../../notifications/outbox';
import { MIGRATIONS_FOLDER } from '../../paths';
import { LocalPaymentProvider } from '../../payments/local-provider';
import { databaseLocalStore } from '../../payments/local-provider-store';
import { DEMO_CUSTOMER_EMAIL } from '../../seed/demo-accounts';
import { seedDemoData } from '../../seed/generate';
import { MINIMAL_APPLICATION } from '../application-fixtures';
import { calendarFeedOf } from '../calendar-fixtures';
import { partyMessagesOn } from '../message-fixtures';

/** What the fuzzer needs of a test context: the app and the database under it. */
export interface FuzzContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  clock: Clock;
}

/** The site's own origin (the test config's public URL) and a partner's host page. */
export const SITE_ORIGIN = 'http://localhost:8787';
export const PARTNER_ORIGIN = 'https://fuzz-partner.example';
const PARTNER_KEY = 'pk_fuzz_partner';

/**
 * The throttles that would otherwise answer most of a long run 429 (each has tests of its own);
 * the per-address ones are met by giving every request an address of its own.
 */
export const FUZZ_CONFIG = {
  AUTH_RATE_LIMIT: '100000',
  BOOKING_RATE_LIMIT: '100000',
  MAX_UNPAID_BOOKINGS: '100000',
  CONTACT_RATE_LIMIT: '100000',
  UPLOAD_RATE_LIMIT: '100000',
} as const;

export type CallerName =
  | 'visitor'
  | 'customer'
  | 'cleaner'
  | 'admin'
  | 'partner'
  | 'guest'
  | 'forgedSession'
  | 'forgedBearer'
  | 'unknownKey';
export const CALLERS: readonly CallerName[] = [
  'visitor',
  'customer',
  'cleaner',
  'admin',
  'partner',
  'guest',
  'forgedSession',
  'forgedBearer',
  'unknownKey',
];

/**
 * The people and resources the fuzzer aims at: every kind of caller, and ids that exist, so that a
 * generated request reaches past "not found" into the services' own decisions.
 */
export interface World {
  ctx: FuzzContext;
  /** The credentials each caller sends (without Origin), re-minted when an answer ends a session. */
  headersOf(caller: CallerName): Record<string, string>;
  /** Ids of rows that exist, for path parameters and id fields. */
  ids: number[];
  /** The customer's own application (open, so documents can be added). */
  applicationId: number;
  /** Chat conversation ids that exist. */
  chatSessions: string[];
  /** A calendar feed that exists (a cleaner's who is none of the callers), as its path segment. */
  calendarFeeds: string[];
  /** Dates the demo cleaner works, in the clock's near future. */
  dates: string[];
  /**
   * Undoes what a fuzzed request did to the callers themselves: a session it ended or replaced is
   * minted again, and after a write that succeeded the partner's key and the conversations are put
   * back as they were.
   */
  repair(caller: CallerName, setCookies: readonly string[], wrote: boolean): Promise<void>;
  /** Where the log of the domain's writes stands: pass it to `changedSince` after a request. */
  mark(): Promise<number>;
  /** The rows of the domain's tables that differ from what they were at `mark`, as `table#rowid`. */
  changedSince(mark: number): Promise<string[]>;
}

/**
 * Tables a refused request may still write: its own bookkeeping (sessions touched, throttles
 * counted, the outbox, the audit log of an attempt, the test-mode payment provider's records).
 * Every other table is the domain's, and a 4xx must leave it as it was.
 */
const BOOKKEEPING = new Set([
  'sessions',
  'rate_limits',
  'auth_tokens',
  'idempotency_keys',
  'notifications',
  'audit_log',
  'local_payment_intents',
  'local_payment_requests',
  'local_payment_events',
  'server_secrets',
  'write_guards',
  'fuzz_log',
  'fuzz_kept_chats',
  // Kept by triggers from the watched tables: the search index's change feed and version.
  'cleaner_changes',
  'search_state',
]);

/** A fresh migrated database and the app over it, outside vitest (the bench); `close` removes it. */
export async function openFuzzContext(now = new Date('2026-06-15T12:00:00Z')) {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-fuzz-'));
  const database = await openDatabase(`file:${join(dir, 'fuzz.db')}`);
  await migrateWithLedger(database, MIGRATIONS_FOLDER);
  const clock = { now: () => new Date(now) };
  const mailer: Mailer = { async send() {} };
  const deps: Deps = {
    config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...FUZZ_CONFIG }),
    database,
    logger: createLogger('silent'),
    clock,
    payments: new LocalPaymentProvider({ clock, store: databaseLocalStore(database, clock) }),
    mailer,
    files: memoryFileStorage(),
    images: inProcessImageCleaner,
  };
  const app = createApp(deps);
  const close = () => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, database, clock, deps, close };
}

/**
 * Logs every insert, update and delete of the domain's tables in `fuzz_log` (the row before, or
 * null for a new row), by triggers the fuzzed database alone carries: a refused write is checked by
 * comparing just the rows it touched with what they were. `updated_at` is left out: a write that
 * puts every value back still stamps it.
 */
async function watchDomainTables(database: Database): Promise<Map<string, string>> {
  const all = (
    await database.client.execute(
      "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'",
    )
  ).rows.map((row) => ({ name: String(row.name), virtual: String(row.sql).startsWith('CREATE VIRTUAL') }));
  // A virtual table keeps its rows in shadow tables named after it: both are derived indexes.
  const indexes = all.filter((t) => t.virtual).map((t) => t.name);
  const tables = all
    .filter((t) => !t.virtual && !t.name.startsWith('__') && !BOOKKEEPING.has(t.name))
    .filter((t) => !indexes.some((index) => t.name.startsWith(`${index}_`)))
    .map((t) => t.name);
  const rowOf = new Map<string, string>();
  const statements = [
    'create table fuzz_log (id integer primary key autoincrement, tbl text not null, row_id integer not null, old text)',
  ];
  for (const table of tables) {
    const columns = (await database.client.execute(`pragma table_info("${table}")`)).rows
      .map((row) => String(row.name))
      .filter((name) => name !== 'updated_at');
    const row = (alias: string) => `json_array(${columns.map((c) => `quote(${alias}"${c}")`).join(', ')})`;
    rowOf.set(table, row(''));
    const log = (event: string, rowid: string, old: string) =>
      `create trigger fuzz_${event}_${table} after ${event} on "${table}" begin insert into fuzz_log (tbl, row_id, old) values ('${table}', ${rowid}, ${old}); end`;
    statements.push(
      log('insert', 'NEW.rowid', 'null'),
      log('update', 'OLD.rowid', row('OLD.')),
      log('delete', 'OLD.rowid', row('OLD.')),
    );
  }
  await database.client.batch(statements, 'write');
  return rowOf;
}

/** Seeds the demo world, signs everyone in, and opens a guest booking, two conversations, an application and a damage report. */
export async function buildWorld(ctx: FuzzContext): Promise<World> {
  const { database, clock } = ctx;
  await seedDemoData(database, { cleaners: 4, now: clock.now(), demoAccounts: true, seed: 7 });
  const [customer] = await database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  const [demoCleaner] = await database.db.select().from(cleaners).where(eq(cleaners.id, 1));
  if (!customer || !demoCleaner) throw new Error('the demo accounts were not seeded');
  const restorePartner = () =>
    database.write((tx) =>
      tx
        .insert(partners)
        .values({
          name: 'Fuzz Partner',
          publishableKey: PARTNER_KEY,
          allowedOrigins: [PARTNER_ORIGIN],
          rateLimitPerMinute: 100_000,
        })
        .onConflictDoUpdate({
          target: partners.publishableKey,
          set: { isActive: true, allowedOrigins: [PARTNER_ORIGIN], rateLimitPerMinute: 100_000 },
        }),
    );
  await restorePartner();

  const mint = async (userId: number | null, kind: 'user' | 'admin') => {
    const token = generateSessionToken();
    await createSession(database, token, { userId, kind }, clock.now());
    return `${kind === 'user' ? SESSION_COOKIE : ADMIN_SESSION_COOKIE}=${token}`;
  };
  const sessions = {
    customer: await mint(customer.id, 'user'),
    cleaner: await mint(demoCleaner.userId, 'user'),
    admin: await mint(null, 'admin'),
  };
  const partner = { 'x-spotless-key': PARTNER_KEY, origin: PARTNER_ORIGIN };

  // A webhook endpoint of the partner (decision 079), so the guest booking below queues a delivery
  // and the webhook operations' ids (small ones) reach past "not found". No job sends it here.
  const [fuzzPartner] = await database.db.select().from(partners).where(eq(partners.publishableKey, PARTNER_KEY));
  const hook = await ctx.app.request(`/api/partner-portal/${fuzzPartner?.id}/webhooks`, {
    method: 'POST',
    headers: { cookie: sessions.admin, origin: SITE_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${PARTNER_ORIGIN}/hooks`, events: ['booking.created'] }),
  });
  if (hook.status !== 201) throw new Error(`webhook endpoint: ${hook.status}`);
  // The customer is one of the partner's people, and a colleague's invitation is pending (decision
  // 081), so the portal's operations — the people's resend, revoke and remove among them — reach
  // past "not found" for a customer as for an administrator.
  await database.write((tx) =>
    tx.insert(partnerMembers).values({ partnerId: fuzzPartner?.id as number, userId: customer.id }),
  );
  const invited = await ctx.app.request(`/api/partner-portal/${fuzzPartner?.id}/invites`, {
    method: 'POST',
    headers: { cookie: sessions.admin, origin: SITE_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'colleague@fuzz-partner.example' }),
  });
  if (invited.status !== 201) throw new Error(`partner invitation: ${invited.status}`);

  const dates = [3, 4, 5, 6, 7].map((d) => `2026-08-0${d}`);
  const guest = await ctx.app.request('/api/guest-bookings', {
    method: 'POST',
    headers: { ...partner, 'content-type': 'application/json' },
    body: JSON.stringify({
      cleanerId: demoCleaner.id,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      scheduledDate: dates[0],
      scheduledTime: '09:00',
      duration: 120,
      totalPrice: '90.00',
      guestName: 'Gail Guest',
      guestEmail: 'gail@example.com',
      guestPhone: '+1 512 555 0100',
    }),
  });
  const guestBody = (await guest.json()) as { guestToken?: string; booking?: { id: number } };
  if (!guestBody.guestToken || !guestBody.booking) throw new Error(`guest booking: ${guest.status}`);

  const chatSessions: string[] = [];
  for (const headers of [{}, { cookie: sessions.customer, origin: SITE_ORIGIN }] as Record<string, string>[]) {
    const res = await ctx.app.request('/api/chat/session', { method: 'POST', headers });
    chatSessions.push(((await res.json()) as { sessionId: string }).sessionId);
  }
  // Deleting a conversation is one of the operations: a copy puts them back for the next cases.
  await database.client.execute('create table fuzz_kept_chats as select * from chat_sessions');

  // A calendar feed of a cleaner none of the callers is (their rotations leave it working).
  const calendarFeeds = [await calendarFeedOf(database, 2, 'fuzzCalendarFeedToken0123456789abcdefghijkl')];
  // The customer's own application, so its documents' operations reach past "not found".
  const application = await ctx.app.request('/api/applications', {
    method: 'POST',
    headers: { cookie: sessions.customer, origin: SITE_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(MINIMAL_APPLICATION),
  });
  const applicationId = ((await application.json()) as { id?: number }).id;
  if (!applicationId) throw new Error(`application: ${application.status}`);

  // The newest of the customer's bookings, reviews and payments: rows the customer may act on.
  const newest = async (table: string) => {
    const [row] = (
      await database.client.execute({
        sql: `select max(id) as id from ${table} where customer_id = ?`,
        args: [customer.id],
      })
    ).rows;
    return row?.id === null || row?.id === undefined ? [] : [Number(row.id)];
  };
  // A damage report of the customer's on their newest booking, so its photos' operations reach past
  // "not found" (a report is only made through the API on a job completed in the last day).
  const [booking] = await newest('bookings');
  const report =
    booking === undefined
      ? []
      : (
          await database.client.execute({
            sql: "insert into damage_reports (booking_id, reporter_user_id, description) values (?, ?, 'Fuzz report') returning id",
            args: [booking, customer.id],
          })
        ).rows.map((row) => Number(row.id));
  // The callers' own rows twice: a case meets one of them as often as all the small ids together.
  const own = [
    ...(booking === undefined ? [] : await partyMessagesOn(database, booking)),
    ...(booking === undefined ? [] : [booking]),
    ...(await newest('reviews')),
    ...(await newest('payments')),
    ...report,
    guestBody.booking.id,
    applicationId,
  ];
  const ids = [1, 2, 3, 4, 5, 7, 11, ...own, ...own];

  const rowOf = await watchDomainTables(database);

  return {
    ctx,
    ids,
    applicationId,
    chatSessions,
    calendarFeeds,
    dates,
    headersOf(caller): Record<string, string> {
      switch (caller) {
        case 'customer':
        case 'cleaner':
        case 'admin':
          return { cookie: sessions[caller] };
        case 'partner':
          return { ...partner };
        case 'guest':
          return { ...partner, authorization: `Bearer ${guestBody.guestToken}` };
        case 'forgedSession':
          return { cookie: `${SESSION_COOKIE}=forged-${'x'.repeat(40)}; ${ADMIN_SESSION_COOKIE}=%00%ff` };
        case 'forgedBearer':
          return { authorization: 'Bearer not-a-token-at-all' };
        case 'unknownKey':
          return { 'x-spotless-key': 'pk_nobody', origin: PARTNER_ORIGIN };
        default:
          return {};
      }
    },
    async repair(caller, setCookies, wrote) {
      const cookie = caller === 'admin' ? ADMIN_SESSION_COOKIE : SESSION_COOKIE;
      if (setCookies.some((line) => line.startsWith(`${cookie}=`))) {
        if (caller === 'customer') sessions.customer = await mint(customer.id, 'user');
        if (caller === 'cleaner') sessions.cleaner = await mint(demoCleaner.userId, 'user');
        if (caller === 'admin') sessions.admin = await mint(null, 'admin');
      }
      if (!wrote) return;
      await restorePartner();
      await database.client.execute('insert or ignore into chat_sessions select * from fuzz_kept_chats');
    },
    async mark() {
      const [row] = (await database.client.execute('select coalesce(max(id), 0) as id from fuzz_log')).rows;
      return Number(row?.id ?? 0);
    },
    async changedSince(mark) {
      const logged = (
        await database.client.execute({
          sql: 'select tbl, row_id, old from fuzz_log where id > ? order by id',
          args: [mark],
        })
      ).rows;
      const first = new Map<string, { table: string; rowid: number; old: string | null }>();
      for (const row of logged) {
        const key = `${row.tbl}#${row.row_id}`;
        if (!first.has(key))
          first.set(key, {
            table: String(row.tbl),
            rowid: Number(row.row_id),
            old: row.old === null ? null : String(row.old),
          });
      }
      const changed: string[] = [];
      for (const [key, { table, rowid, old }] of first) {
        const [now] = (
          await database.client.execute({
            sql: `select ${rowOf.get(table)} as r from "${table}" where rowid = ?`,
            args: [rowid],
          })
        ).rows;
        if ((now ? String(now.r) : null) !== old) changed.push(key);
      }
      // Older entries answer no later check.
      await database.client.execute({ sql: 'delete from fuzz_log where id <= ?', args: [mark] });
      return changed;
    },
  };
}
