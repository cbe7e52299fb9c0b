import type { ServiceType } from '@spotless/sdk';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { Field } from '../../../components/field';
import { ChevronIcon, MapPinIcon, SearchIcon } from '../../../components/icons';
import {
  activeFilterLabels,
  CURRENT_LOCATION,
  DEFAULT_SEARCH_FILTERS,
  hasAdvancedFilters,
  MAX_PRICE,
  MIN_RATING,
  RADIUS,
  type SearchFilters,
  type SearchOrder,
  type SearchSort,
  SORT_LABELS,
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
  onSearch: (filters: SearchFilters) => void;
  /** Reset: the page drops the submitted search (address bar and results) too. */
  onReset: () => void;
}

/**
 * The search form: a draft of the filters, sent on Search. Reset puts the page back as it first
 * opened: the form emptied and folded, and (through `onReset`) no search in the address bar.
 */
export function SearchForm({ filters, onSearch, onReset }: SearchFormProps) {
  const id = useId();
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

  const badges = activeFilterLabels(draft);

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

        {badges.length > 0 ? (
          <div className="active-filters" data-testid="active-filters">
            <span className="active-filters__count">Active filters ({badges.length})</span>
            <ul className="tag-list">
              {badges.map((label) => (
                <li key={label} className="tag">
                  {label}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="button-row">
          <button type="button" className="btn btn--outline" onClick={reset}>
            Reset
          </button>
          <button type="submit" className="btn btn--primary">
            <SearchIcon width={18} height={18} aria-hidden="true" />
            Search
          </button>
        </div>
      </form>
    </search>
  );
}
