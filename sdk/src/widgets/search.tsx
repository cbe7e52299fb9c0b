import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CleanerSearchPage, CleanerSearchQuery } from '../client/index';
import { MESSAGES } from '../rules/messages';
import { listingHref } from '../rules/search-filters';
import { BookingDialog } from './booking';
import { widgetApi } from './client';
import { Failure, Field, money, report, type WidgetProps } from './shared';

const SERVICE_TYPES = [
  ['', 'Any service'],
  ['residential', 'House cleaning'],
  ['deep', 'Deep cleaning'],
  ['commercial', 'Office cleaning'],
  ['moveout', 'Move-in/out cleaning'],
] as const;

type ServiceFilter = NonNullable<CleanerSearchQuery['serviceType']>;
/** The service type to search by: one the form offers, else none (an unknown `data-service-type` searches them all). */
const serviceFilter = (value: string | undefined): ServiceFilter | '' =>
  SERVICE_TYPES.find(([offered]) => offered === value)?.[0] ?? '';

export interface SearchProps extends WidgetProps {
  city?: string;
  serviceType?: string;
  pageSize?: number;
}

/**
 * The search widget: a city, a service and a price ceiling; real cleaners from `GET /api/cleaners`
 * with the partner's key. With a city it searches at once, and again when the page gives it another
 * city or service. Each result books in a dialog (the top layer: no z-index), as a guest, on the
 * service searched for. "Show more" follows the answer's `next` link and adds its page under the
 * results; "See all on Spotless" opens the hosted listing with the same filters, in a new tab.
 */
export function SearchWidget(props: SearchProps) {
  const { ctx, emit } = props;
  const [location, setLocation] = useState(props.city ?? '');
  const [formServiceType, setServiceType] = useState(serviceFilter(props.serviceType));
  const [maxPrice, setMaxPrice] = useState('');
  const [result, setResult] = useState<CleanerSearchPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [booking, setBooking] = useState<number | null>(null);
  /** The service type of the results shown: a result books that service first. */
  const [searched, setSearched] = useState<ServiceFilter | ''>('');
  /** The hosted listing with the filters of the results shown ("See all on Spotless"). */
  const [listing, setListing] = useState('/cleaners');
  const [loadingMore, setLoadingMore] = useState(false);
  /** The first result a "Show more" added: it takes the focus once drawn. */
  const [firstAdded, setFirstAdded] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const aborter = useRef<AbortController | null>(null);
  const api = useMemo(() => widgetApi(ctx), [ctx]);

  /** Searches the form's fields, or the page's new city and service (`given`). */
  const search = async (given?: { city: string; serviceType: ServiceFilter | '' }) => {
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    const pageSize = props.pageSize ?? 6;
    const city = (given?.city ?? location).trim();
    const serviceType = given ? given.serviceType : formServiceType;
    const price = maxPrice.trim();
    // The search is an entry point (no resource links to it here): the typed operation, by path.
    // The price goes as a number; text that is none goes as NaN, which the server refuses as it did the text.
    const query: CleanerSearchQuery = {
      pageSize,
      ...(city ? { location: city } : {}),
      ...(serviceType ? { serviceType } : {}),
      ...(price ? { maxPrice: Number(price) } : {}),
    };
    const filters: Record<string, string> = { pageSize: String(pageSize) };
    if (city) filters.location = city;
    if (serviceType) filters.serviceType = serviceType;
    if (price) filters.maxPrice = price;
    setBusy(true);
    setLoadingMore(false);
    setError(null);
    try {
      const found = await api.call('get', '/api/cleaners', { query, signal: controller.signal });
      setResult(found);
      setSearched(serviceType);
      setListing(listingHref({ location: city, serviceType, maxPrice: price }));
      emit('search', { filters, total: found.total });
    } catch (caught) {
      const shown = report(emit, caught);
      if (shown) setError(shown);
    } finally {
      if (aborter.current === controller) setBusy(false);
    }
  };

  /** The next page of the same search (the answer's `next` link), added under the results shown. */
  const showMore = async () => {
    const next = result?.links.next;
    if (!result || !next) return;
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setLoadingMore(true);
    setError(null);
    try {
      const found = await api.follow(next, undefined, controller.signal);
      const seen = new Set(result.items.map((cleaner) => cleaner.id));
      const added = found.items.filter((cleaner) => !seen.has(cleaner.id));
      setResult({ ...found, items: [...result.items, ...added] });
      setFirstAdded(added[0]?.id ?? null);
    } catch (caught) {
      const shown = report(emit, caught);
      if (shown) setError(shown);
    } finally {
      if (aborter.current === controller) setLoadingMore(false);
    }
  };

  // The results a "Show more" added take the focus at the first of them: the button that asked
  // may be gone (no more pages), and a keyboard or screen-reader user goes on from there.
  useEffect(() => {
    if (firstAdded === null) return;
    list.current?.querySelector<HTMLElement>(`[data-cleaner="${firstAdded}"] button`)?.focus();
    setFirstAdded(null);
  }, [firstAdded]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first search runs once, for the prefilled city; later ones on submit
  useEffect(() => {
    emit('ready', { widget: 'search' });
    if (props.city) void search();
    return () => aborter.current?.abort();
  }, []);

  // The page changed the city or service (`update()`, a React prop): the form shows them and searches.
  const givenCity = props.city ?? '';
  const givenType = serviceFilter(props.serviceType);
  const lastGiven = useRef({ city: givenCity, serviceType: givenType });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of what the page gives searches again
  useEffect(() => {
    if (lastGiven.current.city === givenCity && lastGiven.current.serviceType === givenType) return;
    lastGiven.current = { city: givenCity, serviceType: givenType };
    setLocation(givenCity);
    setServiceType(givenType);
    if (givenCity) void search({ city: givenCity, serviceType: givenType });
  }, [givenCity, givenType]);

  return (
    <div class="sp sp-stack" part="root">
      <form
        class="sp-card sp-stack"
        part="form"
        aria-label="Find a cleaner"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <h2>Find a cleaner</h2>
        <div class="sp-row">
          <Field label="City">
            {(control) => (
              <input
                {...control}
                class="sp-input"
                value={location}
                autocomplete="address-level2"
                placeholder="e.g. Austin"
                onInput={(e) => setLocation(e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label="Service">
            {(control) => (
              <select
                {...control}
                class="sp-input"
                value={formServiceType}
                onChange={(e) => setServiceType(serviceFilter(e.currentTarget.value))}
              >
                {SERVICE_TYPES.map(([value, title]) => (
                  <option key={value} value={value}>
                    {title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Max $/hour">
            {(control) => (
              <input
                {...control}
                class="sp-input"
                inputMode="numeric"
                value={maxPrice}
                onInput={(e) => setMaxPrice(e.currentTarget.value)}
              />
            )}
          </Field>
          <button class="sp-button" type="submit" part="button" disabled={busy}>
            {busy ? 'Searching...' : 'Search'}
          </button>
        </div>
      </form>
      {error ? <Failure error={error} ctx={ctx} unavailable={MESSAGES.partner.searchUnavailable} /> : null}
      <div aria-live="polite" aria-busy={busy ? 'true' : 'false'}>
        {result ? (
          result.items.length === 0 ? (
            <p class="sp-muted">No cleaners match. Try another city or fewer filters.</p>
          ) : (
            <div class="sp-stack">
              <p class="sp-muted">
                {result.total} cleaner{result.total === 1 ? '' : 's'} found
                {result.items.length < result.total ? `, showing ${result.items.length}` : ''}
              </p>
              <ul class="sp-results" part="results" ref={list}>
                {result.items.map((cleaner) => (
                  <li key={cleaner.id} class="sp-card sp-result" part="result" data-cleaner={cleaner.id}>
                    <div class="sp-stack">
                      <h3>
                        {cleaner.user.firstName} {cleaner.user.lastName}
                      </h3>
                      <p class="sp-muted">
                        {cleaner.rating === null
                          ? 'New'
                          : `★ ${Number(cleaner.rating).toFixed(1)} (${cleaner.reviewCount})`}{' '}
                        · {money(cleaner.hourlyRate)}/hr · {cleaner.city}, {cleaner.state}
                      </p>
                      <div class="sp-badges">
                        {cleaner.isVerified ? <span class="sp-badge">Verified</span> : null}
                        {cleaner.isInsured ? <span class="sp-badge">Insured</span> : null}
                        {cleaner.isBonded ? <span class="sp-badge">Bonded</span> : null}
                      </div>
                    </div>
                    <button class="sp-button" type="button" part="button" onClick={() => setBooking(cleaner.id)}>
                      Book
                      <span class="sp-visually-hidden">
                        {' '}
                        {cleaner.user.firstName} {cleaner.user.lastName}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <div class="sp-row sp-more">
                {result.links.next ? (
                  <button
                    class="sp-button sp-button--ghost"
                    type="button"
                    part="button more"
                    disabled={loadingMore || busy}
                    onClick={() => void showMore()}
                  >
                    {loadingMore ? 'Loading...' : 'Show more'}
                  </button>
                ) : null}
                <a
                  class="sp-see-all"
                  part="see-all"
                  href={new URL(listing, ctx.base).href}
                  target="_blank"
                  rel="noopener"
                >
                  See all on Spotless<span class="sp-visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            </div>
          )
        ) : null}
      </div>
      {booking !== null ? (
        <BookingDialog
          ctx={ctx}
          emit={emit}
          cleanerId={booking}
          serviceType={searched || undefined}
          onClose={() => setBooking(null)}
        />
      ) : null}
    </div>
  );
}
