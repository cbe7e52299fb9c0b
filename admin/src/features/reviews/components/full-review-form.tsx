import type { Booking } from '@spotless/sdk';
import { type FormEvent, useId, useState } from 'react';
import { PhotoPicker } from '../../../components/photo-picker';
import { useSubmitReview } from '../../../entities/review/api/reviews.mutations';
import { StarRatingInput } from '../../../entities/review/components/star-rating';
import {
  areaOptions,
  COMMENT_MIN_LENGTH,
  type FullReviewValues,
  fullReviewBody,
  fullReviewDefaults,
  fullReviewErrors,
  type PhotoDraft,
  RATING_FIELDS,
  toggleArea,
} from '../../../entities/review/utils/review-form';
import { errorMessage, errorStatus, fieldErrors } from '../../../lib/api-errors';
import { bookingDateTimeLabel } from '../../../lib/booking-time';
import { type ChosenPhoto, MAX_PHOTOS } from '../../../lib/photo-drafts';
import { toast } from '../../../lib/toast';

type ReviewAction = NonNullable<Booking['actions']['review']>;

/**
 * The full review form (docs/product/discovery.md): the overall rating (required, none chosen at
 * first) and four optional ones, title, comment, pros,
 * cons, service areas, time spent, would recommend / rebook, up to 5 photos with captions. Sent
 * through the booking's `review` action, then the photos through the new review's `addPhoto`
 * action.
 */
export function FullReviewForm({
  booking,
  action,
  onDone,
  onSubmitted,
}: {
  booking: Booking;
  action: ReviewAction;
  /** Leaves the form without sending it. */
  onDone: () => void;
  /** The review was sent (its photos too, or a toast said why not). */
  onSubmitted: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<FullReviewValues>(() => fullReviewDefaults(action.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each chosen photo with a small picture of it, seen before it is sent, and its caption.
  const [photos, setPhotos] = useState<Array<PhotoDraft & ChosenPhoto>>([]);
  const submitReview = useSubmitReview();
  const areas = areaOptions(action.fields);
  const set = <K extends keyof FullReviewValues>(key: K, value: FullReviewValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const maxLength = (name: string, fallback: number) =>
    action.fields.find((f) => f.name === name)?.maxLength ?? fallback;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitReview.isPending) return;
    const problems = fullReviewErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      // The first field with a message takes the focus (a star rating: its first star).
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"] input, textarea[aria-invalid="true"]')?.focus(),
      );
      toast({
        title: 'Error Submitting Review',
        description: Object.values(problems)[0] ?? 'Please check the form.',
        variant: 'destructive',
      });
      return;
    }
    submitReview.mutate(
      { action, body: fullReviewBody(booking, values), photos },
      {
        onSuccess: ({ photoError }) => {
          if (photoError) {
            const status = errorStatus(photoError);
            toast({
              title: status === 413 ? 'File Too Large' : status === 415 ? 'Invalid File Type' : 'Upload Failed',
              description: `Your review was submitted, but its photos were not: ${errorMessage(photoError, `Upload failed with status ${status ?? 0}`)}`,
              variant: 'destructive',
            });
          } else {
            toast({ title: 'Review Submitted', description: 'Thank you for sharing your experience!' });
          }
          onSubmitted();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast({
            title: 'Error Submitting Review',
            description: errorMessage(error, 'Failed to submit your review. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const textField = (name: 'title' | 'pros' | 'cons' | 'timeSpent', label: string, placeholder: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="text"
        maxLength={maxLength(name, 200)}
        placeholder={placeholder}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    </div>
  );

  return (
    <form className="form review-form" onSubmit={submit} noValidate aria-busy={submitReview.isPending}>
      <div className="card review-form__booking" data-testid="review-booking">
        <p>
          <strong>{booking.service.name}</strong> with {booking.cleaner.user.firstName} {booking.cleaner.user.lastName}
        </p>
        <p className="field__hint">{bookingDateTimeLabel(booking)}</p>
      </div>

      <section className="card review-form__section" aria-labelledby={`${id}-ratings`}>
        <h2 id={`${id}-ratings`} className="card__title">
          Your ratings
        </h2>
        <div className="review-form__ratings">
          {RATING_FIELDS.map((field) => (
            <StarRatingInput
              key={field.name}
              label={field.name === 'overallRating' ? `${field.label} *` : `${field.label} (optional)`}
              value={values[field.name]}
              onChange={(rating) => {
                set(field.name, rating);
                setErrors(({ [field.name]: _done, ...rest }) => rest);
              }}
              error={errors[field.name] ?? (field.name === 'overallRating' ? errors.rating : undefined)}
            />
          ))}
        </div>
      </section>

      <section className="card review-form__section" aria-labelledby={`${id}-words`}>
        <h2 id={`${id}-words`} className="card__title">
          Your review
        </h2>
        {textField('title', 'Title (optional)', 'Sum up your experience')}
        <div className="field">
          <label htmlFor={`${id}-comment`}>Comment *</label>
          <textarea
            id={`${id}-comment`}
            rows={5}
            required
            minLength={COMMENT_MIN_LENGTH}
            maxLength={maxLength('comment', 5000)}
            placeholder="What went well, and what could have been better?"
            value={values.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${id}-comment-error` : `${id}-comment-hint`}
            onChange={(e) => set('comment', e.target.value)}
          />
          {errors.comment ? (
            <p id={`${id}-comment-error`} className="field__error">
              {errors.comment}
            </p>
          ) : (
            <p id={`${id}-comment-hint`} className="field__hint">
              At least {COMMENT_MIN_LENGTH} characters.
            </p>
          )}
        </div>
        <div className="form__row">
          {textField('pros', 'Pros (optional)', 'What did you like?')}
          {textField('cons', 'Cons (optional)', 'What could be better?')}
        </div>
        {textField('timeSpent', 'Time spent (optional)', 'e.g. 3 hours')}
      </section>

      <section className="card review-form__section" aria-labelledby={`${id}-areas`}>
        <h2 id={`${id}-areas`} className="card__title">
          Areas cleaned
        </h2>
        <div className="review-areas">
          {areas.map((area) => (
            <label
              key={area}
              className={values.serviceAreas.includes(area) ? 'review-areas__tag is-on' : 'review-areas__tag'}
            >
              <input
                type="checkbox"
                checked={values.serviceAreas.includes(area)}
                onChange={() => set('serviceAreas', toggleArea(values.serviceAreas, area, areas))}
              />
              {area}
            </label>
          ))}
        </div>
        <div className="review-form__toggles">
          <label className="choice">
            <input
              type="checkbox"
              checked={values.wouldRecommend}
              onChange={(e) => set('wouldRecommend', e.target.checked)}
            />
            I would recommend this cleaner
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={values.wouldRebook}
              onChange={(e) => set('wouldRebook', e.target.checked)}
            />
            I would book this cleaner again
          </label>
        </div>
      </section>

      <section className="card review-form__section" aria-labelledby={`${id}-photos`}>
        <h2 id={`${id}-photos`} className="card__title">
          Photos (optional)
        </h2>
        <PhotoPicker
          label={`Add photos (JPEG or PNG, under 10MB each, at most ${MAX_PHOTOS})`}
          noun="review"
          photos={photos}
          onChosen={(chosen) => setPhotos((current) => [...current, ...chosen.map((p) => ({ ...p, caption: '' }))])}
          onRemove={(key) => setPhotos((current) => current.filter((p) => p.key !== key))}
          onProblem={(problem) => problem && toast({ ...problem, variant: 'destructive' })}
        >
          {(photo) => (
            <div className="field">
              <label htmlFor={`${id}-caption-${photo.key}`}>Caption for {photo.file.name}</label>
              <input
                id={`${id}-caption-${photo.key}`}
                type="text"
                maxLength={500}
                value={photo.caption}
                onChange={(e) =>
                  setPhotos((current) =>
                    current.map((p) => (p.key === photo.key ? { ...p, caption: e.target.value } : p)),
                  )
                }
              />
            </div>
          )}
        </PhotoPicker>
      </section>

      <div className="button-row">
        <button type="submit" className="btn btn--primary btn--lg" disabled={submitReview.isPending}>
          {submitReview.isPending ? 'Submitting...' : 'Submit Review'}
        </button>
        <button type="button" className="btn btn--outline btn--lg" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
