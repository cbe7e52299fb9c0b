import { type Booking, formatTime12, MESSAGES, paymentStatusText } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import { ConfirmDialog, ModalDialog } from '../../../components/modal-dialog';
import {
  BookingSummary,
  bookingQuery,
  DamageReportNoteView,
  type DaySlots,
  isTimeFree,
  longDayLabel,
  rescheduleSlotsQuery,
  SlotPicker,
  useCancelBooking,
  useUpdateBooking,
} from '../../../entities/booking';
import { MessageThread } from '../../../entities/message';
import { SeriesNote } from '../../../entities/series';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { policy } from '../../../lib/policy';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { detailFacts } from '../utils/dashboard';
import { AddToCalendarLink } from './add-to-calendar';

/**
 * A booking's details: its status in words and, once cancelled, when and by whom, the fee kept and
 * the refund with its state — and, when the card's bank refused the refund, what happens next, in
 * the server's words (decision 075).
 */
export function BookingDetailsDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <ModalDialog open={booking !== null} title="Booking Details" onClose={onClose} testId="booking-details">
      {booking ? (
        <>
          {/* First, where a phone shows it without scrolling: the refund did not go through, and what next. */}
          {booking.refund?.note ? (
            <p className="alert alert--warning" data-testid="refund-note">
              {booking.refund.note}
            </p>
          ) : null}
          <BookingSummary booking={booking} facts={detailFacts(booking)} />
          <SeriesNote booking={booking} reader="customer" />
          <DamageReportNoteView booking={booking} reader="customer" />
          {booking.status === 'completed' && !booking.actions.reportDamage && !booking.damageReportStatus ? (
            <p className="muted" data-testid="report-window-over">
              Something wrong with this job? A problem can be reported with Report a problem for{' '}
              {policy.damageReportHours} hours after a job ends; after that, <Link to="/contact">contact support</Link>.
            </p>
          ) : null}
          {booking.links.messages ? <MessageThread link={booking.links.messages} /> : null}
          <div className="button-row">
            <AddToCalendarLink booking={booking} className="btn btn--outline" />
            <button type="button" className="btn btn--outline" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}

/**
 * Back from checkout: the booking just paid for, in the details dialog, with the payment's one
 * confirmation ("Payment Successful: Your booking has been confirmed!") — no toast, no banner.
 * Until the payment provider's word has confirmed the booking, it says so.
 */
export function PaidBookingDialog({ bookingId, onClose }: { bookingId: number | null; onClose: () => void }) {
  const booking = useQuery({
    ...bookingQuery(bookingId ?? 0),
    enabled: bookingId !== null,
    // A card's payment confirms the booking on the provider's word, a moment after it went through.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
  const paid = booking.data;
  const confirmed = paid?.status === 'confirmed';
  const failed = bookingId !== null && booking.isError;
  useEffect(() => {
    // The booking cannot be read back: the confirmation is still said, once, and the address cleared.
    if (!failed) return;
    toast({ title: 'Payment Successful', description: 'Your booking has been confirmed!' });
    onClose();
  }, [failed, onClose]);
  return (
    <ModalDialog
      open={bookingId !== null && paid !== undefined}
      title="Payment Successful"
      description={
        confirmed
          ? 'Your booking has been confirmed!'
          : 'Your payment went through: the booking is confirmed as soon as the payment provider tells us.'
      }
      onClose={onClose}
      testId="paid-booking"
    >
      {paid ? (
        <>
          <p>
            <strong>{paid.service.name}</strong> with {paid.cleaner.user.firstName} {paid.cleaner.user.lastName}
          </p>
          <BookingSummary booking={paid} facts={['number', 'date', 'time', 'address', 'total']} />
          <p className="field__hint" data-testid="paid-booking-payment">
            Payment: {paymentStatusText(paid.paymentStatus, paid.status)}. You will find this booking under Active
            Bookings.
          </p>
          {paid.series ? (
            <p className="alert alert--info" data-testid="paid-booking-series">
              This is the first visit of your regular cleaning. Your card is saved for the later visits, which appear
              under Regular Cleanings within a minute or two; each is charged 3 days before it.
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className="btn btn--primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}

export function EditBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <ModalDialog
      open={booking !== null}
      title="Edit Booking"
      description="Update your booking details"
      onClose={onClose}
      testId="edit-booking"
    >
      {booking ? <EditBookingForm key={booking.id} booking={booking} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

/**
 * The booking edit form (docs/product/booking-and-payments.md), driven by the booking's `edit`
 * action. While the booking may still be moved, the date and time are chosen with the free-slot
 * picker of the booking page, fed by the booking's own `cleanerSlots` link: taken times cannot be
 * chosen, and the booking's current time is free (the link leaves the booking itself out).
 */
function EditBookingForm({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [values, setValues] = useState({
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    specialRequests: booking.specialRequests,
  });
  const [timeError, setTimeError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const invalid = useMemo(() => ({ time: timeError }), [timeError]);
  useFocusFirstInvalid(formRef, invalid);
  const action = booking.actions.edit;
  // The server lists the date and time only while the booking may still be rescheduled.
  const actionField = (name: string) => action?.fields.find((f) => f.name === name);
  const reschedulable = actionField('scheduledDate') !== undefined;
  const link = booking.links.cleanerSlots;
  const query = useQuery({
    ...rescheduleSlotsQuery(link, values.scheduledDate),
    enabled: reschedulable && values.scheduledDate !== '',
  });
  const slots: DaySlots = link ? query : { isPending: false, isError: true };
  const moved = values.scheduledDate !== booking.scheduledDate || values.scheduledTime !== booking.scheduledTime;

  const update = useUpdateBooking({
    onSuccess: () => {
      toast({ title: 'Booking Updated', description: 'Your booking has been successfully updated.' });
      onClose();
    },
    onError: (error) => {
      if (errorStatus(error) === 401) return;
      // Someone may have taken the time meanwhile: show the day as it is now.
      if (errorStatus(error) === 409 && link) void query.refetch();
      toast({
        title: 'Update Failed',
        description: errorMessage(error, 'Failed to update booking. Please try again.', [409]),
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !action) return;
    const input: { scheduledDate?: string; scheduledTime?: string; specialRequests: string } = {
      specialRequests: values.specialRequests,
    };
    if (reschedulable && moved) {
      const refused =
        values.scheduledTime === ''
          ? MESSAGES.booking.timeRequired
          : isTimeFree(slots, values.scheduledTime) === false
            ? 'That time is already booked: please pick another time'
            : undefined;
      setTimeError(refused);
      if (refused) return;
      if (values.scheduledDate !== booking.scheduledDate) input.scheduledDate = values.scheduledDate;
      if (values.scheduledTime !== booking.scheduledTime) input.scheduledTime = values.scheduledTime;
    }
    update.mutate({ action, input });
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={update.isPending}>
      {action?.description ? <p className="alert alert--info">{action.description}</p> : null}
      {reschedulable ? (
        <>
          <p className="field__hint" data-testid="current-time">
            Booked for {longDayLabel(booking.scheduledDate)} at {formatTime12(booking.scheduledTime)}
          </p>
          <SlotPicker
            slots={slots}
            date={values.scheduledDate}
            time={values.scheduledTime}
            onDateChange={(scheduledDate) => {
              setValues((v) => ({ ...v, scheduledDate }));
              setTimeError(undefined);
            }}
            onTimeChange={(scheduledTime) => {
              setValues((v) => ({ ...v, scheduledTime }));
              setTimeError(undefined);
            }}
            cleanerName={booking.cleaner.user.firstName}
            timeZone={booking.timeZone}
            errors={{ time: timeError }}
            current={{ date: booking.scheduledDate, time: booking.scheduledTime }}
            duration={booking.duration}
          />
        </>
      ) : null}
      <Field label="Special requests">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={actionField('specialRequests')?.maxLength ?? 2000}
            placeholder="Any special instructions..."
            value={values.specialRequests}
            onChange={(e) => setValues((v) => ({ ...v, specialRequests: e.target.value }))}
          />
        )}
      </Field>
      <DialogFooter
        submitLabel="Save Changes"
        pendingLabel="Save Changes"
        pending={update.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

/**
 * The booking's `cancel` action as a button. It asks first, in the app's own dialog (never the
 * browser's confirm()): the product's question, the booking, and the server's terms for it now —
 * until when cancelling is free, or the fee kept and what is refunded to the card.
 */
export function CancelBookingButton({ booking }: { booking: Booking }) {
  const action = booking.actions.cancel;
  const [asking, setAsking] = useState(false);
  const cancel = useCancelBooking({
    onSuccess: () => {
      setAsking(false);
      toast({ title: 'Booking Cancelled', description: 'Your booking has been cancelled successfully.' });
    },
    onError: (error) => {
      setAsking(false);
      if (errorStatus(error) === 401) return;
      toast({
        title: 'Cancellation Failed',
        description: 'Failed to cancel booking. Please contact support.',
        variant: 'destructive',
      });
    },
  });
  if (!action) return null;
  const charged = booking.paymentStatus === 'succeeded';
  return (
    <>
      <button
        type="button"
        className="btn btn--danger btn--sm"
        onClick={() => setAsking(true)}
        disabled={cancel.isPending}
        aria-label={`Cancel booking #${booking.id}`}
        aria-haspopup="dialog"
      >
        Cancel
      </button>
      <ConfirmDialog
        open={asking}
        title="Cancel Booking"
        confirmLabel="Cancel Booking"
        pendingLabel="Cancelling..."
        cancelLabel="Keep Booking"
        pending={cancel.isPending}
        onConfirm={() => {
          if (!cancel.isPending) cancel.mutate(action);
        }}
        onClose={() => setAsking(false)}
        testId="cancel-booking"
      >
        <p>Are you sure you want to cancel this booking?</p>
        <p>
          <strong>{booking.service.name}</strong> with {booking.cleaner.user.firstName} {booking.cleaner.user.lastName}
        </p>
        <BookingSummary booking={booking} facts={['number', 'date', 'time', 'total']} />
        <p className="alert alert--warning" data-testid="cancel-terms">
          {action.description}
          {charged ? null : ' You have not been charged for this booking, so nothing is kept.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
