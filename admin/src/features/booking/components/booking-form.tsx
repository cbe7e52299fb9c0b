import {
  type Cleaner,
  centsToDollars,
  checkDuration,
  formatDollars,
  formatDuration,
  MIN_DURATION_MINUTES,
  quoteTotalCents,
  type Service,
  serviceAreaWarning,
} from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { dayTooShortFor, isTimeFree, SlotPicker, slotsQuery, useCreateBooking } from '../../../entities/booking';
import {
  type FrequencyChoice,
  FrequencyChoiceField,
  frequencyFromOnboarding,
  frequencyPhrase,
  useMakeRecurring,
} from '../../../entities/series';
import { errorCode, errorDetail, errorStatus, fieldErrors, serverMessage } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { cleanerWorkingDaysQuery } from '../../../lib/catalog-queries';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import {
  type BookingFormErrors,
  type BookingFormValues,
  bookingFormProblems,
  FIELD_ORDER,
  idempotencyKeyFor,
  notEnoughTimeAt,
  parseDuration,
} from '../utils/booking-form';
import type { BookingPrefill } from '../utils/booking-prefill';

interface BookingFormProps {
  cleaner: Cleaner;
  service: Service;
  /** The day and time a link proposed, shown for the person to confirm (never submitted for them). */
  prefill?: BookingPrefill;
}

/** The booking form (docs/product/booking-and-payments.md), priced as the server prices it. */
export function BookingForm({ cleaner, service, prefill }: BookingFormProps) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState(() => ({
    address: user?.onboardingPreferences?.location.address ?? '',
    scheduledDate: prefill?.scheduledDate ?? '',
    scheduledTime: prefill?.scheduledTime ?? '',
    duration: String(Math.max(service.duration, MIN_DURATION_MINUTES)),
    specialInstructions: '',
  }));
  const [errors, setErrors] = useState<BookingFormErrors>({});
  /** The server's figure after a 409 price_changed, for the duration it was quoted for. */
  const [correction, setCorrection] = useState<{ duration: string; price: string } | null>(null);
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  const create = useCreateBooking();
  // "How often?": the onboarding answer first; a regular cleaning is made of the booking once created.
  const [frequencyChosen, setFrequencyChosen] = useState(false);
  const [frequency, setFrequency] = useState<FrequencyChoice>(() =>
    frequencyFromOnboarding(user?.onboardingPreferences?.frequency),
  );
  const makeRecurring = useMakeRecurring();
  const busy = create.isPending || makeRecurring.isPending;

  const duration = parseDuration(values.duration);
  const durationOk = Number.isFinite(duration) && duration >= MIN_DURATION_MINUTES;
  // The duration rule's own words as soon as it is broken (over 12 hours is not "no free time").
  const durationRule = Number.isFinite(duration) ? checkDuration(duration) : null;
  const durationProblem = durationRule && !durationRule.ok ? durationRule.message : undefined;
  const totalPrice =
    correction && correction.duration === values.duration
      ? correction.price
      : durationOk
        ? centsToDollars(
            quoteTotalCents({
              hourlyRate: cleaner.hourlyRate,
              durationMinutes: duration,
              basePrice: service.basePrice,
            }),
          )
        : '';

  const lengthOk = durationOk && !durationProblem;
  const slots = useQuery({
    ...slotsQuery(cleaner.id, values.scheduledDate, lengthOk ? duration : MIN_DURATION_MINUTES),
    enabled: values.scheduledDate !== '',
  });
  // The days the cleaner works, from their weekly hours: the calendar disables the others.
  const workingDays = useQuery(cleanerWorkingDaysQuery(cleaner)).data;
  // No start of the day is free this long, though shorter bookings fit: said once, at the duration.
  const dayTooShort = lengthOk ? dayTooShortFor(slots.data?.items, duration) : null;
  // A chosen time free, but not for this long: how long it is free, as the server says it (decision 071).
  const tooLong = lengthOk && !dayTooShort ? notEnoughTimeAt(slots.data?.items, values.scheduledTime, duration) : null;
  // The cleaner serves their own area: an address in another city is booked, with this warning.
  const areaWarning = serviceAreaWarning(values.address, {
    firstName: cleaner.user.firstName,
    city: cleaner.city,
    state: cleaner.state,
    coverageAreas: cleaner.coverageAreas,
  });

  /** The linked time until the day's slots have said whether it is free; a taken one is dropped. */
  const [linkedTime, setLinkedTime] = useState(prefill?.scheduledTime ?? '');
  useEffect(() => {
    if (linkedTime === '' || !slots.data) return;
    if (isTimeFree(slots, linkedTime) === false) {
      setValues((v) => (v.scheduledTime === linkedTime ? { ...v, scheduledTime: '' } : v));
    }
    setLinkedTime('');
  }, [linkedTime, slots]);

  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form: BookingFormValues = { ...values, totalPrice };
    // Checked by the fields of the cleaner's own `book` action, as the server will check them.
    const found = bookingFormProblems(cleaner.actions.book, form);
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name] !== undefined);
    if (first) {
      // The messages are drawn on the next render: then the first field with one comes into view
      // and takes the focus, so a message above the button is never missed.
      const formElement = event.currentTarget;
      requestAnimationFrame(() => {
        const field =
          formElement.querySelector<HTMLElement>(`[name="${first}"]`) ??
          document.getElementById(`${id}-${first}-error`);
        field?.scrollIntoView({ block: 'center' });
        field?.focus({ preventScroll: true });
      });
    }
    if (values.scheduledDate === '') {
      toast({
        title: 'Date Required',
        description: 'Please select a date for your cleaning service.',
        variant: 'destructive',
      });
      return;
    }
    if (Object.keys(found).length > 0) return;
    if (dayTooShort ?? tooLong) {
      setErrors({ duration: dayTooShort ?? tooLong ?? undefined });
      return;
    }
    if (isTimeFree(slots, values.scheduledTime) === false) {
      setErrors({ scheduledTime: 'That time is already booked: please pick another time' });
      return;
    }

    const input = {
      cleanerId: cleaner.id,
      serviceId: service.id,
      address: values.address.trim(),
      scheduledDate: values.scheduledDate,
      scheduledTime: values.scheduledTime,
      duration,
      totalPrice,
      specialInstructions: values.specialInstructions,
    };
    const attempt = idempotencyKeyFor(lastAttempt.current, JSON.stringify(input), newIdempotencyKey);
    lastAttempt.current = attempt;
    create.mutate(
      { input, idempotencyKey: attempt.key },
      {
        onSuccess: (booking) => {
          const toCheckout = () => {
            toast({ title: 'Booking Created', description: 'Redirecting to payment...' });
            navigate(`/checkout?booking=${booking.id}`);
          };
          const action = booking.actions.makeRecurring;
          if (frequency === 'onetime' || !action) {
            toCheckout();
            return;
          }
          // The booking's own makeRecurring action: it becomes the series' first visit, paid at checkout.
          makeRecurring.mutate(
            { action, bookingId: booking.id, frequency },
            {
              onSuccess: toCheckout,
              onError: (error) => {
                toast({
                  title: 'Booked as a one-time cleaning',
                  description: `${serverMessage(error, [400, 409]) ?? 'It could not be made regular.'} You can choose Make this regular from its details.`,
                  variant: 'destructive',
                });
                navigate(`/checkout?booking=${booking.id}`);
              },
            },
          );
        },
        onError: (error) => {
          const status = errorStatus(error);
          if (status === 401) return; // the app's 401 path takes over
          const currentPrice = errorDetail(error, 'currentPrice');
          if (errorCode(error) === 'price_changed' && typeof currentPrice === 'string' && currentPrice !== '') {
            setCorrection({ duration: values.duration, price: currentPrice });
          }
          if (status === 409) void slots.refetch();
          const fields = fieldErrors(error);
          if (Object.keys(fields).length > 0) {
            const known = ['address', 'scheduledDate', 'scheduledTime', 'duration', 'totalPrice'];
            setErrors(
              Object.fromEntries(Object.entries(fields).filter(([k]) => known.includes(k))) as BookingFormErrors,
            );
          }
          const message = serverMessage(error, [400, 409]);
          toast({
            title: 'Booking Failed',
            description: message
              ? (fields.scheduledDate ?? fields.scheduledTime ?? message)
              : 'There was an error creating your booking. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const describe = (name: keyof BookingFormErrors, hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const error = (name: keyof BookingFormErrors) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="form booking-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="Service address" error={errors.address}>
        {(control) => (
          <input
            {...control}
            name="address"
            autoComplete="street-address"
            value={values.address}
            onChange={(e) => set('address', e.target.value)}
          />
        )}
      </Field>
      {areaWarning ? (
        <p className="alert alert--warning" role="status" data-testid="area-warning">
          {areaWarning}
        </p>
      ) : null}

      <SlotPicker
        slots={slots}
        date={values.scheduledDate}
        time={values.scheduledTime}
        onDateChange={(date) => {
          setLinkedTime('');
          set('scheduledDate', date);
          setErrors((e) => ({ ...e, scheduledTime: undefined }));
        }}
        onTimeChange={(time) => {
          setLinkedTime('');
          set('scheduledTime', time);
        }}
        cleanerName={cleaner.user.firstName}
        timeZone={cleaner.timeZone}
        errors={{ date: errors.scheduledDate, time: errors.scheduledTime }}
        duration={lengthOk ? duration : MIN_DURATION_MINUTES}
        lengthField
        workingDays={workingDays}
        beside={
          <Field
            label="Duration (minutes)"
            error={errors.duration ?? durationProblem ?? dayTooShort ?? tooLong}
            errorTestId="duration-error"
            hint={durationOk ? formatDuration(duration) : 'At least 30 minutes'}
          >
            {(control) => (
              <input
                {...control}
                name="duration"
                type="number"
                inputMode="numeric"
                min={MIN_DURATION_MINUTES}
                max={720}
                step={15}
                value={values.duration}
                onChange={(e) => set('duration', e.target.value)}
              />
            )}
          </Field>
        }
      />

      <Field label="Special instructions (optional)">
        {(control) => (
          <textarea
            {...control}
            name="specialInstructions"
            rows={3}
            maxLength={2000}
            value={values.specialInstructions}
            placeholder="Gate code, pets, areas to focus on..."
            onChange={(e) => set('specialInstructions', e.target.value)}
          />
        )}
      </Field>

      <FrequencyChoiceField
        value={frequency}
        onChange={(next) => {
          setFrequency(next);
          setFrequencyChosen(true);
        }}
        fromOnboarding={!frequencyChosen}
      />

      <div className="booking-total" aria-live="polite">
        <span>{frequency === 'onetime' ? 'Total price' : `Price per visit, ${frequencyPhrase(frequency)}`}</span>
        <output data-testid="booking-total" aria-describedby={describe('totalPrice')}>
          {totalPrice ? formatDollars(totalPrice) : '—'}
        </output>
      </div>
      {error('totalPrice')}

      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy}>
        {busy ? 'Creating Booking...' : 'Book Now'}
      </button>
    </form>
  );
}
