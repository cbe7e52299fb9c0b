import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { SERVICE_CATALOGUE } from './catalogue';
import { seedDemoData } from './generate';
import { REVIEW_TEXTS } from './review-texts';

/**
 * Demo reviews talk about the service that was booked. Written apart from the corpus: what names
 * each service (a review of any other service must not say it), and the rooms a service never
 * covers (a review of it must not list them among its service areas).
 */
const NAMES: Record<string, RegExp> = {
  regular: /\b(regular (clean|visit)|weekly|biweekly|routine)/i,
  deep: /\b(deep[- ]clean|baseboard|grout|top[- ]to[- ]bottom|inside of the oven|cabinet fronts)/i,
  moveout: /\b(move[- ]?(out|in)\b|moving|moved out|deposit|landlord|inspection|empty|new place|keys\b)/i,
  window: /\b(window|glass|streak|sill|track|panes?\b|squeegee)/i,
  carpet: /\b(carpet|rug|upholster|sofa|couch|armchair|fabric)/i,
  office: /\b(office|desk|meeting room|kitchenette|staff|restroom|confidential)/i,
  commercial:
    /\b(shop|store|retail|studio|lobby|customers|business|fitting room|common area|stock room|opening hours)/i,
  post_construction: /\b(construction|renovat|drywall|sawdust|plaster|debris|contractor|builder|paint splatter)/i,
};

const HOME_ROOMS = ['Bedroom', 'Living Room', 'Dining Room', 'Laundry Room', 'Basement', 'Garage'];
const FOREIGN_AREAS: Record<string, readonly string[]> = {
  regular: ['Windows', 'Office', 'Garage'],
  deep: ['Windows', 'Office', 'Garage'],
  moveout: ['Windows', 'Office'],
  window: ['Kitchen', 'Bathroom', 'Office', 'Floors', ...HOME_ROOMS],
  carpet: ['Kitchen', 'Bathroom', 'Windows', 'Office', 'Garage', 'Laundry Room'],
  office: [...HOME_ROOMS, 'Windows'],
  commercial: HOME_ROOMS,
  post_construction: ['Office'],
};

interface ReviewText {
  id: number;
  serviceType: string;
  title: string;
  comment: string;
  pros: string | null;
  cons: string | null;
  serviceAreas: string[];
}

/** Why each review's text does not fit its booking's service: another service named, a foreign area. */
function mismatches(reviews: readonly ReviewText[]): string[] {
  return reviews.flatMap((r) => {
    const problems: string[] = [];
    const text = [r.title, r.comment, r.pros ?? '', r.cons ?? ''].join(' | ');
    for (const [other, names] of Object.entries(NAMES)) {
      if (other === r.serviceType) continue;
      const said = text.match(names)?.[0];
      // A word both services use (none today) would not be a mismatch.
      if (said && !NAMES[r.serviceType]?.test(said)) problems.push(`review ${r.id} (${r.serviceType}) says "${said}"`);
    }
    const foreign = r.serviceAreas.filter((area) => FOREIGN_AREAS[r.serviceType]?.includes(area));
    if (foreign.length > 0) problems.push(`review ${r.id} (${r.serviceType}) lists ${foreign.join(', ')}`);
    if (r.serviceAreas.length === 0) problems.push(`review ${r.id} (${r.serviceType}) lists no area`);
    return problems;
  });
}

async function seededReviews(seed: number): Promise<ReviewText[]> {
  const ctx = await createTestContext();
  await seedDemoData(ctx.database, { cleaners: 40, now: new Date('2026-06-15T12:00:00Z'), demoAccounts: true, seed });
  const rows = await ctx.database.db.all<{
    id: number;
    serviceType: string;
    reviewServiceId: number;
    bookingServiceId: number;
    title: string;
    comment: string;
    pros: string | null;
    cons: string | null;
    serviceAreas: string;
  }>(sql`
    select r.id, s.type as serviceType, r.service_id as reviewServiceId, b.service_id as bookingServiceId,
           r.title, r.comment, r.pros, r.cons, r.service_areas as serviceAreas
    from reviews r join bookings b on b.id = r.booking_id join services s on s.id = b.service_id
    order by r.id`);
  expect(rows.filter((r) => r.reviewServiceId !== r.bookingServiceId)).toEqual([]);
  return rows.map(({ reviewServiceId, bookingServiceId, serviceAreas, ...r }) => ({
    ...r,
    serviceAreas: JSON.parse(serviceAreas) as string[],
  }));
}

describe('demo review texts', () => {
  it('names every service of the catalogue, and each corpus comment names its own', () => {
    const types = SERVICE_CATALOGUE.map((s) => s.type as string).sort();
    expect(Object.keys(NAMES).sort()).toEqual(types);
    expect(Object.keys(REVIEW_TEXTS).sort()).toEqual(types);
    for (const [type, corpus] of Object.entries(REVIEW_TEXTS)) {
      for (const comment of Object.values(corpus.comments).flat()) expect(comment, type).toMatch(NAMES[type]!);
    }
  });

  it('fit the booked service in a seeded database: no other service named, no foreign area', async () => {
    const reviews = await seededReviews(7);
    // Enough reviews, over several services, for the check to mean something.
    expect(reviews.length).toBeGreaterThan(100);
    expect(new Set(reviews.map((r) => r.serviceType)).size).toBeGreaterThanOrEqual(5);
    expect(mismatches(reviews)).toEqual([]);
  });

  it('catches texts drawn from the wrong service', async () => {
    // The review a new user found on a regular clean.
    const found: ReviewText = {
      id: 1,
      serviceType: 'regular',
      title: 'Spotless!',
      comment: 'Our move-out inspection passed with flying colours thanks to this deep clean.',
      pros: null,
      cons: null,
      serviceAreas: ['Kitchen'],
    };
    expect(mismatches([found])).toHaveLength(2);
    // Every seeded review, its comment and areas drawn from the next service's texts instead.
    const types = Object.keys(REVIEW_TEXTS);
    const reviews = await seededReviews(7);
    const swapped = reviews.map((r, i) => {
      const other = REVIEW_TEXTS[types[(types.indexOf(r.serviceType) + 1) % types.length]!]!;
      const comments = Object.values(other.comments).flat();
      return { ...r, comment: comments[i % comments.length]!, serviceAreas: [...other.areas] };
    });
    const flagged = new Set(mismatches(swapped).map((problem) => problem.split(' ')[1]));
    expect(flagged.size).toBe(reviews.length);
    // And every comment of one service, put on a review of any other.
    for (const [type, corpus] of Object.entries(REVIEW_TEXTS)) {
      for (const comment of Object.values(corpus.comments).flat()) {
        for (const other of types.filter((t) => t !== type)) {
          const review = { ...found, serviceType: other, comment, serviceAreas: [...REVIEW_TEXTS[other]!.areas] };
          expect(mismatches([review]), `${type} → ${other}: ${comment}`).not.toEqual([]);
        }
      }
    }
  });

  it('are the same for the same seed', async () => {
    expect(await seededReviews(3)).toEqual(await seededReviews(3));
  });
});
