import { type AuthUser, formatDollars, type ProfileRecentBooking } from '@spotless/sdk';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { type ReviewableBooking, WriteReviewDialog } from '../../../entities/review';
import { formErrors } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { bookingDateTimeLabel } from '../../../lib/booking-time';
import { showOnboardingTour } from '../../../lib/onboarding-tour';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../../../lib/query-client';
import { Link, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useAccountActivity, useUpdateProfile } from '../api/profile.queries';
import { AccountSecurity } from './account-security';
import { ChatHistory } from './chat-history';

/** The customer profile page (docs/product/accounts.md). */
export function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  const [params] = useSearchParams();
  const paymentSucceeded = params.get('payment') === 'success';

  useEffect(() => {
    if (isLoading || user) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(
      () => window.location.assign(`${LOGIN_PATH}?returnUrl=${encodeURIComponent('/profile')}`),
      LOGIN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [isLoading, user]);

  if (isLoading) {
    return (
      <section className="container page">
        <PageTitle title="My Profile" />
        <p className="loading-text">Loading your profile...</p>
      </section>
    );
  }
  if (!user) {
    return (
      <section className="container page page--narrow">
        <PageTitle title="My Profile" />
        <h1>My Profile</h1>
        <p className="lead" data-testid="profile-logged-out">
          You need to be logged in to view your profile. Redirecting...
        </p>
      </section>
    );
  }

  return (
    <section className="container page profile-page">
      <PageTitle title="My Profile" />
      {paymentSucceeded ? (
        <div className="alert alert--success" role="status" data-testid="payment-success">
          <strong>Payment successful!</strong> Your booking is confirmed. You will find it below and in My Bookings.
        </div>
      ) : null}
      <header className="profile-page__header">
        <div>
          <h1>My Profile</h1>
          <p className="lead">Manage your personal information and see your account activity.</p>
          {/* One of a partner's people (decision 081): their partner's portal. */}
          {user?.roles.includes('partner') ? (
            <Link to="/partner-portal" className="btn btn--outline btn--sm" data-testid="partner-portal-link">
              Partner Portal
            </Link>
          ) : null}
        </div>
        {/* The welcome tour (services, place, budget, notifications), once finished or closed. */}
        <button type="button" className="btn btn--outline btn--sm" onClick={showOnboardingTour}>
          Show the tour again
        </button>
      </header>
      <div className="profile-layout">
        <div className="profile-main">
          <PersonalInformation user={user} />
          <AccountSecurity user={user} />
          <ChatHistory user={user} />
        </div>
        <AccountActivityCard />
      </div>
    </section>
  );
}

type FormValues = { firstName: string; lastName: string; email: string; phone: string; currentPassword: string };

function valuesOf(user: AuthUser): FormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    currentPassword: '',
  };
}

function PersonalInformation({ user }: { user: AuthUser }) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const update = useUpdateProfile();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  // A new e-mail address is confirmed with the current password (the server asks for it too).
  const emailChanges = values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setErrors({});
    update.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        ...(emailChanges && user.hasPassword ? { currentPassword: values.currentPassword } : {}),
      },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          toast({
            title: 'Profile updated successfully',
            ...(emailChanges ? { description: `We sent a confirmation link to ${saved.email}.` } : {}),
          });
        },
        onError: (error) => {
          // Messages that name a field go under it; a toast only for the others.
          const shown: (keyof FormValues)[] = ['firstName', 'lastName', 'email', 'phone'];
          if (emailChanges && user.hasPassword) shown.push('currentPassword');
          const { fields, message } = formErrors(error, shown, 'Failed to update profile. Please try again.');
          setErrors(fields);
          if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  /** The props an input shares with the others: its name, its value and its place in `values`. */
  const inputProps = (name: keyof FormValues) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Personal Information
      </h2>
      <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={update.isPending}>
        <div className="form__row">
          <Field label="First name" error={errors.firstName}>
            {(control) => (
              <input {...control} {...inputProps('firstName')} type="text" autoComplete="given-name" required />
            )}
          </Field>
          <Field label="Last name" error={errors.lastName}>
            {(control) => (
              <input {...control} {...inputProps('lastName')} type="text" autoComplete="family-name" required />
            )}
          </Field>
        </div>
        <Field label="Email" error={errors.email}>
          {(control) => <input {...control} {...inputProps('email')} type="email" autoComplete="email" required />}
        </Field>
        {emailChanges && user.hasPassword ? (
          <Field label="Current password (to change your email)" error={errors.currentPassword}>
            {(control) => (
              <input
                {...control}
                {...inputProps('currentPassword')}
                type="password"
                autoComplete="current-password"
                required
              />
            )}
          </Field>
        ) : null}
        <Field label="Phone" error={errors.phone}>
          {(control) => <input {...control} {...inputProps('phone')} type="tel" autoComplete="tel" />}
        </Field>
        <p className="profile-page__since">Member since {new Date(user.createdAt).toLocaleDateString('en-US')}</p>
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </section>
  );
}

function AccountActivityCard() {
  const activity = useAccountActivity(true);
  const [reviewing, setReviewing] = useState<ReviewableBooking | null>(null);
  const data = activity.data;
  const stats = [
    { label: 'Total Bookings', value: data?.totalBookings },
    { label: 'Completed', value: data?.completedBookings },
    { label: 'Pending', value: data?.pendingBookings },
    {
      label: 'Average Rating Given',
      value: data ? (data.averageRatingGiven === null ? '—' : data.averageRatingGiven.toFixed(1)) : undefined,
    },
  ];
  return (
    <div className="profile-side">
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title" className="card__title">
          Account Activity
        </h2>
        {activity.isError ? (
          <p className="alert alert--error">Failed to load your activity. Please reload the page.</p>
        ) : (
          <dl className="activity-grid" data-testid="account-activity">
            {stats.map((stat) => (
              <div key={stat.label} className="activity-grid__item">
                <dt>{stat.label}</dt>
                <dd>{stat.value ?? '…'}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title" className="card__title">
          Recent Bookings
        </h2>
        {data && data.recentBookings.length === 0 ? (
          <div className="empty-state">
            <p>No bookings yet</p>
            <Link to="/cleaners" className="btn btn--primary">
              Find Cleaners
            </Link>
          </div>
        ) : (
          <ul className="recent-bookings">
            {data?.recentBookings.map((booking) => (
              <RecentBookingItem key={booking.id} booking={booking} onReview={setReviewing} />
            ))}
          </ul>
        )}
        {data && data.recentBookings.length > 0 ? (
          <Link to="/cleaners" className="text-link">
            Book another cleaning
          </Link>
        ) : null}
      </section>
      <WriteReviewDialog booking={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}

function RecentBookingItem({
  booking,
  onReview,
}: {
  booking: ProfileRecentBooking;
  onReview: (booking: ProfileRecentBooking) => void;
}) {
  const status = booking.status.replace('_', ' ');
  return (
    <li className="recent-bookings__item" data-testid={`recent-booking-${booking.id}`}>
      <div>
        <p className="recent-bookings__service">{booking.serviceName}</p>
        <p className="recent-bookings__meta">
          {booking.cleanerName} ·{' '}
          <span data-testid="recent-booking-time">
            {bookingDateTimeLabel({ startsAt: booking.scheduledAt, timeZone: booking.timeZone })}
          </span>{' '}
          · {formatDollars(booking.totalAmount)}
        </p>
      </div>
      <div className="recent-bookings__side">
        <span className={`status-badge status-badge--${booking.status}`}>
          {status.charAt(0).toUpperCase() + status.slice(1)}
        </span>
        {/* Offered while the booking is completed and not yet reviewed; the dialog sends its review action. */}
        {booking.links.review ? (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => onReview(booking)}>
            Write Review<span className="visually-hidden"> for {booking.serviceName}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}
