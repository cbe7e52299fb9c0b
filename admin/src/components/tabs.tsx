import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
}

/**
 * Scrolls a tab strip sideways so `tab` is wholly in view (on a phone the strip is one scrolling
 * line): never the page, only the strip, and not at all when the tab is already visible. The strip's
 * right edge fades over its end padding, so the tab must clear that too.
 */
export function revealTab(list: HTMLElement, tab: HTMLElement): void {
  if (list.scrollWidth <= list.clientWidth) return;
  const fade = Number.parseFloat(getComputedStyle(list).paddingRight) || 0;
  const left = list.scrollLeft;
  const start = tab.getBoundingClientRect().left - list.getBoundingClientRect().left + left;
  const end = start + tab.getBoundingClientRect().width;
  if (start < left) list.scrollLeft = Math.max(0, start - 8);
  else if (end > left + list.clientWidth - fade) list.scrollLeft = end - list.clientWidth + fade;
}

/**
 * WAI-ARIA tabs: a tablist whose arrow keys move between tabs, and one panel for the selected tab.
 * The caller keeps the selected id (so a tab can be chosen from elsewhere, e.g. a URL); the selected
 * tab is scrolled into the strip's view whenever it changes, the first time included.
 */
export function Tabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: readonly TabDef<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  const index = tabs.findIndex((t) => t.id === selected);
  useEffect(() => {
    const tab = refs.current[index];
    if (list.current && tab) revealTab(list.current, tab);
  }, [index]);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div ref={list} className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((t, index) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-controls={`${id}-panel-${t.id}`}
            aria-selected={selected === t.id}
            tabIndex={selected === t.id ? 0 : -1}
            className={selected === t.id ? 'tabs__tab is-active' : 'tabs__tab'}
            onClick={() => onSelect(t.id)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${selected}`}
        aria-labelledby={`${id}-tab-${selected}`}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
