import '../series.css';
import { Field } from '../../../components/field';
import { FREQUENCY_CHOICES, type FrequencyChoice } from '../utils/series';

/** What a regular cleaning means for money and changes, said before the person confirms one. */
export function SeriesTerms() {
  return (
    <ul className="series-terms" data-testid="series-terms">
      <li>Each visit is priced like this one and paid on its own.</li>
      <li>The card you use at checkout is saved and charged 3 days before each later visit.</li>
      <li>Skip, pause or end any time — free up to 24 hours before a visit.</li>
    </ul>
  );
}

/** “How often?”: one-time or a regular cleaning, with the terms once a frequency is chosen. */
export function FrequencyChoiceField({
  value,
  onChange,
  label = 'How often?',
  fromOnboarding = false,
}: {
  value: FrequencyChoice;
  onChange: (value: FrequencyChoice) => void;
  label?: string;
  /** Whether the choice shown is the person's own answer at sign-up, not one they made here. */
  fromOnboarding?: boolean;
}) {
  return (
    <>
      <Field label={label}>
        {(control) => (
          <select
            {...control}
            name="frequency"
            value={value}
            onChange={(e) => onChange(e.target.value as FrequencyChoice)}
          >
            {FREQUENCY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {fromOnboarding && value !== 'onetime' ? (
        <p className="field__hint" data-testid="frequency-from-onboarding">
          Chosen from your answer when you signed up. For a single cleaning, choose One-time.
        </p>
      ) : null}
      {value === 'onetime' ? null : <SeriesTerms />}
    </>
  );
}
