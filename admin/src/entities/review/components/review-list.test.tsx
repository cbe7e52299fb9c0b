import type { Review, ReviewSummary } from '@spotless/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReviewItem } from './review-list';
import { ReviewSummaryPanel } from './review-summary';

const action = (name: string, operation: string) => ({
  name,
  title: name,
  method: 'POST',
  href: `/api/reviews/9/${name}`,
  type: 'application/json',
  operation,
  fields: [],
});

const review = {
  id: 9,
  bookingId: 3,
  cleanerId: 1,
  customerId: 5,
  rating: 4,
  overallRating: 4,
  qualityRating: 4,
  punctualityRating: 5,
  professionalismRating: 4,
  communicationRating: 4,
  title: 'Great kitchen',
  comment: 'The kitchen was spotless, the bathroom a little rushed.',
  pros: 'Thorough',
  cons: 'Rushed bathroom',
  serviceAreas: ['Kitchen', 'Bathroom'],
  timeSpent: '3 hours',
  wouldRecommend: true,
  wouldRebook: true,
  isVerified: true,
  helpfulVotes: 2,
  userVote: null,
  photos: [{ id: 4, fileUrl: '/api/reviews/9/photos/4', caption: 'The kitchen afterwards', displayOrder: 0 }],
  response: { response: 'Thanks, Casey!', createdAt: '2026-05-02T10:00:00.000Z' },
  customer: { firstName: 'Casey', lastName: 'Morgan', profileImageUrl: null },
  service: { name: 'Regular House Cleaning' },
  createdAt: '2026-05-01T10:00:00.000Z',
  links: {},
  actions: {},
} as unknown as Review;

function render(r: Review): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewItem review={r} />
    </QueryClientProvider>,
  );
}

describe('ReviewItem', () => {
  it('shows the review with its first name only, photos, badge and response', () => {
    const html = render(review);
    expect(html).toContain('Casey');
    expect(html).not.toContain('Morgan');
    expect(html).toContain('Verified');
    expect(html).toContain('alt="The kitchen afterwards"');
    expect(html).toContain('src="/api/reviews/9/photos/4"');
    expect(html).toContain('Thanks, Casey!');
    expect(html).toContain('Rushed bathroom');
    expect(html).toContain('2 people found this helpful');
  });

  it('offers no button the review’s actions do not list', () => {
    const html = render(review);
    expect(html).not.toContain('>Helpful<');
    expect(html).not.toContain('Report');
    expect(html).not.toContain('Submit Response');
  });

  it('offers vote, report and respond when the actions are there, with the current vote pressed', () => {
    const html = render({
      ...review,
      response: null,
      userVote: { voteType: 'helpful' },
      actions: {
        vote: action('vote', 'voteOnReview'),
        report: action('report', 'reportReview'),
        respond: action('respond', 'respondToReview'),
      },
    } as unknown as Review);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Helpful</);
    expect(html).toMatch(/aria-pressed="false"[^>]*>Not helpful</);
    expect(html).toContain('Report');
    expect(html).toContain('Submit Response');
  });
});

const summary = (total: number): ReviewSummary =>
  ({
    averageRating: 4.25,
    totalReviews: total,
    ratingDistribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 5 ? total : 0, percent: 0 })),
    categoryAverages: { quality: 4.5, punctuality: null, professionalism: 4, communication: 3.75 },
    recommendationRate: 83.3,
    rebookingRate: 66.7,
    responseRate: 50,
    verifiedReviewsCount: total,
    links: {},
  }) as unknown as ReviewSummary;

describe('ReviewSummaryPanel', () => {
  it('shows the server’s figures', () => {
    const html = renderToStaticMarkup(<ReviewSummaryPanel summary={summary(4)} />);
    for (const text of ['4.25', '83.3%', '66.7%', '50%', 'Quality', '4.5', '3.8']) expect(html).toContain(text);
  });

  it('shows the distribution only from five reviews', () => {
    expect(renderToStaticMarkup(<ReviewSummaryPanel summary={summary(4)} />)).not.toContain('rating-distribution');
    expect(renderToStaticMarkup(<ReviewSummaryPanel summary={summary(5)} />)).toContain('rating-distribution');
  });
});
