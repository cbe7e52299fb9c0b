import { type ComponentChild, render } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useState } from 'preact/hooks';
import { BookingDialog, BookingWidget } from './booking';
import { utmOf, type WidgetContext } from './client';
import { Launcher } from './launcher';
import { SearchWidget } from './search';
import { TopLayer, type WidgetEvent, type WidgetEventDetail, type WidgetHandlers, type WidgetProps } from './shared';
import { type Appearance, applyAppearance, widgetSheet } from './styles';

/**
 * `@spotless/sdk/widgets`: the embeddable widgets (decision 050) — search, booking and the chat bubble
 * — each in its own open shadow root, in Preact. `mount()` is the one entry; the loader
 * (`embed.js`) calls it for every `data-spotless` element in the page and destroys a widget whose
 * element leaves the document.
 */

export type WidgetKind = 'search' | 'booking' | 'chat';
export type { WidgetEvent, WidgetEventDetail, WidgetHandlers } from './shared';
export type { Appearance } from './styles';

export interface MountOptions {
  /** The partner's publishable key (`pk_…`). */
  key: string;
  /** The API's origin; the loader passes its own. */
  baseUrl: string;
  /** Search: the city searched at once (a new city searches again). Chat: where "near here" looks. */
  city?: string;
  /** Search: the service type preselected. Booking: the service it opens on (`moveout`: move-out cleaning). */
  serviceType?: string;
  /** Booking: the cleaner. */
  cleanerId?: number;
  /** Booking: the address filled in at first (a property's page: its own address). */
  address?: string;
  appearance?: Appearance;
  /** Callbacks; the same events are dispatched on the element as `spotless:<event>` CustomEvents. */
  on?: WidgetHandlers;
  fetch?: typeof fetch;
}

export interface WidgetHandle {
  /** Changes options: the widget follows (a new city searches again); the same options change nothing. */
  update(next: Partial<MountOptions>): void;
  destroy(): void;
}

/** Whether two options' values are the same (an appearance by its values, as a page rebuilds it on every render). */
function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

const ChatWidget = lazy(() => import('./chat').then((m) => ({ default: m.ChatWidget })));

/** The chat's launcher: the chat's code is fetched only when the visitor first opens it. */
function ChatLauncher(props: WidgetProps & { city?: string }) {
  const [opened, setOpened] = useState(false);
  useEffect(() => props.emit('ready', { widget: 'chat' }), [props.emit]);
  if (opened) {
    return (
      <Suspense
        fallback={
          <TopLayer class="sp">
            <p class="sp-muted sp-chat-launcher" role="status">
              Loading...
            </p>
          </TopLayer>
        }
      >
        <ChatWidget {...props} openAtOnce />
      </Suspense>
    );
  }
  return <Launcher label="Open chat" onOpen={() => setOpened(true)} />;
}

/** Mounts a widget in `element`'s shadow root; several on one page keep their own state. */
export function mount(element: HTMLElement, kind: WidgetKind, options: MountOptions): WidgetHandle {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = [widgetSheet()];
  const container = document.createElement('div');
  container.setAttribute('part', 'container');
  shadow.replaceChildren(container);
  let current = options;
  let destroyed = false;
  // One context while the key, the server and the fetch stay: a widget's requests follow it, so a
  // redraw with the same ones asks nothing again.
  let ctx: WidgetContext | null = null;
  const contextOf = (o: MountOptions): WidgetContext => {
    if (ctx && ctx.base === o.baseUrl && ctx.key === o.key && ctx.fetch === o.fetch) return ctx;
    const utm = utmOf(location.search);
    ctx = { base: o.baseUrl, key: o.key, ...(utm ? { utm } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) };
    return ctx;
  };

  const emit = <E extends WidgetEvent>(event: E, detail: WidgetEventDetail[E]) => {
    if (destroyed) return;
    current.on?.[event]?.(detail);
    element.dispatchEvent(new CustomEvent(`spotless:${event}`, { detail, bubbles: true, composed: true }));
  };

  const draw = () => {
    applyAppearance(container, current.appearance);
    const common = { ctx: contextOf(current), emit };
    let view: ComponentChild;
    if (kind === 'search') {
      view = (
        <SearchWidget
          {...common}
          {...(current.city ? { city: current.city } : {})}
          {...(current.serviceType ? { serviceType: current.serviceType } : {})}
        />
      );
    } else if (kind === 'booking') {
      view = current.cleanerId ? (
        <BookingWidget
          key={current.cleanerId}
          {...common}
          cleanerId={current.cleanerId}
          {...(current.serviceType ? { serviceType: current.serviceType } : {})}
          {...(current.address ? { address: current.address } : {})}
        />
      ) : (
        <p class="sp sp-alert">This booking widget needs a cleaner (data-cleaner-id).</p>
      );
    } else {
      view = <ChatLauncher {...common} {...(current.city ? { city: current.city } : {})} />;
    }
    render(view, container);
  };
  draw();

  return {
    update(next) {
      if (destroyed) return;
      const changed = (Object.keys(next) as Array<keyof MountOptions>).filter(
        (name) => !same(current[name], next[name]),
      );
      current = { ...current, ...next };
      // The callbacks are read when an event fires: a new `on` alone needs no redraw.
      if (changed.some((name) => name !== 'on')) draw();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      // Unmounting runs every effect's cleanup: requests aborted, subscriptions and timers gone.
      render(null, container);
      container.remove();
      shadow.adoptedStyleSheets = [];
    },
  };
}

/** A booking opened by `Spotless('open', 'booking', { cleanerId, address })`: a modal dialog, removed when closed. */
export function openBooking(options: MountOptions & { cleanerId: number }): WidgetHandle {
  const host = document.createElement('div');
  host.setAttribute('data-spotless-dialog', '');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = [widgetSheet()];
  const container = document.createElement('div');
  shadow.append(container);
  const handle = {
    update() {},
    destroy() {
      render(null, container);
      host.remove();
    },
  };
  const emit = <E extends WidgetEvent>(event: E, detail: WidgetEventDetail[E]) => {
    options.on?.[event]?.(detail);
    host.dispatchEvent(new CustomEvent(`spotless:${event}`, { detail, bubbles: true, composed: true }));
  };
  const ctx: WidgetContext = {
    base: options.baseUrl,
    key: options.key,
    ...(utmOf(location.search) ? { utm: utmOf(location.search) } : {}),
  };
  render(
    <BookingDialog
      ctx={ctx}
      emit={emit}
      cleanerId={options.cleanerId}
      {...(options.address ? { address: options.address } : {})}
      onClose={() => handle.destroy()}
    />,
    container,
  );
  return handle;
}

/** The options an element's `data-*` attributes give (`data-appearance` is the appearance as JSON). */
function optionsOf(element: HTMLElement, base: { key: string; baseUrl: string }): MountOptions {
  const data = element.dataset;
  const cleanerId = Number(data.cleanerId);
  let appearance: Appearance | undefined;
  try {
    appearance = data.appearance ? (JSON.parse(data.appearance) as Appearance) : undefined;
  } catch {
    appearance = undefined;
  }
  return {
    ...base,
    ...(appearance ? { appearance } : {}),
    ...(data.city ? { city: data.city } : {}),
    ...(data.serviceType ? { serviceType: data.serviceType } : {}),
    ...(data.address ? { address: data.address } : {}),
    ...(Number.isInteger(cleanerId) && cleanerId > 0 ? { cleanerId } : {}),
  };
}

const KINDS: ReadonlySet<string> = new Set(['search', 'booking', 'chat']);

/**
 * What the loader starts: mounts every `[data-spotless]` element now and as it is added, destroys
 * each widget whose element leaves the document (a single-page app's route change), and runs the
 * calls queued by the stub (`Spotless('open', 'booking', { cleanerId })`). Calling it again on the
 * same page (a second loader tag) changes nothing.
 */
export function start(config: { key: string; baseUrl: string; queue: unknown[][] }): { stop(): void; flush(): void } {
  const mounted = new Map<HTMLElement, WidgetHandle>();
  const scan = () => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-spotless]')) {
      const kind = element.dataset.spotless ?? '';
      if (mounted.has(element) || !KINDS.has(kind)) continue;
      mounted.set(element, mount(element, kind as WidgetKind, optionsOf(element, config)));
    }
    for (const [element, handle] of mounted) {
      if (!element.isConnected) {
        handle.destroy();
        mounted.delete(element);
      }
    }
  };
  const observer = new MutationObserver(scan);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  scan();
  const flush = () => {
    for (const args of config.queue.splice(0)) {
      const [command, what, given] = args as [string, string, Record<string, unknown> | undefined];
      if (command === 'open' && what === 'booking' && Number(given?.cleanerId) > 0) {
        const address = typeof given?.address === 'string' && given.address.trim() ? given.address.trim() : undefined;
        openBooking({ ...config, cleanerId: Number(given?.cleanerId), ...(address ? { address } : {}) });
      }
    }
  };
  flush();
  return {
    stop() {
      observer.disconnect();
      for (const handle of mounted.values()) handle.destroy();
      mounted.clear();
    },
    flush,
  };
}
