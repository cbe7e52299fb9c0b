import { useId } from 'react';
import { StarIcon } from '../../../components/icons';
import { RATING_LABELS, starLabel } from '../utils/review-form';

/** A rating shown as five stars; read out as "4 out of 5 stars". */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} width={size} height={size} className={n <= Math.round(rating) ? 'star is-on' : 'star'} />
      ))}
    </span>
  );
}

/**
 * A star rating input: five radio buttons (arrow keys move between them), each labelled with its
 * number and word (1 Poor … 5 Excellent); the chosen word is shown beside the stars.
 */
export function StarRatingInput({
  label,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  value: number;
  onChange: (rating: number) => void;
  error?: string;
  name?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className="star-input"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="star-input__legend">{label}</legend>
      <div className="star-input__row">
        <span className="star-input__stars">
          {RATING_LABELS.map((word, index) => {
            const rating = index + 1;
            return (
              <label key={word} className={rating <= value ? 'star-input__star is-on' : 'star-input__star'}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name={name ?? id}
                  value={rating}
                  checked={value === rating}
                  onChange={() => onChange(rating)}
                />
                <StarIcon width={28} height={28} />
                <span className="visually-hidden">
                  {rating} {rating === 1 ? 'star' : 'stars'}, {word}
                </span>
              </label>
            );
          })}
        </span>
        <span className="star-input__word" aria-hidden="true">
          {value > 0 ? starLabel(value) : 'Select a rating'}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
