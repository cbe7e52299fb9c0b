import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { MESSAGES } from '../rules/messages';
import { isAbort, isKeyRefusal, type WidgetContext, WidgetError, widgetError } from './client';

export type WidgetEvent = 'ready' | 'search' | 'booking:created' | 'payment:succeeded' | 'chat:message' | 'error';

/** What each event tells the host page (the `on` callbacks' argument, the DOM event's `detail`). */
export type WidgetEventDetail = {
  ready: { widget: 'search' | 'booking' | 'chat'; cleanerId?: number };
  /** The search's parameters as sent (`pageSize`, `location`, `serviceType`, `maxPrice`) and how many cleaners match. */
  search: { filters: Record<string, string>; total: number };
  'booking:created': { bookingId: number; totalPrice: string };
  'payment:succeeded': { bookingId: number; amount: string };
  'chat:message': { role: 'assistant'; content: string };
  /**
   * `status` 0: the API could not be reached. `code` is the server's machine code when it sent one
   * (`unknown_key`, `inactive_key`, `origin_not_allowed` for the key's own refusals).
   */
  error: { message: string; status: number; code?: string; title?: string };
};

/** The host page's callbacks, one per event. */
export type WidgetHandlers = { [E in WidgetEvent]?: (detail: WidgetEventDetail[E]) => void };

/** What every widget is given: where the API is, and how to tell the host page what happened. */
export interface WidgetProps {
  ctx: WidgetContext;
  emit: <E extends WidgetEvent>(event: E, detail: WidgetEventDetail[E]) => void;
}

/** A labelled control with its error, tied together for screen readers. */
export function Field(props: {
  label: string;
  error?: string | undefined;
  children: (control: { id: string; 'aria-invalid'?: 'true'; 'aria-describedby'?: string }) => ComponentChildren;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div class="sp-field">
      <label class="sp-label" for={id}>
        {props.label}
      </label>
      {props.children({
        id,
        ...(props.error ? { 'aria-invalid': 'true' as const, 'aria-describedby': errorId } : {}),
      })}
      {props.error ? (
        <p class="sp-error" id={errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A refusal of the partner's key, as the page's visitors see it: a plain sentence (`visitor`), and
 * the server's reason — for the page's developer, who also finds it in the console — in a collapsed
 * element under it.
 */
export function KeyRefused(props: { visitor: string; message: string; code: string }) {
  return (
    <div class="sp-alert sp-stack" role="alert" part="error">
      <p>{props.visitor}</p>
      <details class="sp-details" part="error-details">
        <summary>{MESSAGES.partner.developerDetails}</summary>
        <p>
          {props.message} <code>({props.code})</code>
        </p>
      </details>
    </div>
  );
}

/** A failure as the widget says it, with a way to the hosted site when the API cannot be reached. */
export function Failure(props: { error: unknown; ctx: WidgetContext; path?: string; unavailable?: string }) {
  const error = props.error;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  if (error instanceof WidgetError && error.code && isKeyRefusal(error.code)) {
    // The visitor is told what is unavailable here: the search, or booking.
    const visitor = props.unavailable ?? MESSAGES.partner.bookingUnavailable;
    return <KeyRefused visitor={visitor} message={message} code={error.code} />;
  }
  const offline = error instanceof WidgetError && error.status === 0;
  return (
    <p class="sp-alert" role="alert" part="error">
      {message}
      {offline ? (
        <>
          {' '}
          <a href={new URL(props.path ?? '/cleaners', props.ctx.base).href} target="_blank" rel="noopener">
            Open Spotless
          </a>
        </>
      ) : null}
    </p>
  );
}

/**
 * Reports a failure to the host page (the `error` event, with the server's code) and returns it
 * for display, in the widget's terms (`WidgetError`: the server's message, fields and code); null
 * for an aborted request. A refusal of the key is the page's developer's to fix: it goes to the
 * browser's console as well.
 */
export function report(emit: WidgetProps['emit'], caught: unknown): unknown {
  if (isAbort(caught)) return null;
  const error = widgetError(caught);
  const status = error instanceof WidgetError ? error.status : 0;
  const code = error instanceof WidgetError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  emit('error', { message, status, ...(code ? { code } : {}) });
  if (isKeyRefusal(code)) console.error(`Spotless: ${message} (${code})`);
  return error;
}

export const money = (amount: string | number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

/** Today's date on the visitor's own calendar, `YYYY-MM-DD`, plus `days`. */
export function localDate(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * A fixed overlay (the chat's launcher and panel) in the top layer: a manual popover, shown as soon
 * as it mounts, so it sits above any overlay of the host page without a z-index.
 */
export function TopLayer(props: { class?: string; children: ComponentChildren }) {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = layer.current as (HTMLDivElement & { showPopover?: () => void; hidePopover?: () => void }) | null;
    try {
      element?.showPopover?.();
    } catch {
      // Already shown, or detached before the effect ran.
    }
    return () => {
      try {
        element?.hidePopover?.();
      } catch {
        // Already hidden.
      }
    };
  }, []);
  return (
    <div ref={layer} class={`sp-layer ${props.class ?? ''}`} {...{ popover: 'manual' }}>
      {props.children}
    </div>
  );
}

/** The calendar day after an ISO date. */
export function dayAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}
