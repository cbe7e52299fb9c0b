import '../series.css';
import type { Booking } from '@spotless/sdk';
import type { SeriesFrequency } from '@spotless/sdk/schemas';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useMakeRecurring, useSeriesAction } from '../api/series';
import { type FrequencyChoice, frequencyFromOnboarding, frequencyPhrase, seriesPagePath } from '../utils/series';
import { FrequencyChoiceField } from './frequency-choice';

const failed = (title: string) => (error: Error) => {
  if (errorStatus(error) === 401) return;
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
};

/**
 * A booking's part in a recurring cleaning, for its Booking Details and a cleaner's job card: the
 * series it is a visit of with a link to it, its `skip` action, or — a one-time booking — its
 * `makeRecurring` action (“Make this regular”). Nothing is shown that the booking does not carry.
 */
export function SeriesNote({ booking, reader }: { booking: Booking; reader: 'customer' | 'cleaner' }) {
  const skip = booking.actions.skip;
  const make = booking.actions.makeRecurring;
  const act = useSeriesAction();
  const [skipping, setSkipping] = useState(false);
  if (!booking.series && !make) return null;
  return (
    <div className="series-note" data-testid="series-note">
      {booking.series ? (
        <p>
          Part of a regular cleaning — {frequencyPhrase(booking.series.frequency)}.{' '}
          <Link to={seriesPagePath(booking.series.id, reader)} className="text-link">
            See the regular cleaning
          </Link>
        </p>
      ) : null}
      {skip ? (
        <>
          <button
            type="button"
            className="btn btn--outline btn--sm"
            aria-haspopup="dialog"
            onClick={() => setSkipping(true)}
          >
            Skip this visit
          </button>
          <ConfirmDialog
            open={skipping}
            title="Skip Visit"
            confirmLabel="Skip Visit"
            pendingLabel="Skipping..."
            cancelLabel="Keep Visit"
            pending={act.isPending}
            onConfirm={() =>
              act.mutate(
                { action: skip },
                {
                  onSuccess: () => toast({ title: 'Visit skipped' }),
                  onError: failed('Not skipped'),
                  onSettled: () => setSkipping(false),
                },
              )
            }
            onClose={() => setSkipping(false)}
            testId="skip-visit"
          >
            <p>Skip this visit?</p>
            <p className="alert alert--warning">
              {skip.description ?? 'Only this visit is cancelled; the other visits stay booked.'}
            </p>
          </ConfirmDialog>
        </>
      ) : null}
      {make ? <MakeRegular booking={booking} action={make} /> : null}
    </div>
  );
}

function MakeRegular({
  booking,
  action,
}: {
  booking: Booking;
  action: NonNullable<Booking['actions']['makeRecurring']>;
}) {
  const [open, setOpen] = useState(false);
  // The onboarding answer is the first choice offered.
  const first = frequencyFromOnboarding(useCurrentUser().user?.onboardingPreferences?.frequency);
  const [frequency, setFrequency] = useState<FrequencyChoice>(first === 'onetime' ? 'biweekly' : first);
  const make = useMakeRecurring();
  if (!open) {
    return (
      <button type="button" className="btn btn--outline btn--sm" onClick={() => setOpen(true)}>
        Make this regular
      </button>
    );
  }
  const chosen: SeriesFrequency | null = frequency === 'onetime' ? null : frequency;
  return (
    <div className="series-note__make">
      <FrequencyChoiceField value={frequency} onChange={setFrequency} />
      <div className="button-row">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={!chosen || make.isPending}
          onClick={() =>
            chosen &&
            make.mutate(
              { action, bookingId: booking.id, frequency: chosen },
              {
                onSuccess: () => {
                  setOpen(false);
                  toast({
                    title: 'Regular cleaning set up',
                    description: `This booking now repeats ${frequencyPhrase(chosen)}.`,
                  });
                },
                onError: failed('Not made regular'),
              },
            )
          }
        >
          {make.isPending ? 'Saving...' : 'Make it regular'}
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
