import type { ActionField } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  areaOptions,
  averageText,
  fullReviewBody,
  fullReviewDefaults,
  fullReviewErrors,
  percentText,
  photoFormData,
  quickReviewBody,
  quickReviewProblem,
  REVIEW_AREA_TAGS,
  reviewerName,
  starLabel,
  toggleArea,
} from './review-form';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const _PDF = new TextEncoder().encode('%PDF-1.4\n');

describe('the quick review form', () => {
  it('asks for a rating first', () => {
    expect(quickReviewProblem({ rating: 0, comment: 'short' })).toEqual({
      title: 'Rating Required',
      description: 'Please select a rating before submitting',
    });
  });

  it('wants at least 10 characters after trimming', () => {
    expect(quickReviewProblem({ rating: 4, comment: '   123456789   ' })).toEqual({
      title: 'Comment Too Short',
      description: 'Please provide at least 10 characters in your review',
    });
    expect(quickReviewProblem({ rating: 4, comment: ' 1234567890 ' })).toBeNull();
  });

  it('sends bookingId, cleanerId, rating and the trimmed comment', () => {
    expect(quickReviewBody({ id: 7, cleanerId: 3 }, { rating: 5, comment: '  Spotless kitchen!  ' })).toEqual({
      bookingId: 7,
      cleanerId: 3,
      rating: 5,
      comment: 'Spotless kitchen!',
    });
  });
});

describe('the full review form', () => {
  it('starts with no rating chosen and both toggles on', () => {
    const values = fullReviewDefaults();
    expect([
      values.overallRating,
      values.qualityRating,
      values.punctualityRating,
      values.professionalismRating,
      values.communicationRating,
    ]).toEqual([0, 0, 0, 0, 0]);
    expect(values.wouldRecommend).toBe(true);
    expect(values.wouldRebook).toBe(true);
  });

  it('takes the values the review action suggests', () => {
    const fields: ActionField[] = [
      { name: 'qualityRating', type: 'integer', required: false, value: 4 },
      { name: 'punctualityRating', type: 'integer', required: false, value: 9 },
      { name: 'wouldRebook', type: 'boolean', required: false, value: false },
    ];
    const values = fullReviewDefaults(fields);
    expect(values.qualityRating).toBe(4);
    expect(values.punctualityRating).toBe(0);
    expect(values.overallRating).toBe(0);
    expect(values.wouldRebook).toBe(false);
  });

  it('refuses a form sent without an overall rating, on that field, and a comment under 10 characters', () => {
    expect(fullReviewErrors({ ...fullReviewDefaults(), comment: 'too short' })).toEqual({
      overallRating: 'Please select a rating before submitting',
      comment: 'Comment must be at least 10 characters',
    });
    // The four other ratings are optional.
    expect(fullReviewErrors({ ...fullReviewDefaults(), overallRating: 4, comment: 'Long enough text' })).toEqual({});
  });

  it('sends only the category ratings chosen', () => {
    const body = fullReviewBody(
      { id: 12, cleanerId: 1 },
      { ...fullReviewDefaults(), overallRating: 2, punctualityRating: 3, comment: 'Long enough text' },
    );
    expect(body).toMatchObject({ overallRating: 2, punctualityRating: 3 });
    expect(body.qualityRating).toBeUndefined();
    expect(body.communicationRating).toBeUndefined();
  });

  it('leaves blank optional texts out and drops repeated tags', () => {
    const body = fullReviewBody(
      { id: 12, cleanerId: 1 },
      {
        ...fullReviewDefaults(),
        overallRating: 4,
        title: '  ',
        comment: '  Careful and quick work.  ',
        pros: ' On time ',
        serviceAreas: ['Kitchen', 'Kitchen', 'Floors'],
        wouldRebook: false,
      },
    );
    expect(body).toMatchObject({
      bookingId: 12,
      cleanerId: 1,
      overallRating: 4,
      comment: 'Careful and quick work.',
      pros: 'On time',
      serviceAreas: ['Kitchen', 'Floors'],
      wouldRecommend: true,
      wouldRebook: false,
    });
    expect(body.title).toBeUndefined();
    expect(body.cons).toBeUndefined();
    expect(body.timeSpent).toBeUndefined();
  });

  it('offers the action’s tags, else the eleven built-in ones', () => {
    expect(areaOptions()).toEqual([...REVIEW_AREA_TAGS]);
    expect(
      areaOptions([{ name: 'serviceAreas', type: 'select', required: false, options: [{ value: 'Office' }] }]),
    ).toEqual(['Office']);
  });

  it('toggles a tag and keeps the offered order', () => {
    const offered = ['Kitchen', 'Bathroom', 'Floors'];
    expect(toggleArea(['Floors'], 'Kitchen', offered)).toEqual(['Kitchen', 'Floors']);
    expect(toggleArea(['Kitchen', 'Floors'], 'Kitchen', offered)).toEqual(['Floors']);
  });
});

describe('review photos', () => {
  it('sends photos, captions and display order, one each per photo', () => {
    const form = photoFormData([
      { file: new File([PNG], 'a.png'), caption: ' Kitchen after ' },
      { file: new File([JPEG], 'b.jpg'), caption: '' },
    ]);
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['a.png', 'b.jpg']);
    expect(form.getAll('captions')).toEqual(['Kitchen after', '']);
    expect(form.getAll('displayOrder')).toEqual(['0', '1']);
  });
});

describe('figures and labels', () => {
  it('labels each star', () => {
    expect([1, 2, 3, 4, 5].map(starLabel)).toEqual(['Poor', 'Fair', 'Good', 'Very Good', 'Excellent']);
    expect(starLabel(0)).toBe('');
    // An average is labelled by the product's thresholds (the SDK's ratingLabel) as ratings are
    // shown, to one decimal, not by its nearest star: 3.5 is Good, 4.45 (shown 4.5) Excellent.
    expect([3.5, 4.44, 4.45].map(starLabel)).toEqual(['Good', 'Very Good', 'Excellent']);
  });

  it('shows the server’s precision', () => {
    expect(averageText(4.19)).toBe('4.19');
    expect(averageText(null)).toBe('—');
    expect(percentText(80.8)).toBe('80.8%');
    expect(percentText(100)).toBe('100%');
  });

  it('names the reviewer by first name only', () => {
    expect(reviewerName({ firstName: 'Alex' })).toBe('Alex');
    expect(reviewerName({ firstName: null })).toBe('Anonymous Customer');
  });
});
