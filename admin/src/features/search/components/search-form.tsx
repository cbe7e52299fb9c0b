import type { ServiceType } from '@spotless/sdk';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { ChevronIcon, MapPinIcon, SearchIcon } from '../../../components/icons';
import {
  activeFilterChips,
  CURRENT_LOCATION,
  DEFAULT_SEARCH_FILTERS,
  hasAdvancedFilters,
  MAX_PRICE,
  MIN_RATING,
  RADIUS,
  type SearchChipFilter,
  type SearchFilters,
  type SearchOrder,
  type SearchSort,
  SORT_LABELS,
  withoutSearchFilter,
  writeSearchParams,
} from '../utils/search-filters';
import { useCurrentLocation } from './use-current-location';

const SERVICE_OPTIONS: { value: ServiceType | ''; label: string }[] = [
  { value: '', label: 'All services' },
  { value: 'residential', label: 'House cleaning' },
  { value: 'commercial', label: 'Office cleaning' },
  { value: 'deep', label: 'Deep cleaning' },
  { value: 'moveout', label: 'Move-in/out cleaning' },
];

interface SearchFormProps {
  /** The submitted search's filters (from the address bar), or the defaults before one. */
  filters: SearchFilters;
  /** A search is shown: removing a chip searches again without it. */
  submitted: boolean;
  onSearch: (filters: SearchFilters) => void;
  /** Reset: the page drops the submitted search (address bar and results) too. */
  onReset: () => void;
}

/**
 * The search form: a draft of the filters, sent on Search. Reset puts the page back as it first
 * opened: the form emptied and folded, and (through `onReset`) no search in the address bar.
 */
export function SearchForm({ filters, submitted, onSearch, onReset }: SearchFormProps) {
  const id = useId();
  const chipList = useRef<HTMLUListElement>(null);
  const [draft, setDraft] = useState<SearchFilters>(filters);
  const [advancedOpen, setAdvancedOpen] = useState(() => hasAdvancedFilters(filters));
  const loaded = writeSearchParams(filters).toString();
  const [shown, setShown] = useState(loaded);
  // Another search came from the address bar (Back, Forward, a link): the form shows its values.
  // Not a remount: that would ask for the browser's position again.
  if (shown !== loaded) {
    setShown(loaded);
    setDraft(filters);
    if (hasAdvancedFilters(filters)) setAdvancedOpen(true);
  }

  const onLocated = useCallback(
    (coords: { latitude: number; longitude: number }) =>
      setDraft((d) => ({ ...d, ...coords, location: CURRENT_LOCATION })),
    [],
  );
  const location = useCurrentLocation(onLocated);

  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft);
  };
  const reset = () => {
    setDraft(DEFAULT_SEARCH_FILTERS);
    setAdvancedOpen(false);
    onReset();
  };

  const chips = activeFilterChips(draft);
  /**
   * A chip's ×: the filter goes from the form, and from the results when a search is shown. Focus
   * moves to the chip that takes its place, or to Search once none is left.
   */
  const removeChip = (filter: SearchChipFilter, index: number) => {
    const next = withoutSearchFilter(draft, filter);
    setDraft(next);
    if (submitted) onSearch(next);
    requestAnimationFrame(() => {
      const left = chipList.current?.querySelectorAll('button') ?? [];
      const target = left[Math.min(index, left.length - 1)];
      (target ?? document.getElementById(`${id}-submit`))?.focus();
    });
  };

  return (
    <search aria-label="Search cleaners">
      <form className="card search-form" onSubmit={submit}>
        <div className="search-form__row">
          <Field label="Keyword">
            {(control) => (
              <input
                {...control}
                type="search"
                placeholder="Name, service, area…"
                value={draft.query}
                onChange={(e) => set('query', e.target.value)}
              />
            )}
          </Field>
          <Field label="Service type">
            {(control) => (
              <select
                {...control}
                value={draft.serviceType}
                onChange={(e) => set('serviceType', e.target.value as ServiceType | '')}
              >
                {SERVICE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Location">
            {(control) => (
              <input
                {...control}
                type="text"
                placeholder="City, state or ZIP code"
                value={draft.location}
                onChange={(e) => setDraft((d) => ({ ...d, location: e.target.value, latitude: null, longitude: null }))}
              />
            )}
          </Field>
          {location.hidden ? null : (
            <div className="search-form__locate">
              <button type="button" className="btn btn--outline" onClick={location.locate} disabled={location.locating}>
                <MapPinIcon width={18} height={18} aria-hidden="true" />
                Use current location
              </button>
            </div>
          )}
        </div>

        <button
          type="button"
          className="btn btn--ghost search-form__toggle"
          aria-expanded={advancedOpen}
          aria-controls={`${id}-advanced`}
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          <ChevronIcon width={16} height={16} aria-hidden="true" />
          Advanced Filters
        </button>
        <div id={`${id}-advanced`} className="search-form__advanced" hidden={!advancedOpen}>
          <Field label={`Radius: ${draft.radius} miles`}>
            {(control) => (
              <input
                {...control}
                type="range"
                min={RADIUS.min}
                max={RADIUS.max}
                step={RADIUS.step}
                value={draft.radius}
                onChange={(e) => set('radius', Number(e.target.value))}
              />
            )}
          </Field>
          <Field label="State">
            {(control) => (
              <input
                {...control}
                type="text"
                placeholder="e.g. TX"
                value={draft.state}
                onChange={(e) => set('state', e.target.value)}
              />
            )}
          </Field>
          <Field label="ZIP code">
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                placeholder="e.g. 78701"
                value={draft.zipCode}
                onChange={(e) => set('zipCode', e.target.value)}
              />
            )}
          </Field>
          <Field label={`Minimum rating: ${draft.minRating}`}>
            {(control) => (
              <input
                {...control}
                type="range"
                min={MIN_RATING.min}
                max={MIN_RATING.max}
                step={MIN_RATING.step}
                value={draft.minRating}
                onChange={(e) => set('minRating', Number(e.target.value))}
              />
            )}
          </Field>
          <Field label={`Maximum price: $${draft.maxPrice}/hr`}>
            {(control) => (
              <input
                {...control}
                type="range"
                min={MAX_PRICE.min}
                max={MAX_PRICE.max}
                step={MAX_PRICE.step}
                value={draft.maxPrice}
                onChange={(e) => set('maxPrice', Number(e.target.value))}
              />
            )}
          </Field>
          <fieldset className="search-form__checks">
            <legend>Credentials</legend>
            {(['isVerified', 'isInsured', 'isBonded'] as const).map((key) => (
              <label key={key} className="check">
                <input type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />
                {key === 'isVerified' ? 'Verified' : key === 'isInsured' ? 'Insured' : 'Bonded'}
              </label>
            ))}
          </fieldset>
          <Field label="Sort by">
            {(control) => (
              <select {...control} value={draft.sortBy} onChange={(e) => set('sortBy', e.target.value as SearchSort)}>
                {(Object.keys(SORT_LABELS) as SearchSort[]).map((key) => (
                  <option key={key} value={key}>
                    {SORT_LABELS[key]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Order">
            {(control) => (
              <select
                {...control}
                value={draft.sortOrder}
                onChange={(e) => set('sortOrder', e.target.value as SearchOrder)}
              >
                <option value="desc">Descending</option>
                <option value="asc">Ascending</option>
              </select>
            )}
          </Field>
        </div>

        {chips.length > 0 ? (
          <div className="active-filters" data-testid="active-filters">
            <span id={`${id}-chips`} className="active-filters__count">
              Active filters ({chips.length})
            </span>
            <ul ref={chipList} className="filter-chips__list" aria-labelledby={`${id}-chips`}>
              {chips.map((chip, index) => (
                <li key={chip.filter}>
                  {/* Named by its text ("Remove filter: Verified"), not aria-label: the form's own Verified box keeps its label. */}
                  <button type="button" className="filter-chip" onClick={() => removeChip(chip.filter, index)}>
                    <span className="visually-hidden">Remove filter: </span>
                    {chip.label}
                    <span className="filter-chip__remove" aria-hidden="true">
                      ×
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="button-row">
          <button type="button" className="btn btn--outline" onClick={reset}>
            Reset
          </button>
          <button id={`${id}-submit`} type="submit" className="btn btn--primary">
            <SearchIcon width={18} height={18} aria-hidden="true" />
            Search
          </button>
        </div>
      </form>
    </search>
  );
}
