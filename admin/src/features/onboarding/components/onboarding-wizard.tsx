import type { AuthUser, OnboardingPreferences } from '@spotless/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { CloseIcon } from '../../../components/icons';
import { enterModalLayer } from '../../../lib/modal-layer';
import { toast } from '../../../lib/toast';
import { useSaveOnboarding } from '../api/onboarding.mutations';
import {
  COMPLETED_STEP,
  initialPreferences,
  openingStep,
  parseBudget,
  progressPercent,
  splitSpecialRequests,
  toggle,
  WIZARD_STEPS,
} from '../utils/wizard';

type UserType = NonNullable<OnboardingPreferences['userType']>;
type ServiceType = OnboardingPreferences['serviceTypes'][number];
type Frequency = NonNullable<OnboardingPreferences['frequency']>;

const USER_TYPES: { value: UserType; label: string; hint: string }[] = [
  { value: 'customer', label: 'Customer', hint: 'I want to book cleaning services' },
  { value: 'cleaner', label: 'Cleaner', hint: 'I want to offer cleaning services' },
  { value: 'both', label: 'Both', hint: 'I want to book and offer services' },
];
const SERVICE_TYPES: { value: ServiceType; label: string }[] = [
  { value: 'residential', label: 'Residential Cleaning' },
  { value: 'deep', label: 'Deep Cleaning' },
  { value: 'commercial', label: 'Commercial Cleaning' },
  { value: 'moveout', label: 'Move-in/Move-out' },
];
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'onetime', label: 'One time' },
];
const BUDGET_LABELS = { min: 'Minimum budget ($)', max: 'Maximum budget ($)' } as const;
const STEP_TITLES = [
  'How will you use Spotless?',
  'Which services interest you?',
  'Where and how often?',
  'Budget and special requests',
  'Notifications',
];

const SAVE_FAILED = {
  title: 'Update Failed',
  description: 'Failed to save progress. Please try again.',
  variant: 'destructive',
} as const;

/**
 * The onboarding wizard: a modal dialog over the page, saving each step as the user moves on.
 * Close (its button or Escape) saves where the user is as completed, as Complete Setup does, so the
 * tour does not open by itself again; the profile can show it again.
 */
export function OnboardingWizard({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState(() => openingStep(user));
  // Shown again after it was finished or closed: moving through it keeps it so.
  const [revisit] = useState(user.onboardingCompleted);
  const [preferences, setPreferences] = useState<OnboardingPreferences>(() => initialPreferences(user));
  const [budgetText, setBudgetText] = useState(() => ({
    min: String(initialPreferences(user).budget.min),
    max: String(initialPreferences(user).budget.max),
  }));
  const [requestsText, setRequestsText] = useState(() => initialPreferences(user).specialRequests.join(', '));
  const save = useSaveOnboarding();
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      dialog.showModal();
      // The step's first control, not the Close button before it.
      dialog.querySelector<HTMLElement>('.wizard__body :is(input, select, textarea)')?.focus();
    }
    // While open, toasts (a failed save) are shown inside it, above it (lib/modal-layer.ts).
    return enterModalLayer(dialog);
  }, []);

  const current = (): OnboardingPreferences => ({
    ...preferences,
    budget: { min: parseBudget(budgetText.min), max: parseBudget(budgetText.max) },
    specialRequests: splitSpecialRequests(requestsText),
  });

  /** Saves, then moves — locally too when the save fails (docs/product/accounts.md). */
  const go = (nextStep: number, completed: boolean) => {
    if (save.isPending) return;
    const move = () => {
      if (completed) onDone();
      else setStep(nextStep);
    };
    save.mutate(
      { step: nextStep, completed: completed || revisit, preferences: current() },
      {
        onSuccess: move,
        onError: () => {
          toast(SAVE_FAILED);
          move();
        },
      },
    );
  };

  /** Closes at once, saving the step and preferences as completed; a failed save is told after. */
  const close = () => {
    save.mutateAsync({ step, completed: true, preferences: current() }).catch(() => toast(SAVE_FAILED));
    onDone();
  };

  const isLast = step === WIZARD_STEPS - 1;
  const percent = progressPercent(step);
  const update = (changes: Partial<OnboardingPreferences>) => setPreferences((p) => ({ ...p, ...changes }));

  return (
    <dialog
      ref={dialogRef}
      className="wizard"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-step`}
      data-testid="onboarding-wizard"
      onCancel={(event) => {
        // Escape: closed by us (saved), not only by the browser.
        event.preventDefault();
        close();
      }}
    >
      <div className="wizard__panel">
        <div className="wizard__header">
          <h2 id={`${id}-title`} className="wizard__title">
            Welcome to Spotless{user.firstName ? `, ${user.firstName}` : ''}!
          </h2>
          <span className="wizard__badge" data-testid="onboarding-progress">
            {percent}%
          </span>
          <button type="button" className="icon-button wizard__close" aria-label="Close" title="Close" onClick={close}>
            <CloseIcon width={22} height={22} />
          </button>
        </div>
        <div
          className="wizard__progress"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="wizard__progress-bar" style={{ width: `${percent}%` }} />
        </div>
        <p id={`${id}-step`} className="wizard__step">
          Step {step + 1} of {WIZARD_STEPS}: {STEP_TITLES[step]}
        </p>

        <div className="wizard__body">
          {step === 0 ? (
            <fieldset className="choice-group">
              <legend>I am a…</legend>
              {USER_TYPES.map((option) => (
                <label key={option.value} className="choice">
                  <input
                    type="radio"
                    name="userType"
                    value={option.value}
                    checked={preferences.userType === option.value}
                    onChange={() => update({ userType: option.value })}
                  />
                  <span>
                    <strong>{option.label}</strong> — {option.hint}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}

          {step === 1 ? (
            <fieldset className="choice-group">
              <legend>Services you are interested in</legend>
              {SERVICE_TYPES.map((option) => (
                <label key={option.value} className="choice">
                  <input
                    type="checkbox"
                    name="serviceTypes"
                    value={option.value}
                    checked={preferences.serviceTypes.includes(option.value)}
                    onChange={() => update({ serviceTypes: toggle(preferences.serviceTypes, option.value) })}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
          ) : null}

          {step === 2 ? (
            <div className="form">
              <Field label="Address">
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="street-address"
                    placeholder="Street, city, state or ZIP"
                    value={preferences.location.address}
                    onChange={(event) => update({ location: { address: event.target.value } })}
                  />
                )}
              </Field>
              <Field label="How often do you need cleaning?">
                {(control) => (
                  <select
                    {...control}
                    value={preferences.frequency ?? ''}
                    onChange={(event) =>
                      update({ frequency: (event.target.value || undefined) as Frequency | undefined })
                    }
                  >
                    <option value="">Choose a frequency</option>
                    {FREQUENCIES.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          ) : null}

          {step === 3 ? (
            <div className="form">
              <div className="form__row">
                {(['min', 'max'] as const).map((bound) => (
                  <Field key={bound} label={BUDGET_LABELS[bound]}>
                    {(control) => (
                      <input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        value={budgetText[bound]}
                        onChange={(event) => setBudgetText((b) => ({ ...b, [bound]: event.target.value }))}
                      />
                    )}
                  </Field>
                ))}
              </div>
              <p className="wizard__hint">Average sessions range $80-$150</p>
              <Field label="Special requests (separate with a comma)">
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    placeholder="Pet-friendly products, Eco-friendly supplies"
                    value={requestsText}
                    onChange={(event) => setRequestsText(event.target.value)}
                  />
                )}
              </Field>
            </div>
          ) : null}

          {step === 4 ? (
            <fieldset className="choice-group">
              <legend>How should we keep you updated?</legend>
              {(
                [
                  ['email', 'Email notifications'],
                  ['sms', 'SMS notifications'],
                  ['push', 'Push notifications'],
                ] as const
              ).map(([key, label]) => (
                <label key={key} className="choice">
                  <input
                    type="checkbox"
                    name={`notifications-${key}`}
                    checked={preferences.notifications[key]}
                    onChange={(event) =>
                      update({ notifications: { ...preferences.notifications, [key]: event.target.checked } })
                    }
                  />
                  <span>{label}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>

        <div className="wizard__actions">
          <button
            type="button"
            className="btn btn--outline"
            disabled={step === 0 || save.isPending}
            onClick={() => go(step - 1, false)}
          >
            Previous
          </button>
          {isLast ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={save.isPending}
              onClick={() => go(COMPLETED_STEP, true)}
            >
              Complete Setup
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary"
              disabled={save.isPending}
              onClick={() => go(step + 1, false)}
            >
              Next
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
