import { type FormEvent, useId, useState } from 'react';
import { SearchIcon } from '../../../components/icons';
import {
  DEFAULT_FILTERS,
  type ListingFilters,
  type ListingServiceType,
  type ListingSort,
  SERVICE_TYPE_OPTIONS,
  SORT_OPTIONS,
} from '../utils/listing-filters';

interface ListingSearchBarProps {
  filters: ListingFilters;
  onSearch: (filters: ListingFilters) => void;
  onClear: () => void;
}

/** Location, service type and sort; Search and a sort change push them to the address bar. */
export function ListingSearchBar({ filters, onSearch, onClear }: ListingSearchBarProps) {
  const id = useId();
  const [draft, setDraft] = useState(filters);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <search aria-label="Find cleaners">
      <form className="search-bar" onSubmit={submit}>
        <div className="field search-bar__location">
          <label htmlFor={`${id}-location`}>Location</label>
          <input
            id={`${id}-location`}
            name="location"
            type="text"
            placeholder="City, state or ZIP code"
            autoComplete="address-level2"
            value={draft.location}
            onChange={(event) => setDraft({ ...draft, location: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-service`}>Service type</label>
          <select
            id={`${id}-service`}
            name="serviceType"
            value={draft.serviceType}
            onChange={(event) => setDraft({ ...draft, serviceType: event.target.value as ListingServiceType })}
          >
            {SERVICE_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            name="sortBy"
            value={draft.sortBy}
            onChange={(event) => {
              const next = { ...draft, sortBy: event.target.value as ListingSort };
              setDraft(next);
              onSearch(next);
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="search-bar__actions">
          <button type="submit" className="btn btn--primary">
            <SearchIcon width={18} height={18} />
            Search
          </button>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              setDraft(DEFAULT_FILTERS);
              onClear();
            }}
          >
            Clear
          </button>
        </div>
      </form>
    </search>
  );
}
