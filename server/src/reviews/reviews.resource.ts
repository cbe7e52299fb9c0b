import {
  type ModeratedReview,
  type PlatformReviewSummary,
  type Review,
  ReviewModerationInput,
  type ReviewPage,
  type ReviewReport,
  ReviewReportInput,
  type ReviewReportList,
  ReviewResponseInput,
  type ReviewSummary,
  ReviewVoteInput,
} from '@spotless/sdk/schemas';
import { actionTo, type Data, linkTo, type Operations, pageLink, pageLinksTo } from '../contract/hypermedia';
import type { ReviewAnswer } from './review-access.service';

type Actions = Review['actions'];

/**
 * A review as the API answers it (decision 033): the product's fields, its links, and the actions
 * its viewer may take now — each listed by the same rule (review-rules.ts) the service refuses by.
 */
export function renderReview(ops: Operations, answer: ReviewAnswer): Review {
  const { data, allowed } = answer;
  const id = data.id;
  const actions: Actions = {};
  if (allowed.has('vote')) {
    actions.vote = actionTo(ops, 'vote', 'voteOnReview', {
      title: 'Helpful?',
      description: 'Voting the same again takes your vote back.',
      params: { id },
      body: ReviewVoteInput,
      ...(data.userVote ? { values: { voteType: data.userVote.voteType } } : {}),
    }) as Actions['vote'];
  }
  if (allowed.has('respond')) {
    actions.respond = actionTo(ops, 'respond', 'respondToReview', {
      title: 'Respond',
      params: { id },
      body: ReviewResponseInput,
    }) as Actions['respond'];
  }
  if (allowed.has('report')) {
    actions.report = actionTo(ops, 'report', 'reportReview', {
      title: 'Report',
      params: { id },
      body: ReviewReportInput,
    }) as Actions['report'];
  }
  if (allowed.has('addPhoto')) {
    const left = 5 - data.photos.length;
    actions.addPhoto = actionTo(ops, 'addPhoto', 'addReviewPhotos', {
      title: 'Add Photos',
      description: `Up to ${left} more JPEG or PNG photo${left === 1 ? '' : 's'}, each at most 10MB.`,
      params: { id },
      multipart: [
        { name: 'photos', type: 'file', required: true, title: 'JPEG or PNG, at most 10MB each' },
        { name: 'captions', type: 'text', required: false, maxLength: 500, title: 'one per photo, in order' },
        { name: 'displayOrder', type: 'integer', required: false, min: 0, max: 999, title: 'one per photo' },
      ],
    }) as Actions['addPhoto'];
  }
  return {
    ...data,
    links: {
      self: linkTo(ops, 'getReview', { cleanerId: data.cleanerId, reviewId: id }),
      cleaner: linkTo(ops, 'getCleaner', { id: data.cleanerId }),
      summary: linkTo(ops, 'getReviewSummary', { cleanerId: data.cleanerId }),
      page: pageLink(`/cleaner/${data.cleanerId}`),
    },
    actions,
  };
}

export function renderReviewPage(
  ops: Operations,
  cleanerId: number,
  page: { items: ReviewAnswer[]; total: number; page: number; pageSize: number },
): ReviewPage {
  return {
    ...page,
    items: page.items.map((review) => renderReview(ops, review)),
    links: {
      ...pageLinksTo(ops, 'listCleanerReviews', { cleanerId }, { limit: page.pageSize }, page),
      summary: linkTo(ops, 'getReviewSummary', { cleanerId }),
    },
  };
}

export function renderReviewSummary(ops: Operations, cleanerId: number, summary: Data<ReviewSummary>): ReviewSummary {
  return {
    ...summary,
    links: {
      self: linkTo(ops, 'getReviewSummary', { cleanerId }),
      reviews: linkTo(ops, 'listCleanerReviews', { cleanerId }),
      cleaner: linkTo(ops, 'getCleaner', { id: cleanerId }),
    },
  };
}

export function renderPlatformSummary(ops: Operations, summary: Data<PlatformReviewSummary>): PlatformReviewSummary {
  return {
    ...summary,
    links: { self: linkTo(ops, 'getPlatformReviewSummary'), cleaners: linkTo(ops, 'searchCleaners') },
  };
}

export function renderReviewReport(ops: Operations, report: Data<ReviewReport>): ReviewReport {
  const actions: ReviewReport['actions'] = {};
  const moderate = (
    name: 'hideReview' | 'keepReview' | 'restoreReview',
    title: string,
    status: 'hidden' | 'published',
    description: string,
  ) =>
    actionTo(ops, name, 'moderateReview', {
      title,
      description,
      params: { id: report.reviewId },
      body: ReviewModerationInput,
      required: status === 'hidden' ? ['reason'] : [],
      values: { status },
      choices: { status: [status] },
    });
  if (report.reviewStatus === 'published') {
    actions.hideReview = moderate(
      'hideReview',
      'Hide Review',
      'hidden',
      'The review disappears from the cleaner’s profile and figures; its author is sent your reason.',
    ) as ReviewReport['actions']['hideReview'];
    // Keeping decides an open report: the review stays as it is and its open reports are dismissed.
    if (report.status === 'open') {
      actions.keepReview = moderate(
        'keepReview',
        'Keep Review',
        'published',
        'The review stays on the cleaner’s profile; its open reports are dismissed.',
      ) as ReviewReport['actions']['keepReview'];
    }
  } else {
    actions.restoreReview = moderate(
      'restoreReview',
      'Show Review Again',
      'published',
      'The review appears again and counts in the cleaner’s figures.',
    ) as ReviewReport['actions']['restoreReview'];
  }
  return {
    ...report,
    links: {
      self: linkTo(ops, 'getReviewReport', { id: report.id }),
      review: linkTo(ops, 'getReview', { cleanerId: report.cleanerId, reviewId: report.reviewId }),
      cleaner: linkTo(ops, 'getCleaner', { id: report.cleanerId }),
    },
    actions,
  };
}

export function renderModeratedReview(ops: Operations, review: Data<ModeratedReview>): ModeratedReview {
  return { ...review, links: { reports: linkTo(ops, 'listReviewReports') } };
}

export function renderReviewReportList(
  ops: Operations,
  list: { items: Data<ReviewReport>[]; total: number },
  query: Record<string, string>,
): ReviewReportList {
  return {
    items: list.items.map((report) => renderReviewReport(ops, report)),
    total: list.total,
    links: { self: linkTo(ops, 'listReviewReports', {}, { query }) },
  };
}
