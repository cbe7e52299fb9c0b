import { type Booking, formatTime12, MESSAGES } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import {
  BookingSummary,
  type DaySlots,
  isTimeFree,
  longDayLabel,
  rescheduleSlotsQuery,
  SlotPicker,
  useCancelBooking,
  useUpdateBooking,
} from '../../../entities/booking';
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
