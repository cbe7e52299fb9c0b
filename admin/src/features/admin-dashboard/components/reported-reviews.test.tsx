import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { openReviewReportsQuery } from '../api/review-reports';
import { ReportedReviews } from './reported-reviews';

/** The queue's visible text, with its list already read as `items`. */
function queueText(items: unknown[]): string {
  const client = new QueryClient();
  client.setQueryData(openReviewReportsQuery.queryKey, {
    items,
    total: items.length,
    links: { self: { href: '/api/admin/review-reports' } },
  } as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ReportedReviews />
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the reported reviews queue', () => {
  it('says who reports reviews as it is: customers or cleaners, never customers alone', () => {
    const text = queueText([]);
    expect(text).toContain('Reviews that customers or cleaners reported.');
    expect(text).toContain('Reviews that customers or cleaners report will appear here.');
    expect(text).not.toMatch(/Reviews (that )?customers report/);
  });
});
