import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { coversControl, LAUNCHER, type LauncherPlace, launcherPlace } from './launcher-place';
import { TopLayer } from './shared';

/**
 * Keeps the launcher off what the visitor can act on (launcher-place.ts): its place is decided
 * again, once a frame at most, whenever the page scrolls (any scroller), the viewport is resized or
 * the page's content changes size (results arriving in a search widget, say).
 */
function useLauncherPlace(button: { current: HTMLElement | null }): LauncherPlace {
  const [place, setPlace] = useState<LauncherPlace>('round');
  // Before the first paint, so a launcher that opens over a control (the chat minimized) never shows there.
  useLayoutEffect(() => {
    const element = button.current;
    if (!element) return;
    const root = element.getRootNode();
    const own = root instanceof ShadowRoot ? root.host : element;
    const narrow = matchMedia(LAUNCHER.narrowQuery);
    let frame = 0;
    const decide = () => {
      frame = 0;
      // The box a fixed element is placed in: the viewport without its scroll bars (a page in
      // quirks mode measures its document there, so the window's size instead).
      const view = document.compatMode === 'CSS1Compat' ? document.documentElement : null;
      const viewport = {
        width: view?.clientWidth ?? innerWidth,
        height: view?.clientHeight ?? innerHeight,
        narrow: narrow.matches,
      };
      setPlace(launcherPlace(viewport, (box) => coversControl(box, own)));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(decide);
    };
    const scroll = { capture: true, passive: true } as const;
    addEventListener('scroll', soon, scroll);
    addEventListener('resize', soon);
    const resized = new ResizeObserver(soon);
    resized.observe(document.documentElement);
    if (document.body) resized.observe(document.body);
    decide();
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', soon, scroll);
      removeEventListener('resize', soon);
      resized.disconnect();
    };
  }, [button]);
  return place;
}

/** A speech bubble, drawn (no image to fetch, nothing a CSP must allow). */
function ChatIcon() {
  return (
    <svg class="sp-chat-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        fill-rule="evenodd"
        d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-4.2 3.4A.5.5 0 0 1 4 21v-3a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0-.01Zm5 0a1.5 1.5 0 1 0 0-.01Zm5 0a1.5 1.5 0 1 0 0-.01Z"
      />
    </svg>
  );
}

/**
 * The chat's launcher: a round button at the corner, compact on a phone, that steps aside — to a
 * slim tab at the edge, or out of sight — while a control of the page lies beneath it.
 */
export function Launcher(props: { label: string; onOpen: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const place = useLauncherPlace(button);
  return (
    <TopLayer class={`sp sp-launcher sp-launcher--${place}`}>
      <button
        ref={button}
        type="button"
        class="sp-button sp-chat-launcher"
        part="chat-launcher"
        aria-label={props.label}
        onClick={props.onOpen}
      >
        <ChatIcon />
      </button>
    </TopLayer>
  );
}
