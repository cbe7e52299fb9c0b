import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { applicationDocuments, cleanerApplications, cleaners, users } from '../db/schema';

export type ApplicationRow = typeof cleanerApplications.$inferSelect;
export type DocumentRow = typeof applicationDocuments.$inferSelect;

/** An application with its applicant's name and e-mail, and their cleaner profile id when approved. */
export interface ApplicationView {
  application: ApplicationRow;
  firstName: string | null;
  lastName: string | null;
  email: string;
  cleanerId: number | null;
  /** The application's documents, and how many of them an administrator verified. */
  documentsTotal: number;
  documentsVerified: number;
}

const viewColumns = {
  application: cleanerApplications,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  cleanerId: cleaners.id,
  documentsTotal: sql<number>`(select count(*) from ${applicationDocuments}
    where ${applicationDocuments.applicationId} = "cleaner_applications"."id")`.mapWith(Number),
  documentsVerified: sql<number>`(select count(*) from ${applicationDocuments}
    where ${applicationDocuments.applicationId} = "cleaner_applications"."id"
      and ${applicationDocuments.status} = 'verified')`.mapWith(Number),
};

function views(db: Queryable) {
  return db
    .select(viewColumns)
    .from(cleanerApplications)
    .innerJoin(users, eq(users.id, cleanerApplications.userId))
    .leftJoin(cleaners, eq(cleaners.userId, cleanerApplications.userId));
}

const withCleaner = (row: ApplicationView): ApplicationView => ({
  ...row,
  cleanerId: row.application.status === 'approved' ? row.cleanerId : null,
});

export async function findApplicationView(db: Queryable, id: number): Promise<ApplicationView | undefined> {
  const [row] = await views(db).where(eq(cleanerApplications.id, id)).limit(1);
  return row ? withCleaner(row) : undefined;
}

export async function userApplicationViews(db: Queryable, userId: number): Promise<ApplicationView[]> {
  const rows = await views(db)
    .where(eq(cleanerApplications.userId, userId))
    .orderBy(desc(cleanerApplications.submittedAt), desc(cleanerApplications.id));
  return rows.map(withCleaner);
}

export async function applicationPage(
  db: Queryable,
  query: { status?: ApplicationRow['status']; page: number; pageSize: number },
): Promise<{ rows: ApplicationView[]; total: number }> {
  const where = query.status ? eq(cleanerApplications.status, query.status) : undefined;
  const rows = await views(db)
    .where(where)
    .orderBy(desc(cleanerApplications.submittedAt), desc(cleanerApplications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(cleanerApplications).where(where);
  return { rows: rows.map(withCleaner), total: total?.n ?? 0 };
}

export async function applicationCounts(db: Queryable): Promise<Record<ApplicationRow['status'], number>> {
  const rows = await db
    .select({ status: cleanerApplications.status, n: count() })
    .from(cleanerApplications)
    .groupBy(cleanerApplications.status);
  const counts = { pending: 0, under_review: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function hasOpenApplication(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cleanerApplications.id })
    .from(cleanerApplications)
    .where(
      and(eq(cleanerApplications.userId, userId), inArray(cleanerApplications.status, ['pending', 'under_review'])),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertApplication(tx: Tx, values: typeof cleanerApplications.$inferInsert) {
  const [row] = await tx.insert(cleanerApplications).values(values).returning();
  if (!row) throw new Error('application insert returned no row');
  return row;
}

export function documentsOf(db: Queryable, applicationId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(applicationDocuments.uploadedAt, applicationDocuments.id)
    .all();
}

export function findDocument(db: Queryable, id: number): Promise<DocumentRow | undefined> {
  return db.select().from(applicationDocuments).where(eq(applicationDocuments.id, id)).get();
}

export async function insertDocument(tx: Tx, values: typeof applicationDocuments.$inferInsert) {
  const [row] = await tx.insert(applicationDocuments).values(values).returning();
  if (!row) throw new Error('document insert returned no row');
  return row;
}

/** A cleaner profile of this user, whatever its status (an approval activates it again). */
export function cleanerOfUser(db: Queryable, userId: number) {
  return db.select().from(cleaners).where(eq(cleaners.userId, userId)).get();
}
