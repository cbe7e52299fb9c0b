import type { CalendarFeed } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { calendarFeedQuery, useRotateCalendarFeed } from '../api/calendar-feed';

type RotateAction = NonNullable<CalendarFeed['actions']['rotate']>;

/**
 * "Sync with your calendar" (decision 083): a private feed URL of the cleaner's confirmed jobs for
 * Google or Apple Calendar. The server keeps only the token's hash, so the URL is shown once, when
 * it is made; making a new one (after a warning) ends the old one.
 */
export function CalendarSyncCard() {
  const id = useId();
  const feed = useQuery(calendarFeedQuery);
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const shown = rotate.data?.url ? rotate.data : null;
  const action = feed.data?.actions.rotate;

  const make = (todo: RotateAction) => {
    rotate.mutate(todo, {
      onSettled: () => setConfirming(false),
      onError: (error) => {
        if (errorStatus(error) === 401) return;
        toast({
          title: 'Feed URL not made',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Feed URL copied', description: 'Paste it into your calendar app.' });
    } catch {
      toast({ title: 'Select the URL and copy it', variant: 'destructive' });
    }
  };

  return (
    <section className="card calendar-sync" aria-labelledby={`${id}-title`} data-testid="calendar-sync">
      <h3 id={`${id}-title`} className="card__title">
        Sync with your calendar
      </h3>
      <p>
        Subscribe Google Calendar or Apple Calendar to a private feed of your confirmed jobs, with their times and
        addresses. It keeps itself up to date; calendar apps check for changes every few hours.
      </p>
      {feed.isPending ? (
        <p className="loading-text">Loading your calendar feed...</p>
      ) : feed.isError ? (
        <p className="alert alert--error">{errorMessage(feed.error, 'Failed to load your calendar feed.')}</p>
      ) : shown?.url ? (
        <div className="calendar-sync__url" data-testid="calendar-feed-url">
          <div className="field">
            <label htmlFor={`${id}-url`}>Your feed URL</label>
            <div className="calendar-sync__row">
              <input id={`${id}-url`} type="text" readOnly value={shown.url} onFocus={(e) => e.target.select()} />
              <button type="button" className="btn btn--outline" onClick={() => copy(shown.url as string)}>
                Copy
              </button>
            </div>
          </div>
          <p className="alert alert--warning">
            Copy it now: we keep no copy of it, so it is shown only this once. Anyone who has it can see your jobs and
            their addresses.
          </p>
          {shown.webcalUrl ? (
            <a className="btn btn--primary btn--sm" href={shown.webcalUrl}>
              Open in your calendar app
            </a>
          ) : null}
        </div>
      ) : feed.data.active && feed.data.createdAt ? (
        <p className="field__hint" data-testid="calendar-feed-active">
          Your feed URL was made on {new Date(feed.data.createdAt).toLocaleDateString()}. It is shown only when it is
          made: if you no longer have it, make a new one.
        </p>
      ) : null}
      {action ? (
        <div className="button-row">
          <button
            type="button"
            className={feed.data?.active ? 'btn btn--outline btn--sm' : 'btn btn--primary btn--sm'}
            disabled={rotate.isPending}
            onClick={() => (feed.data?.active ? setConfirming(true) : make(action))}
          >
            {action.title}
          </button>
        </div>
      ) : null}
      <details className="calendar-sync__help">
        <summary>How to subscribe</summary>
        <p>
          <strong>Google Calendar</strong> (on a computer): under Other calendars choose + then From URL, paste the feed
          URL and choose Add calendar. It shows on your phone too.
        </p>
        <p>
          <strong>Apple Calendar</strong>: on an iPhone, tap Open in your calendar app, or go to Settings, Calendar,
          Accounts, Add Account, Other, Add Subscribed Calendar and paste the URL. On a Mac: File, New Calendar
          Subscription.
        </p>
      </details>
      <ConfirmDialog
        open={confirming && action !== undefined}
        title="Make a new feed URL?"
        confirmLabel="Make a new URL"
        pendingLabel="Making..."
        cancelLabel="Keep the old one"
        pending={rotate.isPending}
        onConfirm={() => action && make(action)}
        onClose={() => setConfirming(false)}
        testId="rotate-feed-dialog"
      >
        <p>
          The URL you have now stops working at once: calendars subscribed to it stop updating until you subscribe them
          to the new one.
        </p>
      </ConfirmDialog>
    </section>
  );
}
