import { Field } from './shared';

/**
 * “How often?” in the booking widget (decision 088). A guest books only the first visit: a regular
 * cleaning is made from the hosted app, once the booking has joined an account through the e-mailed
 * link. Plain text and a `<select>`, to keep the widget small.
 */
const CHOICES: readonly [string, string][] = [
  ['onetime', 'One-time'],
  ['weekly', 'Weekly'],
  ['biweekly', 'Every 2 weeks'],
  ['every_4_weeks', 'Every 4 weeks'],
  ['monthly', 'Monthly'],
  ['quarterly', 'Every 3 months'],
];

export function FrequencyField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label="How often?">
      {(control) => (
        <select {...control} class="sp-input" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {CHOICES.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** What a guest who chose a frequency does next, said with the confirmation; null for one-time. */
export function regularNote(value: string): string | null {
  const label = CHOICES.find(([id]) => id === value)?.[1];
  if (!label || value === 'onetime') return null;
  return `To make it ${label.toLowerCase()}, open the link we e-mailed you — your booking joins your account — and choose Make this regular.`;
}
