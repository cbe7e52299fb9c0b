import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { type Json, WidgetApiError, type WidgetContext } from './api';

/** What every widget is given: where the API is, and how to tell the host page what happened. */
export interface WidgetProps {
  ctx: WidgetContext;
  emit: (event: WidgetEvent, detail: Json) => void;
}

export type WidgetEvent = 'ready' | 'search' | 'booking:created' | 'payment:succeeded' | 'chat:message' | 'error';

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

/** A failure as the widget says it, with a way to the hosted site when the API cannot be reached. */
export function Failure(props: { error: unknown; ctx: WidgetContext; path?: string }) {
  const error = props.error;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const offline = error instanceof WidgetApiError && error.status === 0;
  return (
    <p class="sp-alert" role="alert" part="error">
      {message}{' '}
      {offline ? (
        <a href={new URL(props.path ?? '/cleaners', props.ctx.base).href} target="_blank" rel="noopener">
          Open Spotless
        </a>
      ) : null}
    </p>
  );
}

/** Reports a failure to the host page (the `error` event) and returns it for display. */
export function report(emit: WidgetProps['emit'], error: unknown): unknown {
  if ((error as Error)?.name === 'AbortError') return null;
  const status = error instanceof WidgetApiError ? error.status : 0;
  emit('error', { message: error instanceof Error ? error.message : String(error), status });
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
