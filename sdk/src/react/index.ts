import { createElement, type HTMLAttributes, useEffect, useRef } from 'react';
import type { MountOptions, WidgetHandle, WidgetKind } from '../widgets/index';

/**
 * `@spotless/sdk/react` (decision 050): the widgets as React components. Each renders one empty `<div>`
 * — on the server that is all there is, so server rendering shows nothing and runs nothing — and
 * mounts the widget into it after the first render in the browser (its code loaded then). Changing
 * props updates the widget; unmounting destroys it, with every listener and timer it added.
 *
 * @example
 * <SpotlessSearch publishableKey="pk_…" baseUrl="https://spotless.example" city="Austin"
 *   onEvent={{ 'booking:created': (d) => console.log(d) }} />
 */
export interface SpotlessProps extends Omit<MountOptions, 'key' | 'on'> {
  publishableKey: string;
  onEvent?: MountOptions['on'];
  className?: string;
  /** Attributes for the host `<div>` (an id, an aria-label, a data attribute). */
  hostProps?: HTMLAttributes<HTMLDivElement>;
}

function useWidget(kind: WidgetKind, props: SpotlessProps) {
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<WidgetHandle | null>(null);
  const {
    publishableKey,
    onEvent,
    className: _className,
    hostProps: _hostProps,
    kind: _kind,
    ...rest
  } = props as SpotlessProps & {
    kind?: WidgetKind;
  };
  const options: MountOptions = { ...rest, key: publishableKey, ...(onEvent ? { on: onEvent } : {}) };
  const latest = useRef(options);
  latest.current = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key, server or cleaner is a new widget; other props update it
  useEffect(() => {
    let live = true;
    void import('../widgets/index').then(({ mount }) => {
      if (live && host.current) handle.current = mount(host.current, kind, latest.current);
    });
    return () => {
      live = false;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [kind, publishableKey, props.baseUrl, props.cleanerId]);

  useEffect(() => {
    handle.current?.update(latest.current);
  });
  return host;
}

function Widget(props: SpotlessProps & { kind: WidgetKind }) {
  const host = useWidget(props.kind, props);
  return createElement('div', {
    ...props.hostProps,
    ref: host,
    className: props.className,
    'data-spotless-widget': props.kind,
  });
}

/** Cleaner search with results; `city` searches at once. */
export function SpotlessSearch(props: SpotlessProps) {
  return createElement(Widget, { ...props, kind: 'search' });
}

/** Booking with one cleaner's real free times (`cleanerId`), guest checkout and payment. */
export function SpotlessBooking(props: SpotlessProps) {
  return createElement(Widget, { ...props, kind: 'booking' });
}

/** The chat bubble. */
export function SpotlessChat(props: SpotlessProps) {
  return createElement(Widget, { ...props, kind: 'chat' });
}

export type { Appearance, MountOptions, WidgetEvent } from '../widgets/index';
