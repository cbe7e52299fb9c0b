import { useEffect, useId, useRef } from 'react';
import { type ChipFilter, filterChips, withoutFilter } from '../utils/filter-chips';
import type { ListingFilters } from '../utils/listing-filters';

interface ActiveFilterChipsProps {
  filters: ListingFilters;
  /** Applies the filters without the removed one (the page writes them to the address bar). */
  onChange: (filters: ListingFilters) => void;
  /** Where focus goes once the last chip is gone. */
  onEmptied: () => void;
}

/**
 * The search filters a link brought (price, rating, cover, keyword, state), one removable chip
 * each. Removing one keeps every other filter; focus moves to the chip that takes its place, so a
 * keyboard user can remove several in a row.
 */
export function ActiveFilterChips({ filters, onChange, onEmptied }: ActiveFilterChipsProps) {
  const labelId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** The chip just removed and its position, until a render without it has focused its successor. */
  const removed = useRef<{ filter: ChipFilter; index: number } | null>(null);
  const chips = filterChips(filters);

  useEffect(() => {
    const gone = removed.current;
    if (gone === null || chips.some((chip) => chip.filter === gone.filter)) return;
    removed.current = null;
    const index = gone.index;
    const buttons = listRef.current?.querySelectorAll('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else onEmptied();
  });

  if (chips.length === 0) return null;

  const remove = (filter: ChipFilter, index: number) => {
    removed.current = { filter, index };
    onChange(withoutFilter(filters, filter));
  };

  return (
    <div className="filter-chips" data-testid="filter-chips">
      <span id={labelId} className="filter-chips__label">
        Filters:
      </span>
      <ul ref={listRef} className="filter-chips__list" aria-labelledby={labelId}>
        {chips.map((chip, index) => (
          <li key={chip.filter}>
            <button
              type="button"
              className="filter-chip"
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => remove(chip.filter, index)}
            >
              {chip.label}
              <span className="filter-chip__remove" aria-hidden="true">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
