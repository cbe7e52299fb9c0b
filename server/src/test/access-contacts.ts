/** Whose contact details each caller of the access matrix (`permissions.test.ts`) may be answered. */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bookings, cleaners, users } from '../db/schema';
import { CALLERS, type Caller, guestBookingOf, isAssistant, ownUserOf } from './access-callers';
import { contactKey } from './exposure';

export async function contactsOf(db: Queryable, userId: number): Promise<string[]> {
  const [user] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId));
  return [user?.email, user?.phone].filter((v): v is string => Boolean(v));
}

/**
 * The contact details each caller may be answered: their own; for a cleaner, the e-mail address
 * of each of their jobs' customers (bookings show `customer.email` to the booking's cleaner); for a
 * guest token, its booking's guest's. The assistant's answers are projected to carry nobody's, not
 * even its person's (decision 047).
 */
export async function contactsAllowed(db: Queryable): Promise<Map<Caller, Set<string>>> {
  const jobCustomers = async (userId: number) => {
    const rows = await db
      .select({ email: users.email, guestEmail: bookings.guestEmail })
      .from(bookings)
      .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
      .leftJoin(users, eq(users.id, bookings.customerId))
      .where(eq(cleaners.userId, userId));
    return rows.flatMap((r) => [r.email, r.guestEmail]).filter((v): v is string => Boolean(v));
  };
  const guestOwn = async (caller: Caller) => {
    const id = guestBookingOf(caller);
    if (id === undefined) return [];
    const [row] = await db
      .select({ email: bookings.guestEmail, phone: bookings.guestPhone })
      .from(bookings)
      .where(eq(bookings.id, id));
    return [row?.email, row?.phone].filter((v): v is string => Boolean(v));
  };
  const allowed = new Map<Caller, Set<string>>();
  for (const caller of CALLERS) {
    const values: string[] = [];
    if (!isAssistant(caller)) {
      const userId = ownUserOf(caller);
      if (userId !== undefined) values.push(...(await contactsOf(db, userId)), ...(await jobCustomers(userId)));
      values.push(...(await guestOwn(caller)));
    }
    allowed.set(caller, new Set(values.map(contactKey)));
  }
  return allowed;
}
