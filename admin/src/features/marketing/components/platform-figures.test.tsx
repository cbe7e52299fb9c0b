import type { CleanerSearchStats, PlatformReviewSummary } from '@spotless/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cleanerStatsQuery, platformSummaryQuery, verifiedCleanerStatsQuery } from '../api/platform-figures.queries';
import { HeroFigures, ImpactFigures, PriceRangeSentence } from './platform-figures';

const summary = { averageRating: 4.62, totalReviews: 3832 } as PlatformReviewSummary;
const all: CleanerSearchStats = {
  total: 500,
  averageRating: 4.6,
  priceRange: { min: '20.00', max: '75.00' },
  cities: 50,
};
const verified: CleanerSearchStats = { ...all, total: 428, cities: 49 };

/** The visible text of `node` rendered with `client`'s cache (nothing is fetched on the server). */
function text(node: ReactNode, client = new QueryClient()): string {
  const html = renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
  return html
    .replace(/<span class="visually-hidden">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function loaded(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(platformSummaryQuery.queryKey, summary);
  client.setQueryData(cleanerStatsQuery.queryKey, all);
  client.setQueryData(verifiedCleanerStatsQuery.queryKey, verified);
  return client;
}

describe('the marketing figures', () => {
  it('show no number at all while they load', () => {
    for (const node of [
      <HeroFigures key="hero" />,
      <ImpactFigures key="impact" />,
      <PriceRangeSentence key="price" />,
    ]) {
      expect(text(node)).not.toMatch(/\d/);
    }
    expect(
      renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{<HeroFigures />}</QueryClientProvider>),
    ).toContain('aria-busy="true"');
  });

  it('are the server’s figures once loaded, in the product’s wording', () => {
    const client = loaded();
    expect(text(<HeroFigures />, client)).toBe(
      '4.62 average rating from 3,832 reviews 428 verified cleaners in 49 cities',
    );
    expect(text(<PriceRangeSentence />, client)).toBe('Cleaners set their own hourly rates, from $20.00 to $75.00.');
    expect(text(<ImpactFigures />, client)).toBe(
      'Customer reviews 3,832 Verified cleaners 428 Cities served 50 Average rating 4.62',
    );
  });

  it('say so before the first review rather than show an average of nothing', () => {
    const client = loaded();
    client.setQueryData(platformSummaryQuery.queryKey, { ...summary, averageRating: null, totalReviews: 0 });
    const hero = text(<HeroFigures />, client);
    expect(hero).toContain('No reviews yet');
    expect(hero).not.toContain('average rating from');
  });
});
