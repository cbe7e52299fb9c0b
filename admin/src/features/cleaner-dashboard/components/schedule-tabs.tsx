import { type Availability, type Cleaner, formatTime12, type PerformableAction, type TimeOff } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Field } from '../../../components/field';
import { errorMessage, errorStatus, fieldErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useScheduleAction } from '../api/cleaner-dashboard.mutations';
import { availabilityQuery, timeOffQuery } from '../api/cleaner-dashboard.queries';
import { hoursText, timeOffSpanText, WEEKDAYS } from '../utils/cleaner-dashboard';

function failed(error: Error, fallback: string) {
  if (errorStatus(error) === 401) return;
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}

/** The weekly hours: one row per day and span, each edited or removed through its own actions. */
export function AvailabilityTab({ cleaner }: { cleaner: Cleaner }) {
  const list = useQuery(availabilityQuery(cleaner.id));
  if (list.isPending) return <p className="loading-text">Loading your hours...</p>;
  if (list.isError) return <p className="alert alert--error">Failed to load your availability.</p>;
  const rows = [...list.data.items].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
  return (
    <div className="schedule" data-testid="availability-tab">
      <p className="field__hint">
        Times are your local time ({cleaner.timeZone}). Customers can book inside these hours.
      </p>
      {rows.length === 0 ? (
        <p className="empty-state">No weekly hours yet: add the days you work.</p>
      ) : (
        <table className="schedule__table">
          <caption className="visually-hidden">Weekly hours</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <HoursRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      )}
      {list.data.actions.create ? <AddHoursForm action={list.data.actions.create} /> : null}
    </div>
  );
}

function HoursRow({ row }: { row: Availability }) {
  const [editing, setEditing] = useState(false);
  const [times, setTimes] = useState({ startTime: row.startTime, endTime: row.endTime });
  const save = useScheduleAction();
  const remove = useScheduleAction();
  const day = WEEKDAYS[row.dayOfWeek];
  const submit = () => {
    if (!row.actions.update) return;
    save.mutate(
      { action: row.actions.update, body: times },
      {
        onSuccess: () => {
          setEditing(false);
          toast({
            title: 'Availability Updated',
            description: `${day}: ${hoursText(times.startTime, times.endTime)}.`,
          });
        },
        onError: (error) => failed(error, 'Failed to update availability.'),
      },
    );
  };
  return (
    <tr data-testid={`hours-${row.id}`}>
      <th scope="row">{day}</th>
      {editing ? (
        <>
          <td>
            <input
              type="time"
              aria-label={`${day} from`}
              value={times.startTime}
              onChange={(e) => setTimes((t) => ({ ...t, startTime: e.target.value }))}
            />
          </td>
          <td>
            <input
              type="time"
              aria-label={`${day} to`}
              value={times.endTime}
              onChange={(e) => setTimes((t) => ({ ...t, endTime: e.target.value }))}
            />
          </td>
        </>
      ) : (
        <>
          <td>{formatTime12(row.startTime)}</td>
          <td>{formatTime12(row.endTime)}</td>
        </>
      )}
      <td>{row.isAvailable ? 'Available' : 'Unavailable'}</td>
      <td className="button-row">
        {editing ? (
          <>
            <button type="button" className="btn btn--primary btn--sm" onClick={submit} disabled={save.isPending}>
              Save
            </button>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            {row.actions.update ? (
              <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(true)}>
                Edit<span className="visually-hidden"> {day}</span>
              </button>
            ) : null}
            {row.actions.delete ? (
              <button
                type="button"
                className="btn btn--danger btn--sm"
                disabled={remove.isPending}
                onClick={() =>
                  row.actions.delete &&
                  remove.mutate(
                    { action: row.actions.delete },
                    {
                      onSuccess: () => toast({ title: 'Availability Deleted', description: `${day} removed.` }),
                      onError: (error) => failed(error, 'Failed to delete availability.'),
                    },
                  )
                }
              >
                Delete<span className="visually-hidden"> {day}</span>
              </button>
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}

function AddHoursForm({ action }: { action: PerformableAction }) {
  const id = useId();
  const add = useScheduleAction();
  const [values, setValues] = useState({ dayOfWeek: 1, startTime: '09:00', endTime: '17:00', isAvailable: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { action, body: values },
      {
        onSuccess: () => {
          setErrors({});
          toast({
            title: 'Availability Added',
            description: `${WEEKDAYS[values.dayOfWeek]}: ${hoursText(values.startTime, values.endTime)}.`,
          });
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          failed(error, 'Failed to add availability.');
        },
      },
    );
  };
  return (
    <form className="form card schedule__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__title">
        Add Hours
      </h3>
      <div className="form__row">
        <Field label="Day">
          {(control) => (
            <select
              {...control}
              value={values.dayOfWeek}
              onChange={(e) => setValues((v) => ({ ...v, dayOfWeek: Number(e.target.value) }))}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From" error={errors.startTime}>
          {(control) => (
            <input
              {...control}
              type="time"
              value={values.startTime}
              onChange={(e) => setValues((v) => ({ ...v, startTime: e.target.value }))}
            />
          )}
        </Field>
        <Field label="To" error={errors.endTime}>
          {(control) => (
            <input
              {...control}
              type="time"
              value={values.endTime}
              onChange={(e) => setValues((v) => ({ ...v, endTime: e.target.value }))}
            />
          )}
        </Field>
      </div>
      <label className="choice">
        <input
          type="checkbox"
          checked={values.isAvailable}
          onChange={(e) => setValues((v) => ({ ...v, isAvailable: e.target.checked }))}
        />
        <span>Available for bookings</span>
      </label>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          Add Availability
        </button>
      </div>
    </form>
  );
}

/** Days off: listed with their reason; added and removed through the list's and each item's actions. */
export function TimeOffTab({ cleaner }: { cleaner: Cleaner }) {
  const list = useQuery(timeOffQuery(cleaner.id));
  if (list.isPending) return <p className="loading-text">Loading your time off...</p>;
  if (list.isError) return <p className="alert alert--error">Failed to load your time off.</p>;
  return (
    <div className="schedule" data-testid="time-off-tab">
      {list.data.items.length === 0 ? (
        <p className="empty-state">No time off scheduled.</p>
      ) : (
        <ul className="schedule__list">
          {list.data.items.map((item) => (
            <TimeOffItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {list.data.actions.create ? <AddTimeOffForm action={list.data.actions.create} /> : null}
    </div>
  );
}

function TimeOffItem({ item }: { item: TimeOff }) {
  const remove = useScheduleAction();
  const span = timeOffSpanText(item);
  return (
    <li className="card schedule__item">
      <span>
        <strong>{span}</strong>
        {item.reason ? ` · ${item.reason}` : ''}
        {item.isRecurring ? ' · every year' : ''}
      </span>
      {item.actions.delete ? (
        <button
          type="button"
          className="btn btn--danger btn--sm"
          disabled={remove.isPending}
          onClick={() =>
            item.actions.delete &&
            remove.mutate(
              { action: item.actions.delete },
              {
                onSuccess: () => toast({ title: 'Time Off Removed', description: `${span} is bookable again.` }),
                onError: (error) => failed(error, 'Failed to remove time off.'),
              },
            )
          }
        >
          Remove<span className="visually-hidden"> time off {span}</span>
        </button>
      ) : null}
    </li>
  );
}

function AddTimeOffForm({ action }: { action: PerformableAction }) {
  const id = useId();
  const add = useScheduleAction();
  const [values, setValues] = useState({ startDate: '', endDate: '', reason: '', isRecurring: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, endDate: values.endDate || values.startDate, reason: values.reason || undefined };
    add.mutate(
      { action, body },
      {
        onSuccess: () => {
          setErrors({});
          setValues({ startDate: '', endDate: '', reason: '', isRecurring: false });
          toast({ title: 'Time Off Scheduled', description: `${timeOffSpanText(body)}.` });
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          failed(error, 'Failed to schedule time off.');
        },
      },
    );
  };
  return (
    <form className="form card schedule__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__title">
        Schedule Time Off
      </h3>
      <div className="form__row">
        <Field label="Start date" error={errors.startDate}>
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={values.startDate}
              onChange={(e) => setValues((v) => ({ ...v, startDate: e.target.value }))}
            />
          )}
        </Field>
        <Field label="End date" error={errors.endDate}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={values.endDate}
              min={values.startDate || undefined}
              onChange={(e) => setValues((v) => ({ ...v, endDate: e.target.value }))}
            />
          )}
        </Field>
      </div>
      <Field label="Reason (optional)">
        {(control) => (
          <input
            {...control}
            maxLength={200}
            value={values.reason}
            onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))}
          />
        )}
      </Field>
      <label className="choice">
        <input
          type="checkbox"
          checked={values.isRecurring}
          onChange={(e) => setValues((v) => ({ ...v, isRecurring: e.target.checked }))}
        />
        <span>Every year</span>
      </label>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          Schedule Time Off
        </button>
      </div>
    </form>
  );
}
