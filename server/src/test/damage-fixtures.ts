/** Test support for the permission matrix: a damage report on a completed job, with one stored photo. */
import { damageReportPhotos, damageReports } from '../db/schema';
import type { TestContext } from './harness';
import { PNG_PIXEL } from './review-fixtures';

export interface DamageFixture {
  /** The customer's open report on a completed booking of theirs (the booking given). */
  reportId: number;
  /** The path of its one photo, whose bytes are stored. */
  photoPath: string;
}

export async function damageFixture(
  ctx: Pick<TestContext, 'database' | 'deps'>,
  report: { bookingId: number; customerId: number },
): Promise<DamageFixture> {
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(damageReports)
      .values({ bookingId: report.bookingId, reporterUserId: report.customerId, description: 'A cracked vase' })
      .returning({ id: damageReports.id }),
  );
  const reportId = row?.id as number;
  const storageKey = `damage-reports/${reportId}/matrix.png`;
  await ctx.deps.files.put(storageKey, PNG_PIXEL, { contentType: 'image/png' });
  const [photo] = await ctx.database.write((tx) =>
    tx.insert(damageReportPhotos).values({ reportId, storageKey }).returning({ id: damageReportPhotos.id }),
  );
  return { reportId, photoPath: `/api/damage-reports/${reportId}/photos/${photo?.id}` };
}
