/*
 * Reviews are shown on more than one page: the reviews page, the cleaner's profile (the same list,
 * with votes, responses and reports) and the profile page's Write Review dialog. So they live here,
 * in the shared layer (decision 043): features import this entity; it imports no feature, only the
 * booking entity (a review is of a booking).
 */
export { reviewKeys } from './api/review-keys';
export { type ReviewableBooking, WriteReviewDialog } from './components/quick-review';
export { CleanerReviews } from './components/review-list';
