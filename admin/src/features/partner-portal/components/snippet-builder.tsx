import type { PartnerPortal } from '@spotless/sdk';
import { useMemo, useState } from 'react';
import { Field } from '../../../components/field';
import { toast } from '../../../lib/toast';
import { embedSnippet, type SnippetOptions, THEME_FIELDS, type ThemeName, type WidgetKind } from '../utils/snippet';

const WIDGETS: Array<{ value: WidgetKind; label: string }> = [
  { value: 'search', label: 'Cleaner search' },
  { value: 'booking', label: 'Booking (one cleaner)' },
  { value: 'chat', label: 'Chat assistant' },
];

/**
 * The snippet builder (decision 081): the one tag for the chosen widget and options, with the
 * widget running live beside it. The preview runs on this site with the portal's preview key,
 * which works here alone; the code to copy carries the partner's own key.
 */
export function SnippetBuilder({ portal }: { portal: PartnerPortal }) {
  const [options, setOptions] = useState<Omit<SnippetOptions, 'host' | 'publishableKey'>>({
    widget: 'search',
    city: 'Austin',
    serviceType: '',
    cleanerId: '',
    appearance: {},
  });
  const host = window.location.origin;
  const code = embedSnippet({ ...options, host, publishableKey: portal.publishableKey });
  // The preview's own document: the same tags with the preview key, on this site's origin.
  const preview = useMemo(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;margin:12px}</style></head><body>${embedSnippet(
        { ...options, host, publishableKey: portal.previewKey },
      )}</body></html>`,
    [options, host, portal.previewKey],
  );
  const set = <K extends keyof typeof options>(name: K, value: (typeof options)[K]) =>
    setOptions((current) => ({ ...current, [name]: value }));
  const setTheme = (name: ThemeName, value: string) =>
    setOptions((current) => ({ ...current, appearance: { ...current.appearance, [name]: value } }));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Snippet copied', description: 'Paste it where the widget should appear.' });
    } catch {
      toast({ title: 'Select the code and copy it', variant: 'destructive' });
    }
  };
  return (
    <section
      className="card portal-section snippet-builder"
      aria-labelledby="snippet-title"
      data-testid="snippet-builder"
    >
      <h2 id="snippet-title">Add a widget to your site</h2>
      <div className="snippet-builder__grid">
        <div className="form">
          <Field label="Widget">
            {(control) => (
              <select {...control} value={options.widget} onChange={(e) => set('widget', e.target.value as WidgetKind)}>
                {WIDGETS.map((w) => (
                  <option key={w.value} value={w.value}>
                    {w.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {options.widget === 'booking' ? (
            <Field label="Cleaner id">
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  value={options.cleanerId}
                  onChange={(e) => set('cleanerId', e.target.value)}
                />
              )}
            </Field>
          ) : (
            <Field label="City">
              {(control) => <input {...control} value={options.city} onChange={(e) => set('city', e.target.value)} />}
            </Field>
          )}
          {THEME_FIELDS.map((field) => (
            <Field key={field.name} label={field.label}>
              {(control) => (
                <input
                  {...control}
                  placeholder={field.name === 'radius' ? '6px' : '#0f766e'}
                  value={options.appearance[field.name] ?? ''}
                  onChange={(e) => setTheme(field.name, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
        <div>
          <label className="field__label" htmlFor="snippet-code">
            Your snippet
          </label>
          <textarea
            id="snippet-code"
            className="snippet-builder__code"
            readOnly
            rows={5}
            value={code}
            data-testid="snippet-code"
          />
          <button type="button" className="btn btn--primary btn--sm" onClick={copy}>
            Copy snippet
          </button>
          <p className="muted">Live preview (your allowed origins are not needed here):</p>
          <iframe
            title="Widget preview"
            className="snippet-builder__preview"
            srcDoc={preview}
            data-testid="snippet-preview"
          />
        </div>
      </div>
    </section>
  );
}
