import type { ReviewVoteType } from '@spotless/sdk/schemas';
import { type Actor, cleanerIdOf, personOf } from '../contract/actor';
import { notFound } from '../contract/errors';
import type { Queryable } from '../db/client';
import {
  ANONYMOUS_REVIEWER,
  type ReviewCapability,
  type ReviewFacts,
  type ReviewViewer,
  reviewCapabilities,
} from './review-rules';
import { findPublishedReview, findReviewFacts, type ReviewData, viewerMarks } from './reviews.queries';

/**
 * How the reviews services see a review for one actor: its fields with their vote, and what the
 * rules (review-rules.ts) let them do to it now. Shared by the reads and the writes.
 */

export const reviewNotFound = () => notFound('Review');

/** A review as one viewer sees it: its fields (with their vote) and what they may do to it now. */
export interface ReviewAnswer {
  data: ReviewData & { userVote: { voteType: ReviewVoteType } | null };
  allowed: ReadonlySet<ReviewCapability>;
}

function factsOf(data: ReviewData): ReviewFacts {
  return {
    customerId: data.customerId,
    cleanerId: data.cleanerId,
    hasResponse: data.response !== null,
    photoCount: data.photos.length,
  };
}

/**
 * Who the actor is as far as reviews go: the person's id and their own active cleaner profile.
 * The assistant reads as its person but is offered nothing to do.
 */
function baseViewer(actor: Actor) {
  const person = personOf(actor);
  if (person === null) return ANONYMOUS_REVIEWER;
  return { ...ANONYMOUS_REVIEWER, userId: person.userId, ownCleanerId: cleanerIdOf(actor) };
}

/** Each review with this actor's vote and the actions the rules give them. */
export async function answersFor(db: Queryable, actor: Actor, items: ReviewData[]): Promise<ReviewAnswer[]> {
  const base = baseViewer(actor);
  const userId = base.userId;
  const marks =
    userId === null
      ? null
      : await viewerMarks(
          db,
          userId,
          items.map((r) => r.id),
        );
  return items.map((data) => {
    const viewer: ReviewViewer = {
      ...base,
      vote: marks?.votes.get(data.id) ?? null,
      hasReported: marks?.reported.has(data.id) ?? false,
    };
    return {
      data: { ...data, userVote: viewer.vote ? { voteType: viewer.vote } : null },
      allowed: actor.kind === 'assistant' ? new Set() : reviewCapabilities(factsOf(data), viewer),
    };
  });
}

export async function answerOf(db: Queryable, actor: Actor, id: number): Promise<ReviewAnswer> {
  const data = await findPublishedReview(db, id);
  if (!data) throw reviewNotFound();
  const [answer] = await answersFor(db, actor, [data]);
  return answer as ReviewAnswer;
}

/** The review and this person's relation to it, inside a write; 404 when it is not published. */
export async function loadForWrite(tx: Queryable, id: number, actor: Actor) {
  const facts = await findReviewFacts(tx, id);
  if (!facts) throw reviewNotFound();
  const base = baseViewer(actor);
  const marks = await viewerMarks(tx, base.userId as number, [id]);
  const viewer: ReviewViewer = {
    ...base,
    vote: marks.votes.get(id) ?? null,
    hasReported: marks.reported.has(id),
  };
  return { facts, viewer };
}
