import type { Booking } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { BookingSummary, useCancelBooking, useUpdateBooking } from '../../../entities/booking';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';

export function BookingDetailsDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <ModalDialog open={booking !== null} title="Booking Details" onClose={onClose} testId="booking-details">
      {booking ? (
        <>
          <BookingSummary
            booking={booking}
            facts={['number', 'service', 'cleaner', 'date', 'time', 'total', 'address', 'specialRequests']}
          />
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
  const update = useUpdateBooking({
    onSuccess: () => {
      toast({ title: 'Booking Updated', description: 'Your booking has been successfully updated.' });
      onClose();
    },
    onError: (error) => {
      if (errorStatus(error) === 401) return;
      toast({
        title: 'Update Failed',
        description: errorMessage(error, 'Failed to update booking. Please try again.', [409]),
        variant: 'destructive',
      });
    },
  });
  const [values, setValues] = useState({
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    specialRequests: booking.specialRequests,
  });
  const action = booking.actions.edit;
  // The server lists the date and time only while the booking may still be rescheduled.
  const actionField = (name: string) => action?.fields.find((f) => f.name === name);
  const reschedulable = actionField('scheduledDate') !== undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !action) return;
    const input: { scheduledDate?: string; scheduledTime?: string; specialRequests: string } = {
      specialRequests: values.specialRequests,
    };
    if (reschedulable && values.scheduledDate !== booking.scheduledDate) input.scheduledDate = values.scheduledDate;
    if (reschedulable && values.scheduledTime !== booking.scheduledTime) input.scheduledTime = values.scheduledTime;
    update.mutate({ action, input });
  };

  return (
    <form className="form" onSubmit={submit} aria-busy={update.isPending}>
      {action?.description ? <p className="alert alert--info">{action.description}</p> : null}
      {reschedulable ? (
        <>
          <div className="form__row">
            <Field label="Date">
              {(control) => (
                <input
                  {...control}
                  type="date"
                  value={values.scheduledDate}
                  onChange={(e) => setValues((v) => ({ ...v, scheduledDate: e.target.value }))}
                />
              )}
            </Field>
            <Field label="Time">
              {(control) => (
                <input
                  {...control}
                  type="time"
                  value={values.scheduledTime}
                  onChange={(e) => setValues((v) => ({ ...v, scheduledTime: e.target.value }))}
                />
              )}
            </Field>
          </div>
          <p className="field__hint">Times are the cleaner's local time ({booking.timeZone}).</p>
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

/** The booking's `cancel` action as a button; the confirmation states the server's terms (the fee, the refund). */
export function CancelBookingButton({ booking }: { booking: Booking }) {
  const action = booking.actions.cancel;
  const cancel = useCancelBooking({
    onSuccess: () =>
      toast({ title: 'Booking Cancelled', description: 'Your booking has been cancelled successfully.' }),
    onError: (error) => {
      if (errorStatus(error) === 401) return;
      toast({
        title: 'Cancellation Failed',
        description: 'Failed to cancel booking. Please contact support.',
        variant: 'destructive',
      });
    },
  });
  const onClick = () => {
    if (!action || cancel.isPending) return;
    const terms = action.description ? `\n\n${action.description}` : '';
    if (!window.confirm(`Are you sure you want to cancel this booking?${terms}`)) return;
    cancel.mutate(action);
  };
  if (!action) return null;
  return (
    <button
      type="button"
      className="btn btn--danger btn--sm"
      onClick={onClick}
      disabled={cancel.isPending}
      aria-label={`Cancel booking #${booking.id}`}
      title={action.description}
    >
      Cancel
    </button>
  );
}
