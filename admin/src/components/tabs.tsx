import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
}

/**
 * WAI-ARIA tabs: a tablist whose arrow keys move between tabs, and one panel for the selected tab.
 * The caller keeps the selected id (so a tab can be chosen from elsewhere, e.g. a URL).
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
      <div className="tabs__list" role="tablist" aria-label={label}>
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
