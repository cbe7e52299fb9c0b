import type { ModeratedReview, ReviewModerationInput } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import { setReviewFigures } from '../cleaners/cleaners.queries';
import { type Actor, requireAdmin } from '../contract/actor';
import { notFound } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import type { Tx } from '../db/client';
import type { Deps } from '../deps';
import { reviewModeratedEmail } from '../notifications/cleaner-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import {
  closeReportsOf,
  findReviewForModeration,
  publishedRatingsOf,
  setReviewStatus,
  userContactOf,
} from './reviews.queries';

/**
 * Review moderation (docs/product/administration.md): an administrator hides
 * a review — with a reason its author is sent — or shows it again. In the same transaction the
 * cleaner's rating and review count are recounted from the published reviews (so they can never
 * drift from what the profile lists), the review's open reports are closed, and the change is
 * audited. Keeping a shown review (`published` again, a report's Keep Review) dismisses its open
 * reports, audited once, and tells nobody; hiding a hidden one changes nothing.
 */

type ModerationDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>;
type ModerationInput = z.output<typeof ReviewModerationInput>;

export async function moderateReview(
  deps: ModerationDeps,
  actor: Actor,
  id: number,
  input: ModerationInput,
): Promise<Data<ModeratedReview>> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const review = await findReviewForModeration(tx, id);
    if (!review) throw notFound('Review');
    const reason = input.reason?.trim() || null;
    if (review.status !== input.status) {
      await setReviewStatus(tx, id, input.status, now);
      await closeReportsOf(tx, id, input.status === 'hidden' ? 'actioned' : 'dismissed');
      await recordAudit(tx, {
        createdAt: now,
        actorUserId: admin.adminUserId,
        actorRole: 'admin',
        action: input.status === 'hidden' ? 'review.hidden' : 'review.restored',
        entityType: 'review',
        entityId: String(id),
        details: { from: review.status, to: input.status, reason },
      });
      await tellAuthor(tx, now, siteOf(deps), review, input.status, reason);
    } else if (input.status === 'published' && (await closeReportsOf(tx, id, 'dismissed')) > 0) {
      await recordAudit(tx, {
        createdAt: now,
        actorUserId: admin.adminUserId,
        actorRole: 'admin',
        action: 'review.kept',
        entityType: 'review',
        entityId: String(id),
        details: { status: review.status, reason },
      });
    }
    const figures = await setReviewFigures(tx, review.cleanerId, await publishedRatingsOf(tx, review.cleanerId), now);
    return {
      id,
      status: input.status,
      cleanerId: review.cleanerId,
      cleanerRating: figures.rating === null ? null : Math.round(figures.rating * 100) / 100,
      cleanerReviewCount: figures.reviewCount,
    };
  });
}

async function tellAuthor(
  tx: Tx,
  now: Date,
  site: string,
  review: { id: number; customerId: number | null; cleanerId: number },
  status: 'published' | 'hidden',
  reason: string | null,
): Promise<void> {
  if (review.customerId === null) return;
  const author = await userContactOf(tx, review.customerId);
  if (!author) return;
  await enqueueNotification(tx, now, {
    type: status === 'hidden' ? 'review_hidden' : 'review_restored',
    recipientEmail: author.email,
    recipientUserId: author.id,
    ...reviewModeratedEmail(site, { firstName: author.firstName, hidden: status === 'hidden', reason }),
    payload: { reviewId: review.id },
  });
}
