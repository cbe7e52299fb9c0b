/**
 * The load bench's database: 100,000 demo cleaners seeded (or a seeded file copied), what the bench
 * reads from it before the run (cleaners it can book without asking first), and the customers it
 * signs in by writing their sessions as the server stores them.
 */
import { copyFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { generateSessionToken, SESSION_POLICY, sessionIdFromToken } from '../../src/auth/sessions';
import { migrateDatabase } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import { MIGRATIONS_FOLDER } from '../../src/paths';
import { seedDemoData } from '../../src/seed/generate';
import { address, type BookableCleaners, DAY_MS } from './mix';

/** Seeds (or copies BENCH_DATABASE into) `file`, then reads what the bench needs from it. */
export async function prepareDatabase(file: string, cleaners: number) {
  let seedSeconds: number | null = null;
  if (process.env.BENCH_DATABASE) copyFileSync(process.env.BENCH_DATABASE, file);
  const database = await openDatabase(`file:${file}`);
  try {
    await migrateDatabase(database, MIGRATIONS_FOLDER);
    if (!process.env.BENCH_DATABASE) {
      const started = performance.now();
      await seedDemoData(database, { cleaners, now: new Date(), demoAccounts: false, seed: 1 });
      seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      console.log(`Seeded ${cleaners.toLocaleString('en-US')} cleaners in ${seedSeconds} s`);
    }
    const rows = async (query: string, args: Array<number | string> = []) =>
      (await database.client.execute({ sql: query, args })).rows;
    const cleanerIds = (await rows("select id from cleaners where status = 'active' order by id")).map((r) =>
      Number(r[0]),
    );
    const services = (await rows('select id, base_price_cents from services where is_active = 1 order by id')).map(
      (r) => ({ id: Number(r[0]), basePriceCents: Number(r[1]) }),
    );
    // Cleaners a booking can go to without asking the server first: active, offering a service, no
    // time off at all, and each weekday's first start of a window two hours long or more.
    const eligible = (
      await rows(`select c.id, c.hourly_rate_cents, a.day_of_week, min(a.start_time)
        from cleaners c join availability a on a.cleaner_id = c.id and a.is_available = 1
          and (cast(substr(a.end_time, 1, 2) as integer) * 60 + cast(substr(a.end_time, 4, 2) as integer))
            - (cast(substr(a.start_time, 1, 2) as integer) * 60 + cast(substr(a.start_time, 4, 2) as integer)) >= 120
        where c.status = 'active' and c.service_types <> '[]'
          and not exists (select 1 from time_off t where t.cleaner_id = c.id)
        group by c.id, a.day_of_week order by c.id`)
    ).reduce<BookableCleaners['eligible']>((list, r) => {
      const id = Number(r[0]);
      if (list.at(-1)?.id !== id) list.push({ id, rateCents: Number(r[1]), starts: [] });
      list.at(-1)!.starts[Number(r[2])] = String(r[3]);
      return list;
    }, []);
    // Days a cleaner already has a booking near (in any zone).
    const busy = new Set<string>();
    for (const r of await rows(
      "select cleaner_id, starts_at from bookings where status <> 'cancelled' and starts_at > ?",
      [Date.now() + 20 * DAY_MS],
    )) {
      for (const d of [-1, 0, 1]) {
        busy.add(`${r[0]}:${new Date(Number(r[1]) + d * DAY_MS).toISOString().slice(0, 10)}`);
      }
    }
    await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const bookable: BookableCleaners = { eligible, services, busy };
    return { seedSeconds, cleanerIds, bookable };
  } finally {
    database.close();
  }
}

export type Customer = { cookie: string; address: string };

/**
 * Signed-in customers, written as the server writes them (users, and sessions by the token's
 * hash), so that no sign-in is in the mix and the sign-in limit never applies.
 */
export function customerPool(file: string) {
  const customers: Customer[] = [];
  /** Accounts written so far, also those taken out of the list (each e-mail is used once). */
  let written = 0;
  const add = async (count: number) => {
    if (count <= 0) return;
    const client = createClient({ url: `file:${file}` });
    await client.execute('PRAGMA busy_timeout = 10000');
    const now = Date.now();
    const statements = [];
    const first = written;
    written += count;
    for (let i = first; i < first + count; i++) {
      const token = generateSessionToken();
      statements.push(
        {
          sql: "insert into users (email, first_name, last_name, role) values (?, 'Load', ?, 'customer')",
          args: [`load-${i}@example.com`, `Customer ${i}`],
        },
        {
          sql: "insert into sessions (id, user_id, kind, expires_at, created_at) values (?, last_insert_rowid(), 'user', ?, ?)",
          args: [sessionIdFromToken(token), now + SESSION_POLICY.user.idle, now],
        },
      );
      customers.push({ cookie: `spotless_session=${token}`, address: address(3, i) });
    }
    await client.batch(statements, 'write');
    client.close();
  };
  return { customers, add };
}

/** The bookings the bench made, and how many pairs of them hold a cleaner's time twice. */
export async function bookingsMade(file: string): Promise<{ made: number; overlapping: number }> {
  const check = createClient({ url: `file:${file}` });
  try {
    const held = await check.execute(`select count(*) as made,
        (select count(*) from bookings a join bookings b on a.cleaner_id = b.cleaner_id and a.id < b.id
           and a.status <> 'cancelled' and b.status <> 'cancelled'
           and a.starts_at < b.ends_at and b.starts_at < a.ends_at
         where a.customer_id in (select id from users where email like 'load-%')) as overlapping
      from bookings where customer_id in (select id from users where email like 'load-%')`);
    return { made: Number(held.rows[0]?.made), overlapping: Number(held.rows[0]?.overlapping) };
  } finally {
    check.close();
  }
}
