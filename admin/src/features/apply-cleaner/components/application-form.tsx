import { HOURLY_RATE, type PerformableAction } from '@spotless/sdk';
import { type FormEvent, useRef, useState } from 'react';
import { Field, useFocusFirstInvalid } from '../../../components/field';
import { errorMessage, errorStatus, formErrors } from '../../../lib/api-errors';
import { LOGIN_PATH } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { useSubmitApplication } from '../api/applications.queries';
import {
  type ApplicationForm,
  EXPERIENCE_OPTIONS,
  emptyForm,
  formProblem,
  SERVICE_OPTIONS,
  toRequestBody,
  WEEKDAYS,
} from '../utils/application-form';

/** The application page sends a signed-out user to log in after one second (docs/product/cleaners.md). */
const APPLY_LOGIN_DELAY_MS = 1000;
/** The form asks for two references (docs/product/cleaners.md). */
const REFERENCE_SLOTS = ['first-reference', 'second-reference'] as const;
/** The fields this form puts a server message under, by the API's names. */
const SHOWN_FIELDS = [
  'bio',
  'experience',
  'hourlyRate',
  'serviceTypes',
  'coverageAreas',
  'previousExperience',
  'equipment',
  'availability',
] as const;

/** The application form (docs/product/cleaners.md), sent through the list's `apply` action. */
export function ApplicationFormView({ action }: { action: PerformableAction<'submitApplication'> }) {
  const [form, setForm] = useState<ApplicationForm>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitApplication();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const set = <K extends keyof ApplicationForm>(key: K, value: ApplicationForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const problem = formProblem(form);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    submit.mutate(
      { action, body: toRequestBody(form) },
      {
        onSuccess: () => {
          setErrors({});
          toast({ title: 'Application Submitted!', description: "We'll contact you within 2-3 business days." });
          window.scrollTo(0, 0);
        },
        onError: (error) => {
          const status = errorStatus(error);
          const message = errorMessage(error, '');
          if (status === 401) {
            toast({
              title: 'Login Required',
              description: 'Please log in to submit your cleaner application.',
              variant: 'destructive',
            });
            setTimeout(
              () => window.location.assign(`${LOGIN_PATH}?returnUrl=${encodeURIComponent('/apply-cleaner')}`),
              APPLY_LOGIN_DELAY_MS,
            );
          } else if (message.includes('already have a pending application')) {
            toast({ title: 'Application Already Exists', description: message, variant: 'destructive' });
          } else if (status === 400) {
            // Messages that name a field go under it (focused, so in view); the toast only for the others.
            const { fields, message: general } = formErrors(error, SHOWN_FIELDS, '');
            setErrors(fields);
            if (general !== null) {
              toast({
                title: 'Validation Error',
                description: 'Please check that all required fields are filled correctly.',
                variant: 'destructive',
              });
            }
          } else {
            toast({
              title: 'Error',
              description: message || 'Failed to submit your application. Please try again.',
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="form card apply-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={submit.isPending}
      data-testid="application-form"
    >
      <fieldset>
        <legend>About you</legend>
        <Field label="Bio *" error={errors.bio} hint="What customers see on your profile.">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={2000}
              value={form.bio}
              onChange={(e) => set('bio', e.target.value)}
            />
          )}
        </Field>
        <div className="form__row">
          <Field label="Experience *" error={errors.experience}>
            {(control) => (
              <select {...control} value={form.experience} onChange={(e) => set('experience', e.target.value)}>
                <option value="">Choose...</option>
                {EXPERIENCE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Hourly rate (USD) *" error={errors.hourlyRate} hint="$15 to $100, in steps of $0.50">
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={HOURLY_RATE.min}
                max={HOURLY_RATE.max}
                step={HOURLY_RATE.step}
                value={form.hourlyRate}
                onChange={(e) => set('hourlyRate', e.target.value)}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="choice-group">
        <legend>Services you offer *</legend>
        {SERVICE_OPTIONS.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="checkbox"
              checked={form.serviceTypes.includes(o.value)}
              onChange={() =>
                set(
                  'serviceTypes',
                  form.serviceTypes.includes(o.value)
                    ? form.serviceTypes.filter((t) => t !== o.value)
                    : [...form.serviceTypes, o.value],
                )
              }
            />
            <span>{o.label}</span>
          </label>
        ))}
        {errors.serviceTypes ? <p className="field__error">{errors.serviceTypes}</p> : null}
      </fieldset>

      <Field
        label="Coverage areas *"
        error={errors.coverageAreas}
        hint="One per line, e.g. “Austin, TX”. The first city places you on the map."
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={form.coverageAreas}
            onChange={(e) => set('coverageAreas', e.target.value)}
          />
        )}
      </Field>

      <fieldset className="choice-group">
        <legend>Cover</legend>
        <label className="choice">
          <input type="checkbox" checked={form.hasInsurance} onChange={(e) => set('hasInsurance', e.target.checked)} />
          <span>I have liability insurance</span>
        </label>
        <label className="choice">
          <input type="checkbox" checked={form.hasBond} onChange={(e) => set('hasBond', e.target.checked)} />
          <span>I am bonded</span>
        </label>
      </fieldset>

      <fieldset>
        <legend>Your work</legend>
        <Field label="Previous experience" error={errors.previousExperience}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={2000}
              value={form.previousExperience}
              onChange={(e) => set('previousExperience', e.target.value)}
            />
          )}
        </Field>
        <Field label="Equipment and supplies" error={errors.equipment}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={1000}
              value={form.equipment}
              onChange={(e) => set('equipment', e.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <fieldset>
        <legend>Weekly availability</legend>
        <p className="field__hint">
          Your hours become your bookable hours once approved; you can change them any time.
        </p>
        <div className="apply-week">
          {WEEKDAYS.map((day) => {
            const value = form.availability[day];
            const update = (patch: Partial<typeof value>) =>
              set('availability', { ...form.availability, [day]: { ...value, ...patch } });
            return (
              <div key={day} className="apply-week__day">
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={value.available}
                    onChange={(e) => update({ available: e.target.checked })}
                  />
                  <span>{day.charAt(0).toUpperCase() + day.slice(1)}</span>
                </label>
                <input
                  aria-label={`${day} hours`}
                  value={value.hours}
                  disabled={!value.available}
                  placeholder="9:00-17:00"
                  onChange={(e) => update({ hours: e.target.value })}
                />
              </div>
            );
          })}
        </div>
        {errors.availability ? <p className="field__error">{errors.availability}</p> : null}
      </fieldset>

      <fieldset>
        <legend>Emergency contact</legend>
        <div className="form__row">
          {(['name', 'phone', 'relationship'] as const).map((key) => (
            <Field key={key} label={key.charAt(0).toUpperCase() + key.slice(1)}>
              {(control) => (
                <input
                  {...control}
                  type={key === 'phone' ? 'tel' : 'text'}
                  value={form.emergencyContact[key]}
                  onChange={(e) => set('emergencyContact', { ...form.emergencyContact, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      {REFERENCE_SLOTS.map((slot, index) => {
        const reference = form.references[index] as ApplicationForm['references'][number];
        return (
          <fieldset key={slot}>
            <legend>Reference {index + 1}</legend>
            <div className="form__row">
              {(['name', 'phone', 'email', 'relationship'] as const).map((key) => (
                <Field
                  key={key}
                  label={key.charAt(0).toUpperCase() + key.slice(1)}
                  error={errors[`references.${index}.${key}`]}
                >
                  {(control) => (
                    <input
                      {...control}
                      type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                      value={reference[key]}
                      onChange={(e) => {
                        const references = [...form.references] as ApplicationForm['references'];
                        references[index] = { ...reference, [key]: e.target.value };
                        set('references', references);
                      }}
                    />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>
        );
      })}

      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
