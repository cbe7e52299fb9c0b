import { CleanerNotFound } from '../../../components/cleaner-not-found';
import '../cleaner-profile.css';
import {
  type Cleaner,
  formatDollars,
  formatDuration,
  formatMoney,
  quoteTotalCents,
  servicesOffered,
} from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { HeartIcon, MapPinIcon, StarIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { useFavourite } from '../../../entities/cleaner/api/favourites';
import {
  CleanerAvatar,
  CredentialBadges,
  cleanerName,
  jobsCompleted,
} from '../../../entities/cleaner/components/cleaner-identity';
import { CleanerReviews } from '../../../entities/review';
import { errorStatus } from '../../../lib/api-errors';
import { cleanerQuery, servicesQuery } from '../../../lib/catalog-queries';
import { Link, useParams } from '../../../lib/router';

/** How many reviews the profile lists (lists show 10, a cleaner panel 5: docs/product/discovery.md). */
const PROFILE_REVIEW_LIMIT = 10;

/**
 * /cleaner/{id} (docs/product/discovery.md). The cleaner is read once: the read the app started with
 * it (routes.tsx) is the page's, and a refusal is not asked again as the page mounts (the server
 * already answered this page's address 404 for no such cleaner, decision 046). A read that got no
 * answer at all offers Try Again.
 */
export function CleanerProfilePage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const cleaner = useQuery({ ...cleanerQuery(id), enabled: valid, retryOnMount: false });

  if (valid && cleaner.isPending) {
    return (
      <div className="container section">
        <PageTitle title="Cleaner Profile" />
        <p className="loading-text">
          <span className="spinner" aria-hidden="true" />
          Loading cleaner profile...
        </p>
      </div>
    );
  }
  if (cleaner.isError && errorStatus(cleaner.error) === undefined) {
    return (
      <div className="container section">
        <PageTitle title="Cleaner Profile" />
        <div className="empty-state" role="alert">
          <h1>We could not load this profile</h1>
          <p>Check your connection and try again.</p>
          <button type="button" className="btn btn--primary" onClick={() => void cleaner.refetch()}>
            Try Again
          </button>
        </div>
      </div>
    );
  }
  if (!valid || cleaner.isError || !cleaner.data) {
    return <CleanerNotFound className="container section" />;
  }
  return <Profile cleaner={cleaner.data} />;
}

function Profile({ cleaner }: { cleaner: Cleaner }) {
  const name = cleanerName(cleaner);
  const services = useQuery(servicesQuery);
  // The services the cleaner offers: the SDK's rule, the one the server books by (decision 071).
  const offered = services.data ? servicesOffered(cleaner, services.data.items) : [];
  const { favourite, toggle } = useFavourite(cleaner.id);

  return (
    <>
      <PageTitle title={name} />
      <div className="container section profile">
        <div className="profile__main">
          <section className="card profile__header" aria-labelledby="profile-name">
            <CleanerAvatar cleaner={cleaner} name={name} size="xl" />
            <div>
              <h1 id="profile-name" className="profile__name" data-testid="profile-name">
                {name}
              </h1>
              <p className="cleaner-card__rating">
                <StarIcon className="cleaner-card__star" width={16} height={16} />
                {cleaner.rating === null
                  ? 'New'
                  : `${cleaner.rating.toFixed(1)} (${cleaner.reviewCount} ${cleaner.reviewCount === 1 ? 'review' : 'reviews'})`}
              </p>
              <p>{jobsCompleted(cleaner.completedJobs)}</p>
              {cleaner.withdrawals !== undefined ? (
                // Administrators only (decision 071): confirmed jobs the cleaner withdrew from.
                <p data-testid="cleaner-withdrawals">
                  Withdrew from {cleaner.withdrawals} confirmed {cleaner.withdrawals === 1 ? 'job' : 'jobs'} (shown to
                  administrators)
                </p>
              ) : null}
              <CredentialBadges cleaner={cleaner} />
              <p>{cleaner.experience} experience</p>
              <p className="profile__areas">
                <MapPinIcon width={16} height={16} aria-hidden="true" />
                <span>{cleaner.coverageAreas.join(', ')}</span>
              </p>
              <button
                type="button"
                className={favourite ? 'btn btn--outline is-on' : 'btn btn--outline'}
                aria-pressed={favourite}
                onClick={toggle}
              >
                <HeartIcon filled={favourite} width={18} height={18} aria-hidden="true" />
                {favourite ? 'Saved to Favorites' : 'Save to Favorites'}
              </button>
            </div>
          </section>

          <section className="card" aria-labelledby="about-title">
            <h2 id="about-title" className="card__title">
              About
            </h2>
            <p>{cleaner.bio}</p>
          </section>

          <section className="card" aria-labelledby="services-title">
            <h2 id="services-title" className="card__title">
              Available Services
            </h2>
            {offered.length === 0 ? (
              <p>{services.isPending ? 'Loading services...' : 'No services listed.'}</p>
            ) : (
              <ul className="service-list">
                {offered.map((service) => (
                  <li key={service.id} className="service-list__item" data-testid="service-item">
                    <div>
                      <h3>{service.name}</h3>
                      <p>{service.description}</p>
                      {/* The spec's base price, and what this cleaner's usual length costs by the pricing rule. */}
                      <p data-testid="service-price">
                        Base price <strong>{formatDollars(service.basePrice)}</strong> ·{' '}
                        {formatMoney(
                          quoteTotalCents({
                            hourlyRate: cleaner.hourlyRate,
                            durationMinutes: service.duration,
                            basePrice: service.basePrice,
                          }),
                        )}{' '}
                        for {formatDuration(service.duration)} with {cleaner.user.firstName}
                      </p>
                    </div>
                    <Link
                      to={`/booking/${cleaner.id}/${service.id}`}
                      className="btn btn--primary btn--sm"
                      aria-label={`Book Now: ${service.name}`}
                    >
                      Book Now
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <Reviews cleaner={cleaner} />
        </div>

        <aside className="profile__side">
          <section className="card" aria-labelledby="book-title">
            <h2 id="book-title" className="card__title">
              Book Service
            </h2>
            <p className="profile__rate">
              <strong>{formatDollars(cleaner.hourlyRate)}</strong>/hr
            </p>
            {services.isSuccess && offered.length === 0 ? (
              <button type="button" className="btn btn--primary btn--block" disabled>
                No Services Available
              </button>
            ) : (
              <Link to={`/booking/${cleaner.id}`} className="btn btn--primary btn--block" data-testid="book-service">
                Book Now
              </Link>
            )}
          </section>
          <section className="card" aria-labelledby="areas-title">
            <h2 id="areas-title" className="card__title">
              Service Areas
            </h2>
            <ul className="tag-list">
              {cleaner.coverageAreas.map((area) => (
                <li key={area} className="tag">
                  {area}
                </li>
              ))}
            </ul>
            <p>
              Based in {cleaner.city}, {cleaner.state}
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}

/** The cleaner's reviews with their summary, votes, responses and reports: the shared review list. */
function Reviews({ cleaner }: { cleaner: Cleaner }) {
  return (
    <section className="card" aria-labelledby="reviews-title" data-testid="profile-reviews">
      <h2 id="reviews-title" className="card__title">
        Reviews
      </h2>
      <CleanerReviews cleaner={cleaner} limit={PROFILE_REVIEW_LIMIT} />
    </section>
  );
}
