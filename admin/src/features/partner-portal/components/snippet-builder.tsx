import type { PartnerPortal } from '@spotless/sdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { toast } from '../../../lib/toast';
import {
  copyBlockedReason,
  embedSnippet,
  PREVIEW_MIN_HEIGHT,
  SERVICE_TYPE_CHOICES,
  type SnippetOptions,
  snippetProblems,
  THEME_FIELDS,
  type ThemeName,
  WIDGET_OPTIONS,
  type WidgetKind,
} from '../utils/snippet';

const WIDGETS: Array<{ value: WidgetKind; label: string }> = [
  { value: 'search', label: 'Cleaner search' },
  { value: 'booking', label: 'Booking (one cleaner)' },
  { value: 'chat', label: 'Chat assistant' },
];

type Options = Omit<SnippetOptions, 'host' | 'publishableKey'>;

/**
 * The snippet builder (decision 081): the one tag for the chosen widget and the options it takes,
 * with the widget running live beside it. The preview runs on this site with the portal's preview
 * key, which works here alone; the code to copy carries the partner's own key. A value the widget
 * would not read (a colour that is not one, a cleaner that is not a number) is named under its field
 * and left out of the code.
 */
export function SnippetBuilder({ portal }: { portal: PartnerPortal }) {
  const [options, setOptions] = useState<Options>({
    widget: 'search',
    city: 'Austin',
    serviceType: '',
    cleanerId: '',
    appearance: {},
  });
  const host = window.location.origin;
  const takes = WIDGET_OPTIONS[options.widget];
  const problems = snippetProblems({ ...options, host, publishableKey: portal.publishableKey });
  // A field shows its problem once the person has typed in it or left it, never before.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (name: string) => setTouched((now) => (now.has(name) ? now : new Set(now).add(name)));
  const shown = (name: keyof typeof problems) => (touched.has(name) ? problems[name] : undefined);
  const blocked = copyBlockedReason(problems);
  const code = embedSnippet({ ...options, host, publishableKey: portal.publishableKey });
  // The preview's own document: the same tags with the preview key, on this site's origin.
  const preview = useMemo(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;margin:12px}</style></head><body>${embedSnippet(
        { ...options, host, publishableKey: portal.previewKey },
      )}</body></html>`,
    [options, host, portal.previewKey],
  );
  const set = <K extends keyof Options>(name: K, value: Options[K]) =>
    setOptions((current) => ({ ...current, [name]: value }));
  const setTheme = (name: ThemeName, value: string) => {
    touch(name);
    setOptions((current) => ({ ...current, appearance: { ...current.appearance, [name]: value } }));
  };
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
          {takes.includes('cleanerId') ? (
            <Field
              label="Cleaner number"
              hint="The number in the cleaner’s page address: 12 for /cleaner/12."
              error={shown('cleanerId')}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={options.cleanerId}
                  onChange={(e) => {
                    touch('cleanerId');
                    set('cleanerId', e.target.value);
                  }}
                  onBlur={() => touch('cleanerId')}
                />
              )}
            </Field>
          ) : null}
          {takes.includes('city') ? (
            <Field
              label="City"
              hint={
                options.widget === 'chat'
                  ? 'Where “near here” looks when a visitor asks the assistant.'
                  : 'Searched at once when the widget opens; leave empty to let the visitor choose.'
              }
            >
              {(control) => <input {...control} value={options.city} onChange={(e) => set('city', e.target.value)} />}
            </Field>
          ) : null}
          {takes.includes('serviceType') ? (
            <Field label="Service">
              {(control) => (
                <select
                  {...control}
                  value={options.serviceType}
                  onChange={(e) => set('serviceType', e.target.value as Options['serviceType'])}
                >
                  <option value="">
                    {options.widget === 'booking' ? 'The cleaner’s first service' : 'Any service'}
                  </option>
                  {SERVICE_TYPE_CHOICES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {THEME_FIELDS.map((field) => (
            <Field key={field.name} label={field.label} error={shown(field.name)}>
              {(control) =>
                field.kind === 'colour' ? (
                  <span className="snippet-builder__colour">
                    <input
                      type="color"
                      aria-label={`${field.label}: pick`}
                      value={
                        /^#[0-9a-f]{6}$/i.test(options.appearance[field.name] ?? '')
                          ? options.appearance[field.name]
                          : field.standard
                      }
                      onChange={(e) => setTheme(field.name, e.target.value)}
                    />
                    <input
                      {...control}
                      placeholder={field.standard}
                      spellCheck={false}
                      value={options.appearance[field.name] ?? ''}
                      onChange={(e) => setTheme(field.name, e.target.value)}
                      onBlur={() => touch(field.name)}
                    />
                  </span>
                ) : (
                  <input
                    {...control}
                    placeholder={field.standard}
                    value={options.appearance[field.name] ?? ''}
                    onChange={(e) => setTheme(field.name, e.target.value)}
                    onBlur={() => touch(field.name)}
                  />
                )
              }
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
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={copy}
            disabled={blocked !== null}
            aria-describedby={blocked ? 'snippet-copy-blocked' : undefined}
          >
            Copy snippet
          </button>
          {blocked ? (
            <p id="snippet-copy-blocked" className="field__hint" data-testid="snippet-copy-blocked">
              {blocked}
            </p>
          ) : null}
          <p className="muted">Live preview (your allowed origins are not needed here):</p>
          <PreviewFrame widget={options.widget} html={preview} />
        </div>
      </div>
    </section>
  );
}

/**
 * The widget live, in a frame as tall as what it shows (at least room for its dialog or panel): the
 * frame's document is this site's own (`srcdoc`), so its height is read as it changes.
 */
function PreviewFrame({ widget, html }: { widget: WidgetKind; html: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const least = PREVIEW_MIN_HEIGHT[widget];
  const [height, setHeight] = useState(least);
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let observer: ResizeObserver | undefined;
    const attach = () => {
      observer?.disconnect();
      const doc = iframe.contentDocument;
      const view = iframe.contentWindow as (Window & typeof globalThis) | null;
      if (!doc?.body || !view?.ResizeObserver) return;
      // The body's height, its 12 px margins and a few pixels for rounding: never a scroll bar inside.
      const measure = () => setHeight(Math.max(least, Math.ceil(doc.body.getBoundingClientRect().height) + 28));
      observer = new view.ResizeObserver(measure);
      observer.observe(doc.body);
      measure();
    };
    iframe.addEventListener('load', attach);
    attach();
    return () => {
      iframe.removeEventListener('load', attach);
      observer?.disconnect();
    };
  }, [least]);
  return (
    <iframe
      ref={frame}
      title="Widget preview"
      className="snippet-builder__preview"
      style={{ height }}
      srcDoc={html}
      data-testid="snippet-preview"
    />
  );
}
