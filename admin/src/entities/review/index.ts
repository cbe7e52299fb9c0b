/*
 * Reviews are shown on more than one page: the reviews page here, the cleaner's profile (the same
 * list, with votes, responses and reports) and the profile page's Write Review dialog. So, like
 * the bookings barrel, other features may import this barrel and nothing else from this folder;
 * this folder imports no feature but bookings.
 */
export { reviewKeys } from './api/review-keys';
export { type ReviewableBooking, WriteReviewDialog } from './components/quick-review';
export { CleanerReviews } from './components/review-list';
