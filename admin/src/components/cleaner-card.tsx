import { type Cleaner, formatDollars } from '@spotless/sdk';
import { useFavourite } from '../entities/cleaner/api/favourites';
import {
  CleanerAvatar,
  CredentialBadges,
  cleanerName,
  jobsCompleted,
} from '../entities/cleaner/components/cleaner-identity';
import { Link } from '../lib/router';
import { HeartIcon, MapPinIcon, StarIcon } from './icons';
import './cleaner-card.css';

const SERVICE_LABELS: Record<string, string> = {
  residential: 'House Cleaning',
  commercial: 'Office Cleaning',
  deep: 'Deep Cleaning',
  moveout: 'Move-in/Out',
};

type HeadingTag = 'h2' | 'h3' | 'h4';

interface CleanerCardProps {
  cleaner: Cleaner;
  /** The card's name heading level, so the card fits the heading outline of the page using it. */
  headingAs?: HeadingTag;
  /** Search results list the services offered (docs/product/discovery.md). */
  showServices?: boolean;
  /** The featured section marks its cards apart, so the grid's cards stay one per cleaner. */
  testId?: string;
}

/**
 * The cleaner card (docs/product/discovery.md). The name is the one link to the profile; a
 * stretched pseudo-element makes the whole card clickable without nesting the favourite button
 * inside the link.
 */
export function CleanerCard({
  cleaner,
  headingAs: Heading = 'h3',
  showServices = false,
  testId = 'cleaner-card',
}: CleanerCardProps) {
  const name = cleanerName(cleaner);
  const { favourite, toggle } = useFavourite(cleaner.id);

  return (
    <article className="cleaner-card" data-testid={testId}>
      <div className="cleaner-card__top">
        <CleanerAvatar key={cleaner.avatar ?? ''} cleaner={cleaner} name={name} size="lg" testIds decoding="async" />
        <div className="cleaner-card__identity">
          <Heading className="cleaner-card__name" data-testid="cleaner-name">
            <Link to={`/cleaner/${cleaner.id}`} className="cleaner-card__link">
              {name}
            </Link>
          </Heading>
          <p className="cleaner-card__rating" data-testid="cleaner-rating">
            <StarIcon className="cleaner-card__star" width={16} height={16} />
            {cleaner.rating === null ? (
              <span>New</span>
            ) : (
              <>
                <span className="cleaner-card__rating-value">{cleaner.rating.toFixed(1)}</span>{' '}
                <span className="cleaner-card__reviews">
                  ({cleaner.reviewCount} {cleaner.reviewCount === 1 ? 'review' : 'reviews'})
                </span>
              </>
            )}
          </p>
        </div>
        <button
          type="button"
          className={favourite ? 'favourite-button is-on' : 'favourite-button'}
          aria-pressed={favourite}
          aria-label={`Save ${name} to favorites`}
          onClick={toggle}
        >
          <HeartIcon filled={favourite} width={20} height={20} />
        </button>
      </div>

      <CredentialBadges cleaner={cleaner} />

      {cleaner.distance !== undefined ? (
        <p className="distance-badge" data-testid="distance-badge">
          <MapPinIcon width={14} height={14} aria-hidden="true" />
          {cleaner.distance.toFixed(1)} mi away
        </p>
      ) : null}

      <p className="cleaner-card__bio" data-testid="cleaner-bio">
        {cleaner.bio}
      </p>

      {showServices && cleaner.serviceTypes.length > 0 ? (
        <div className="cleaner-card__services">
          <p className="cleaner-card__services-title">Services offered</p>
          <ul className="tag-list" data-testid="services-offered">
            {cleaner.serviceTypes.map((type) => (
              <li key={type} className="tag">
                {SERVICE_LABELS[type] ?? type}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="cleaner-card__footer">
        <p className="cleaner-card__jobs" data-testid="cleaner-jobs">
          {jobsCompleted(cleaner.completedJobs)}
        </p>
        <p className="cleaner-card__rate" data-testid="cleaner-rate">
          <strong>{formatDollars(cleaner.hourlyRate)}</strong>/hr
        </p>
      </div>
    </article>
  );
}
