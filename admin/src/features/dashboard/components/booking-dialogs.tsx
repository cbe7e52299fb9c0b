import { ApiError, type Booking, formatDollars, formatLongDate } from '@spotless/sdk';
import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { bookingTimeLabel } from '../../../lib/booking-time';
import { toast } from '../../../lib/toast';
import { useCancelBooking, useUpdateBooking } from '../api/dashboard.queries';

function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  return (error.body as { error?: { message?: string } } | undefined)?.error?.message;
}

export function BookingDetailsDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <ModalDialog open={booking !== null} title="Booking Details" onClose={onClose} testId="booking-details">
      {booking ? (
        <>
          <dl className="detail-list">
            <div>
              <dt>Booking number</dt>
              <dd>#{booking.id}</dd>
            </div>
            <div>
              <dt>Service</dt>
              <dd>{booking.service.name}</dd>
            </div>
            <div>
              <dt>Cleaner</dt>
              <dd>
                {booking.cleaner.user.firstName} {booking.cleaner.user.lastName}
              </dd>
            </div>
            <div>
              <dt>Date and time</dt>
              <dd>
                {formatLongDate(booking.startsAt, booking.timeZone)} at {bookingTimeLabel(booking)}
              </dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatDollars(booking.totalAmount)}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{booking.address}</dd>
            </div>
            <div>
              <dt>Special requests</dt>
              <dd>{booking.specialRequests || 'None'}</dd>
            </div>
          </dl>
          <div className="button-row">
            <button type="button" className="btn btn--outline" onClick={onClose}>
              Close
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

/** Spec 02 §5: no validation; the values are sent as they are. */
function EditBookingForm({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const id = useId();
  const update = useUpdateBooking({
    onSuccess: () => {
      toast({ title: 'Booking Updated', description: 'Your booking has been successfully updated.' });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      toast({
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Failed to update booking. Please try again.',
        variant: 'destructive',
      });
    },
  });
  const [values, setValues] = useState({
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    specialRequests: booking.specialRequests,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const input: { scheduledDate?: string; scheduledTime?: string; specialRequests: string } = {
      specialRequests: values.specialRequests,
    };
    if (values.scheduledDate !== booking.scheduledDate) input.scheduledDate = values.scheduledDate;
    if (values.scheduledTime !== booking.scheduledTime) input.scheduledTime = values.scheduledTime;
    update.mutate({ id: booking.id, input });
  };

  return (
    <form className="form" onSubmit={submit} aria-busy={update.isPending}>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-date`}>Date</label>
          <input
            id={`${id}-date`}
            type="date"
            value={values.scheduledDate}
            onChange={(e) => setValues((v) => ({ ...v, scheduledDate: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Time</label>
          <input
            id={`${id}-time`}
            type="time"
            value={values.scheduledTime}
            onChange={(e) => setValues((v) => ({ ...v, scheduledTime: e.target.value }))}
          />
        </div>
      </div>
      <p className="field__hint">Times are the cleaner's local time ({booking.timeZone}).</p>
      <div className="field">
        <label htmlFor={`${id}-requests`}>Special requests</label>
        <textarea
          id={`${id}-requests`}
          rows={3}
          maxLength={2000}
          placeholder="Any special instructions..."
          value={values.specialRequests}
          onChange={(e) => setValues((v) => ({ ...v, specialRequests: e.target.value }))}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          Save Changes
        </button>
        <button type="button" className="btn btn--outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function CancelBookingButton({ booking }: { booking: Booking }) {
  const cancel = useCancelBooking({
    onSuccess: () =>
      toast({ title: 'Booking Cancelled', description: 'Your booking has been cancelled successfully.' }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      toast({
        title: 'Cancellation Failed',
        description: 'Failed to cancel booking. Please contact support.',
        variant: 'destructive',
      });
    },
  });
  const onClick = () => {
    if (cancel.isPending || !window.confirm('Are you sure you want to cancel this booking?')) return;
    cancel.mutate(booking.id);
  };
  return (
    <button
      type="button"
      className="btn btn--danger btn--sm"
      onClick={onClick}
      disabled={cancel.isPending}
      aria-label={`Cancel booking #${booking.id}`}
    >
      Cancel
    </button>
  );
}
