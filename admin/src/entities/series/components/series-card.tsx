import '../series.css';
import { formatDollars } from '@spotless/sdk';
import type { BookingSeries, SeriesVisit } from '@spotless/sdk/schemas';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { type SeriesAction, useSeriesAction } from '../api/series';
import { conflictText, otherParty, seriesStatusText, shortDay, visitPaymentText, visitWhen } from '../utils/series';

/** How many of the coming visits a card lists. */
const VISITS_SHOWN = 4;

/** A confirmation the card is asking for: which action, in whose words, and whether it takes a reason. */
interface Asking {
  action: SeriesAction;
  title: string;
  confirmLabel: string;
  question: string;
  withReason: boolean;
  done: string;
}

/**
 * One recurring cleaning (decision 088), for its customer or its cleaner: the schedule in words,
 * the other party, the service, the price per visit, the saved card and the status; the coming
 * visits with their payment in words; the conflicts; and only the buttons its `actions` carry.
 */
export function SeriesCard({ series, askSkipOf }: { series: BookingSeries; askSkipOf?: number | null }) {
  const act = useSeriesAction();
  const [asking, setAsking] = useState<Asking | null>(null);
  // Opened from a link naming a visit to skip (the assistant's): that visit's Skip dialog, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the card first shows
  useEffect(() => {
    const visit = series.visits.find((v) => v.bookingId === askSkipOf);
    if (visit?.actions.skip) setAsking(skipAsking(visit, visit.actions.skip));
  }, [askSkipOf]);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const forCleaner = series.role === 'cleaner';

  const run = (action: SeriesAction, done: string, why?: string) => {
    if (act.isPending) return;
    act.mutate(
      { action, reason: why?.trim() || undefined },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => {
          if (errorStatus(error) === 401) return;
          toast({
            title: 'Not changed',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
        onSettled: () => {
          setAsking(null);
          setReason('');
        },
      },
    );
  };

  const { pause, resume, end, decline } = series.actions;
  // Pending with its first visit paid: the job that books the later visits has not run yet.
  const firstPaid = series.status === 'pending' && series.visits.some((v) => v.payment === 'paid');
  const visits = series.visits.slice(0, VISITS_SHOWN);
  return (
    <li className="card series-card" id={`series-${series.id}`} data-testid={`series-card-${series.id}`}>
      <div className="booking-card__head">
        <h3 className="booking-card__service">
          {series.service.name} · {otherParty(series)}
        </h3>
        <span className="tone-badge tone-badge--outline" data-testid="series-status">
          {firstPaid ? 'Setting up' : seriesStatusText(series.status)}
        </span>
      </div>
      <p className="series-card__schedule">{series.schedule}</p>
      <dl className="booking-card__meta">
        <div>
          <dt>{forCleaner ? 'Customer' : 'Cleaner'}</dt>
          <dd>{otherParty(series)}</dd>
        </div>
        <div>
          <dt>Price per visit</dt>
          <dd>{formatDollars(series.pricePerVisit)}</dd>
        </div>
        {forCleaner ? null : (
          <div>
            <dt>Saved card</dt>
            <dd>
              {series.card
                ? `Card ending ${series.card.last4}`
                : firstPaid
                  ? 'Being saved'
                  : 'Saved when the first visit is paid'}
            </dd>
          </div>
        )}
        <div className="booking-card__wide">
          <dt>Address</dt>
          <dd>{series.address}</dd>
        </div>
      </dl>
      {series.status === 'pending' ? (
        <p className="alert alert--info" data-testid="series-pending">
          {forCleaner
            ? 'The later visits are booked once the customer has paid for the first one.'
            : firstPaid
              ? 'The first visit is paid: the later visits are being booked and appear here within a minute or two.'
              : 'The later visits are booked once the first visit is paid: they appear here within a minute or two after paying.'}
        </p>
      ) : null}
      {series.status === 'paused' ? (
        <p className="alert alert--info" data-testid="series-paused">
          {forCleaner
            ? 'Paused by the customer: no new visits are booked; those below still stand.'
            : 'Paused: no new visits are booked until you resume. The visits below stay booked and are charged as shown — skip any you do not want.'}
        </p>
      ) : null}
      {series.conflicts.length > 0 ? (
        <ul className="series-card__conflicts" aria-label="Visits we could not book">
          {series.conflicts.map((conflict) => (
            <li key={conflict.occurrence} className="alert alert--warning">
              {conflictText(conflict)}
              {conflict.alternatives.length > 0 ? (
                <> Free instead: {conflict.alternatives.map((a) => visitWhen(a)).join(', ')}.</>
              ) : null}{' '}
              {forCleaner ? null : (
                <Link to={conflict.links.book.href} className="text-link">
                  {conflict.links.book.title ?? 'Book another time'}
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {visits.length > 0 ? (
        <>
          <h4 className="series-card__subtitle">Next visits</h4>
          <ul className="series-visits" aria-label={`Next visits of ${series.schedule}`}>
            {visits.map((visit) => (
              <VisitRow
                key={visit.bookingId}
                visit={visit}
                timeZone={series.timeZone}
                pending={act.isPending}
                onAsk={setAsking}
              />
            ))}
          </ul>
          {forCleaner ? null : (
            <p className="field__hint">
              Skip a visit up to 24 hours before it, free. Later it can only be cancelled from its details, and the
              cleaner’s fee is kept.
            </p>
          )}
        </>
      ) : null}
      {pause || resume || end || decline ? (
        <div className="button-row">
          {pause ? (
            <button
              type="button"
              className="btn btn--outline btn--sm"
              disabled={act.isPending}
              title={pause.description}
              onClick={() => run(pause, 'Regular cleaning paused')}
            >
              Pause
            </button>
          ) : null}
          {resume ? (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={act.isPending}
              onClick={() => run(resume, 'Regular cleaning resumed')}
            >
              Resume
            </button>
          ) : null}
          {end ? (
            <button
              type="button"
              className="btn btn--danger btn--sm"
              aria-haspopup="dialog"
              onClick={() =>
                setAsking({
                  action: end,
                  title: 'End Regular Cleaning',
                  confirmLabel: 'End Regular Cleaning',
                  question: `End ${series.schedule.charAt(0).toLowerCase()}${series.schedule.slice(1)} with ${otherParty(series)}? Every future visit is cancelled.`,
                  withReason: false,
                  done: 'Regular cleaning ended',
                })
              }
            >
              End
            </button>
          ) : null}
          {decline ? (
            <button
              type="button"
              className="btn btn--danger btn--sm"
              aria-haspopup="dialog"
              onClick={() =>
                setAsking({
                  action: decline,
                  title: 'Decline Series',
                  confirmLabel: 'Decline Series',
                  question: `Stop cleaning for ${otherParty(series)} regularly? Every future visit is cancelled and refunded in full.`,
                  withReason: true,
                  done: 'Series declined',
                })
              }
            >
              Decline series
            </button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        confirmLabel={asking?.confirmLabel ?? ''}
        pendingLabel="Saving..."
        cancelLabel="Keep It"
        pending={act.isPending}
        onConfirm={() => asking && run(asking.action, asking.done, asking.withReason ? reason : undefined)}
        onClose={() => {
          setAsking(null);
          setReason('');
        }}
        testId="series-confirm"
      >
        <p>{asking?.question}</p>
        {asking?.action.description ? <p className="alert alert--warning">{asking.action.description}</p> : null}
        {asking?.withReason ? (
          <div className="field">
            <label htmlFor={reasonId}>Reason (told to the customer)</label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}

/** The Skip dialog of a visit: from its button, or from a link naming it (`&skip=<bookingId>`). */
function skipAsking(visit: SeriesVisit, skip: NonNullable<SeriesVisit['actions']['skip']>): Asking {
  const when = visitWhen(visit);
  return {
    action: skip,
    title: 'Skip Visit',
    confirmLabel: 'Skip Visit',
    question: skip.description
      ? `Skip the visit on ${when}?`
      : `Skip the visit on ${when}? Only this visit is cancelled; the others stay booked.`,
    withReason: false,
    done: 'Visit skipped',
  };
}

function VisitRow({
  visit,
  timeZone,
  pending,
  onAsk,
}: {
  visit: SeriesVisit;
  timeZone: string;
  pending: boolean;
  onAsk: (asking: Asking) => void;
}) {
  const when = visitWhen(visit);
  const { skip, decline } = visit.actions;
  return (
    <li
      className={visit.skipped ? 'series-visit series-visit--skipped' : 'series-visit'}
      data-testid="series-visit"
      data-booking-id={visit.bookingId}
    >
      <span className="series-visit__text">
        <span className="series-visit__when">{when}</span>
        <span className="series-visit__payment">{visitPaymentText(visit, timeZone)}</span>
        {visit.scheduledDate !== visit.occurrence ? (
          <span className="series-visit__moved">moved from {shortDay(visit.occurrence)}</span>
        ) : null}
      </span>
      <span className="series-visit__actions">
        {skip ? (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            disabled={pending}
            aria-haspopup="dialog"
            aria-label={`Skip ${when}`}
            onClick={() => onAsk(skipAsking(visit, skip))}
          >
            Skip
          </button>
        ) : null}
        {decline ? (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            disabled={pending}
            aria-haspopup="dialog"
            aria-label={`Decline ${when}`}
            onClick={() =>
              onAsk({
                action: decline,
                title: 'Decline Visit',
                confirmLabel: 'Decline Visit',
                question: decline.description
                  ? `Decline the visit on ${when}?`
                  : `Decline the visit on ${when}? Only this visit is cancelled, and the customer is refunded in full.`,
                withReason: true,
                done: 'Visit declined',
              })
            }
          >
            Decline
          </button>
        ) : null}
      </span>
    </li>
  );
}
