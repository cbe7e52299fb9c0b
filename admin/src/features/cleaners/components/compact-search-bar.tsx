import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../../components/icons';
import { type ListingFilters, writeFilters } from '../utils/listing-filters';
import { searchSummary } from '../utils/search-summary';
import { ActiveFilterChips } from './active-filter-chips';
import { ListingSearchBar } from './listing-search-bar';

interface CompactSearchBarProps {
  filters: ListingFilters;
  /** Shown under the header: the search card is out of view and the reader scrolls up (or it is open). */
  shown: boolean;
  onSearch: (filters: ListingFilters) => void;
  onClear: () => void;
}

/**
 * The listing's sticky search on a phone (decision 036): one line under the header saying what the
 * search is, and Edit search, which opens the whole search card below it; a search, Clear or
 * Escape folds it again. The card itself stays in the page, so the sticky part never takes more
 * than a line of the screen while the reader browses. Hidden by CSS from 768 px, where the card
 * itself is sticky and one row high.
 */
export function CompactSearchBar({ filters, shown, onSearch, onClear }: CompactSearchBarProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const summary = searchSummary(filters);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape folds the open card, whatever inside has focus
    <div
      className={`compact-search${shown || open ? ' is-shown' : ''}`}
      data-testid="compact-search"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div className="compact-search__bar">
        <SearchIcon width={18} height={18} aria-hidden="true" />
        <p className="compact-search__summary">
          <span>{summary.what}</span>
          <span className="compact-search__how">{summary.how}</span>
        </p>
        <button
          ref={toggle}
          type="button"
          className="btn btn--outline btn--sm"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Close' : 'Edit search'}
        </button>
      </div>
      <div ref={panel} id={`${id}-panel`} className="compact-search__panel" hidden={!open}>
        {open ? (
          <>
            <ListingSearchBar
              key={writeFilters(filters).toString()}
              filters={filters}
              onSearch={(next) => {
                onSearch(next);
                setOpen(false);
              }}
              onClear={() => {
                onClear();
                setOpen(false);
              }}
            />
            <ActiveFilterChips filters={filters} onChange={onSearch} onEmptied={close} />
          </>
        ) : null}
      </div>
    </div>
  );
}
