import '../cleaners.css';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { CheckIcon, ClockIcon, PhoneIcon, SearchIcon, ShieldIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { policy, SUPPORT_HOURS } from '../../../lib/policy';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { type ListingFilters, readFilters, readPage, writeFilters, writeListing } from '../utils/listing-filters';
import { scrollToResults } from '../utils/scroll-to-results';
import { searchBarVisible } from '../utils/scroll-visibility';
import { ActiveFilterChips } from './active-filter-chips';
import { CleanerResults } from './cleaner-results';
import { CompactSearchBar } from './compact-search-bar';
import { FeaturedPros } from './featured-pros';
import { ListingSearchBar } from './listing-search-bar';

const TRUST_TILES = [
  { title: 'Background Checked', text: 'Every professional passes identity and background checks.', Icon: ShieldIcon },
  { title: 'Insured & Bonded', text: 'Your home and belongings are protected on every job.', Icon: CheckIcon },
  { title: 'Fast Response', text: 'Most cleaners reply to requests within 24 hours.', Icon: ClockIcon },
  // The support policy's own hours and response time (sdk/src/help/policy.ts), as the help centre's
  // support-hours article and the contact page say them: support is not open around the clock.
  {
    title: 'Support 7 Days a Week',
    text: `Open ${SUPPORT_HOURS.join(' and ')}; we respond within ${policy.supportResponseHours} hours.`,
    Icon: PhoneIcon,
  },
] as const;

interface CleanerListingPageProps {
  /** The Daily Tips block, composed by the route table (features do not import each other). */
  tips?: ReactNode;
}

/**
 * The listing on / and /cleaners (docs/product/discovery.md): its filters and page of results live
 * in the address bar, so a refresh or a shared link shows the same; a new search goes back to page 1.
 */
export function CleanerListingPage({ tips }: CleanerListingPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const page = readPage(searchParams);
  const filterKey = writeFilters(filters).toString();
  const bar = useRef<HTMLDivElement>(null);
  const { barVisible, placeScrolledAway } = useSearchBarVisibility(bar);
  const showPage = useListingAddress(filters, page, searchParams);

  // A search shows its results: the page scrolls to them once they are asked for.
  const search = (next: ListingFilters) => {
    setSearchParams(writeFilters(next));
    requestAnimationFrame(() => scrollToResults(document.getElementById('all-professionals')));
  };
  const clear = () => setSearchParams(new URLSearchParams());
  const jump = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <PageTitle title="Find Cleaners" />
      <section className="hero hero--listing">
        <div className="container hero__inner">
          <p className="eyebrow">Vetted · Insured · Bonded</p>
          <h1 className="hero__title">Find trusted cleaning professionals near you</h1>
          <p className="hero__lead">
            Compare background-checked cleaners by rating, price and experience, then book the one that fits your home
            in minutes.
          </p>
          <nav className="button-row quick-jump" aria-label="Jump to">
            <button type="button" className="btn btn--light" onClick={() => jump('featured-pros')}>
              Featured Pros
            </button>
            <button type="button" className="btn btn--light" onClick={() => jump('daily-tips')}>
              Daily Tips
            </button>
            <button type="button" className="btn btn--light" onClick={() => jump('all-professionals')}>
              All Professionals
            </button>
          </nav>
        </div>
      </section>
      <div ref={bar} className="container search-bar-wrap" data-testid="sticky-search">
        <div className="search-card">
          <ListingSearchBar key={filterKey} filters={filters} onSearch={search} onClear={clear} />
          <ActiveFilterChips
            filters={filters}
            onChange={search}
            onEmptied={() => bar.current?.querySelector<HTMLElement>('input, select')?.focus()}
          />
        </div>
      </div>
      <CompactSearchBar filters={filters} shown={placeScrolledAway && barVisible} onSearch={search} onClear={clear} />
      <section className="container section" aria-label="Why Spotless">
        <ul className="trust-tiles">
          {TRUST_TILES.map(({ title, text, Icon }) => (
            <li key={title} className="feature-card" data-testid="trust-tile">
              <Icon className="feature-card__icon" width={24} height={24} aria-hidden="true" />
              <h2 className="feature-card__title">{title}</h2>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <FeaturedPros key={`featured-${filterKey}`} filters={filters} />
      {tips ? (
        <section id="daily-tips" className="container section" aria-labelledby="daily-tips-title">
          <h2 id="daily-tips-title" className="section__title">
            Daily Tips
          </h2>
          {tips}
        </section>
      ) : null}
      <CleanerResults key={filterKey} filters={filters} page={page} onPageChange={showPage} onClearFilters={clear} />
      <button
        type="button"
        className={barVisible ? 'floating-search' : 'floating-search is-shown'}
        aria-label="Back to search"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <SearchIcon width={22} height={22} aria-hidden="true" />
      </button>
    </>
  );
}

/**
 * The address bar holds what the listing applies, nothing else: a value it cannot use (`maxPrice=abc`,
 * `sortBy=cheapest`, an unknown parameter) is taken out, in place (a replace, not a new history
 * entry, the scroll kept), so the address never claims a filter the page ignores. Answers the way to
 * show another page of results: a new history entry, `replace` for a page that is past the last.
 */
function useListingAddress(filters: ListingFilters, page: number, searchParams: URLSearchParams) {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const applied = writeListing(filters, page).toString();
  const current = searchParams.toString();
  useEffect(() => {
    if (applied !== current)
      navigate(`${pathname}${applied ? `?${applied}` : ''}${hash}`, { replace: true, keepScroll: true });
  }, [applied, current, pathname, hash, navigate]);
  return (next: number, replace = false) => {
    const query = writeListing(filters, next).toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, { replace, keepScroll: true });
  };
}

/**
 * Whether the phone's sticky search line shows: it hides on scroll down and shows on scroll up
 * (docs/product/discovery.md), and only once the search card's own place in the page has scrolled
 * under the header (`placeScrolledAway`) — until then the card itself is on screen.
 */
function useSearchBarVisibility(bar: RefObject<HTMLElement | null>) {
  const [state, setState] = useState({ barVisible: true, placeScrolledAway: false });
  const lastY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      const placeScrolledAway = (bar.current?.getBoundingClientRect().bottom ?? 0) <= header;
      // Read before the update: React may run the updater after lastY has moved on.
      const previousY = lastY.current;
      lastY.current = y;
      setState((current) => {
        const barVisible = searchBarVisible(previousY, y, current.barVisible, placeScrolledAway);
        return barVisible === current.barVisible && placeScrolledAway === current.placeScrolledAway
          ? current
          : { barVisible, placeScrolledAway };
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [bar]);
  return state;
}
