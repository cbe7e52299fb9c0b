import {
  type Cleaner,
  formatDollars,
  formatDuration,
  initials,
  offersService,
  type Service,
  servicesOffered,
} from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CleanerNotFound } from '../../../components/cleaner-not-found';
import { CheckIcon, ClockIcon, ShieldIcon, StarIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { toIsoDate } from '../../../entities/booking';
import { jobsCompleted } from '../../../entities/cleaner/components/cleaner-identity';
import { useCurrentUser } from '../../../lib/auth';
import { cleanerQuery, serviceQuery, servicesQuery } from '../../../lib/catalog-queries';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../../../lib/query-client';
import { idParam } from '../../../lib/route-match';
import { Link, useLocation, useParams, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { chooseService } from '../utils/booking-form';
import { type BookingPrefill, prefillFromSearch } from '../utils/booking-prefill';
import { BookingForm } from './booking-form';

/** /booking/{cleanerId}/{serviceId?}, for signed-in users (docs/product/booking-and-payments.md). */
export function BookingPage() {
  const params = useParams();
  const cleanerId = idParam(params.cleanerId);
  const serviceId = params.serviceId === undefined ? undefined : (idParam(params.serviceId) ?? -1);
  const { user, isLoading: userLoading } = useCurrentUser();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const prefill = prefillFromSearch(searchParams, toIsoDate(new Date()));

  useEffect(() => {
    if (userLoading || user) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const returnUrl = `${location.pathname}${location.search}`;
    const timer = setTimeout(
      () => window.location.assign(`${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`),
      LOGIN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [userLoading, user, location.pathname, location.search]);

  const cleaner = useQuery({ ...cleanerQuery(cleanerId ?? 0), enabled: cleanerId !== undefined });
  const oneService = useQuery({
    ...serviceQuery(serviceId ?? 0),
    enabled: serviceId !== undefined && serviceId > 0,
  });
  const allServices = useQuery({ ...servicesQuery, enabled: serviceId === undefined });

  if (cleanerId === undefined || cleaner.isError) {
    return <CleanerNotFound className="container page" />;
  }

  const serviceLoading = serviceId === undefined ? allServices.isPending : serviceId > 0 && oneService.isPending;
  if (cleaner.isPending || serviceLoading || userLoading) return <BookingSkeleton />;

  // Only a service the cleaner offers (the rule the server books by; decision 071).
  const service =
    serviceId === undefined
      ? chooseService(servicesOffered(cleaner.data, allServices.data?.items ?? []))
      : serviceId > 0 && oneService.data && offersService(cleaner.data, oneService.data)
        ? oneService.data
        : undefined;
  if (!service) {
    return (
      <div className="container page">
        <PageTitle title="Service Not Available" />
        <div className="empty-state" data-testid="service-not-available">
          <h1>Service Not Available</h1>
          <p>This service is not available for booking right now.</p>
          <Link to={`/cleaner/${cleanerId}`} className="btn btn--primary">
            Back to Profile
          </Link>
        </div>
      </div>
    );
  }
  return <Booking cleaner={cleaner.data} service={service} signedIn={user !== null} prefill={prefill} />;
}

function BookingSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <PageTitle title="Book a Cleaning" />
      <p className="visually-hidden" role="status">
        Loading booking details...
      </p>
      <div className="booking-layout" data-testid="booking-loading">
        <div className="card skeleton skeleton--card" />
        <div className="card skeleton skeleton--form" />
      </div>
    </div>
  );
}

interface BookingProps {
  cleaner: Cleaner;
  service: Service;
  signedIn: boolean;
  prefill: BookingPrefill;
}

function Booking({ cleaner, service, signedIn, prefill }: BookingProps) {
  const name = `${cleaner.user.firstName} ${cleaner.user.lastName}`.trim();
  return (
    <div className="container page booking-page">
      <PageTitle title={`Book ${name}`} />
      <Link to={`/cleaner/${cleaner.id}`} className="text-link booking-page__back">
        ← Back to Profile
      </Link>
      <h1 className="booking-page__title">Book {service.name}</h1>
      <div className="booking-layout">
        <CleanerSummary cleaner={cleaner} service={service} name={name} />
        <section className="card" aria-labelledby="booking-form-title">
          <h2 id="booking-form-title" className="card__title">
            Booking Details
          </h2>
          {signedIn ? (
            // A new proposed day and time (another link followed here) starts the form afresh.
            <BookingForm
              key={`${prefill.scheduledDate} ${prefill.scheduledTime}`}
              cleaner={cleaner}
              service={service}
              prefill={prefill}
            />
          ) : (
            <p>You need to be signed in to book. Redirecting...</p>
          )}
        </section>
      </div>
      <ul className="trust-badges" aria-label="Our guarantees">
        <li className="trust-badge">
          <ShieldIcon width={20} height={20} aria-hidden="true" /> Fully Insured
        </li>
        <li className="trust-badge">
          <CheckIcon width={20} height={20} aria-hidden="true" /> Background Checked
        </li>
        <li className="trust-badge">
          <ClockIcon width={20} height={20} aria-hidden="true" /> On-Time Guarantee
        </li>
      </ul>
    </div>
  );
}

function CleanerSummary({ cleaner, service, name }: { cleaner: Cleaner; service: Service; name: string }) {
  const [avatarFailed, setAvatarFailed] = useState(false);
  return (
    <section className="card booking-cleaner" aria-labelledby="your-cleaner-title">
      <h2 id="your-cleaner-title" className="card__title">
        Your Cleaner
      </h2>
      <div className="booking-cleaner__identity">
        {cleaner.avatar && !avatarFailed ? (
          <img
            className="avatar avatar--lg"
            src={cleaner.avatar}
            alt=""
            width={64}
            height={64}
            onError={() => setAvatarFailed(true)}
          />
        ) : (
          <span className="avatar avatar--lg avatar--initials" aria-hidden="true">
            {initials(cleaner.user.firstName, cleaner.user.lastName)}
          </span>
        )}
        <div>
          <p className="booking-cleaner__name" data-testid="booking-cleaner-name">
            {name}
          </p>
          <p className="cleaner-card__rating">
            <StarIcon className="cleaner-card__star" width={16} height={16} aria-hidden="true" />
            {cleaner.rating === null ? 'New' : `${cleaner.rating.toFixed(1)} rating`}
          </p>
          <p className="booking-cleaner__jobs">{jobsCompleted(cleaner.completedJobs)}</p>
        </div>
      </div>
      <p className="booking-cleaner__bio">{cleaner.bio}</p>
      <h3 className="booking-cleaner__service-title">Service Details</h3>
      <dl className="detail-list" data-testid="service-details">
        <div>
          <dt>Service</dt>
          <dd>{service.name}</dd>
        </div>
        <div>
          <dt>Hourly rate</dt>
          <dd>{formatDollars(cleaner.hourlyRate)}/hour</dd>
        </div>
        <div>
          <dt>Base price</dt>
          <dd>{formatDollars(service.basePrice)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(service.duration)}</dd>
        </div>
      </dl>
      <p className="booking-cleaner__note">
        The price is {formatDollars(cleaner.hourlyRate)} an hour for the time you book, and at least{' '}
        {formatDollars(service.basePrice)}.
      </p>
    </section>
  );
}
