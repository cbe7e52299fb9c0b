import { type ComponentType, Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Booking, Cleaner, GuestBookingInput, Service, TimeSlot } from '../client/index';
import { bodyOf, type FormValues, fieldProblem, initialValues } from '../forms/index';
import { bookingDayTimeLabel, timeZoneShortName } from '../rules/booking-time';
import { formatTime12 } from '../rules/format';
import { servicesOffered } from '../rules/offered-services';
import { quoteTotalCents } from '../rules/pricing';
import { serviceAreaWarning } from '../rules/service-area';
import { WidgetError, widgetApi } from './client';
import { defaultServiceId } from './default-service';
import { FrequencyField, regularNote } from './frequency';
import type { PaymentProps } from './payment';
import { priceNote } from './price-note';
import { dayAfter, Failure, Field, localDate, money, report, type WidgetProps } from './shared';

export interface BookingProps extends WidgetProps {
  cleanerId: number;
  /** The service type the visitor searched for (`moveout`, …): the booking opens on that service. */
  serviceType?: string | undefined;
  /** A proposed booking's service, day (`YYYY-MM-DD`) and time (`HH:MM`), chosen when still free. */
  serviceId?: number | undefined;
  date?: string | undefined;
  time?: string | undefined;
  /** The address filled in at first (a property's own page knows it); the visitor may change it. */
  address?: string | undefined;
}

type Step = 'choose' | 'details' | 'pay' | 'done';
/** The action's fields the visitor fills in (the rest come from the chosen service, day and time). */
const FILLED = ['address', 'guestName', 'guestEmail', 'guestPhone', 'specialInstructions'] as const;
const LABELS: Record<string, string> = { specialInstructions: 'Notes for the cleaner (optional)' };
const AUTOCOMPLETE: Record<string, string> = {
  address: 'street-address',
  guestName: 'name',
  guestEmail: 'email',
  guestPhone: 'tel',
};

type BookAsGuest = NonNullable<Cleaner['actions']['bookAsGuest']>;
/** What the visitor chose in the first step, and the price they were shown. */
type Chosen = Pick<GuestBookingInput, 'serviceId' | 'scheduledDate' | 'scheduledTime' | 'duration' | 'totalPrice'>;

/**
 * The guest booking's body: the `bookAsGuest` action's own fields as the visitor filled them in
 * (which fields, and their fixed values such as the cleaner, are the server's: the contract cannot
 * know them ahead), then the chosen service, day, time and price. The server checks it all again.
 */
function guestBooking(action: BookAsGuest, values: FormValues, chosen: Chosen): GuestBookingInput {
  const fields = bodyOf(action, { ...initialValues(action), ...values }) as Partial<GuestBookingInput>;
  return { ...fields, ...chosen } as GuestBookingInput;
}

/**
 * The booking widget: a service, a day and one of the cleaner's real free times, then the guest's
 * details — the fields of the cleaner's own `bookAsGuest` action, checked by the SDK's forms layer
 * before it is performed — then the payment (a separate chunk, loaded when needed)
 * with the token scoped to that booking. Fires `booking:created` and `payment:succeeded`.
 */
export function BookingWidget(props: BookingProps) {
  const { ctx, emit, cleanerId } = props;
  const [cleaner, setCleaner] = useState<Cleaner | null>(null);
  const [services, setServices] = useState<Service[]>([]);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [date, setDate] = useState(props.date ?? localDate(1));
  // Opened on no day in particular: it moves on to the first day with a free time (two weeks at most),
  // until the visitor picks a day themself.
  const lookAhead = useRef(props.date === undefined ? 14 : 0);
  const [slots, setSlots] = useState<TimeSlot[] | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [frequency, setFrequency] = useState('onetime');
  const [values, setValues] = useState<FormValues>(props.address ? { address: props.address } : {});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [step, setStep] = useState<Step>('choose');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ booking: Booking; token: string } | null>(null);
  const [Payment, setPayment] = useState<ComponentType<PaymentProps> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const api = useMemo(() => widgetApi(ctx), [ctx]);

  // The cleaner is the widget's entry point (its id is all the page gives); the services list is
  // the cleaner's `services` link, of which the ones they offer (the rule the server books by).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the service asked for is read once, when the cleaner loads
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    api
      .call('get', '/api/cleaners/{id}', { path: { id: cleanerId }, signal })
      .then(async (found) => {
        const list = await api.follow(found.links.services, undefined, signal);
        const offered = servicesOffered(found, list.items);
        setCleaner(found);
        setServices(offered);
        setServiceId(defaultServiceId(offered, { serviceId: props.serviceId, serviceType: props.serviceType }));
        emit('ready', { widget: 'booking', cleanerId });
      })
      .catch((caught) => setError(report(emit, caught)));
    return () => controller.abort();
  }, [api, emit, cleanerId]);

  const service = services.find((s) => s.id === serviceId) ?? null;
  const duration = service?.duration;
  const slotsLink = cleaner?.links.slots;
  const slotsHref = slotsLink?.href;

  // The day's free times: the cleaner's `slots` link (a template of the date and the length).
  // biome-ignore lint/correctness/useExhaustiveDependencies: by its href, so a new copy of the same cleaner asks nothing again
  useEffect(() => {
    if (!slotsLink || !duration || !date) return;
    const controller = new AbortController();
    setSlots(null);
    setTime(null);
    api
      .follow(slotsLink, { date, duration }, controller.signal)
      .then((found) => {
        const free = found.items.filter((slot) => slot.isAvailable);
        if (free.length === 0 && lookAhead.current > 0) {
          lookAhead.current -= 1;
          setDate(dayAfter(date));
          return;
        }
        lookAhead.current = 0;
        setSlots(free);
        // A proposed time is chosen for the visitor while it is still free.
        if (date === props.date && free.some((slot) => slot.startTime === props.time)) setTime(props.time ?? null);
      })
      .catch((caught) => {
        const shown = report(emit, caught);
        if (shown) setError(shown);
      });
    return () => controller.abort();
  }, [api, emit, slotsHref, date, duration, props.date, props.time]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step moves focus to its heading
  useEffect(() => heading.current?.focus(), [step]);

  const total =
    cleaner && service
      ? quoteTotalCents({
          hourlyRate: cleaner.hourlyRate,
          durationMinutes: service.duration,
          basePrice: service.basePrice,
        })
      : null;

  // The cleaner's own `bookAsGuest` action (decision 050): its href, method and fields are the server's.
  const action = cleaner?.actions.bookAsGuest;
  const shown = (action?.fields ?? []).filter((field) => (FILLED as readonly string[]).includes(field.name));

  const book = async () => {
    if (!service || !time || total === null || !action) return;
    const problems: Record<string, string> = {};
    for (const field of shown) {
      const problem = fieldProblem(field, values[field.name] ?? '');
      if (problem) problems[field.name] = problem;
    }
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.perform(
        action,
        guestBooking(action, values, {
          serviceId: service.id,
          scheduledDate: date,
          scheduledTime: time,
          duration: service.duration,
          totalPrice: (total / 100).toFixed(2),
        }),
      );
      setMade({ booking: answer.booking, token: answer.guestToken });
      emit('booking:created', { bookingId: answer.booking.id, totalPrice: answer.booking.totalPrice });
      const module = await import('./payment');
      setPayment(() => module.PaymentForm);
      setStep('pay');
    } catch (caught) {
      const shown = report(emit, caught);
      if (shown instanceof WidgetError && Object.keys(shown.fields).length > 0) setFields(shown.fields);
      if (shown) setError(shown);
    } finally {
      setBusy(false);
    }
  };

  if (!cleaner) {
    return (
      <div class="sp sp-card" part="root">
        {error ? <Failure error={error} ctx={ctx} path={`/cleaner/${cleanerId}`} /> : <p role="status">Loading...</p>}
      </div>
    );
  }
  const name = `${cleaner.user.firstName} ${cleaner.user.lastName}`;
  // Times are the cleaner's, named as the hosted app names them (sdk/src/rules/booking-time.ts).
  const zone = timeZoneShortName(new Date(slots?.[0]?.startsAt ?? `${date}T12:00:00Z`), cleaner.timeZone);
  const chosen = slots?.find((slot) => slot.startTime === time);
  // The cleaner serves their own area: an address in another city is booked, with the hosted
  // checkout's warning (the SDK's one rule, which the booking's e-mails say too).
  const areaWarning = serviceAreaWarning(String(values.address ?? ''), {
    firstName: cleaner.user.firstName,
    city: cleaner.city,
    state: cleaner.state,
    coverageAreas: cleaner.coverageAreas,
  });
  return (
    <div class="sp sp-card sp-stack" part="root">
      <h2 ref={heading} tabIndex={-1}>
        {step === 'done' ? 'Booked and paid' : `Book ${name}`}
      </h2>
      {error && step !== 'done' ? <Failure error={error} ctx={ctx} path={`/cleaner/${cleanerId}`} /> : null}
      {step === 'choose' ? (
        <form
          class="sp-stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (time) setStep('details');
          }}
        >
          <div class="sp-row sp-row--service">
            <Field label="Service">
              {(control) => (
                <select
                  {...control}
                  class="sp-input"
                  value={String(serviceId ?? '')}
                  onChange={(e) => setServiceId(Number(e.currentTarget.value))}
                >
                  {services.map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Date">
              {(control) => (
                <input
                  {...control}
                  class="sp-input"
                  type="date"
                  min={localDate(0)}
                  value={date}
                  onInput={(e) => {
                    lookAhead.current = 0;
                    setDate(e.currentTarget.value);
                  }}
                />
              )}
            </Field>
          </div>
          <fieldset class="sp-stack">
            <legend class="sp-label">Time ({zone}, the cleaner’s local time)</legend>
            {slots === null ? (
              <p class="sp-muted" role="status">
                Loading times...
              </p>
            ) : slots.length === 0 ? (
              <p class="sp-muted">No free times that day. Try another date.</p>
            ) : (
              <ul class="sp-slots">
                {slots.map((slot) => (
                  <li key={slot.startTime}>
                    <button
                      type="button"
                      class="sp-slot"
                      part="slot"
                      aria-pressed={time === slot.startTime ? 'true' : 'false'}
                      onClick={() => setTime(slot.startTime)}
                    >
                      {formatTime12(slot.startTime)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <FrequencyField value={frequency} onChange={setFrequency} />
          <p>
            {frequency === 'onetime' ? 'Total' : 'First visit'}:{' '}
            <strong>{total === null ? '…' : money(total / 100)}</strong>{' '}
            <span class="sp-muted">
              (
              {service
                ? priceNote(
                    {
                      hourlyRate: cleaner.hourlyRate,
                      durationMinutes: service.duration,
                      basePrice: service.basePrice,
                      serviceName: service.name,
                    },
                    money,
                  )
                : '…'}
              )
            </span>
          </p>
          {action ? null : <p class="sp-alert">This cleaner cannot be booked from this page.</p>}
          <button class="sp-button" type="submit" part="button" disabled={!time || !action}>
            Continue
          </button>
        </form>
      ) : null}
      {step === 'details' ? (
        <form
          class="sp-stack"
          onSubmit={(event) => {
            event.preventDefault();
            void book();
          }}
        >
          <p class="sp-muted">
            {service?.name},{' '}
            {chosen ? bookingDayTimeLabel({ startsAt: chosen.startsAt, timeZone: cleaner.timeZone }) : date}.{' '}
            {action?.description}
          </p>
          {shown.map((field) => (
            <Fragment key={field.name}>
              <Field label={LABELS[field.name] ?? field.title ?? field.name} error={fields[field.name]}>
                {(control) => (
                  <input
                    {...control}
                    class="sp-input"
                    type={(field.type === 'email' ? 'email' : field.name === 'guestPhone' ? 'tel' : 'text') as 'text'}
                    autocomplete={AUTOCOMPLETE[field.name] ?? 'off'}
                    {...(field.maxLength ? { maxLength: field.maxLength } : {})}
                    value={String(values[field.name] ?? '')}
                    onInput={(e) => setValues({ ...values, [field.name]: e.currentTarget.value })}
                  />
                )}
              </Field>
              {field.name === 'address' && areaWarning ? (
                <p class="sp-warning" role="status" part="warning">
                  {areaWarning}
                </p>
              ) : null}
            </Fragment>
          ))}
          <div class="sp-row">
            <button class="sp-button sp-button--ghost" type="button" onClick={() => setStep('choose')}>
              Back
            </button>
            <button class="sp-button" type="submit" part="button" disabled={busy}>
              {busy ? 'Booking...' : `${action?.title ?? 'Book'} for ${total === null ? '' : money(total / 100)}`}
            </button>
          </div>
        </form>
      ) : null}
      {step === 'pay' && made && Payment ? (
        <Payment
          ctx={ctx}
          emit={emit}
          booking={made.booking}
          token={made.token}
          onPaid={() => {
            setError(null);
            setStep('done');
          }}
        />
      ) : null}
      {step === 'done' && made ? (
        <p role="status">
          Booking #{made.booking.id} with {name} on {bookingDayTimeLabel(made.booking)} is paid. We sent the details and
          a link to manage it, and to message {name}, to {String(values.guestEmail ?? '')}. {regularNote(frequency)}
        </p>
      ) : null}
    </div>
  );
}

/** The booking widget in a modal `<dialog>` (the top layer: above any overlay of the host page, no z-index). */
export function BookingDialog(props: BookingProps & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} class="sp-dialog" part="dialog" aria-label="Book a cleaner" onClose={props.onClose}>
      <div class="sp-stack">
        <div class="sp-dialog-head sp">
          <button class="sp-button sp-button--ghost" type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        <BookingWidget {...props} />
      </div>
    </dialog>
  );
}
