import { type ActionBodyOf, type ActionField, MESSAGES, REVIEW_AREAS, ratingLabel } from '@spotless/sdk';

/** The label of each star, 1 to 5: the product's rating labels (docs/product/discovery.md). */
export const RATING_LABELS = ([1, 2, 3, 4, 5] as const).map(ratingLabel);

/** "Excellent" for 5 (or an average shown as 4.5 or more), "Poor" for 1; empty for no rating yet. */
export function starLabel(rating: number): string {
  return rating >= 1 ? ratingLabel(rating) : '';
}

/** The service-area tags (docs/product/discovery.md), used when the review action does not list its own options. */
export const REVIEW_AREA_TAGS = REVIEW_AREAS;

/** The shortest review comment (docs/product/discovery.md). */
export const COMMENT_MIN_LENGTH = 10;
/** The quick form's counter; shown, not enforced (docs/product/discovery.md). */
export const QUICK_COMMENT_COUNTER = 500;
/** Page sizes of the review lists and panels (docs/product/discovery.md). */
export const PAGE_SIZES = { allReviews: 10, cleanerPanel: 5, topCleaners: 3, completedBookings: 5 } as const;
/** The rating distribution appears only from this many reviews (docs/product/discovery.md). */
export const DISTRIBUTION_MIN_REVIEWS = 5;

export interface Problem {
  title: string;
  description: string;
}

// ─── The quick form ───────────────────────────────────────────────────────────

export interface QuickReviewValues {
  rating: number;
  comment: string;
}

/** No rating, then a comment under 10 characters after trimming (docs/product/discovery.md). */
export function quickReviewProblem(values: QuickReviewValues): Problem | null {
  if (!(values.rating >= 1 && values.rating <= 5)) {
    return { title: MESSAGES.review.ratingRequiredTitle, description: MESSAGES.review.ratingRequired };
  }
  if (values.comment.trim().length < COMMENT_MIN_LENGTH) {
    return { title: MESSAGES.review.commentTooShortTitle, description: MESSAGES.review.commentTooShort };
  }
  return null;
}

/** The quick form's body: bookingId, cleanerId, rating and comment (docs/product/discovery.md). */
export function quickReviewBody(booking: { id: number; cleanerId: number }, values: QuickReviewValues) {
  return { bookingId: booking.id, cleanerId: booking.cleanerId, rating: values.rating, comment: values.comment.trim() };
}

// ─── The full form ────────────────────────────────────────────────────────────

export const RATING_FIELDS = [
  { name: 'overallRating', label: 'Overall rating' },
  { name: 'qualityRating', label: 'Quality of work' },
  { name: 'punctualityRating', label: 'Punctuality' },
  { name: 'professionalismRating', label: 'Professionalism' },
  { name: 'communicationRating', label: 'Communication' },
] as const;
export type RatingField = (typeof RATING_FIELDS)[number]['name'];

export interface FullReviewValues extends Record<RatingField, number> {
  title: string;
  comment: string;
  pros: string;
  cons: string;
  serviceAreas: string[];
  timeSpent: string;
  wouldRecommend: boolean;
  wouldRebook: boolean;
}

/**
 * The form's defaults (no rating chosen, both toggles on; docs/product/discovery.md), or the values
 * the review action suggests. 0 is "not rated yet".
 */
export function fullReviewDefaults(fields: readonly ActionField[] = []): FullReviewValues {
  const suggested = (name: string) => fields.find((f) => f.name === name)?.value;
  const rating = (name: RatingField) => {
    const value = suggested(name);
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5 ? value : 0;
  };
  const flag = (name: string) => {
    const value = suggested(name);
    return typeof value === 'boolean' ? value : true;
  };
  return {
    overallRating: rating('overallRating'),
    qualityRating: rating('qualityRating'),
    punctualityRating: rating('punctualityRating'),
    professionalismRating: rating('professionalismRating'),
    communicationRating: rating('communicationRating'),
    title: '',
    comment: '',
    pros: '',
    cons: '',
    serviceAreas: [],
    timeSpent: '',
    wouldRecommend: flag('wouldRecommend'),
    wouldRebook: flag('wouldRebook'),
  };
}

/** The service-area tags the review action offers, else the built-in list. */
export function areaOptions(fields: readonly ActionField[] = []): string[] {
  const options = fields.find((f) => f.name === 'serviceAreas')?.options;
  return options && options.length > 0 ? options.map((o) => o.value) : [...REVIEW_AREA_TAGS];
}

/** A star rating chosen: a whole 1 to 5 (0 is none yet). */
const isRating = (rating: number) => Number.isInteger(rating) && rating >= 1 && rating <= 5;

/**
 * The overall rating chosen (the server's rule too: "Please select a rating before submitting"),
 * the four others optional; the comment at least 10 characters (docs/product/discovery.md). Keyed by field.
 */
export function fullReviewErrors(values: FullReviewValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isRating(values.overallRating)) errors.overallRating = MESSAGES.review.ratingRequired;
  if (values.comment.trim().length < COMMENT_MIN_LENGTH) errors.comment = MESSAGES.review.commentMin;
  return errors;
}

const optional = (text: string) => text.trim() || undefined;
const rated = (rating: number) => (isRating(rating) ? rating : undefined);

/** A service-area tag as the API types it. */
type ReviewArea = NonNullable<ActionBodyOf<'createReview'>['serviceAreas']>[number];

/** The full form's body; blank optional texts are left out. */
export function fullReviewBody(
  booking: { id: number; cleanerId: number },
  values: FullReviewValues,
): ActionBodyOf<'createReview'> {
  return {
    bookingId: booking.id,
    cleanerId: booking.cleanerId,
    overallRating: values.overallRating,
    // A category left unrated is left out.
    qualityRating: rated(values.qualityRating),
    punctualityRating: rated(values.punctualityRating),
    professionalismRating: rated(values.professionalismRating),
    communicationRating: rated(values.communicationRating),
    title: optional(values.title),
    comment: values.comment.trim(),
    pros: optional(values.pros),
    cons: optional(values.cons),
    // The tags offered are the action's own options (or the built-in list, the same values).
    serviceAreas: [...new Set(values.serviceAreas)] as ReviewArea[],
    timeSpent: optional(values.timeSpent),
    wouldRecommend: values.wouldRecommend,
    wouldRebook: values.wouldRebook,
  };
}

/** A tag list with `area` switched on or off, in the order the tags are offered. */
export function toggleArea(selected: readonly string[], area: string, offered: readonly string[]): string[] {
  const next = selected.includes(area) ? selected.filter((a) => a !== area) : [...selected, area];
  return offered.filter((a) => next.includes(a));
}

// ─── Photos ───────────────────────────────────────────────────────────────────

/** A photo to send with a review, with its caption. */
export interface PhotoDraft {
  file: File;
  caption: string;
}

/** The `addPhoto` action's multipart form: `photos`, then one caption and one display order per photo. */
export function photoFormData(photos: readonly PhotoDraft[]): FormData {
  const form = new FormData();
  photos.forEach((photo, index) => {
    form.append('photos', photo.file, photo.file.name);
    form.append('captions', photo.caption.trim());
    form.append('displayOrder', String(index));
  });
  return form;
}

// ─── Figures ──────────────────────────────────────────────────────────────────

/** "4.19", or "—" before the first review. */
export function averageText(average: number | null | undefined): string {
  return average === null || average === undefined ? '—' : average.toFixed(2);
}

/** "80.8%": the server's percents carry one decimal. */
export function percentText(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return '—';
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** "1,247". */
export function countText(count: number): string {
  return count.toLocaleString('en-US');
}

/** How a review names its author: the first name only, or "Anonymous Customer". */
export function reviewerName(customer: { firstName: string | null }): string {
  return customer.firstName?.trim() || 'Anonymous Customer';
}
